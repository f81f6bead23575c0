"""Give test users roles in clubs (the default club unless told)."""

from clubs.models import Club, Membership, Role


def grant(user, role: str = Role.ORGANISER, club=None):
    club = club or Club.objects.default()
    Membership.objects.get_or_create(user=user, club=club, role=role)
    if hasattr(user, "_club_role_map"):
        del user._club_role_map
    return user
