"""``staff_nav`` for the page header: does the user hold a staff role anywhere?"""

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
    def __init__(self, user):
        self.show = permissions.is_staff(user)
        self.site_admin = permissions.is_site_admin(user)
        anywhere = permissions.actions_anywhere(user)
        self.players = permissions.Action.PLAYERS in anywhere
        self.series = permissions.Action.SERIES in anywhere

    def __bool__(self) -> bool:
        return self.show
