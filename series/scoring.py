"""Season series standings (Cup, Jahreswertung), as pure logic (no Django).

Input: the final results of the entries in the series' finished tournaments, and the
series' points rule. Output: the standings, best first.

- **One result per player and tournament.** A player who held several entries in a
  tournament scores once, with his best entry (his best place; with points per round,
  the entry that went furthest).
- **Points.** ``places``: ``points[0]`` for 1st place, ``points[1]`` for 2nd, …; every
  place below the table scores ``rest``. ``rounds``: ``points[0]`` for going out in
  round 1, ``points[1]`` in round 2, …; the winner counts as having reached one round
  more than the final; a round beyond the table scores the table's last value.
- **Best N of M.** With ``best_of`` N, each player's N best results count (the others are
  shown, not counted); without it, all of them.
- **Ties** (``TIE_RULE``): 1. more points counted; 2. countback: the counted results
  compared one by one from the best down, the first better one decides; 3. more points of
  all results, those not counted included; 4. still equal: the place is shared (1, 2, 2, 4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from core.numbers import parse_int

PLACES, ROUNDS = "places", "rounds"
KINDS = (PLACES, ROUNDS)
DEFAULT_PLACE_POINTS = (25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
DEFAULT_ROUND_POINTS = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20)
MAX_TABLE = 64
MAX_POINTS = 10_000

TIE_RULE = (
    "more points counted",
    "countback: the better counted results from the best down",
    "more points of all results",
    "shared place",
)


class RuleError(ValueError):
    """A points rule that cannot be used; ``code`` names what is wrong."""

    def __init__(self, code: str, detail: str = ""):
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


@dataclass(frozen=True)
class PointsRule:
    kind: str = PLACES
    points: tuple[int, ...] = DEFAULT_PLACE_POINTS
    rest: int = 0
    best_of: int | None = None

    def validate(self) -> PointsRule:
        if self.kind not in KINDS:
            raise RuleError("kind", str(self.kind))
        if not self.points:
            raise RuleError("empty")
        if len(self.points) > MAX_TABLE:
            raise RuleError("too_long", str(MAX_TABLE))
        for value in (*self.points, self.rest):
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_POINTS:
                raise RuleError("value", str(value))
        pairs = list(zip(self.points, self.points[1:], strict=False))
        if self.kind == PLACES:
            if any(b > a for a, b in pairs):
                raise RuleError("places_order")
            if self.rest > self.points[-1]:
                raise RuleError("rest")
        elif any(b < a for a, b in pairs):
            raise RuleError("rounds_order")
        if self.best_of is not None and (
            not isinstance(self.best_of, int) or not 1 <= self.best_of <= 100
        ):
            raise RuleError("best_of", str(self.best_of))
        return self

    def score(self, place: int | None, rounds: int) -> int:
        """Points for a result: its ``place`` (None: not placed) and the ``rounds``
        reached (the winner: one more than the final's round)."""
        if self.kind == PLACES:
            if place is None:
                return 0
            return self.points[place - 1] if place <= len(self.points) else self.rest
        if rounds < 1:
            return 0
        return self.points[min(rounds, len(self.points)) - 1]


@dataclass(frozen=True)
class EntryResult:
    """What one entry achieved in one finished tournament."""

    tournament: int
    player: int
    place: int | None
    round_reached: int  # the last main-draw round the entry was drawn in

    @property
    def rounds(self) -> int:
        """Rounds reached, the title counting as one round more than the final."""
        return self.round_reached + 1 if self.place == 1 else self.round_reached


@dataclass(frozen=True)
class Result:
    """A player's result in one tournament (his best entry), with its points."""

    tournament: int
    place: int | None
    rounds: int
    points: int
    counted: bool = True


@dataclass(frozen=True)
class Row:
    rank: int
    player: int
    points: int  # the points counted
    results: tuple[Result, ...]  # in the order of the series' tournaments
    all_points: int
    shared: bool = False  # the rank is shared with another player

    @property
    def counted(self) -> tuple[Result, ...]:
        return tuple(r for r in self.results if r.counted)


def best_per_player(entries: Iterable[EntryResult], rule: PointsRule) -> list[EntryResult]:
    """Each player's best entry in each tournament (his entries count once)."""
    best: dict[tuple[int, int], EntryResult] = {}

    def key(e: EntryResult):
        return (
            rule.score(e.place, e.rounds),
            e.place is not None,
            -(e.place or 0),
            e.rounds,
        )

    for e in entries:
        k = (e.tournament, e.player)
        if k not in best or key(e) > key(best[k]):
            best[k] = e
    return list(best.values())


def standings(
    tournaments: Sequence[int],
    entries: Iterable[EntryResult],
    rule: PointsRule,
    *,
    names: Mapping[int, str] | None = None,
) -> list[Row]:
    """The series standings over ``tournaments`` (in the series' order; entries of other
    tournaments are ignored). ``names`` orders players who share a place."""
    rule.validate()
    order = {t: i for i, t in enumerate(tournaments)}
    per_player: dict[int, list[Result]] = {}
    for e in best_per_player((e for e in entries if e.tournament in order), rule):
        if rule.kind == PLACES and e.place is None:
            continue  # not placed: no result
        per_player.setdefault(e.player, []).append(
            Result(e.tournament, e.place, e.rounds, rule.score(e.place, e.rounds))
        )
    rows = []
    for player, results in per_player.items():
        ranked = sorted(results, key=lambda r: (-r.points, order[r.tournament]))
        keep = len(ranked) if rule.best_of is None else rule.best_of
        counted_ids = {r.tournament for r in ranked[:keep]}
        final = tuple(
            Result(r.tournament, r.place, r.rounds, r.points, r.tournament in counted_ids)
            for r in sorted(results, key=lambda r: order[r.tournament])
        )
        rows.append(
            Row(
                rank=0,
                player=player,
                points=sum(r.points for r in final if r.counted),
                results=final,
                all_points=sum(r.points for r in final),
            )
        )
    names = names or {}

    def tie_key(row: Row):
        countback = sorted((r.points for r in row.results if r.counted and r.points), reverse=True)
        return (-row.points, tuple(-p for p in countback) + (0,), -row.all_points)

    rows.sort(key=lambda r: (tie_key(r), names.get(r.player, "").casefold(), r.player))
    ranked_rows: list[Row] = []
    for i, row in enumerate(rows):
        if i and tie_key(rows[i - 1]) == tie_key(row):
            rank = ranked_rows[-1].rank
        else:
            rank = i + 1
        ranked_rows.append(
            Row(rank, row.player, row.points, row.results, row.all_points, shared=False)
        )
    counts: dict[int, int] = {}
    for row in ranked_rows:
        counts[row.rank] = counts.get(row.rank, 0) + 1
    return [
        Row(r.rank, r.player, r.points, r.results, r.all_points, shared=counts[r.rank] > 1)
        for r in ranked_rows
    ]


def parse_points(text: str) -> tuple[int, ...]:
    """ "25, 20, 16" or "25 20 16" or "25;20;16" as a points table; RuleError if not."""
    parts = [p for p in text.replace(";", ",").replace(" ", ",").split(",") if p.strip()]
    if not parts:
        raise RuleError("empty")
    values = []
    for part in parts:
        value = parse_int(part, min=0)
        if value is None:
            raise RuleError("value", part.strip()[:20])
        values.append(value)
    return tuple(values)
