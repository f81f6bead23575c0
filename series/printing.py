"""The series standings as PDF (``tournaments.printing.series_standings``), with the
strings in the active language."""

from __future__ import annotations

from django.utils import formats, timezone
from django.utils.text import slugify
from django.utils.translation import pgettext

from tournaments.printing.adapters import Document, logo_bytes
from tournaments.printing.common import DocumentHeader
from tournaments.printing.series_standings import (
    SeriesData,
    SeriesLabels,
    SeriesLine,
    SeriesTournamentLine,
    build_series_standings,
)

from . import presenters
from .models import Series
from .services import SeriesStandings, compute_series_standings


def short_names(standings: SeriesStandings) -> dict[int, str]:
    """ "T1", "T2", … for the tournaments in the series' order."""
    return {c.tournament.pk: f"T{c.index}" for c in standings.columns}


def result_text(cell, short: str) -> str:
    text = f"{short} {cell.place}./{cell.points}" if cell.place else f"{short} {cell.points}"
    return text if cell.counted else f"({text})"


def series_data(standings: SeriesStandings) -> SeriesData:
    series = standings.series
    club = series.club
    shorts = short_names(standings)
    now = timezone.localtime()
    finished = standings.columns and all(c.finished for c in standings.columns)
    status = (
        pgettext("printing", "Final standings")
        if finished
        else pgettext("printing", "As of %(date)s, %(time)s")
        % {
            "date": formats.date_format(now, "SHORT_DATE_FORMAT"),
            "time": formats.time_format(now, "H:i"),
        }
    )
    return SeriesData(
        header=DocumentHeader(
            club_name=club.printed_name if club else "",
            tournament_name=str(series),
            date_text="",
            logo=logo_bytes(club.logo) if club else None,
            page_label=pgettext("printing", "Page {page} of {pages}"),
        ),
        status_text=status,
        rule_lines=presenters.rule_lines(standings),
        tournaments=[
            SeriesTournamentLine(
                short=shorts[c.tournament.pk],
                date_text=formats.date_format(c.tournament.date, "SHORT_DATE_FORMAT"),
                name=c.tournament.name,
                club=c.tournament.club.printed_name,
                finished=c.finished,
            )
            for c in standings.columns
        ],
        lines=[
            SeriesLine(
                place=f"{r.rank}.",
                player=r.player.name,
                town=r.player.town,
                points=r.points,
                results=" · ".join(result_text(c, shorts[c.column.tournament.pk]) for c in r.cells),
            )
            for r in standings.rows
        ],
        labels=SeriesLabels(
            title=pgettext("printing", "Season standings"),
            rule=pgettext("printing", "Scoring"),
            tournaments=pgettext("printing", "Tournaments"),
            standings=pgettext("printing", "Standings"),
            place=pgettext("printing", "Place"),
            player=pgettext("printing", "Player"),
            points=pgettext("printing", "Points"),
            results=pgettext("printing", "Results (place/points)"),
            not_counted=pgettext("printing", "– in brackets: not counted"),
            running=pgettext("printing", "not finished, not counted yet"),
            empty=pgettext("printing", "No results yet."),
        ),
    )


def render_series(series: Series) -> Document:
    """The public PDF: players named as the public page names them."""
    standings = presenters.public_standings(compute_series_standings(series))
    slug = slugify(str(series)) or f"series-{series.pk}"
    return Document(f"{slug}-standings.pdf", build_series_standings(series_data(standings)))
