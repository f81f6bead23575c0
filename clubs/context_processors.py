"""``staff_nav`` for the page header and the staff's start page: does the user hold a
staff role anywhere, and which of the pages of no one club may he open? Each link comes
from the rule that guards its page (``permissions.staff_url``), so the header offers
nothing that answers 403."""

from django.utils.functional import SimpleLazyObject

from . import permissions


def staff(request):
    user = getattr(request, "user", None)
    if user is None:
        return {}
    return {
        "staff_nav": SimpleLazyObject(lambda: _Nav(user)),
    }


class _Nav:
    """``staff_nav.players`` etc.: the URL of the page, or "" if the user may not open it."""

    def __init__(self, user):
        self.show = permissions.is_staff(user)
        self.site_admin = permissions.is_site_admin(user)
        url = (lambda name: permissions.staff_url(user, name)) if self.show else (lambda name: "")
        self.home = url("staff:home")
        self.new_tournament = url("staff:tournament_create")
        self.players = url("staff:players")
        self.clubs = url("staff:clubs")
        self.series = url("staff:series_list")

    def __bool__(self) -> bool:
        return self.show
