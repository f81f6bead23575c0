#!/usr/bin/env python
"""How long one game action holds the server: in one process, through Django's ASGI
handler (as uvicorn runs it: every sync view of a process runs in one thread, one at a
time, so this time bounds the actions a process can serve a second), production
settings, on PostgreSQL (a fresh database, dropped and re-created) with Redis as cache
and channel layer, the pushes included:

    .venv/bin/python bench/action.py --redis-url redis://127.0.0.1:6379/9 \\
        --database-url postgres://postgres@127.0.0.1:5432/schnapsen_bench

It plays --matches friendly matches in turns, action by action, and prints the mean and
median wall time of an action and of the opponent's state request, the CPU time of an
action, and the same for a trivial page (``/healthz``) as the baseline of the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--database-url", required=True, help="PostgreSQL (dropped and re-created)")
    ap.add_argument("--redis-url", required=True)
    ap.add_argument("--actions", type=int, default=1000)
    ap.add_argument("--matches", type=int, default=20)
    args = ap.parse_args()
    from pgdb import fresh_database

    fresh_database(args.database_url)
    os.environ.update(
        DATABASE_URL=args.database_url,
        REDIS_URL=args.redis_url,
        DJANGO_CACHE_PREFIX=f"bench-action-{os.getpid()}",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="bench-only-" + "x" * 50,
        DJANGO_ALLOWED_HOSTS="testserver",
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_LOG_LEVEL="ERROR",
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "schnapsen_site.settings")
    import warnings

    warnings.filterwarnings("ignore", message="No directory at")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    asyncio.run(_run(args.actions, args.matches))


async def _run(n: int, count: int) -> None:
    from asgiref.sync import sync_to_async
    from django.test import AsyncClient

    from games import services

    create = sync_to_async(services.create_friendly_match)
    matches = [await create(name0="A", name1="B", seed=9000 + i) for i in range(count)]
    clients = {m.pk: (AsyncClient(), AsyncClient()) for m in matches}
    rng = random.Random(1)
    acts: list[tuple[float, float]] = []
    states: list[float] = []

    async def step(m) -> bool:
        c = clients[m.pk]
        t = time.perf_counter()
        d = (await c[0].get(f"/games/{m.pk}/p/{m.token0}/state")).json()
        states.append(time.perf_counter() - t)
        if d["match"]["finished"]:
            return False
        mover = d["view"]["to_move"]
        token = (m.token0, m.token1)[mover]
        if d["seat"] != mover:
            d = (await c[mover].get(f"/games/{m.pk}/p/{token}/state")).json()
        legal = [a for a in d["view"]["legal_actions"] if not a.startswith("declare")]
        body = json.dumps({"seq": d["match"]["next_seq"], "action": rng.choice(legal)})
        t, cpu = time.perf_counter(), time.process_time()
        r = await c[mover].post(
            f"/games/{m.pk}/p/{token}/act", body, content_type="application/json"
        )
        acts.append((time.perf_counter() - t, time.process_time() - cpu))
        assert r.status_code == 200, r.content[:200]
        return True

    for m in matches:  # warm up
        await step(m)
    acts.clear()
    states.clear()
    live = list(matches)
    i = 0
    while len(acts) < n and live:
        m = live[i % len(live)]
        if not await step(m):
            live.remove(m)
        i += 1
    trivial, trivial_cpu = [], []
    client = AsyncClient()
    for _ in range(n):
        t, cpu = time.perf_counter(), time.process_time()
        await client.get("/healthz")
        trivial.append(time.perf_counter() - t)
        trivial_cpu.append(time.process_time() - cpu)

    def ms(xs):
        return f"mean {1000 * statistics.mean(xs):5.2f} ms, median {1000 * statistics.median(xs):5.2f} ms"

    wall = [a for a, _ in acts]
    cpu = [c for _, c in acts]
    print(f"{len(acts)} actions in {count} matches (PostgreSQL, Redis, production settings)")
    print(f"  action (POST, push included): {ms(wall)}; CPU {1000 * statistics.mean(cpu):.2f} ms")
    print(f"  opponent's state (GET): {ms(states)}")
    print(f"  trivial page: {ms(trivial)}; CPU {1000 * statistics.mean(trivial_cpu):.2f} ms")
    print(
        f"  ratio action / trivial page: wall {statistics.mean(wall) / statistics.mean(trivial):.1f},"
        f" CPU {statistics.mean(cpu) / statistics.mean(trivial_cpu):.1f}"
    )


if __name__ == "__main__":
    main()
