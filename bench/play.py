#!/usr/bin/env python
"""Many games at once against real servers: the action round trip, the time until the
opponent's page shows the move (pushed over its WebSocket, then fetched), the computer's
reply time, and the saturated actions per second as a ratio to a trivial page.

Starts uvicorn (``--workers``) and task workers on a fresh database (SQLite in a
temporary directory, or the PostgreSQL database given with --database-url, dropped and
re-created) with Redis as cache and channel layer (--redis-url; pushes cross the worker
processes), creates the games (two human seats each, driven like two browsers: each seat
has its socket open; the seat to move sends its action with its sequence number, the
other seat fetches its view when the push arrives) and a few matches against the
computer, then plays them:

- at a human pace (0.5 to 1.5 s between a push and the next action) for --seconds, for
  each --games count (default 64 and 256);
- without pauses, for the first --games count: actions per second, next to the requests
  per second of a trivial page (``/healthz``) of the same servers with as many clients.

With --embedded, the embedded default instead, as ``./dev.sh start`` runs it (one
uvicorn process and a task worker told the server's address, SQLite, no Redis): a person
plays two-player matches, tables of four (three computers) and tables of three (two
computers) at a human pace, next to matches of two people; each move from its storing
(``created_at``) until it is pushed to a person's page: the computer's moves, relayed by
the server, as a ratio to the people's moves pushed by the server itself (the baseline,
the same run), and the person's move until the computer's answer is pushed.

    .venv/bin/python bench/play.py --redis-url redis://127.0.0.1:6379/6
    .venv/bin/python bench/play.py --redis-url redis://127.0.0.1:6379/6 \\
        --database-url postgres://postgres@127.0.0.1:5432/schnapsen_bench
    .venv/bin/python bench/play.py --embedded
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import tempfile
import time

import httpx
from play_common import (
    CLOSED,
    ROOT,
    free_port,
    make_matches,
    manage,
    run,
    summary,
    trivial_rps,
)
from play_embedded import embedded


def main() -> None:
    # a SIGTERM stops the servers too (the finally below)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, nargs="+", default=[64, 256])
    ap.add_argument("--computer-games", type=int, default=8)
    ap.add_argument("--computer-level", default="medium")
    ap.add_argument("--seconds", type=float, default=25, help="per run")
    ap.add_argument("--workers", type=int, default=2, help="uvicorn worker processes")
    ap.add_argument("--task-workers", type=int, default=1)
    ap.add_argument("--database-url", default="", help="PostgreSQL URL (dropped and re-created)")
    ap.add_argument("--redis-url", default=os.environ.get("REDIS_URL", ""))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--embedded",
        action="store_true",
        help="the embedded default as ./dev.sh start runs it (SQLite, no Redis) instead",
    )
    ap.add_argument("--embedded-games", type=int, default=4, help="of each kind, --embedded")
    args = ap.parse_args()
    if args.embedded:
        embedded(args)
        return
    if not args.redis_url:
        sys.exit("--redis-url is needed: pushes cross the server's worker processes through it")

    tmp = tempfile.mkdtemp(prefix="schnapsen-bench-")
    db_url = args.database_url or f"sqlite:///{tmp}/bench.sqlite3"
    env = dict(
        os.environ,
        DATABASE_URL=db_url,
        REDIS_URL=args.redis_url,
        DJANGO_CACHE_PREFIX=f"bench-play-{os.getpid()}",
        # production settings (as the README's deployment), plain HTTP on the loopback
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="bench-only-" + "x" * 50,
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_STATIC_ROOT=f"{tmp}/static",
        DJANGO_LOG_LEVEL=os.environ.get("BENCH_LOG_LEVEL", "ERROR"),
        PYTHONPATH=str(ROOT),
    )
    env.pop("DJANGO_SETTINGS_MODULE", None)
    if args.database_url:
        from pgdb import fresh_database

        fresh_database(args.database_url)
    manage(env, "migrate", "--noinput")
    manage(env, "collectstatic", "--noinput")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    processes = [
        subprocess.Popen(
            [
                sys.executable, "-m", "uvicorn", "schnapsen_site.asgi:application",
                "--host", "127.0.0.1", "--port", str(port), "--workers", str(args.workers),
                "--log-level", "warning", "--no-access-log",
            ],
            cwd=ROOT, env=env, start_new_session=True,
        )
    ] + [
        subprocess.Popen(
            [sys.executable, "manage.py", "db_worker", "--interval", "0.05", "--no-reload",
             "--no-startup-delay"],
            cwd=ROOT, env=env, start_new_session=True, stderr=subprocess.DEVNULL,
        )
        for _ in range(args.task_workers)
    ]
    kind = "PostgreSQL" if args.database_url else "SQLite"
    try:
        for _ in range(300):
            try:
                httpx.get(base + "/healthz", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        print(
            f"uvicorn {args.workers} workers, {args.task_workers} task worker(s), {kind}, Redis;"
            f" {os.cpu_count()} cores shared with the load generator and other work"
        )
        seed = args.seed * 100_000
        for games in args.games:
            humans = make_matches(env, games, "", seed)
            computers = make_matches(env, args.computer_games, args.computer_level, seed + 50_000)
            seed += 1000
            stats, wall = asyncio.run(
                run(base, humans, computers, (0.5, 1.5), args.seconds, args.seed)
            )
            print(
                f"{games} games + {len(computers)} against the computer ({args.computer_level}),"
                f" human pace (0.5-1.5 s), {wall:.0f} s: {stats.actions} human-game actions"
            )
            print("  " + summary("action round trip", stats.act))
            print("  " + summary("opponent's page shows the move", stats.shown))
            print("  " + summary("computer's reply (pushed)", stats.computer))
            if stats.polled:
                print(f"  {stats.polled} moves seen only by the page's poll (no push in 15 s)")
            if stats.errors:
                print(f"  {len(stats.errors)} errors, e.g. {stats.errors[:3]}")
        games = args.games[0]
        humans = make_matches(env, games, "", seed)
        stats, wall = asyncio.run(run(base, humans, [], None, args.seconds / 2, args.seed))
        trivial = asyncio.run(trivial_rps(base, games, 5))
        rate = stats.actions / wall
        print(f"{games} games without pauses, {wall:.0f} s: {stats.actions} actions")
        print("  " + summary("action round trip", stats.act))
        print("  " + summary("opponent's page shows the move", stats.shown))
        print(
            f"  saturated: {rate:.1f} actions/s; trivial page with {games} clients:"
            f" {trivial:.1f} req/s; ratio {rate / trivial:.3f}"
        )
        if stats.polled:
            print(f"  {stats.polled} moves seen only by the page's poll (no push in 15 s)")
        if stats.errors:
            print(f"  {len(stats.errors)} errors, e.g. {stats.errors[:3]}")
        if CLOSED:
            print(f"  {len(CLOSED)} sockets closed while open, e.g. {CLOSED[:2]}")
    finally:
        for p in processes:
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for p in processes:
            p.wait(30)


if __name__ == "__main__":
    main()
