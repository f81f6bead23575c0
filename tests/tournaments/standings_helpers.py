"""Tournaments whose standings issue 30 looked at: one run to the eighth prize, one
half through round 2 of 64 with players holding up to three entries."""

import random

from tournaments import services
from tournaments.models import Outcome

from .helpers import make_tournament, play_open, run_to_end


def _public(t):
    t.is_public = True
    t.save()
    return t


def finished_tournament(**terms):
    """16 entries of 16 players, played to the end; public."""
    t = _public(make_tournament(16, entries=[1] * 16, **terms))
    run_to_end(t, random.Random(3))
    return t


def running_tournament(**terms):
    """58 entries in a field of 64 (six byes), 36 players: six with three entries, ten
    with two, twenty with one. Round 1 played, round 2 released and half decided; public."""
    t = _public(make_tournament(64, entries=[3] * 6 + [2] * 10 + [1] * 20, **terms))
    rng = random.Random(30)
    play_open(services.draw_next_round(t, seed=1), rng, walkover_rate=0)
    second = services.release_round(services.draw_next_round(t, seed=2))
    for p in list(second.pairings.filter(outcome=Outcome.OPEN).order_by("number"))[::2]:
        services.record_result(p, winner=rng.choice(["left", "right"]), score=(2, 1))
    return t
