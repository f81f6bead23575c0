"""Small request helpers shared by the views of every app."""

from django.utils.http import url_has_allowed_host_and_scheme


def safe_next(request, default: str) -> str:
    """The ``next`` target of a POST if it stays on this site, else ``default``."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return default


def posted(request):
    """The POST data for a bound form (even when empty), or None on GET."""
    return request.POST if request.method == "POST" else None
