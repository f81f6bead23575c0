"""Figures for the ratings (issue 35), on SQLite in a temporary database.

    nice -n 10 .venv/bin/python bench/rating.py [--tournaments 100] [--field 128] [--big 1024]

1. The recomputation of ``--tournaments`` finished tournaments of ``--field`` entries
   (players drawn from one register of 3 x field people, so most play many): the time of
   ``ratings.services.recompute()`` (what ``manage.py ratings recompute`` does), as a
   ratio to the standings of the same tournaments computed one by one in the same run.
2. The rating update for one finished tournament of ``--big`` entries played after them
   (``ensure_current`` after its results marked it stale: the ratings before it read, its
   matches rated, its snapshots written), as a ratio to its standings computation.

The first tournament of each size is played through the services; the others repeat its
rounds and results with other players (bulk inserts: building 100 tournaments through
the services would take minutes and measure nothing of the ratings).
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

from ratings import services as ratings  # noqa: E402
from ratings.models import Snapshot, Stale  # noqa: E402
from tournaments import services  # noqa: E402
from tournaments.models import Entry, Outcome, Pairing, Player, Round  # noqa: E402
from tournaments.standings import compute_standings  # noqa: E402


def played(field: int, players: list[Player], rng: random.Random, day: int):
    """A tournament played through the services (the pattern the copies repeat)."""
    t = services.create_tournament(
        name=f"Muster {field}",
        date=datetime.date(2026, 1, 1) + datetime.timedelta(days=day),
        field_size=field,
        max_entries_per_player=1,
        seed=rng.randrange(2**40),
    )
    Entry.objects.bulk_create(
        Entry(tournament=t, player=p, number=i + 1, paid=True) for i, p in enumerate(players)
    )
    while services.tournament_phase(t) != "finished":
        rnd = services.release_round(services.draw_next_round(t, seed=rng.randrange(2**40)))
        for p in rnd.pairings.filter(outcome=Outcome.OPEN):
            services.record_result(
                p, winner=rng.choice(["left", "right"]), score=(2, rng.randrange(2))
            )
    return t


def copy(pattern, players: list[Player], rng: random.Random, day: int):
    """A tournament with the pattern's rounds and results, held by ``players``."""
    t = services.create_tournament(
        name=f"Turnier {day}",
        date=datetime.date(2026, 1, 1) + datetime.timedelta(days=day),
        field_size=pattern.field_size,
        max_entries_per_player=1,
        seed=pattern.seed,
    )
    entries = Entry.objects.bulk_create(
        Entry(tournament=t, player=p, number=i + 1, paid=True) for i, p in enumerate(players)
    )
    by_number = {e.number: e for e in entries}
    numbers = dict(Entry.objects.filter(tournament=pattern).values_list("pk", "number"))
    rounds = {}
    for r in Round.objects.filter(tournament=pattern):
        rounds[r.pk] = Round.objects.create(
            tournament=t, number=r.number, stage=r.stage, status=r.status, seed=r.seed
        )
    Pairing.objects.bulk_create(
        Pairing(
            round=rounds[p.round_id],
            bracket=p.bracket,
            number=p.number,
            left=by_number[numbers[p.left_id]],
            right=by_number[numbers[p.right_id]] if p.right_id else None,
            outcome=p.outcome,
            winner=p.winner,
            winner_bummerl=p.winner_bummerl,
            loser_bummerl=p.loser_bummerl,
        )
        for p in Pairing.objects.filter(round__tournament=pattern)
    )
    return t


def timed(function, runs: int) -> float:
    start = time.perf_counter()
    for _ in range(runs):
        function()
    return (time.perf_counter() - start) / runs


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tournaments", type=int, default=100)
    parser.add_argument("--field", type=int, default=128)
    parser.add_argument("--big", type=int, default=1024)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    rng = random.Random(35)
    Player.objects.bulk_create(Player(name=f"Spieler {i}") for i in range(3 * args.field))
    pool = list(Player.objects.all())
    start = time.perf_counter()
    pattern = played(args.field, rng.sample(pool, args.field), rng, 0)
    tournaments = [pattern] + [
        copy(pattern, rng.sample(pool, args.field), rng, 7 * n) for n in range(1, args.tournaments)
    ]
    print(
        f"(building {args.tournaments} tournaments of {args.field} took "
        f"{time.perf_counter() - start:.1f} s)"
    )

    compute_standings(tournaments[-1])  # warm up
    baseline = timed(lambda: [compute_standings(t) for t in tournaments], args.runs)
    recompute = timed(ratings.recompute, args.runs)
    before = list(Snapshot.objects.values_list("rating", flat=True).order_by("pk"))
    matches = Pairing.objects.filter(outcome=Outcome.PLAYED, right__isnull=False).count()
    print(
        f"recompute {args.tournaments} x {args.field} entries ({matches} matches, "
        f"{Snapshot.objects.count()} ratings):"
    )
    print(f"  standings of the tournaments one by one (baseline): {baseline * 1000:8.1f} ms")
    print(
        f"  ratings.recompute():                                {recompute * 1000:8.1f} ms"
        f"  ({recompute / baseline:.2f} x the baseline)"
    )

    start = time.perf_counter()
    big_players = [Player(name=f"Gast {i}") for i in range(args.big - len(pool))]
    Player.objects.bulk_create(big_players)
    big_pool = pool + list(Player.objects.filter(name__startswith="Gast"))
    rng.shuffle(big_pool)
    big = played(args.big, big_pool[: args.big], rng, 7 * args.tournaments + 7)
    print(f"(playing the {args.big}-entry tournament took {time.perf_counter() - start:.1f} s)")
    compute_standings(big)
    standings = timed(lambda: compute_standings(big), args.runs)

    def update():
        Snapshot.objects.filter(tournament=big).delete()
        ratings.mark_stale(big.pk, big.date)
        ratings.ensure_current()

    Stale.objects.all().delete()
    update_time = timed(update, args.runs)
    rated = Snapshot.objects.filter(tournament=big).count()
    print(f"rating update for one tournament of {args.big} entries ({rated} players rated):")
    print(f"  its standings (baseline):                           {standings * 1000:8.1f} ms")
    print(
        f"  ensure_current() after its results changed:        {update_time * 1000:8.1f} ms"
        f"  ({update_time / standings:.2f} x the baseline)"
    )
    after = list(
        Snapshot.objects.exclude(tournament=big).values_list("rating", flat=True).order_by("pk")
    )
    print(f"  earlier ratings unchanged by the update: {sorted(after) == sorted(before)}")


if __name__ == "__main__":
    main()
