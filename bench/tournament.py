"""Figures for the tournament core, on SQLite in a temporary database.

    .venv/bin/python bench/tournament.py

Prints the time to draw a round of 1024 entries (the pure draw and the whole
service with its database writes), the time to compute the standings of a
finished 1024-entry tournament, and the number of SQL queries the standings take
for 64 and for 1024 entries (it must not grow with the field).
"""

import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
_tmp = tempfile.TemporaryDirectory()
os.environ["DATABASE_URL"] = f"sqlite:///{_tmp.name}/bench.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "schnapsen_site.settings")

import django  # noqa: E402

django.setup()

import datetime  # noqa: E402

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from tournaments import services  # noqa: E402
from tournaments.draw import draw_round  # noqa: E402
from tournaments.models import Entry, Outcome, Player  # noqa: E402
from tournaments.standings import compute_standings  # noqa: E402


def build(field: int, rng: random.Random):
    t = services.create_tournament(
        name=f"Bench {field}",
        date=datetime.date(2026, 1, 1),
        field_size=field,
        max_entries_per_player=3,
        seed=rng.randrange(2**40),
    )
    sold, i = 0, 0
    players, entries = [], []
    while sold < field:
        count = min(rng.choice([1, 1, 1, 2, 2, 3]), field - sold)
        player = Player(name=f"Spieler {field}-{i}", town="Bench")
        players.append((player, count))
        sold += count
        i += 1
    Player.objects.bulk_create([p for p, _ in players])
    number = 0
    for player, count in players:
        for _ in range(count):
            number += 1
            entries.append(Entry(tournament=t, player=player, number=number, paid=True))
    Entry.objects.bulk_create(entries)
    return t


def play(t, rng):
    while services.tournament_phase(t) != "finished":
        rnd = services.release_round(services.draw_next_round(t, seed=rng.randrange(2**40)))
        for p in rnd.pairings.filter(outcome=Outcome.OPEN):
            services.record_result(
                p, winner=rng.choice("left right".split()), score=(2, rng.randrange(2))
            )


def main():
    call_command("migrate", verbosity=0)
    rng = random.Random(2026)
    big = build(1024, rng)
    holders = services._holders(list(services.active_entries(big)))
    start = time.perf_counter()
    for seed in range(10):
        draw_round(holders, pot_size=512, seed=seed, multi_first=False)
    pure = (time.perf_counter() - start) / 10
    start = time.perf_counter()
    rnd = services.draw_next_round(big, seed=1)
    service = time.perf_counter() - start
    services.withdraw_round(rnd)
    print(f"draw a round of 1024 entries, pure draw_round:        {pure * 1000:8.1f} ms")
    print(f"draw a round of 1024 entries, draw_next_round (DB):   {service * 1000:8.1f} ms")

    start = time.perf_counter()
    play(big, rng)
    print(
        f"(playing the 1024-entry tournament through the services took {time.perf_counter() - start:.1f} s)"
    )
    compute_standings(big)  # warm up
    runs = 5
    start = time.perf_counter()
    for _ in range(runs):
        compute_standings(big)
    print(
        f"standings of a finished 1024-entry tournament:        {(time.perf_counter() - start) / runs * 1000:8.1f} ms"
    )

    small = build(64, rng)
    play(small, rng)
    for t in (small, big):
        with CaptureQueriesContext(connection) as ctx:
            compute_standings(t)
        print(
            f"SQL queries for the standings, {t.field_size:4d} entries:         {len(ctx.captured_queries):8d}"
        )


if __name__ == "__main__":
    main()
