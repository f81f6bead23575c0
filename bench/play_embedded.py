"""bench/play.py --embedded: the embedded default as ``./dev.sh start`` runs it (one
uvicorn process and a task worker told the server's address, SQLite, no Redis); see
bench/play.py for what it measures. Run through bench/play.py."""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import random
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

import httpx
from play_common import (
    ROOT,
    Clock,
    Stats,
    free_port,
    human_game,
    manage,
    p95,
    person_game,
    summary,
)


def stored_to_pushed(db_path: str, games: list[dict], sent: dict) -> dict[str, list[float]]:
    """Each move, from its storing until a person's page other than the mover's got its
    push, by kind; and the person's move until the computer's answer was pushed."""
    out: dict[str, list[float]] = {}
    with sqlite3.connect(db_path, timeout=30) as db:
        for game in games:
            rows = db.execute(
                "SELECT seq, seat, created_at FROM games_matchaction WHERE match_id = ?",
                (int(game["pk"]),),
            ).fetchall()
            seat_at = {}
            for seq, mover, created in rows:
                seat_at[seq] = mover
                stored = dt.datetime.fromisoformat(created).replace(tzinfo=dt.UTC).timestamp()
                # the pages other than the mover's, open when the move was stored
                pages = [s for me, s in game["pages"] if me != mover and s.opened <= stored]
                got = [
                    next((t for n, t in s.received if n >= seq + 1 and t >= stored - 0.05), None)
                    for s in pages
                ]
                got = [t for t in got if t is not None]
                if got:
                    key = game["label"] if mover in game["computers"] else "person"
                    out.setdefault(key, []).append(min(got) - stored)
            for (pk, seq), t in sent.items():
                if pk != int(game["pk"]) or seat_at.get(seq + 1) not in game["computers"]:
                    continue
                page = game["pages"][0][1]
                answer = next((r for n, r in page.received if n >= seq + 2 and r >= t), None)
                if answer is not None:
                    out.setdefault("answer", []).append(answer - t)
    return out


def embedded(args) -> None:
    """The embedded default as ./dev.sh start runs it: uvicorn and a task worker told
    the server's address (pushes relayed by the server), SQLite, no Redis."""
    tmp = tempfile.mkdtemp(prefix="schnapsen-bench-embedded-")
    db_path = f"{tmp}/db.sqlite3"
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"REDIS_URL", "DJANGO_TASKS_BACKEND", "DJANGO_SETTINGS_MODULE"}
    }
    env.update(
        DATABASE_URL=f"sqlite:///{db_path}",
        DJANGO_CACHE_DIR=f"{tmp}/cache",
        DJANGO_DEBUG="1",  # as ./dev.sh start
        DJANGO_LOG_LEVEL=os.environ.get("BENCH_LOG_LEVEL", "WARNING"),
        PYTHONPATH=str(ROOT),
    )
    manage(env, "migrate", "--noinput")
    n, level = args.embedded_games, args.computer_level
    code = (
        "from games import services\n"
        "from games.services import tables\n"
        f"for i in range({n}):\n"
        f"    m = services.create_friendly_match(name0='A', bot_level='{level}', seed={args.seed} + i)\n"
        "    print('GAME p', m.pk, m.token0, 'two-player')\n"
        "    m = services.create_friendly_match(name0='A', name1='B', seed=i)\n"
        "    print('HUMANS', m.pk, m.token0, m.token1)\n"
        "    for kind, size in (('bauernschnapsen', 4), ('talonschnapsen', 3)):\n"
        "        t = tables.create_table(game_kind=kind, seed=i, seats=[{'name': 'A', 'level': ''}]\n"
        f"            + [{{'name': 'C', 'level': '{level}'}}] * (size - 1))\n"
        "        print('GAME t', t.pk, t.seats.get(index=0).token, f'table of {size}')\n"
    )
    games, humans = [], []
    for line in manage(env, "shell", "-c", code).splitlines():
        if line.startswith("GAME"):
            _, kind, pk, token, *label = line.split()
            size = 2 if kind == "p" else int(label[-1])
            games.append(
                {
                    "pk": pk,
                    "token": token,
                    "kind": kind,
                    "me": 0,
                    "label": " ".join(label),
                    "computers": set(range(1, size)),
                }
            )
        elif line.startswith("HUMANS"):
            pk, t0, t1 = line.split()[1:]
            humans.append(
                {"pk": pk, "tokens": (t0, t1), "label": "person", "computers": set(), "pages": []}
            )
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    # the two processes of ./dev.sh start, with its arguments
    processes = [
        subprocess.Popen(
            [
                sys.executable,
                "manage.py",
                "db_worker",
                "--interval",
                "0.2",
                "--no-reload",
                "--no-startup-delay",
            ],
            cwd=ROOT,
            env={**env, "DJANGO_PUSH_RELAY": base},
            start_new_session=True,
            stderr=subprocess.DEVNULL,
        ),
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "uvicorn",
                "schnapsen_site.asgi:application",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--log-level",
                "warning",
                "--no-access-log",
            ],
            cwd=ROOT,
            env=env,
            start_new_session=True,
        ),
    ]
    try:
        for _ in range(300):
            try:
                httpx.get(base + "/healthz", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        stats, sent = Stats(), {}
        pace = (0.5, 1.5)

        async def play():
            clock = Clock(len(games) + len(humans), args.seconds)
            rng = random.Random(args.seed)
            jobs = [
                person_game(base, g, pace, clock, stats, random.Random(rng.random()), sent)
                for g in games
            ] + [
                human_game(
                    base,
                    h["pk"],
                    h["tokens"],
                    pace,
                    clock,
                    stats,
                    random.Random(rng.random()),
                    pages=h["pages"],
                )
                for h in humans
            ]
            results = await asyncio.gather(*jobs, return_exceptions=True)
            stats.errors += [repr(r) for r in results if isinstance(r, Exception)]

        asyncio.run(play())
        for g in games:
            g["pages"] = [(0, g["seat"])]
        figures = stored_to_pushed(db_path, games + humans, sent)
        print(
            f"embedded default as ./dev.sh start runs it: uvicorn, a task worker (relayed"
            f" pushes), SQLite, no Redis; {os.cpu_count()} cores shared with the load generator"
        )
        print(
            f"{n} two-player matches, {n} tables of four, {n} tables of three against the"
            f" computer ({level}), {n} matches of two people; human pace (0.5-1.5 s),"
            f" {args.seconds:.0f} s"
        )
        print(
            "  a move stored -> pushed to a person's page (ratio to the baseline's median / p95):"
        )
        base_line = figures.get("person", [])
        print("    " + summary("people's moves, the server's own push (baseline)", base_line))
        for label in ("two-player", "table of 4", "table of 3"):
            values = figures.get(label, [])
            ratio = ""
            if values and base_line:
                ratio = (
                    f"; ratio {statistics.median(values) / statistics.median(base_line):.2f}"
                    f" / {p95(values) / p95(base_line):.2f}"
                )
            print("    " + summary(f"the computer's moves, relayed, {label}", values) + ratio)
        print(
            "  "
            + summary(
                "the person's move -> the computer's answer pushed", figures.get("answer", [])
            )
        )
        if stats.polled:
            print(
                f"  {stats.polled} moves seen first by the page's poll (every 1 s while the"
                " computer thinks), before their push"
            )
        if stats.errors:
            print(f"  {len(stats.errors)} errors, e.g. {stats.errors[:3]}")
    finally:
        for p in processes:
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for p in processes:
            p.wait(30)
