"""The live state of a match, rebuilt from the stored deck orders and moves by the
services (``services.common.live_state``, ``services.tables.live_table``): what the
services act on and the presenters show. Plain containers, below both."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import GameState, RuleSet
from engine.match import Match as MatchScore
from engine.tables.table import MultiTable

from .models import Game, Match, Seat, Status


@dataclass
class Live:
    """The rebuilt state of a played match."""

    match: Match
    rules: RuleSet
    games: list[Game]
    game: Game | None  # the game being played (None when the match is over)
    state: GameState | None
    actions: list[str] = field(default_factory=list)  # of the current game, in order
    score: MatchScore | None = None
    #: what the last push carried: {"lang": …, "0"/"1"/"watch": each page's view}
    pushed: dict | None = None

    @property
    def previous(self) -> Game | None:
        finished = [g for g in self.games if g.winner is not None]
        return finished[-1] if finished else None


@dataclass
class TableLive:
    """A table rebuilt from the database (the caller's own copy: acting on it changes
    nothing kept)."""

    match: Match
    seats: list[Seat]
    table: MultiTable
    applied: int = 0  # actions of the log acted on ``table``
    last: tuple | None = None  # the last of them, as (seat, action)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def game_index(self) -> int:
        return len(self.table.record.games) - 1

    def bot_to_move(self) -> Seat | None:
        p = self.table.to_move
        if p is None or self.match.status != Status.PLAYING:
            return None
        seat = self.seats[p]
        return seat if seat.is_computer else None
