"""Figures for the public pages, on SQLite in a temporary database.

    .venv/bin/python bench/web.py [--seconds 5] [--concurrency 8]

Prints, for tournaments of 64 and of 1024 entries (round 1 released, half of
its results entered), the public page's median time in-process (Django's test
client, 30 requests) right after a change (rendered afresh) and from the cache
(no change since), and its number of SQL queries; then starts gunicorn on the
same database and measures requests per second under a concurrent load, for the
public page of the 1024-entry tournament and for a trivial page (``/healthz``)
served by the same server in the same run. The ratio of the two is the figure:
it says how much of the server's capacity the public page costs.
The load generator runs on the same machine and takes part of its CPU.
"""

import argparse
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
_tmp = tempfile.TemporaryDirectory()
DB_URL = f"sqlite:///{_tmp.name}/bench.sqlite3"
os.environ["DATABASE_URL"] = DB_URL
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "schnapsen_site.settings")

import django  # noqa: E402

django.setup()

import datetime  # noqa: E402

from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from tournaments import services  # noqa: E402
from tournaments.models import Outcome  # noqa: E402


def build(entries: int, seed: int):
    rng = random.Random(seed)
    tournament = services.create_tournament(
        name=f"Bench {entries}",
        date=datetime.date(2026, 12, 5),
        field_size=entries,
        max_entries_per_player=4,
        seed=seed,
    )
    sold = 0
    index = 0
    while sold < entries:
        count = min(rng.choice([1, 1, 1, 2, 2, 3]), entries - sold)
        player = services.find_or_register_player(f"Spieler {entries}-{index:04d}", town="Wien")
        services.sell_entries(tournament, player, count, paid=True)
        sold += count
        index += 1
    rnd = services.release_round(services.draw_next_round(tournament, seed=seed))
    open_pairings = list(rnd.pairings.filter(outcome=Outcome.OPEN).order_by("number"))
    for pairing in open_pairings[: len(open_pairings) // 2]:
        services.record_result(pairing, winner=rng.choice(["left", "right"]), score=(2, 1))
    return tournament


def in_process(url: str, repeat: int = 30) -> tuple[float, int]:
    """Median time of an uncached request (cache cleared each time), and its SQL count."""
    client = Client(SERVER_NAME="localhost")
    statements = []

    def count(execute, sql, params, many, context):
        statements.append(sql)
        return execute(sql, params, many, context)

    cache.clear()
    with connection.execute_wrapper(count):
        assert client.get(url).status_code == 200
    times = []
    for _ in range(repeat):
        cache.clear()
        start = time.perf_counter()
        response = client.get(url)
        times.append(time.perf_counter() - start)
        assert response.status_code == 200
    cached = []
    for _ in range(repeat):
        start = time.perf_counter()
        client.get(url)
        cached.append(time.perf_counter() - start)
    return statistics.median(times), len(statements), statistics.median(cached)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def load(url: str, seconds: float, concurrency: int) -> tuple[float, int]:
    """Requests per second from ``concurrency`` threads for ``seconds``; and errors."""
    done = [0] * concurrency
    errors = [0] * concurrency
    stop = time.monotonic() + seconds

    def worker(slot):
        while time.monotonic() < stop:
            try:
                with urllib.request.urlopen(url, timeout=30) as response:
                    response.read()
                    if response.status == 200:
                        done[slot] += 1
                    else:
                        errors[slot] += 1
            except Exception:
                errors[slot] += 1

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(concurrency)]
    start = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(done) / (time.monotonic() - start), sum(errors)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    call_command("migrate", verbosity=0)
    tournaments = {n: build(n, seed=n) for n in (64, 1024)}
    print("public pages in-process (Django test client, median of 30):")
    for name in ("tournament", "live"):
        for n, tournament in tournaments.items():
            median, queries, cached = in_process(reverse(f"public:{name}", args=[tournament.pk]))
            print(
                f"  {name:10s} {n:5d} entries: {median * 1000:7.1f} ms after a change "
                f"({queries} SQL queries), {cached * 1000:6.1f} ms from the cache"
            )

    static_root = Path(_tmp.name) / "static"
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": DB_URL,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "bench-only-" + "x" * 50,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_STATIC_ROOT": str(static_root),
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    gunicorn = shutil.which("gunicorn", path=str(Path(sys.executable).parent)) or "gunicorn"
    server = subprocess.Popen(
        [
            gunicorn,
            "schnapsen_site.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(args.workers),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        big = tournaments[1024]
        page = base + reverse("public:tournament", args=[big.pk])
        small = base + reverse("public:tournament", args=[tournaments[64].pk])
        print(
            f"gunicorn, {args.workers} workers, {args.concurrency} concurrent clients, "
            f"{args.seconds:.0f} s each:"
        )
        trivial_rps, trivial_errors = load(base + "/healthz", args.seconds, args.concurrency)
        print(
            f"  trivial page /healthz:         {trivial_rps:8.1f} req/s ({trivial_errors} errors)"
        )
        small_rps, small_errors = load(small, args.seconds, args.concurrency)
        print(f"  public page, 64 entries:       {small_rps:8.1f} req/s ({small_errors} errors)")
        page_rps, page_errors = load(page, args.seconds, args.concurrency)
        print(f"  public page, 1024 entries:     {page_rps:8.1f} req/s ({page_errors} errors)")
        print(f"  ratio public(64) / trivial:   {small_rps / trivial_rps:.3f}")
        print(f"  ratio public(1024) / trivial: {page_rps / trivial_rps:.3f}")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
