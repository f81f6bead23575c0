"""Access helpers of the tournaments' views, gathered from the layers below.

``staff_required`` is the role check of ``clubs.permissions`` (the one place of the
rules): the page's rule, looked up by its URL name, says which action of which club it
needs; a user of another club gets 404, a role without the action 403."""

from clubs.permissions import can_view_tournament, is_staff, staff_required
from core.http import posted, safe_next

__all__ = ["can_view_tournament", "is_staff", "posted", "safe_next", "staff_required"]
