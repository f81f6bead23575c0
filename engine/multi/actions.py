"""Actions of Bauernschnapsen and Talonschnapsen and their notation.

The string form round-trips (``Action.parse(str(a)) == a``); the player is always the
one to move (``state.to_move``), but for ``revoke``:

=========================  ==================================================================
``cut``, ``knock``         the cutter cuts (cards dealt 3 then 2) or knocks ("draufhauen":
                           five at once, the caller 3 then 2) -- Bauernschnapsen
``call:H``                 the caller calls the trump suit H D S C (Atout rufen)
``turn_up:1``              the caller turns up his first (``:2`` second ...) face-down card:
                           its suit is trump (aufschlagen)
``redeal``                 the caller, with three jacks as his first cards, demands a new deal
``bid:gangl``              announce a special game (names: ``multi/contracts.py``)
``bid:gangl:no_talon``     Talonschnapsen: announce it and play without the talon (ranks
                           above the same game with the talon)
``pass``                   weiter (in the bidding and in a raise) or no double
``double``                 flecken, Retour, Re: double the game once more
``discard:JS,QH``          Talonschnapsen: lay two cards away face down after taking up the
                           talon (in the normal game this is the caller's exchange; laying
                           away the two talon cards exchanges nothing). Cards in index order.
``play:QH``                lead or follow with QH
``marriage:KH``            announce the marriage of hearts (20, 40 in trump) and lead KH
                           (or ``marriage:QH``: lead the queen)
``revoke:2``               a Renonce called on seat 2 (by any player at the table or the
                           referee, not only the player to move): the engine checks it
                           against the recorded play (``multi/revoke.py``)
=========================  ==================================================================

Actions are immutable and hashable; the common ones are shared instances
(``Action.play(card)``).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ..cards import ALL_CARDS, Card, Suit
from ..messages import ReasonError
from .contracts import CONTRACT_NAMES, SPECIAL_NAMES

CUT = "cut"
KNOCK = "knock"
CALL = "call"
TURN_UP = "turn_up"
REDEAL = "redeal"
BID = "bid"
PASS = "pass"
DOUBLE = "double"
DISCARD = "discard"
PLAY = "play"
MARRIAGE = "marriage"
REVOKE = "revoke"
KINDS = (CUT, KNOCK, CALL, TURN_UP, REDEAL, BID, PASS, DOUBLE, DISCARD, PLAY, MARRIAGE, REVOKE)
_SIMPLE_KINDS = (CUT, KNOCK, REDEAL, PASS, DOUBLE)
NO_TALON = "no_talon"


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    suit: Suit | None = None
    index: int | None = None
    contract: str | None = None
    no_talon: bool = False
    seat: int | None = None

    def __str__(self) -> str:
        k = self.kind
        if self.card is not None:
            return f"{k}:{self.card.name}"
        if k == CALL:
            return f"{k}:{self.suit.letter}"
        if k == TURN_UP:
            return f"{k}:{self.index}"
        if k == BID:
            return f"{k}:{self.contract}:{NO_TALON}" if self.no_talon else f"{k}:{self.contract}"
        if k == DISCARD:
            return f"{k}:{','.join(c.name for c in self.cards)}"
        if k == REVOKE:
            return f"{k}:{self.seat}"
        return k

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @classmethod
    def parse(cls, text) -> Action:
        """Parse the notation above; raises ``ValueError`` with a clear message."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise ReasonError("action_not_text", example="play:QH or bid:gangl", value=repr(text))
        kind, _, arg = text.strip().partition(":")
        kind = kind.strip().lower()
        arg = arg.strip()
        if kind in _SIMPLE_KINDS:
            if arg:
                raise ReasonError("action_no_argument", text=repr(text), word=kind)
            return SIMPLE[kind]
        if kind in (PLAY, MARRIAGE):
            if not arg:
                raise ReasonError("action_needs_card", text=repr(text), word=kind)
            card = Card.parse(arg)
            if kind == PLAY:
                return PLAY_ACTIONS[card]
            if card % 5 not in (2, 3):
                raise ReasonError("action_marriage_card", text=repr(text))
            return MARRIAGE_ACTIONS[card]
        if kind == CALL:
            return CALL_ACTIONS[Suit.parse(arg)]
        if kind == TURN_UP:
            if not (arg.isascii() and arg.isdigit()) or not 1 <= int(arg) <= 6:
                raise ReasonError("action_turn_up_number", text=repr(text))
            return turn_up(int(arg))
        if kind == BID:
            name, _, flag = arg.partition(":")
            name = name.strip().lower()
            if name not in SPECIAL_NAMES:
                games = ", ".join(SPECIAL_NAMES)
                if name == "normal":
                    raise ReasonError("action_bid_normal", text=repr(text), games=games)
                raise ReasonError(
                    "action_unknown_game", text=repr(text), name=repr(name), games=games
                )
            if flag and flag.strip().lower() != NO_TALON:
                raise ReasonError("action_bid_suffix", text=repr(text))
            return bid(name, bool(flag))
        if kind == DISCARD:
            parts = [p for p in arg.replace(" ", ",").split(",") if p]
            cards = [Card.parse(p) for p in parts]
            if len(cards) != 2 or cards[0] == cards[1]:
                raise ReasonError("action_discard_two", text=repr(text))
            return discard(cards)
        if kind == REVOKE:
            if not (arg.isascii() and arg.isdigit()) or int(arg) > 3:
                raise ReasonError("action_revoke_seat", text=repr(text))
            return REVOKE_ACTIONS[int(arg)]
        raise ReasonError(
            "action_unknown",
            text=repr(text),
            kinds="cut, knock, call:H, turn_up:1, redeal, bid:gangl, pass, double, "
            "discard:JS,QH, play:QH, marriage:KH or revoke:2",
        )

    # Interned constructors.
    @staticmethod
    def play(card) -> Action:
        return PLAY_ACTIONS[card]

    @staticmethod
    def marriage(card) -> Action:
        return MARRIAGE_ACTIONS[card]


