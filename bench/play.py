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
import datetime as dt
import json
import os
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * len(ordered))) - 1)] if ordered else 0


def summary(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: none"
    ms = [v * 1000 for v in values]
    return (
        f"{name}: median {statistics.median(ms):6.1f} ms, 95th percentile {p95(ms):6.1f} ms"
        f" ({len(ms)})"
    )


class Stats:
    def __init__(self):
        self.act: list[float] = []
        self.shown: list[float] = []
        self.computer: list[float] = []
        self.errors: list[str] = []
        self.polled = 0  # moves a page saw only by its fallback poll (no push in time)
        self.actions = 0


class Seat:
    """One browser: its HTTP client (cookies: the CSRF token) and its socket."""

    def __init__(self, client: httpx.AsyncClient, base: str, pk: str, token: str, kind="p"):
        self.client = client
        self.path = f"/games/{pk}/{kind}/{token}/"  # p: a two-player match, t: a table
        # the page's language (the server's default, as httpx sends no Accept-Language):
        # the push then carries this seat's new view
        self.ws_url = base.replace("http://", "ws://") + f"/ws{self.path}?lang=de-at"
        self.origin = base
        self.seq = -1
        self.payload = None  # the view that came with the last push, if any
        self.pushed_views = 0
        self.changed = asyncio.Event()
        self.closing = False
        self.received: list[tuple[int, float]] = []  # (next_seq, wall clock) of each push

    async def open(self):
        page = await self.client.get(self.path)
        # production sets the CSRF cookie Secure; over the loopback's plain HTTP the
        # client sends it only as a plain cookie, as a browser behind TLS would send it
        self.csrf = page.cookies.get("csrftoken", "")
        self.client.cookies.clear()
        self.client.cookies.set("csrftoken", self.csrf)
        self.ws = await websockets.connect(self.ws_url, origin=self.origin, open_timeout=30)
        self.opened = time.time()
        self.listener = asyncio.create_task(self.listen())

    async def listen(self):
        try:
            async for message in self.ws:
                data = json.loads(message)
                self.received.append((data["next_seq"], time.time()))
                if data["next_seq"] >= self.seq:
                    self.payload = data.get("payload")
                self.seq = max(self.seq, data["next_seq"])
                self.pushed_at = time.perf_counter()
                self.changed.set()
        except websockets.ConnectionClosed as exc:
            if not self.closing:
                CLOSED.append(repr(exc))

    async def state(self) -> dict:
        return (await self.client.get(self.path + "state")).json()

    async def shown(self, seq: int) -> dict:
        """What the page shows once move ``seq`` is pushed: the pushed view, else fetched."""
        p = self.payload
        if p is not None and p["match"]["next_seq"] >= seq:
            self.pushed_views += 1
            return p
        return await self.state()

    async def act(self, seq: int, action: str) -> dict:
        r = await self.client.post(
            self.path + "act",
            content=json.dumps({"seq": seq, "action": action}),
            headers={"Content-Type": "application/json", "X-CSRFToken": self.csrf},
        )
        return r.json()

    async def close(self):
        self.closing = True
        await self.ws.close()
        self.listener.cancel()


async def wait_seq(seat: Seat, seq: int, stats: Stats, timeout: float = 60, poll=None) -> None:
    """Until the page has seen move ``seq``: pushed, or, as the page does while its socket
    is open, by the poll every 15 s (``poll``: while the computer thinks on the embedded
    default, 1 s) (counted: a push that did not come)."""
    poll = poll or POLL_WITH_SOCKET
    deadline = time.perf_counter() + timeout
    while seat.seq < seq:
        seat.changed.clear()
        if seat.seq >= seq:
            break
        left = deadline - time.perf_counter()
        if left <= 0:
            raise TimeoutError(f"move {seq} not seen in {timeout:.0f} s")
        try:
            await asyncio.wait_for(seat.changed.wait(), min(poll, left))
        except TimeoutError:
            data = await seat.state()
            if data["match"]["next_seq"] >= seq:
                stats.polled += 1
                seat.payload = data
                seat.seq = max(seat.seq, data["match"]["next_seq"])


#: sockets that closed while their page was open (the page would reconnect)
CLOSED: list[str] = []

#: the page's poll while its socket is open (static/games/live.js)
POLL_WITH_SOCKET = 15
#: the page's poll while the computer thinks, socket open, on the embedded default
POLL_WHILE_THINKING = 1


class Clock:
    """Every game opens its pages first; the timed run starts when all are open."""

    def __init__(self, parties: int, seconds: float):
        self.barrier = asyncio.Barrier(parties)
        self.seconds = seconds
        self.stop = 0.0
        self.start = 0.0

    async def ready(self):
        if await self.barrier.wait() == 0:
            self.start = time.perf_counter()
            self.stop = self.start + self.seconds
        await asyncio.sleep(0)


async def human_game(base, pk, tokens, pace, clock: Clock, stats: Stats, rng, pages=None):
    """Two human seats; the seat to move acts after a pause; the other seat shows it
    (``pages``: a list that gets the two seats)."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as c0, httpx.AsyncClient(
        base_url=base, timeout=60
    ) as c1:
        seats = [Seat(c0, base, pk, tokens[0]), Seat(c1, base, pk, tokens[1])]
        if pages is not None:
            pages.extend(enumerate(seats))
        for s in seats:
            await s.open()
        await clock.ready()
        try:
            data = await seats[0].state()
            while time.perf_counter() < clock.stop and not data["match"]["finished"]:
                view = data["view"]
                mover = view["to_move"]
                data = await seats[mover].state() if data.get("seat") != mover else data
                view = data["view"]
                legal = [a for a in view["legal_actions"] if not a.startswith("declare")]
                action = rng.choice(legal or view["legal_actions"])
                if pace:
                    await asyncio.sleep(rng.uniform(*pace))
                seq = data["match"]["next_seq"]
                other = seats[1 - mover]
                t0 = time.perf_counter()
                got = await seats[mover].act(seq, action)
                stats.act.append(time.perf_counter() - t0)
                stats.actions += 1
                if got.get("error"):
                    stats.errors.append(got["error"])
                    data = await seats[mover].state()
                    continue
                await wait_seq(other, seq + 1, stats)
                data = await other.shown(seq + 1)  # what the opponent's page then shows
                stats.shown.append(time.perf_counter() - t0)
        finally:
            for s in seats:
                await s.close()


async def computer_game(base, pk, token, pace, clock: Clock, stats: Stats, rng):
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        seat = Seat(client, base, pk, token)
        await seat.open()
        await clock.ready()
        try:
            data = await seat.state()
            while time.perf_counter() < clock.stop and not data["match"]["finished"]:
                view = data["view"]
                if view["to_move"] != 0:
                    await wait_seq(seat, data["match"]["next_seq"] + 1, stats)
                    data = await seat.shown(data["match"]["next_seq"] + 1)
                    continue
                legal = [a for a in view["legal_actions"] if not a.startswith("declare")]
                action = rng.choice(legal or view["legal_actions"])
                await asyncio.sleep(rng.uniform(*pace) if pace else 0)
                seq = data["match"]["next_seq"]
                t0 = time.perf_counter()
                got = await seat.act(seq, action)
                sent = time.perf_counter()
                stats.act.append(sent - t0)
                if got.get("error") or got["match"]["finished"]:
                    data = await seat.state()
                    continue
                if got["view"] and got["view"]["to_move"] == 1:
                    await wait_seq(seat, seq + 2, stats)
                    stats.computer.append(seat.pushed_at - sent)
                    data = await seat.shown(seq + 2)
                else:
                    data = await seat.state()
        finally:
            await seat.close()


async def trivial_rps(base: str, clients: int, seconds: float) -> float:
    done = 0
    stop = time.perf_counter() + seconds

    async def one():
        nonlocal done
        async with httpx.AsyncClient(base_url=base, timeout=60) as c:
            while time.perf_counter() < stop:
                await c.get("/healthz")
                done += 1

    start = time.perf_counter()
    await asyncio.gather(*(one() for _ in range(clients)))
    return done / (time.perf_counter() - start)


async def run(base, humans, computers, pace, seconds, seed) -> tuple[Stats, float]:
    stats = Stats()
    clock = Clock(len(humans) + len(computers), seconds)
    rng = random.Random(seed)
    jobs = [
        human_game(base, pk, (t0, t1), pace, clock, stats, random.Random(rng.random()))
        for pk, t0, t1 in humans
    ] + [
        computer_game(base, pk, t0, pace, clock, stats, random.Random(rng.random()))
        for pk, t0, _t1 in computers
    ]
    results = await asyncio.gather(*jobs, return_exceptions=True)
    wall = time.perf_counter() - clock.start
    stats.errors += [repr(r) for r in results if isinstance(r, Exception)]
    return stats, wall


def manage(env, *args) -> str:
    out = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if out.returncode:
        sys.exit(out.stderr)
    return out.stdout


def make_matches(env, count: int, bot: str, seed: int) -> list[list[str]]:
    code = (
        "from games import services\n"
        f"for i in range({count}):\n"
        f"    m = services.create_friendly_match(name0='A', name1='B', seed={seed} + i"
        + (f", bot_level='{bot}'" if bot else "")
        + ")\n"
        "    print('MATCH', m.pk, m.token0, m.token1)\n"
    )
    return [
        line.split()[1:]
        for line in manage(env, "shell", "-c", code).splitlines()
        if line.startswith("MATCH")
    ]


# --------------------------------------------------------------------------- --embedded


async def person_game(base, game: dict, pace, clock: Clock, stats: Stats, rng, sent: dict):
    """One person against the computer(s), as the page does: acts on its turn after a
    pause, else waits for the computer's move (pushed; the page's poll after 1 s)."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        seat = Seat(client, base, game["pk"], game["token"], game["kind"])
        game["seat"] = seat
        await seat.open()
        await clock.ready()
        try:
            data = await seat.state()
            while time.perf_counter() < clock.stop and not data["match"]["finished"]:
                view, seq = data["view"], data["match"]["next_seq"]
                if view["to_move"] != game["me"] or not view["legal_actions"]:
                    await wait_seq(seat, seq + 1, stats, timeout=20, poll=POLL_WHILE_THINKING)
                    data = await seat.shown(seq + 1)
                    continue
                legal = [a for a in view["legal_actions"] if not a.startswith("declare")]
                action = rng.choice(legal or view["legal_actions"])
                if "pass" in legal and rng.random() < 0.7:  # weiter, as most players say
                    action = "pass"
                await asyncio.sleep(rng.uniform(*pace))
                sent[(int(game["pk"]), seq)] = time.time()
                t0 = time.perf_counter()
                got = await seat.act(seq, action)
                stats.act.append(time.perf_counter() - t0)
                stats.actions += 1
                if got.get("error") or "match" not in got:
                    stats.errors.append(got.get("error", "no answer"))
                    data = await seat.state()
                    continue
                data = got
        finally:
            await seat.close()


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
