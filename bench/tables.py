"""Figures for the Bauernschnapsen tables in the browser's services, on SQLite in a
temporary database (the computer's tasks run at once):

    .venv/bin/python bench/tables.py [--actions 400]

Four people at a table (three Bummerl, everyone mostly passing: normal games): the time
and SQL queries of one action (``games.services.tables.act``), over the first and the
last 50 actions (the process keeps the tables it rebuilt and replays only what is new,
so the cost should not grow with the table's length), the same last 50 with nothing
kept (``--replay``: the whole log replayed on every action, as before), and a seat's
state JSON at the end.
"""

import argparse
import json
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

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}

from games.services import tables  # noqa: E402
from games.table_presenters import table_payload  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--actions", type=int, default=400)
    ap.add_argument("--replay", action="store_true", help="keep no table: replay every time")
    args = ap.parse_args()
    call_command("migrate", verbosity=0)
    seats = [{"name": f"P{i + 1}", "level": ""} for i in range(4)]
    m = tables.create_table(game_kind="bauernschnapsen", seats=seats, seed=9, bummerls=3)
    tokens = [s.token for s in m.seats.order_by("index")]
    rng = random.Random(1)
    times, queries = [], []
    while m.status == "playing" and m.next_seq < args.actions:
        live = tables.live_table(m)
        legal = [str(a) for a in live.table.state.legal_actions()]
        a = "pass" if "pass" in legal else legal[rng.randrange(len(legal))]
        if args.replay:
            tables.forget_kept()
        t = time.perf_counter()
        with CaptureQueriesContext(connection) as q:
            tables.act(m.pk, tokens[live.table.to_move], a, m.next_seq)
        times.append(time.perf_counter() - t)
        queries.append(len(q))
        m.refresh_from_db()
    t = time.perf_counter()
    payload = table_payload(tables.live_table(m), 0)
    state = time.perf_counter() - t

    def median(xs):
        return sorted(xs)[len(xs) // 2] * 1000

    print(
        f"{len(times)} actions, {m.games.count()} games"
        f"{' (nothing kept: the whole log replayed each time)' if args.replay else ''}:"
        f" action median, first 50 {median(times[:50]):.1f} ms, last 50"
        f" {median(times[-50:]):.1f} ms, max {max(times) * 1000:.1f} ms;"
        f" {sorted(queries)[len(queries) // 2]} SQL queries; a seat's state JSON"
        f" {state * 1000:.1f} ms, {len(json.dumps(payload))} bytes"
    )


if __name__ == "__main__":
    main()
