"""Access helpers shared by the staff views."""

from django.contrib.auth.decorators import user_passes_test
from django.utils.http import url_has_allowed_host_and_scheme


def is_staff(user) -> bool:
    return user.is_active and user.is_staff


staff_required = user_passes_test(is_staff)


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
