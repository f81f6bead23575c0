"""The opponent as seen over a match: how often he gives game points away where every
card is in sight, and how soft the ``strong`` bot takes his replies to be.

PIMC lets the opponent answer in every sample as if he saw the bot's hand and the
talon; ``softness`` (:mod:`.pimc`) values his next decision as ``1 - s`` of his best
move and ``s`` of the mean of his moves. The best ``s`` depends on who he is: against
the previous ``strong`` (an exact player once the talon is exhausted) 0.25 is best and
0.5 costs about 0.09 game points a deal, against ``RdeepBot`` 0.5 gains about 0.04
(README, "How strong is the computer"). So the bot reads it off his play.

The one place where his mistakes can be told for sure is the end of the game: once the
talon is exhausted (not closed) nothing is hidden, so the exact solver gives the value
of each of his moves. A **decision** is one of his leads there with more than one move
to choose from; an **error** is a lead worth less (in game points, for him) than his
best. :func:`judge_lead` judges the lead on the table from the follower's view (the
bot's own view when it is to answer it), :func:`judge_game` every such lead of a
player in a whole game (the match's finished games, as the server stores them).

:class:`Record` counts them; :meth:`Record.softness` turns the count into the softness:
the error rate with a prior of ``PRIOR_DECISIONS`` faultless decisions, scaled so that
``FULL_RATE`` gives ``high``; no error gives the base, so against a player who never
errs there the bot plays exactly as without it. Measured (``bench/arena.py``, 0.1 s a
move): ``strong_v1`` gave nothing away in its leads there, ``RdeepBot`` in 2.8% and
3.1% of them (1,812 and 1,740 leads, two sets of 1,000 deals), the rule-based ``easy``
in 6.2% (323 leads); so 2.5% is where a player counts as one who errs.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..actions import MARRIAGE, PLAY, Action
from ..cards import BITS
from ..sampling import sample_hidden
from ..view import PlayerView
from .pimc import action_values, candidate_actions
from .search import Search

PRIOR_DECISIONS = 10  # faultless decisions assumed before any is seen
FULL_RATE = 0.025  # errors per decision at which the softness reaches ``high``


@dataclass(frozen=True)
class Record:
    """The opponent's judged decisions and errors (immutable: ``add`` gives a new one)."""

    decisions: int = 0
    errors: int = 0

    def add(self, error: bool | None) -> Record:
        """The record with one more judgement (``None``: nothing to judge)."""
        if error is None:
            return self
        return Record(self.decisions + 1, self.errors + bool(error))

    def __add__(self, other: Record) -> Record:
        return Record(self.decisions + other.decisions, self.errors + other.errors)

    @property
    def rate(self) -> float:
        """Errors per decision, with ``PRIOR_DECISIONS`` faultless ones assumed."""
        return self.errors / (self.decisions + PRIOR_DECISIONS)

    def softness(self, base: float, high: float) -> float:
        """``base`` for a player seen making no error, rising linearly with the rate to
        ``high`` at ``FULL_RATE`` and beyond (never below ``base``)."""
        if high <= base:
            return base
        return base + (high - base) * min(1.0, self.rate / FULL_RATE)


def _married(marriages, player: int, card: int) -> bool:
    """``card`` is a king or queen of a marriage ``player`` announced (a lead of it may
    be the announcement's, whose points the follower's view counts already: such leads
    are not judged, from either side)."""
    return card % 5 in (2, 3) and any(m.player == player and m.suit == card // 5 for m in marriages)


def _judge(state, leader: int, chosen: Action, declare_on_announce: bool = True) -> bool | None:
    """Was ``chosen`` (the lead of ``leader`` in the full ``state``, before it) worse
    for him than his best lead? ``None`` if there was nothing to judge. The search
    scores marriages as ``declare_on_announce`` says (:class:`.search.Search`)."""
    if state.pos < 9 or state.closed_by >= 0 or state.lead >= 0 or state.to_move != leader:
        return None
    acts = [a for a in candidate_actions(state.view(leader)) if a.kind in (PLAY, MARRIAGE)]
    if len(acts) < 2 or chosen not in acts:
        return None
    sign = 1 if leader == 0 else -1
    search = Search.of(state, allow_close=False, declare_on_announce=declare_on_announce)
    vals = action_values(search, state, acts)
    best = max(sign * v for v in vals.values())
    return sign * vals[chosen] < best - 1e-9


def judge_lead(view: PlayerView, declare_on_announce: bool = True) -> bool | None:
    """The opponent's lead on the table, judged from the follower's ``view`` once the
    talon is exhausted (not closed), when the whole position is known: ``True`` if it
    gave game points away, ``False`` if it was one of his best, ``None`` if there is
    nothing to judge (not such a position; a lead that announced a marriage, whose
    points the view already counts; a lead with no choice)."""
    if view.lead_index < 0 or view.talon_size > 0 or view.closed_by >= 0:
        return None
    o = 1 - view.player
    lead = view.lead_index
    if _married(view.marriages, o, lead):
        return None  # maybe announced with this lead: the points are counted already
    state = sample_hidden(view, random.Random(0))  # nothing hidden: the one deal
    state.hand[o] |= BITS[lead]
    state.lead = -1
    state.to_move = o
    state.leader = o
    return _judge(state, o, Action.play(lead), declare_on_announce)


def judge_game(state, actions, player: int) -> Record:
    """Every lead of ``player`` judged in a game played from ``state`` (a fresh deal)
    by ``actions`` (the game's action log, in order); the state is advanced."""
    record = Record()
    for a in actions:
        if not isinstance(a, Action):
            a = Action.parse(a)
        if (
            state.to_move == player
            and state.lead < 0
            and a.kind == PLAY
            and not _married(state.marriages, player, a.card)
        ):
            record = record.add(_judge(state, player, a))
        state.push(a)
    return record
