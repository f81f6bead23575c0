"""A Renonce called at a table of three or four (a mixin of
:class:`~engine.multi.state.MultiState`): checked against the recorded play, and the
game lost by the side at fault.

A Renonce is a card that broke Farb- und Stichzwang (004 "Spielablauf": "Beim
Bauernschnapsen herrscht Farb- und Stichzwang"; ``multi/tricks.py``), found after it was
played. Any player at the table or the referee may call one on a seat (``revoke:2``, not
only the player to move): the engine goes through the tricks of the running game and the
trick on the table, rebuilds the seat's hand before each of his cards (his hand now and
every card he played since) and the card winning the trick before it, and asks whether
the card was allowed (:meth:`find_revoke`). A call that finds none is refused with
``revoke_not_found``; the game goes on. A found one ends the game: the side at fault
loses it (004 says nothing of a Renonce; 000 "Renonce", for two: "mit dem sofortigen
Verlust des Spiels bestraft, der Gegner gewinnt in diesem Fall drei Punkte"), with the
points of rule option ``revoke`` (``multi/rules.py``): the game being played at its value
(the normal game its most, 3), doubled as it was flecked, or 000's three points as they
stand, doubled likewise.

The engine refuses such a card when it is played (``why_illegal``), so a game played
through it holds no Renonce, and a call there is always answered with the tricks that
show none; a record of play entered without the check (``push(check=False)``) may hold
one, and then the call finds it.
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import ALL_CARDS, SUIT_MASKS
from ..messages import Reason
from .outcome import MultiResult
from .phases import OVER, PLAY
from .tricks import beats, follow_mask


class Revoke(NamedTuple):
    """A card that broke the rule of play: the trick (1-based; the trick on the table
    counts as the next one), the card, and the rule it broke as a :class:`Reason`
    (``must_follow_suit``, ``must_head_trick``, ``must_trump``, ``must_overtrump``)."""

    trick: int
    card: int
    rule: Reason


class Renonce:
    """Calling a Renonce. Uses the fields of MultiState."""

    def find_revoke(self, seat: int) -> Revoke | None:
        """The first card ``seat`` played in the running game that broke Farb- und
        Stichzwang, or None."""
        tricks = [t.cards for t in self.history]
        if self.trick:
            tricks.append(self.trick)
        later = 0  # the seat's cards played in this trick and after it
        for cards in tricks:
            for q, c in cards:
                if q == seat:
                    later |= 1 << c
        hand = self.hand[seat] | later
        trump, low = self.trump_in_play, self.ace_low
        for i, cards in enumerate(tricks):
            led = cards[0][1] // 5
            win = cards[0][1]
            for q, c in cards[1:]:
                if q == seat:
                    allowed = follow_mask(hand, led, win, trump, low, self.rules.trump_when_beaten)
                    if not allowed >> c & 1:
                        return Revoke(i + 1, c, self._broken_rule(hand, c, led, win))
                if beats(c, win, trump, low):
                    win = c
            for q, c in cards:
                if q == seat:
                    hand &= ~(1 << c)
        return None

    def _broken_rule(self, hand: int, card: int, led: int, win: int) -> Reason:
        """The rule ``card`` broke (as ``_play_problem`` names it when it is played)."""
        w = ALL_CARDS[win].name
        if hand & SUIT_MASKS[led]:
            if card // 5 != led:
                return Reason("must_follow_suit", suit="HDSC"[led])
            return Reason("must_head_trick", suit="HDSC"[led], card=w)
        if card // 5 != self.trump_in_play:
            return Reason("must_trump", suit="HDSC"[led])
        return Reason("must_overtrump", card=w)

    def _revoke_problem(self, seat: int) -> Reason | None:
        if seat >= self.N:
            return Reason("revoke_no_such_seat", number=seat, seats=self.N)
        if self.phase != PLAY:
            return Reason("revoke_not_in_play")
        if self.find_revoke(seat) is None:
            return Reason("revoke_not_found", seat=seat)
        return None

    def _revoke(self, seat: int) -> None:
        """The side of ``seat`` loses the game (the Renonce is there: checked)."""
        found = self.find_revoke(seat)
        c = self.contract
        at_fault = self.side[seat]
        declarer_won = at_fault == 1
        if self.rules.revoke == "three" or c.value is None:
            base = 3  # 000 "Renonce"; the normal game's most
        else:
            base = c.value
        self.result = MultiResult(
            self.GAME,
            c.name,
            self.declarer,
            declarer_won,
            base,
            self.doubles,
            self._written(declarer_won, base << self.doubles),
            Reason(
                "result_revoke",
                seat=seat,
                card=ALL_CARDS[found.card].name,
                trick=found.trick,
            ),
            (self.counted(0), self.counted(1)),
            (self.strk[0], self.strk[1]),
        )
        self.phase = OVER
        self.queue = ()
