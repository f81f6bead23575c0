"""Bauernschnapsen: four players, two teams sitting opposite (reference 004
"Bauernschnapsen"). :class:`BauernState` is :class:`~engine.multi.state.MultiState`
with the cut, the four-player deal, teams and team scoring; everything else is shared.

Seats 0..3 clockwise; team ``seat % 2`` (0 and 2 against 1 and 3). The dealer deals; the
player right of him (``dealer - 1``) cuts or knocks; the caller is ``dealer + 1``.

The deal from the deck order (top first), 004 "Spielablauf":

``cut``
    3 cards each clockwise from the caller (cards 1-3 the caller, 4-6, 7-9, 10-12 the
    dealer), then 2 each (13-14 the caller ... 19-20 the dealer).
``knock`` (draufhauen)
    the caller cards 1-3 and, lying by them, 4-5; then five each: 6-10, 11-15, 16-20 the
    dealer.

The caller's two further cards lie face down until he has called trump (``call:S``) or
turned one of them up (``turn_up:1`` / ``turn_up:2``); the other players hold their five.
"""

from __future__ import annotations

from ..multi.state import MultiState
from .rules import BauernRules


class BauernState(MultiState):
    """A Bauernschnapsen game. ``BauernState.deal(rules, seed=..., dealer=...)``."""

    __slots__ = ()

    GAME = "bauernschnapsen"
    N = 4
    SCORERS = 2
    HAS_TALON = False
    RULES = BauernRules

    def _begin(self) -> None:
        # The cutter decides first: cut or knock.
        self.to_move = self.cutter

    def _distribute(self, mode: str) -> None:
        d = self.order
        r = self.caller
        seats = [(r + i) % 4 for i in range(4)]
        hand = [0, 0, 0, 0]
        if mode == "cut":
            for i, q in enumerate(seats):
                for c in d[3 * i : 3 * i + 3]:
                    hand[q] |= 1 << c
            for i, q in enumerate(seats[1:], start=1):
                for c in d[12 + 2 * i : 14 + 2 * i]:
                    hand[q] |= 1 << c
            later = (d[12], d[13])
        else:
            for c in d[0:3]:
                hand[r] |= 1 << c
            later = (d[3], d[4])
            for i, q in enumerate(seats[1:]):
                for c in d[5 + 5 * i : 10 + 5 * i]:
                    hand[q] |= 1 << c
        self.hand = hand
        lat = [(), (), (), ()]
        lat[r] = later
        self.later = lat

    def _after_call(self) -> None:
        r = self.caller
        for c in self.later[r]:
            self.hand[r] |= 1 << c
        self.later = [(), (), (), ()]

    # ------------------------------------------------------------------ teams
    def partner(self, seat: int) -> int:
        return (seat + 2) % 4

    @staticmethod
    def team(seat: int) -> int:
        return seat % 2

    def _sides(self, declarer: int) -> tuple[int, ...]:
        t = declarer % 2
        return tuple(0 if q % 2 == t else 1 for q in range(4))

    def _active(self, contract, declarer: int) -> tuple[int, ...]:
        if contract.partner_sits_out:
            out = (declarer + 2) % 4
            return tuple(q for q in range(4) if q != out)
        return (0, 1, 2, 3)

    def _written(self, declarer_won: bool, points: int) -> tuple[int, ...]:
        team = self.declarer % 2 if declarer_won else 1 - self.declarer % 2
        return (points, 0) if team == 0 else (0, points)

    def declaring_team(self) -> int | None:
        return None if self.declarer < 0 else self.declarer % 2
