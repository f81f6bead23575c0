"""Small request helpers shared by the views of every app."""

from django.utils.http import url_has_allowed_host_and_scheme


def safe_next(request, default: str) -> str:
    """The ``next`` target of a POST if it is a path on this site ("/staff/…"), else
    ``default``. Only a path: ``redirect`` takes a bare word ("abc", "-1") for the name of
    a view, which no page sends (a hand-made one answered 500)."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return default


def posted(request):
    """The POST data for a bound form (even when empty), or None on GET."""
    return request.POST if request.method == "POST" else None