def turn_up(index: int) -> Action:
    return TURN_UP_ACTIONS[index]


def bid(contract: str, no_talon: bool = False) -> Action:
    return BID_ACTIONS[(contract, no_talon)]


def discard(cards) -> Action:
    a, b = sorted(int(c) for c in cards)
    return DISCARD_ACTIONS[(a, b)]


PLAY_ACTIONS: tuple[Action, ...] = tuple(Action(PLAY, c) for c in ALL_CARDS)
MARRIAGE_ACTIONS: dict[int, Action] = {c: Action(MARRIAGE, c) for c in ALL_CARDS if c % 5 in (2, 3)}
CALL_ACTIONS: tuple[Action, ...] = tuple(Action(CALL, suit=s) for s in Suit)
TURN_UP_ACTIONS: dict[int, Action] = {i: Action(TURN_UP, index=i) for i in range(1, 7)}
BID_ACTIONS: dict[tuple[str, bool], Action] = {
    (n, f): Action(BID, contract=n, no_talon=f) for n in CONTRACT_NAMES[1:] for f in (False, True)
}
DISCARD_ACTIONS: dict[tuple[int, int], Action] = {
    (a, b): Action(DISCARD, cards=(ALL_CARDS[a], ALL_CARDS[b]))
    for a, b in combinations(range(20), 2)
}
REVOKE_ACTIONS: tuple[Action, ...] = tuple(Action(REVOKE, seat=q) for q in range(4))
SIMPLE: dict[str, Action] = {k: Action(k) for k in _SIMPLE_KINDS}
CUT_ACTION, KNOCK_ACTION, REDEAL_ACTION, PASS_ACTION, DOUBLE_ACTION = (
    SIMPLE[CUT],
    SIMPLE[KNOCK],
    SIMPLE[REDEAL],
    SIMPLE[PASS],
    SIMPLE[DOUBLE],
)
