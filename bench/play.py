#!/usr/bin/env python
"""Round-trip time of one action with many games played at once against a real server.

Starts gunicorn on a fresh database (SQLite in a temporary directory, or the
PostgreSQL database given with --database-url, which is dropped and re-created),
creates --games friendly matches between two human seats, and plays them all at once:
one thread per game drives both seats like two browsers (the player to move polls
his state, then sends his action with its sequence number). It prints the median and
95th percentile of the action request's round-trip time (POST .../act).

    .venv/bin/python bench/play.py                       # 64 games, SQLite
    .venv/bin/python bench/play.py --database-url postgres://postgres@127.0.0.1:5432/schnapsen_bench
"""

from __future__ import annotations

import argparse
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
from http.cookiejar import CookieJar
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Seat:
    def __init__(self, base: str, pk: str, token: str):
        self.url = f"{base}/games/{pk}/p/{token}/"
        self.jar = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        with self.opener.open(self.url, timeout=30) as r:
            r.read()
        self.csrf = next(c.value for c in self.jar if c.name == "csrftoken")
        self.referer = base

    def state(self) -> dict:
        with self.opener.open(self.url + "state", timeout=30) as r:
            return json.load(r)

    def act(self, seq: int, action: str) -> dict:
        req = urllib.request.Request(
            self.url + "act",
            data=json.dumps({"seq": seq, "action": action}).encode(),
            headers={
                "Content-Type": "application/json",
                "X-CSRFToken": self.csrf,
                "Referer": self.referer,
            },
            method="POST",
        )
        with self.opener.open(req, timeout=30) as r:
            return json.load(r)


def play_game(base, pk, tokens, actions, seed, times, errors, start):
    try:
        seats = [Seat(base, pk, t) for t in tokens]
        rng = random.Random(seed)
        start.wait()
        done = 0
        mover = 0
        while done < actions:
            s = seats[mover].state()
            view = s.get("view")
            if s["match"]["finished"] or view is None:
                return
            if not view["legal_actions"]:
                mover = 1 - mover
                continue
            legal = [a for a in view["legal_actions"] if not a.startswith("declare")]
            action = rng.choice(legal or view["legal_actions"])
            t0 = time.perf_counter()
            got = seats[mover].act(s["match"]["next_seq"], action)
            times.append(time.perf_counter() - t0)
            if not got.get("applied"):
                errors.append(got.get("error") or "not applied")
            done += 1
            v = got.get("view")
            if v and v.get("to_move") is not None:
                mover = v["to_move"] if v["to_move"] != got["seat"] else got["seat"]
            else:
                mover = 1 - mover
    except Exception as exc:  # report, do not hide
        errors.append(repr(exc))


def manage(env, *args) -> str:
    out = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if out.returncode:
        sys.exit(out.stderr)
    return out.stdout


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=64)
    ap.add_argument("--actions", type=int, default=30, help="actions per game to time")
    ap.add_argument("--workers", type=int, default=3, help="gunicorn worker processes")
    ap.add_argument("--threads", type=int, default=8, help="threads per worker")
    ap.add_argument("--database-url", default="", help="PostgreSQL URL (dropped and re-created)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="schnapsen-bench-")
    db_url = args.database_url or f"sqlite:///{tmp}/bench.sqlite3"
    env = dict(os.environ, DATABASE_URL=db_url, DJANGO_DEBUG="1", PYTHONPATH=str(ROOT))
    env.pop("DJANGO_SETTINGS_MODULE", None)
    if args.database_url:
        import dj_database_url
        import psycopg

        cfg = dj_database_url.parse(args.database_url)
        with psycopg.connect(
            host=cfg["HOST"],
            port=cfg["PORT"] or 5432,
            user=cfg["USER"],
            password=cfg["PASSWORD"] or None,
            dbname="postgres",
            autocommit=True,
        ) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{cfg["NAME"]}"')
            conn.execute(f'CREATE DATABASE "{cfg["NAME"]}"')
    manage(env, "migrate", "--noinput")
    code = (
        "from games import services\n"
        f"for i in range({args.games}):\n"
        f"    m = services.create_friendly_match(name0='A', name1='B', seed={args.seed} * 1000 + i)\n"
        "    print('MATCH', m.pk, m.token0, m.token1)\n"
    )
    matches = [
        line.split()[1:]
        for line in manage(env, "shell", "-c", code).splitlines()
        if line.startswith("MATCH")
    ]
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "schnapsen_site.wsgi",
            "-b",
            f"127.0.0.1:{port}",
            "-k",
            "gthread",
            "--workers",
            str(args.workers),
            "--threads",
            str(args.threads),
            "--no-control-socket",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    try:
        for _ in range(300):
            try:
                with urllib.request.urlopen(base + "/games/", timeout=2):
                    break
            except OSError:
                time.sleep(0.1)
        times: list[float] = []
        errors: list[str] = []
        start = threading.Barrier(len(matches) + 1)
        threads = [
            threading.Thread(
                target=play_game,
                args=(base, pk, (t0, t1), args.actions, args.seed + i, times, errors, start),
            )
            for i, (pk, t0, t1) in enumerate(matches)
        ]
        for t in threads:
            t.start()
        start.wait()
        began = time.perf_counter()
        for t in threads:
            t.join()
        wall = time.perf_counter() - began
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(20)
    if not times:
        sys.exit(f"no action was timed; errors: {errors[:3]}")
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * len(ms))) - 1)]
    kind = "PostgreSQL" if args.database_url else "SQLite"
    print(
        f"{len(matches)} games at once on {kind}, gunicorn {args.workers}x{args.threads} threads, "
        f"{os.cpu_count()} cores: {len(ms)} actions in {wall:.1f} s"
    )
    print(f"action round trip: median {statistics.median(ms):.1f} ms, 95th percentile {p95:.1f} ms")
    if errors:
        print(f"{len(errors)} errors, e.g. {errors[:3]}")


if __name__ == "__main__":
    main()
