import datetime
import random

import pytest
from django.utils import translation

from tournaments import services
from tournaments.choices import Outcome
from tournaments.models import Entry, Pairing, Player, Round, Team


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def played_tournament(players, *, day, seed, club=None, is_public=True, rounds=3, teams=False):
    """A tournament of these players (or of pairs of them as teams) with ``rounds``
    rounds of random pairings, every match played (stored directly, as an import would)."""
    rng = random.Random(seed)
    t = services.create_tournament(
        name=f"Turnier {day}",
        date=datetime.date(2026, 1, 1) + datetime.timedelta(days=day),
        field_size=64,
        club=club,
        seed=seed,
    )
    if is_public is False:
        t.is_public = False
        t.save()
    entries = []
    if teams:
        for i in range(0, len(players) - 1, 2):
            team = Team.objects.create(tournament=t, first=players[i], second=players[i + 1])
            entries.append(
                Entry.objects.create(tournament=t, player=players[i], team=team, number=i + 1)
            )
    else:
        for i, p in enumerate(players):
            entries.append(Entry.objects.create(tournament=t, player=p, number=i + 1))
    for number in range(1, rounds + 1):
        rnd = Round.objects.create(tournament=t, number=number, status=Round.Status.RELEASED)
        order = entries[:]
        rng.shuffle(order)
        for i in range(0, len(order) - 1, 2):
            Pairing.objects.create(
                round=rnd,
                number=i // 2 + 1,
                left=order[i],
                right=order[i + 1],
                outcome=Outcome.PLAYED,
                winner=rng.choice(["left", "right"]),
                winner_bummerl=2,
                loser_bummerl=rng.randrange(2),
            )
    return t


@pytest.fixture
def people(db):
    return [Player.objects.create(name=f"Spieler {i}", town="Wien") for i in range(12)]
