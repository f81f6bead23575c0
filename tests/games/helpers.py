"""Helpers for the games tests: a released round with open pairings, playing actions."""

import random

from games import services
from games.models import Match
from tests.tournaments.helpers import make_tournament
from tournaments import services as core
from tournaments.models import Outcome


def open_pairings(**terms):
    """A tournament of 16 entries with its first round drawn and released."""
    t = make_tournament(16, entries=[1] * 16, **terms)
    rnd = core.draw_next_round(t, seed=7)
    core.release_round(rnd)
    return t, list(rnd.pairings.filter(outcome=Outcome.OPEN).exclude(right=None))


def play_random(match: Match, rng: random.Random, *, limit=10_000, seats=(0, 1)) -> Match:
    """Play the match to its end with random legal actions through ``apply_action``."""
    for _ in range(limit):
        match.refresh_from_db()
        if match.status != "playing":
            return match
        state = services.live_state(match).state
        seat = state.to_move
        assert seat in seats
        action = rng.choice(state.legal_actions())
        services.apply_action(match.pk, seat, str(action), match.next_seq)
    raise AssertionError("the match did not end")
