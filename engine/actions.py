"""Actions and their notation.

An action is what the player to move does; its string form round-trips
(``Action.parse(str(a)) == a``):

=================  ==========================================================================
``play:QH``        play (lead or follow) the card QH
``marriage:KH``    announce the marriage (20, or 40 in trump) of hearts and lead KH (or QH)
``exchange``       exchange the trump jack in hand for the face-up trump card
``close``          close the talon (zudrehen)
``declare``        declare 66 (ausmelden)
``declare:KH``     announce the marriage of hearts and declare 66 at once (the announcement
                   brings the player to 66; the king's suit names the marriage)
``revoke:0``       referee entry: player 0 revoked (Renonce); the opponent wins 3 points
=================  ==========================================================================

``exchange`` is the glossary's ``exchange_trump`` (Austauschen, Rauben); ``close`` is
Zudrehen, ``declare`` Ausmelden, ``revoke`` Renonce. Players are 0 and 1. Actions are immutable, hashable and interned for the hot path
(``Action.play(card)`` returns a shared instance).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import ALL_CARDS, Card
from .messages import IllegalAction, ReasonError  # noqa: F401 - IllegalAction re-exported

PLAY = "play"
MARRIAGE = "marriage"
EXCHANGE = "exchange"
CLOSE = "close"
DECLARE = "declare"
REVOKE = "revoke"
KINDS = (PLAY, MARRIAGE, EXCHANGE, CLOSE, DECLARE, REVOKE)


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    card: Card | None = None
    player: int | None = None

    def __str__(self) -> str:
        if self.card is not None:
            return f"{self.kind}:{self.card.name}"
        if self.player is not None:
            return f"{self.kind}:{self.player}"
        return self.kind

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the notation above; raises ``ValueError`` with a clear message."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise ReasonError("action_not_text", example="play:QH", value=repr(text))
        kind, _, arg = text.strip().partition(":")
        kind = kind.strip().lower()
        arg = arg.strip()
        if kind in (EXCHANGE, CLOSE) or (kind == DECLARE and not arg):
            if arg:
                raise ReasonError("action_no_argument", text=repr(text), word=kind)
            return _SIMPLE[kind]
        if kind in (PLAY, MARRIAGE, DECLARE):
            if not arg:
                raise ReasonError("action_needs_card", text=repr(text), word=kind)
            card = Card.parse(arg)
            if kind == PLAY:
                return PLAY_ACTIONS[card]
            if card % 5 not in (2, 3):
                raise ReasonError("action_marriage_card", text=repr(text))
            if kind == MARRIAGE:
                return MARRIAGE_ACTIONS[card]
            return DECLARE_MARRIAGE_ACTIONS[card - card % 5 + 2]
        if kind == REVOKE:
            if arg not in ("0", "1"):
                raise ReasonError("action_revoke_player", text=repr(text))
            return REVOKE_ACTIONS[int(arg)]
        raise ReasonError(
            "action_unknown",
            text=repr(text),
            kinds="play:QH, marriage:KH, exchange, close, declare, declare:KH or revoke:0",
        )

    # Interned constructors.
    @staticmethod
    def play(card) -> Action:
        return PLAY_ACTIONS[card]

    @staticmethod
    def marriage(card) -> Action:
        return MARRIAGE_ACTIONS[card]

    @staticmethod
    def declare_marriage(card) -> Action:
        return DECLARE_MARRIAGE_ACTIONS[card - card % 5 + 2]

    @staticmethod
    def revoke(player: int) -> Action:
        return REVOKE_ACTIONS[player]


PLAY_ACTIONS: tuple[Action, ...] = tuple(Action(PLAY, c) for c in ALL_CARDS)
MARRIAGE_ACTIONS: dict[int, Action] = {c: Action(MARRIAGE, c) for c in ALL_CARDS if c % 5 in (2, 3)}
DECLARE_MARRIAGE_ACTIONS: dict[int, Action] = {
    c: Action(DECLARE, c) for c in ALL_CARDS if c % 5 == 2
}
EXCHANGE_ACTION = Action(EXCHANGE)
CLOSE_ACTION = Action(CLOSE)
DECLARE_ACTION = Action(DECLARE)
REVOKE_ACTIONS = (Action(REVOKE, player=0), Action(REVOKE, player=1))
_SIMPLE = {EXCHANGE: EXCHANGE_ACTION, CLOSE: CLOSE_ACTION, DECLARE: DECLARE_ACTION}


