"""Figures for the public pages, on SQLite in a temporary database.

    .venv/bin/python bench/web.py [--seconds 5] [--concurrency 8] [--workers 2]
    .venv/bin/python bench/web.py --redis-url redis://127.0.0.1:6379/6   # the Redis cache

Builds tournaments of 64 and of 1024 entries (round 1 released, half of its results
entered), then prints:

- in-process (Django's test client): the public page's time right after a change
  (rendered afresh, with its SQL queries) and from the cache; the SQL queries of an
  unchanged live poll and of a cached page (goal 0);
- the bytes sent per change: what a phone with the page open receives when something
  changes (the pushed version, then the changed sections, gzip-compressed), next to the
  whole page without and with compression;
- under load: uvicorn (ASGI, ``--workers``) on the same database and cache, requests per
  second of the public page, of the projector and of the live poll (unchanged, as every
  open phone sends it when its socket is down) at both sizes, as a ratio to a trivial page
  (``/healthz``) of the same server in the same run (goal at least 0.5).

The cache is the embedded default (files shared by every process) unless --redis-url
is given. The load generator runs on the same machine and takes part of its CPU.
"""

import argparse
import gzip
import json
import os
import random
import signal
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
os.environ["DJANGO_CACHE_DIR"] = f"{_tmp.name}/cache"
os.environ["DJANGO_CACHE_PREFIX"] = f"bench-web-{os.getpid()}"
if "--redis-url" in sys.argv:
    os.environ["REDIS_URL"] = sys.argv[sys.argv.index("--redis-url") + 1]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "schnapsen_site.settings")

import django  # noqa: E402

django.setup()

import datetime  # noqa: E402

from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from tournaments import live_version, services  # noqa: E402
from tournaments.models import Outcome, Player  # noqa: E402


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


def count_queries(fn) -> int:
    statements = []

    def count(execute, sql, params, many, context):
        statements.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        fn()
    return len(statements)


def in_process(tournament, repeat: int = 20) -> dict:
    client = Client(SERVER_NAME="localhost", headers={"accept-encoding": "gzip"})
    page = reverse("public:tournament", args=[tournament.pk])
    live = reverse("public:live", args=[tournament.pk])
    fresh, queries = [], 0
    player = Player.objects.filter(entries__tournament=tournament).first()
    for i in range(repeat):
        player.name = f"{player.name.split(' #')[0]} #{i}"
        player.save()  # a change: a new version
        start = time.perf_counter()
        n = count_queries(lambda: client.get(page))
        fresh.append(time.perf_counter() - start)
        queries = max(queries, n)
    cached = []
    for _ in range(repeat):
        start = time.perf_counter()
        client.get(page)
        cached.append(time.perf_counter() - start)
    version = live_version.current(tournament.pk)[0]
    unchanged = count_queries(lambda: client.get(live, {"view": "page", "since": version}))
    page_queries = count_queries(lambda: client.get(page))
    zipped = client.get(page).content
    plain = gzip.decompress(zipped)
    sections = client.get(live, {"view": "page"}).content  # gzip, as a phone gets it
    push = len(json.dumps({"version": version}))
    return {
        "fresh": statistics.median(fresh),
        "fresh_queries": queries,
        "cached": statistics.median(cached),
        "unchanged_queries": unchanged,
        "page_queries": page_queries,
        "page_bytes": len(plain),
        "page_gzip": len(zipped),
        "change_bytes": len(sections) + push,
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def load(url: str, seconds: float, concurrency: int) -> tuple[float, int]:
    """Requests per second from ``concurrency`` threads for ``seconds``; and errors."""
    done = [0] * concurrency
    errors = [0] * concurrency
    stop = time.monotonic() + seconds
    headers = {"Accept-Encoding": "gzip"}

    def worker(slot):
        while time.monotonic() < stop:
            try:
                request = urllib.request.Request(url, headers=headers)
                with urllib.request.urlopen(request, timeout=30) as response:
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
    # a SIGTERM stops the servers too (the finally below)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--redis-url", default="", help="use Redis as the cache")
    args = parser.parse_args()

    call_command("migrate", verbosity=0)
    cache.clear()
    tournaments = {n: build(n, seed=n) for n in (64, 1024)}
    kind = "Redis" if args.redis_url else "file (embedded default)"
    print(f"in-process (Django's test client, median of 20), cache: {kind}")
    for n, tournament in tournaments.items():
        f = in_process(tournament)
        print(
            f"  {n:5d} entries: page after a change {f['fresh'] * 1000:6.1f} ms "
            f"({f['fresh_queries']} SQL queries), from the cache {f['cached'] * 1000:5.2f} ms "
            f"({f['page_queries']} queries); unchanged poll: {f['unchanged_queries']} queries"
        )
        print(
            f"                 bytes per change (push + changed sections, gzip): "
            f"{f['change_bytes'] / 1024:6.1f} KiB; whole page {f['page_bytes'] / 1024:6.1f} KiB,"
            f" gzip {f['page_gzip'] / 1024:5.1f} KiB"
        )

    port = free_port()
    env = {
        **os.environ,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "bench-only-" + "x" * 50,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_STATIC_ROOT": str(Path(_tmp.name) / "static"),
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "schnapsen_site.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            str(args.workers),
            "--log-level",
            "warning",
            "--no-access-log",
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        print(
            f"uvicorn, {args.workers} workers, {args.concurrency} concurrent clients, "
            f"{args.seconds:.0f} s each, {os.cpu_count()} cores shared with the load generator:"
        )
        trivial, errors = load(base + "/healthz", args.seconds, args.concurrency)
        print(f"  trivial page /healthz:                {trivial:8.1f} req/s ({errors} errors)")
        for n, tournament in tournaments.items():
            version = live_version.current(tournament.pk)[0]
            targets = {
                "public page": reverse("public:tournament", args=[tournament.pk]),
                "projector": reverse("public:projector", args=[tournament.pk]),
                "live poll, unchanged": reverse("public:live", args=[tournament.pk])
                + f"?view=page&since={version}",
            }
            for name, path in targets.items():
                urllib.request.urlopen(base + path).read()  # rendered once, before the load
                rps, errors = load(base + path, args.seconds, args.concurrency)
                print(
                    f"  {name + f', {n} entries:':38s}{rps:8.1f} req/s ({errors} errors): "
                    f"ratio {rps / trivial:.2f}"
                )
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)


if __name__ == "__main__":
    main()
