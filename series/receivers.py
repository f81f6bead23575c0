"""The series app's answers to the tournaments app (``tournaments.signals``), which does
not import it. Connected by ``SeriesConfig.ready``.

- the demo's season (``demo_season``): the season series "Donau-Cup" over the demo's two
  finished tournaments and the main one;
- a player's data (``player_data``): his places in the series of the tournaments the
  asking club may see.
"""

import datetime

from clubs.services import club_for_name
from tournaments import signals
from tournaments.demo import DEMO_CLUB

from . import services
from .models import Series


def _player_data(sender, *, player, tournaments, **kwargs):
    rows = []
    for series in Series.objects.filter(tournaments__in=tournaments).distinct().order_by("pk"):
        standings = services.compute_series_standings(series)
        for row in standings.rows:
            if row.player.pk == player.pk:
                rows.append(
                    {
                        "series": series.name,
                        "season": series.season,
                        "rank": row.rank,
                        "points": str(row.points),
                    }
                )
    return {"series": rows}


def _demo_season(sender, *, main, finished, **kwargs):
    series = services.create_series(
        "Donau-Cup",
        season=str(datetime.date.today().year),
        club=club_for_name(DEMO_CLUB),
        best_of=2,
    )
    for t in (*finished, main):
        services.add_tournament(series, t)
    return series


def connect() -> None:
    signals.demo_season.connect(_demo_season, dispatch_uid="series.demo_season")
    signals.player_data.connect(_player_data, dispatch_uid="series.player_data")
