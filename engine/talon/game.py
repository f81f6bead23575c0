"""Talonschnapsen (Dreierschnapsen): three players, each for himself, with a talon of
two (reference 004 "Talonschnapsen (3 Spieler)"). :class:`TalonState` is
:class:`~engine.multi.state.MultiState` with the three-player deal, the talon, the
raises and single-player scoring; see ``talon/rules.py`` for the rules and readings.

Seats 0..2 clockwise; the caller (Vorhand) is ``dealer + 1``. The deal from the deck
order (top first): 3 cards each clockwise from the caller (cards 1-9), the caller calls
trump, cards 10-11 are the talon, then 3 more each (12-14 the caller, 15-17, 18-20 the
dealer).
"""

from __future__ import annotations

from ..multi.phases import CALL, RAISE
from ..multi.state import MultiState
from .rules import TalonRules


class TalonState(MultiState):
    """A Talonschnapsen game. ``TalonState.deal(rules, seed=..., dealer=...)``."""

    __slots__ = ()

    GAME = "talonschnapsen"
    N = 3
    SCORERS = 3
    HAS_TALON = True
    RULES = TalonRules

    def _begin(self) -> None:
        d = self.order
        r = self.caller
        hand = [0, 0, 0]
        later = [(), (), ()]
        for i in range(3):
            q = (r + i) % 3
            for c in d[3 * i : 3 * i + 3]:
                hand[q] |= 1 << c
            later[q] = tuple(d[11 + 3 * i : 14 + 3 * i])
        self.hand = hand
        self.later = later
        self.talon = (1 << d[9]) | (1 << d[10])
        self.phase = CALL
        self.to_move = r

    def _after_call(self) -> None:
        for q in range(3):
            for c in self.later[q]:
                self.hand[q] |= 1 << c
        self.later = [(), (), ()]

    def _end_round(self) -> None:
        first = self.first_bidder
        if self.rules.raise_when_outbid and first >= 0 and self.bids[self.best].seat != first:
            self.phase = RAISE
            self.to_move = first
            return
        self._decide()

    def _after_contract(self) -> None:
        if self.no_talon:
            self._start_doubling()
        else:
            self._take_talon()

    def _race(self, side: int) -> bool:
        # the caller's 66 ends the normal game; his opponents' by rule option opponents_66
        return side == 0 or self.rules.opponents_66 == "ends"

    def _normal_last_trick(self, winner: int) -> None:
        if self.rules.normal_last_trick and winner == self.declarer:
            self._finish(True, "result_caller_last_trick")
        else:
            self._finish(False, "result_caller_short")

    def _written(self, declarer_won: bool, points: int) -> tuple[int, ...]:
        d = self.declarer
        if declarer_won:
            return tuple(points if q == d else 0 for q in range(3))
        return tuple(0 if q == d else points for q in range(3))
