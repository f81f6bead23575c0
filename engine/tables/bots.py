"""Computer players for Bauernschnapsen and Talonschnapsen by name, with the engine's
interface ``choose(view, rng) -> Action``; a bot sees only a
:class:`~engine.multi.view.MultiView`.

``random``
    :class:`MultiRandomBot`, uniform among the legal actions (silly bids included: for
    tests and speed figures).
``rule``
    :class:`MultiRuleBot`, simple rules: calls its longest suit, announces a game only
    with a hand that (nearly) makes it by counting sure tricks, doubles an all-tricks game
    when holding a sure trick against it, and plays the usual way (marriages, take
    valuable tricks cheaply, give points to a partner who is winning, misère and
    all-tricks play). Deterministic (ignores ``rng``).
``medium``, ``strong``
    the open-card PIMC player of :mod:`engine.ai.multi_pimc` (see there).
``strong_v1``
    the previous ``strong``, frozen as the arena's baseline (``bench/arena_multi.py``).

The random and rule bots live in :mod:`engine.multi.rule_bots`, below the PIMC player (it
lets the rule bot call trump in the auctions it plays out), and are re-exported here.
:func:`make_multi_bot` builds one by name; :func:`play_multi_game` plays a state out.
"""

from __future__ import annotations

import random

from ..ai.multi_pimc import make_multi_pimc
from ..multi.actions import Action
from ..multi.rule_bots import MultiRandomBot, MultiRuleBot, top_tricks

BOTS = {"random": MultiRandomBot, "rule": MultiRuleBot}
LEVELS = ("random", "rule", "easy", "medium", "strong")


def make_multi_bot(name: str, *, seed: int = 0, time_budget: float | None = None):
    """A bot by name: ``random``, ``rule`` (also ``easy``), ``medium``, ``strong``, and
    ``strong_v1`` (the previous strong, frozen: the arena's baseline; not a UI level)."""
    if name in ("rule", "easy"):
        return MultiRuleBot()
    if name == "random":
        return MultiRandomBot()
    if name in ("medium", "strong", "strong_v1"):
        return make_multi_pimc(name, seed=seed, time_budget=time_budget)
    raise ValueError(f"unknown bot {name!r}: use one of {', '.join(LEVELS)}")


def play_multi_game(state, bots, rng: random.Random) -> list[Action]:
    """Play ``state`` (in place) to the end with ``bots[seat]``; the actions played."""
    actions = []
    while state.result is None:
        p = state.to_move
        a = bots[p].choose(state.view(p), rng)
        state.push(a)
        actions.append(a)
    return actions


__all__ = [
    "BOTS",
    "LEVELS",
    "MultiRandomBot",
    "MultiRuleBot",
    "make_multi_bot",
    "play_multi_game",
    "top_tricks",
]
