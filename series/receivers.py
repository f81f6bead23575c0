"""The series app's answers to the tournaments app (``tournaments.signals``), which does
not import it. Connected by ``SeriesConfig.ready``.

- the demo's season (``demo_season``): the season series "Donau-Cup" over the demo's two
  finished tournaments and the main one.
"""

import datetime

from clubs.services import club_for_name
from tournaments import signals
from tournaments.demo import DEMO_CLUB

from . import services


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
