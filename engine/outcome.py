"""The values a game produces: a finished trick, an announced marriage, the result, and
the table of game points (what ``game``, ``view`` and ``match`` share)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .cards import Card

# The reasons a game ends (``GameResult.reason``).
DECLARED = "declared"  # a right declaration of 66 (talon not closed)
CLOSED = "closed"  # the closer declared 66
CLOSE_FAILED = "close_failed"  # the closer did not make it (or the opponent declared first)
WRONG_DECLARATION = "wrong_declaration"
LAST_TRICK = "last_trick"
REVOKED = "revoke"


class Trick(NamedTuple):
    """A finished trick (``state.last_trick``): who led, the two cards, who won it."""

    leader: int
    lead: Card
    follow: Card
    winner: int


class PastTrick(NamedTuple):
    """A finished trick as everybody saw it (``state.past``, one per trick in order): who
    led, the two cards and who won (card codes), and the public situation it was
    played in: ``talon`` the face-down talon cards before its draws, ``trump_card`` the
    face-up trump card (-1 once drawn), ``closed_by`` who had closed (-1: nobody).
    What the inference reads of the opponent's earlier decisions (``ai/inference``)."""

    leader: int
    lead: int
    follow: int
    winner: int
    talon: int
    trump_card: int
    closed_by: int


class Marriage(NamedTuple):
    """An announced marriage (``state.marriages``): the player and the suit (0-3)."""

    player: int
    suit: int


@dataclass(frozen=True, slots=True)
class GameResult:
    """The end of a game: ``winner`` (0/1) gets ``game_points`` (1, 2 or 3)."""

    winner: int
    game_points: int
    reason: str
    scores: tuple[int, int]  # counted card points (with counted marriages) at the end
    declarer: int | None = None

    def to_dict(self) -> dict:
        return {
            "winner": self.winner,
            "game_points": self.game_points,
            "reason": self.reason,
            "scores": list(self.scores),
            "declarer": self.declarer,
        }


def points_table(loser_points: int, loser_has_trick: bool) -> int:
    """Game points for the winner: 3 if the loser has no trick, 2 if 32 or fewer, else 1."""
    if not loser_has_trick:
        return 3
    return 2 if loser_points <= 32 else 1
