import datetime

from django.utils import timezone

from registration import services
from tests.tournaments.helpers import make_tournament


def open_tournament(
    field_size=8, *, entries=(), closes_in_hours=48, release_in_hours=None, **terms
):
    t = make_tournament(field_size, entries=entries, **terms)
    now = timezone.now()
    services.save_terms(
        t,
        open=True,
        closes_at=now + datetime.timedelta(hours=closes_in_hours),
        release_at=now + datetime.timedelta(hours=release_in_hours) if release_in_hours else None,
    )
    return t


def sign_up(t, name, count=1, town="Wien", contact="", **kwargs):
    return services.register(
        t, name=name, town=town, count=count, contact=contact, consent=True, **kwargs
    )
