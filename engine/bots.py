"""Computer opponents with one interface: ``choose(view, rng) -> Action``.

A bot sees only a :class:`~engine.view.PlayerView` (never the hidden cards).
``BOTS`` maps the names used by ``python -m engine selfplay --bots`` to classes.
"""

from __future__ import annotations

import random
from typing import Protocol

from .actions import CLOSE, DECLARE, EXCHANGE, MARRIAGE, PLAY, Action
from .cards import CARD_POINTS
from .view import PlayerView


class Bot(Protocol):
    name: str

    def choose(self, view: PlayerView, rng: random.Random) -> Action: ...


def right_declaration(view: PlayerView) -> Action | None:
    """The first declaration in ``view.legal`` that is right (brings 66), if any."""
    p = view.player
    if not view.won_masks[p]:
        return None  # marriages count only after a trick: no right declaration yet
    score = view.score(p)
    for a in view.legal:
        if a.kind != DECLARE:
            continue
        extra = 0 if a.card is None else (40 if a.card // 5 == view.trump else 20)
        if score + extra >= 66:
            return a
    return None


class RandomBot:
    """Declares when right, else picks uniformly among the other legal actions (the same
    moves as :func:`engine.playout.random_playout` with the same rng)."""

    name = "random"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        declare = right_declaration(view)
        if declare is not None:
            return declare
        acts = [a for a in view.legal if a.kind != DECLARE]
        if len(acts) == 1:
            return acts[0]
        return acts[int(rng.random() * len(acts))]


class RuleBot:
    """A simple rule-based player: declares when right, exchanges the trump jack,
    announces marriages (40 before 20), leads low non-trumps while the talon is open and
    high cards after, takes valuable tricks cheaply and otherwise throws its cheapest card.
    Deterministic (ignores ``rng``)."""

    name = "rule"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        declare = right_declaration(view)
        if declare is not None:
            return declare
        acts = view.legal
        kinds = {a.kind for a in acts}
        trump = view.trump
        if EXCHANGE in kinds:
            return next(a for a in acts if a.kind == EXCHANGE)
        plays = [a.card for a in acts if a.kind == PLAY]
        strict = view.closed_by >= 0 or view.talon_size == 0
        if view.lead is None:
            marriages = [a for a in acts if a.kind == MARRIAGE]
            if marriages:
                # 40 first; lead the queen (keeps the king) when allowed, it is cheaper.
                marriages.sort(key=lambda a: (a.card // 5 != trump, -(a.card % 5)))
                return marriages[0]
            if CLOSE in kinds and self._close_is_safe(view):
                return next(a for a in acts if a.kind == CLOSE)
            if strict:
                # Lead the strongest: trump aces and tens first, then other aces.
                return Action.play(max(plays, key=lambda c: (CARD_POINTS[c], c // 5 == trump)))
            non_trump = [c for c in plays if c // 5 != trump] or plays
            return Action.play(min(non_trump, key=lambda c: (CARD_POINTS[c], c)))
        lead = view.lead
        winners = [c for c in plays if c.beats(lead, view.trump_suit)]
        same_suit_winners = [c for c in winners if c // 5 == lead // 5]
        if same_suit_winners:
            return Action.play(
                min(same_suit_winners, key=lambda c: CARD_POINTS[c])
                if not strict
                else max(same_suit_winners, key=lambda c: CARD_POINTS[c])
            )
        if winners and (CARD_POINTS[lead] >= 10 or strict):
            return Action.play(min(winners, key=lambda c: CARD_POINTS[c]))
        losers = [c for c in plays if c not in winners] or plays
        return Action.play(min(losers, key=lambda c: (c // 5 == trump, CARD_POINTS[c], c)))

    @staticmethod
    def _close_is_safe(view: PlayerView) -> bool:
        # Close only with 66 nearly in hand: current score plus trump aces/tens held.
        p = view.player
        sure = sum(CARD_POINTS[c] for c in view.hand if c // 5 == view.trump and c % 5 <= 1)
        return view.won_masks[p] != 0 and view.score(p) + sure >= 66


BOTS: dict[str, type] = {"random": RandomBot, "rule": RuleBot}


def make_bot(name: str) -> Bot:
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: use one of {', '.join(BOTS)}") from None


def play_game(state, bots, rng: random.Random):
    """Play ``state`` to the end with ``bots[player]``; returns the list of actions."""
    actions = []
    while not state.is_over:
        p = state.to_move
        action = bots[p].choose(state.view(p), rng)
        state.push(action)
        actions.append(action)
    return actions
