"""Tournaments for the API tests: a Danish one half played, a finished Danish one with a
category, a Preisschnapsen in its first round, a non-public one, and a series."""

from __future__ import annotations

import datetime
import random

from clubs import services as clubs
from series import services as series_services
from tournaments import services
from tournaments.models import Outcome


def _players(t, count, prefix, *, category=None):
    for i in range(count):
        player = services.find_or_register_player(f"{prefix} {i + 1:02d}", town="Melk")
        services.sell_entries(
            t, player, 1, paid=True, categories=[category] if category and i % 3 == 0 else ()
        )


def _play(rnd, rng, bummerl=2):
    rnd = services.release_round(rnd)
    for p in rnd.pairings.filter(outcome=Outcome.OPEN).order_by("number"):
        services.record_result(p, winner=rng.choice(["left", "right"]), score=(bummerl, rng.randrange(bummerl)))
    return rnd


def build(today=None):
    today = today or datetime.date.today()
    rng = random.Random(5)
    club = clubs.create_club("Schnapsclub Melk")
    other = clubs.create_club("Kartenrunde Ybbs")
    running = services.create_tournament(
        name="Dänisch laufend", date=today, field_size=32, club=club, format="danish",
        danish_rounds=4, danish_rematches="avoided", prizes=[("Gans", 50)], seed=3,
    )
    _players(running, 9, "Laufend")
    _play(services.draw_next_round(running, seed=1), rng)
    services.release_round(services.draw_next_round(running, seed=2))
    finished = services.create_tournament(
        name="Dänisch fertig", date=today - datetime.timedelta(days=7), field_size=16,
        club=club, format="danish", danish_rounds=2, prizes=[("Wein", None), ("Speck", None)], seed=8,
    )
    damen = services.add_category(finished, "Damen", [("Blumen", None)])
    _players(finished, 12, "Fertig", category=damen)
    for seed in (1, 2):
        _play(services.draw_next_round(finished, seed=seed), rng)
    knockout = services.create_tournament(
        name="Preisschnapsen", date=today + datetime.timedelta(days=14), field_size=16,
        club=other, venue="Gasthaus Post", seed=9,
    )
    _players(knockout, 16, "Preis")
    services.release_round(services.draw_next_round(knockout, seed=4))
    hidden = services.create_tournament(
        name="Intern", date=today + datetime.timedelta(days=3), field_size=16, club=club,
    )
    hidden.is_public = False
    hidden.save()
    cup = series_services.create_series("Melk-Cup", club=club)
    series_services.add_tournament(cup, finished)
    return {
        "club": club, "other": other, "running": running, "finished": finished,
        "knockout": knockout, "hidden": hidden, "series": cup,
    }
