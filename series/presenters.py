"""The series' rule and standings in words and as JSON (translated)."""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.public_names import public_player

from . import scoring
from .services import SeriesStandings


def public_standings(standings: SeriesStandings) -> SeriesStandings:
    """The standings as the series' public page, PDF and the open API show them: a player
    who asked to be left out of public pages (``Player.name_public``) keeps his rank, points
    and results under the placeholder, without his town (``public_names``). A copy: the
    cached standings stay as they are (the command line names everybody)."""
    return replace(
        standings, rows=[replace(r, player=public_player(r.player)) for r in standings.rows]
    )


def points_text(rule: scoring.PointsRule) -> str:
    """ "1. 25 · 2. 20 · 3. 16 … below: 0" or "round 1: 1 · round 2: 2 …"."""
    if rule.kind == scoring.PLACES:
        table = " · ".join(f"{i}. {p}" for i, p in enumerate(rule.points, start=1))
        return _("Points per final place: %(table)s; every place below: %(rest)d.") % {
            "table": table,
            "rest": rule.rest,
        }
    table = " · ".join(
        _("round %(n)d: %(points)d") % {"n": i, "points": p}
        for i, p in enumerate(rule.points, start=1)
    )
    return _(
        "Points per round reached (the winner counts one round more than the final): "
        "%(table)s; further rounds as the last."
    ) % {"table": table}


def best_of_text(rule: scoring.PointsRule, tournaments: int) -> str:
    if rule.best_of is None:
        return ngettext(
            "Every result counts (%(m)d tournament).",
            "Every result counts (%(m)d tournaments).",
            tournaments,
        ) % {"m": tournaments}
    return ngettext(
        "The best %(n)d result of %(m)d tournaments counts.",
        "The best %(n)d results of %(m)d tournaments count.",
        rule.best_of,
    ) % {"n": rule.best_of, "m": tournaments}


def tie_text() -> str:
    return _(
        "Ties: more points counted; then countback (the counted results compared from the "
        "best down); then more points of all results; otherwise the place is shared."
    )


def once_text() -> str:
    return _("A player with several entries in a tournament scores once, with his best.")


def finished_text() -> str:
    return _("Only finished tournaments count; a running one counts once it is finished.")


def rule_lines(standings: SeriesStandings) -> list[str]:
    return [
        points_text(standings.rule),
        best_of_text(standings.rule, len(standings.columns)),
        once_text(),
        tie_text(),
        finished_text(),
    ]


def as_json(standings: SeriesStandings) -> dict:
    s = standings.series
    return {
        "series": s.pk,
        "name": s.name,
        "season": s.season,
        "club": s.club.name if s.club_id else None,
        "rule": {
            "scheme": standings.rule.kind,
            "points": list(standings.rule.points),
            "rest_points": standings.rule.rest,
            "best_of": standings.rule.best_of,
            "ties": list(scoring.TIE_RULE),
        },
        "tournaments": [
            {
                "id": c.tournament.pk,
                "name": c.tournament.name,
                "date": c.tournament.date.isoformat(),
                "club": c.tournament.club.name,
                "finished": c.finished,
            }
            for c in standings.columns
        ],
        "standings": [
            {
                "rank": r.rank,
                "shared": r.shared,
                "player": r.player.name,
                "town": r.player.town,
                "player_id": r.player.pk,
                "points": r.points,
                "results": [
                    {
                        "tournament": c.column.tournament.pk,
                        "place": c.place,
                        "rounds": c.rounds,
                        "points": c.points,
                        "counted": c.counted,
                    }
                    for c in r.cells
                ],
            }
            for r in standings.rows
        ],
    }
