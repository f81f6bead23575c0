"""The values a three- or four-player game produces: bids, finished tricks, marriages and
the result (what the states, views, records and match scoring share)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..cards import ALL_CARDS, Card
from ..messages import Reason

# Bid stages (Bid.stage).
ROUND = "round"  # the bidding once round from the caller
RAISE = "raise"  # Talonschnapsen: the first announcer raises after being outbid
AFTER_TALON = "after_talon"  # Talonschnapsen: the declarer raises after taking up the talon


class Bid(NamedTuple):
    """One turn of the bidding: ``contract`` None is a pass (weiter)."""

    seat: int
    contract: str | None
    no_talon: bool = False
    stage: str = ROUND

    def to_dict(self) -> dict:
        return {
            "seat": self.seat,
            "contract": self.contract,
            "no_talon": self.no_talon,
            "stage": self.stage,
        }


class Trick(NamedTuple):
    """A finished trick: who led, the cards in the order played (seat, card), the winner."""

    leader: int
    cards: tuple[tuple[int, int], ...]
    winner: int

    def to_dict(self) -> dict:
        return {
            "leader": self.leader,
            "cards": [{"seat": s, "card": ALL_CARDS[c].name} for s, c in self.cards],
            "winner": self.winner,
        }


class Marriage(NamedTuple):
    """An announced marriage: seat, suit (0-3), points (20 or 40)."""

    seat: int
    suit: int
    points: int


@dataclass(frozen=True, slots=True)
class MultiResult:
    """The end of a game.

    ``written[i]`` is what scorer ``i`` writes (Bauernschnapsen: team ``i`` = seats ``i``
    and ``i + 2``; Talonschnapsen: seat ``i``); ``game_points = base_value * 2**doubles``.
    ``contract`` is None after a new deal for three jacks (nothing written). ``side_points``
    and ``side_tricks`` are (declaring side, other side): counted card points with counted
    marriages, and tricks. ``reason`` is a :class:`~engine.messages.Reason`
    (``.code``, ``.params``)."""

    game: str
    contract: str | None
    declarer: int | None
    declarer_won: bool | None
    base_value: int
    doubles: int
    written: tuple[int, ...]
    reason: Reason
    side_points: tuple[int, int] = (0, 0)
    side_tricks: tuple[int, int] = (0, 0)

    @property
    def game_points(self) -> int:
        return self.base_value << self.doubles

    @property
    def is_redeal(self) -> bool:
        return self.contract is None

    @property
    def winners(self) -> tuple[int, ...]:
        """The scorers who write points."""
        return tuple(i for i, w in enumerate(self.written) if w)

    def to_dict(self) -> dict:
        return {
            "game": self.game,
            "contract": self.contract,
            "declarer": self.declarer,
            "declarer_won": self.declarer_won,
            "base_value": self.base_value,
            "doubles": self.doubles,
            "game_points": self.game_points,
            "written": list(self.written),
            "reason": self.reason.to_dict(),
            "side_points": list(self.side_points),
            "side_tricks": list(self.side_tricks),
        }


def card_names(mask: int) -> list[str]:
    return [ALL_CARDS[i].name for i in range(20) if mask >> i & 1]


def cards(mask: int) -> tuple[Card, ...]:
    return tuple(ALL_CARDS[i] for i in range(20) if mask >> i & 1)
