"""The series app's answers to the tournaments app (``tournaments.signals``), which does
not import it. Connected by ``SeriesConfig.ready``.

- the demo's season (``demo_season``): the season series "Donau-Cup" over the demo's two
  finished tournaments and the main one;
- a player's data (``player_data``) and his page (``player_series``): his places in the
  series of the tournaments the asker may see.
"""

import datetime

from clubs.services import club_for_name
from tournaments import signals
from tournaments.demo import DEMO_CLUB

from . import services
from .models import Series


def series_places(player, tournaments, *, public_only: bool) -> list[dict]:
    """The player's rank and points in each series over ``tournaments`` (ids)."""
    found = Series.objects.filter(tournaments__in=tournaments).distinct().order_by("-pk")
    if public_only:
        found = found.filter(is_public=True)
    places = []
    for series in found:
        standings = services.compute_series_standings(series)
        for row in standings.rows:
            if row.player.pk == player.pk:
                                places.append(
                    {"series": series, "rank": row.rank, "points": row.points}
                )
    return places


def _player_data(sender, *, player, tournaments, **kwargs):
    return {
        "series": [
            {
                "series": p["series"].name,
                "season": p["series"].season,
                "rank": p["rank"],
                "points": str(p["points"]),
            }
            for p in series_places(player, tournaments, public_only=False)
        ]
    }


def _player_series(sender, *, player, tournaments, public_only=True, **kwargs):
    return {"series": series_places(player, tournaments, public_only=public_only)}


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
    signals.player_series.connect(_player_series, dispatch_uid="series.player_series")
