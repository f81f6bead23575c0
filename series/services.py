"""Season series: making them, their tournaments, and their standings.

The standings are computed by ``series.scoring`` (pure code) from the places of the
series' finished tournaments (``tournaments.standings``), whenever they are asked for:
a corrected result changes them at once. They are cached under a version that changes
with every change of public data of those tournaments (their live versions, which a
renamed player changes too) and with the series itself.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import UserError
from core.numbers import parse_id
from tournaments import live_version
from tournaments.models import AuditLog, Player, Tournament
from tournaments.services import tournament_phase
from tournaments.standings import compute_standings

from . import scoring
from .models import Scheme, Series, SeriesTournament

CACHE_SECONDS = 600


class SeriesError(UserError):
    """A request about a series was refused."""


RULE_MESSAGES = {
    "kind": lambda d: _("Unknown scoring “%(detail)s”: points per place or per round.")
    % {"detail": d},
    "empty": lambda d: _("The points table is empty."),
    "too_long": lambda d: _("The points table has at most %(detail)s values.") % {"detail": d},
    "value": lambda d: _("“%(detail)s” is not a number of points from 0 to 10000.")
    % {"detail": d},
    "places_order": lambda d: _("Points per place must not grow from one place to the next."),
    "rounds_order": lambda d: _("Points per round must not shrink from one round to the next."),
    "rest": lambda d: _("The points below the table must not exceed the table's last value."),
    "best_of": lambda d: _("The results that count are a number from 1 to 100."),
}


def rule_message(error: scoring.RuleError) -> str:
    return RULE_MESSAGES.get(error.code, lambda d: error.code)(error.detail)


def _rule(scheme, points, rest_points, best_of) -> scoring.PointsRule:
    try:
        return scoring.PointsRule(
            kind=scheme, points=tuple(points), rest=rest_points, best_of=best_of
        ).validate()
    except scoring.RuleError as exc:
        raise SeriesError(rule_message(exc), exc.code) from None


def _audit(series: Series, actor, action: str, before=None, after=None) -> None:
    AuditLog.objects.create(
        club=series.club,
        user=actor if getattr(actor, "is_authenticated", False) else None,
        action=action,
        target=str(series)[:200],
        before=before,
        after=after,
    )


def _state(series: Series) -> dict:
    return {
        "name": series.name,
        "season": series.season,
        "scheme": series.scheme,
        "points": list(series.points),
        "rest_points": series.rest_points,
        "best_of": series.best_of,
        "is_public": series.is_public,
    }


def create_series(
    name,
    *,
    season="",
    club=None,
    scheme=Scheme.PLACES,
    points=None,
    rest_points=0,
    best_of=None,
    is_public=True,
    actor=None,
) -> Series:
    """A new series. Without ``points`` the default table of its scheme."""
    name = " ".join(str(name or "").split())
    if not name:
        raise SeriesError(_("The series needs a name."), "name")
    if len(name) > 200 or len(str(season or "")) > 40:
        raise SeriesError(_("The name is at most 200 characters, the season 40."), "name")
    if points is None:
        points = (
            scoring.DEFAULT_ROUND_POINTS if scheme == Scheme.ROUNDS else scoring.DEFAULT_PLACE_POINTS
        )
    rule = _rule(scheme, points, rest_points, best_of)
    with transaction.atomic():
        series = Series.objects.create(
            name=name,
            season=str(season or "").strip(),
            club=club,
            scheme=rule.kind,
            points=list(rule.points),
            rest_points=rule.rest,
            best_of=rule.best_of,
            is_public=bool(is_public),
        )
        _audit(series, actor, "create_series", None, _state(series))
    return series


SERIES_FIELDS = ("name", "season", "scheme", "points", "rest_points", "best_of", "is_public")


def update_series(series: Series, *, actor=None, **fields) -> Series:
    unknown = set(fields) - set(SERIES_FIELDS)
    if unknown:
        raise SeriesError(_("Unknown terms: %(names)s") % {"names": ", ".join(sorted(unknown))})
    with transaction.atomic():
        s = Series.objects.select_for_update().get(pk=series.pk)
        before = _state(s)
        merged = {**before, **fields}
        name = " ".join(str(merged["name"] or "").split())
        if not name:
            raise SeriesError(_("The series needs a name."), "name")
        rule = _rule(merged["scheme"], merged["points"], merged["rest_points"], merged["best_of"])
        s.name = name[:200]
        s.season = str(merged["season"] or "").strip()[:40]
        s.scheme, s.points, s.rest_points, s.best_of = (
            rule.kind,
            list(rule.points),
            rule.rest,
            rule.best_of,
        )
        s.is_public = bool(merged["is_public"])
        s.save()
        _audit(s, actor, "update_series", before, _state(s))
    return s


def add_tournament(series: Series, tournament: Tournament, *, actor=None) -> SeriesTournament:
    with transaction.atomic():
        s = Series.objects.select_for_update().get(pk=series.pk)
        if SeriesTournament.objects.filter(series=s, tournament=tournament).exists():
            raise SeriesError(
                _("%(tournament)s is in this series already.") % {"tournament": tournament},
                "duplicate",
            )
        member = SeriesTournament.objects.create(series=s, tournament=tournament)
        s.save(update_fields=["updated_at"])  # a new version of the standings
        _audit(s, actor, "add_to_series", None, {"tournament": tournament.pk, "name": str(tournament)})
    return member


def remove_tournament(series: Series, tournament: Tournament, *, actor=None) -> None:
    with transaction.atomic():
        s = Series.objects.select_for_update().get(pk=series.pk)
        deleted, _rows = SeriesTournament.objects.filter(series=s, tournament=tournament).delete()
        if not deleted:
            raise SeriesError(
                _("%(tournament)s is not in this series.") % {"tournament": tournament},
                "not_member",
            )
        s.save(update_fields=["updated_at"])
        _audit(s, actor, "remove_from_series", {"tournament": tournament.pk, "name": str(tournament)})


# --------------------------------------------------------------------------- standings


@dataclass
class TournamentColumn:
    tournament: Tournament
    finished: bool  # only finished tournaments count
    index: int = 0  # 1, 2, … in the series' order ("T1", "T2" on the page and the sheet)


@dataclass
class ResultCell:
    column: TournamentColumn
    place: int | None
    rounds: int
    points: int
    counted: bool


@dataclass
class StandingRow:
    rank: int
    shared: bool
    player: Player
    points: int
    cells: list[ResultCell]  # one per tournament with a result, in the series' order

    @property
    def played(self) -> int:
        return len(self.cells)


@dataclass
class SeriesStandings:
    series: Series
    columns: list[TournamentColumn]
    rows: list[StandingRow]
    rule: scoring.PointsRule

    @property
    def finished_count(self) -> int:
        return sum(1 for c in self.columns if c.finished)


def series_tournaments(series: Series) -> list[Tournament]:
    return list(
        Tournament.objects.filter(series_members__series=series)
        .select_related("club")
        .order_by("date", "pk")
    )


def version(series: Series, tournaments=None) -> str:
    """Changes with the series and with every change of public data of its tournaments
    (their live versions: results, corrections, merges, a renamed player)."""
    tournaments = series_tournaments(series) if tournaments is None else tournaments
    stamp = int(series.updated_at.timestamp() * 1_000_000)
    parts = ",".join(f"{t.pk}:{live_version.load(t)[0]}" for t in tournaments)
    return f"{stamp}-{zlib.crc32(parts.encode()):x}"


def _entry_results(tournament: Tournament) -> list[scoring.EntryResult]:
    standing = compute_standings(tournament)
    return [
        scoring.EntryResult(
            tournament=tournament.pk,
            player=player,
            place=row.place,
            round_reached=row.round_reached,
        )
        for row in standing.entries
        # a team's result counts for each of its two players (the series ranks people)
        for player in (
            (row.entry.player_id, row.entry.team.second_id) if row.entry.team_id else (row.player.pk,)
        )
    ]


def compute_series_standings(series: Series, *, use_cache: bool = True) -> SeriesStandings:
    """The series standings as they stand now (from the cache while nothing changed)."""
    tournaments = series_tournaments(series)
    key = f"series:{series.pk}:{version(series, tournaments)}"
    if use_cache:
        cached = cache.get(key)
        if cached is not None:
            return cached
    columns = [
        TournamentColumn(t, tournament_phase(t) == "finished", index=i)
        for i, t in enumerate(tournaments, start=1)
    ]
    entries: list[scoring.EntryResult] = []
    for column in columns:
        if column.finished:
            entries.extend(_entry_results(column.tournament))
    rule = series.rule
    player_ids = {e.player for e in entries}
    players = {p.pk: p for p in Player.objects.filter(pk__in=player_ids)}
    rows_data = scoring.standings(
        [c.tournament.pk for c in columns if c.finished],
        entries,
        rule,
        names={pk: p.name for pk, p in players.items()},
    )
    column_of = {c.tournament.pk: c for c in columns}
    rows = [
        StandingRow(
            rank=r.rank,
            shared=r.shared,
            player=players[r.player],
            points=r.points,
            cells=[
                ResultCell(column_of[x.tournament], x.place, x.rounds, x.points, x.counted)
                for x in r.results
            ],
        )
        for r in rows_data
    ]
    result = SeriesStandings(series=series, columns=columns, rows=rows, rule=rule)
    if use_cache:
        cache.set(key, result, CACHE_SECONDS)
    return result


def find_series(key) -> Series:
    """A series by id (for the command line)."""
    key = str(key).strip()
    pk = parse_id(key)
    series = Series.objects.filter(pk=pk).first() if pk else None
    if series is None:
        raise SeriesError(_("There is no series with id %(id)s.") % {"id": key}, "not_found")
    return series
