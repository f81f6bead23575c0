"""What bench/play.py and its embedded run share: ports, figures, the two seats of a
game driven like two browsers (``Seat``), the human pace (``Clock``), and making matches
with ``manage.py``. Not run by itself."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
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
