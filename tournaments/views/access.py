"""Access helpers shared by the staff views.

``staff_required`` is the role check of ``clubs.permissions`` (the one place of the
rules): the page's rule, looked up by its URL name, says which action of which club it
needs; a user of another club gets 404, a role without the action 403."""

from django.utils.http import url_has_allowed_host_and_scheme

from clubs.permissions import can_view_tournament, is_staff, staff_required

__all__ = ["can_view_tournament", "is_staff", "posted", "safe_next", "staff_required"]


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
