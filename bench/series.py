"""Figures for the season series, on SQLite in a temporary database.

    .venv/bin/python bench/series.py [--tournaments 12] [--field 128]

Builds that many finished tournaments (players drawn from one shared register of
3 × field people, so most play several), puts them in a series, and prints the time to
compute the series standings without the cache, with it, and, as the baseline measured
in the same run, the time to compute the standings of all those tournaments one by one
(which the series needs anyway); the ratio says what the series adds. Also the SQL
queries of one computation (a fixed number per tournament).
"""

import argparse
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

from series import services as series  # noqa: E402
from tournaments import services  # noqa: E402
from tournaments.models import Entry, Outcome, Player  # noqa: E402
from tournaments.standings import compute_standings  # noqa: E402


def finished(field: int, pool: list[Player], rng: random.Random, n: int):
    t = services.create_tournament(
        name=f"Turnier {n}",
        date=datetime.date(2026, 1, 1) + datetime.timedelta(days=7 * n),
        field_size=field,
        max_entries_per_player=2,
        seed=rng.randrange(2**40),
    )
    Entry.objects.bulk_create(
        Entry(tournament=t, player=p, number=i + 1, paid=True)
        for i, p in enumerate(rng.sample(pool, field))
    )
    while services.tournament_phase(t) != "finished":
        rnd = services.release_round(services.draw_next_round(t, seed=rng.randrange(2**40)))
        for p in rnd.pairings.filter(outcome=Outcome.OPEN):
            services.record_result(
                p, winner=rng.choice(["left", "right"]), score=(2, rng.randrange(2))
            )
    return t


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tournaments", type=int, default=12)
    parser.add_argument("--field", type=int, default=128)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    rng = random.Random(15)
    Player.objects.bulk_create(Player(name=f"Spieler {i}") for i in range(3 * args.field))
    pool = list(Player.objects.all())
    start = time.perf_counter()
    tournaments = [finished(args.field, pool, rng, n) for n in range(args.tournaments)]
    print(f"(building {args.tournaments} tournaments of {args.field} took "
          f"{time.perf_counter() - start:.1f} s)")
    cup = series.create_series("Bench-Cup", best_of=max(1, args.tournaments // 2))
    for t in tournaments:
        series.add_tournament(cup, t)

    runs = 5
    series.compute_series_standings(cup, use_cache=False)  # warm up
    start = time.perf_counter()
    for _ in range(runs):
        for t in tournaments:
            compute_standings(t)
    baseline = (time.perf_counter() - start) / runs
    start = time.perf_counter()
    for _ in range(runs):
        rows = series.compute_series_standings(cup, use_cache=False).rows
    uncached = (time.perf_counter() - start) / runs
    series.compute_series_standings(cup)
    start = time.perf_counter()
    for _ in range(runs):
        series.compute_series_standings(cup)
    cached = (time.perf_counter() - start) / runs
    counted = []

    def count(execute, sql, params, many, context):
        counted.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        series.compute_series_standings(cup, use_cache=False)
    uncached_queries = len(counted)
    counted.clear()
    with connection.execute_wrapper(count):
        series.compute_series_standings(cup)
    cached_queries = len(counted)
    print(f"series standings, {args.tournaments} x {args.field} entries, {len(rows)} players:")
    print(f"  the tournaments' standings one by one (baseline): {baseline * 1000:8.1f} ms")
    print(f"  the series standings, not cached:                 {uncached * 1000:8.1f} ms"
          f"  ({uncached / baseline:.2f} x the baseline)")
    print(f"  the series standings, from the cache:             {cached * 1000:8.1f} ms"
          f"  ({cached / baseline:.3f} x the baseline)")
    print(f"  SQL queries, not cached / from the cache:         {uncached_queries:4d} / "
          f"{cached_queries}")


if __name__ == "__main__":
    main()
