"""The ratings follow tournaments played through the services: a knockout, a team
tournament of Bauernschnapsen, a corrected result."""

import random

import pytest

from ratings import services
from ratings.models import Snapshot, Stale
from tests.tournaments.helpers import make_tournament, play_open, run_to_end
from tournaments import services as core
from tournaments.choices import Outcome
from tournaments.models import Pairing

from .test_services import numbers

pytestmark = pytest.mark.django_db


def test_a_played_tournament_is_rated_and_a_correction_updates_it():
    t = make_tournament(16, entries=[1] * 16)
    run_to_end(t, random.Random(3))
    assert Stale.objects.filter(tournament_id=t.pk).exists()
    services.ensure_current()
    played = Pairing.objects.filter(round__tournament=t, outcome=Outcome.PLAYED).count()
    rows = Snapshot.objects.filter(tournament=t)
    assert sum(s.won for s in rows) == played == sum(s.lost for s in rows)
    before = numbers()
    final = Pairing.objects.filter(round__tournament=t).order_by("-round__number").first()
    other = "right" if final.winner == "left" else "left"
    core.correct_result(final, winner=other, score=(2, 0))
    services.ensure_current()
    after = numbers()
    assert after != before
    services.recompute()
    assert numbers() == after


def test_a_team_tournament_rates_both_partners():
    t = make_tournament(16, entries=[1] * 16, game="bauernschnapsen", seed=77)
    rng = random.Random(5)
    rnd = core.draw_next_round(t, seed=rng.randrange(2**40))
    play_open(rnd, rng, bummerl=t.match_bummerl, walkover_rate=0)
    services.ensure_current()
    rated = {
        s.player.name: s for s in Snapshot.objects.filter(tournament=t).select_related("player")
    }
    assert len(rated) == 32
    for i in range(1, 17):
        first, partner = rated[f"Spieler {i:03d}"], rated[f"Partner {i:03d}"]
        assert (first.won, first.lost, first.rating) == (partner.won, partner.lost, partner.rating)
