"""The venue laptop's load (issue 34): the embedded default (uvicorn, SQLite, the file
cache, one server process as ``./dev.sh start``) with 64 players' phones on the public
page and 32 results entered a minute at the desk.

    nice -n 10 .venv/bin/python bench/venue.py [--seconds 60] [--phones 64]
        [--results-per-minute 32] [--synchronous FULL,NORMAL]

Builds a 64-entry Preisschnapsen (round 1 drawn and released: 32 open pairings) in a
temporary SQLite database; starts the server; then for ``--seconds``:

- every phone polls the live sections every 2 s as an open page does when its socket is
  down (``live.json?view=page&since=<version>``; a new version is fetched whole), the
  heavier case of "polling or connected by push";
- the desk enters ``--results-per-minute`` results through the API (the same service as
  the results page: one transaction, committed with the database's ``synchronous``);
- a probe asks the trivial page (``/healthz``) and the public page every 0.5 s.

Prints the p50 and p95 of each kind of request and the p95 as a ratio to the trivial
page's p95 measured in the same run, once per ``synchronous`` setting
(``DJANGO_SQLITE_SYNCHRONOUS``: FULL is the default, NORMAL the one before issue 34).
The load generator runs on the same machine and takes part of its CPU.
"""

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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


BUILD = r"""
import datetime, json, random, sys
import django
django.setup()
from api.tokens import create_token
from clubs.models import Club, Role
from tournaments import services
from tournaments.models import Outcome
rng = random.Random(34)
t = services.create_tournament(name="Venue bench", date=datetime.date(2026, 12, 5),
    field_size=64, max_entries_per_player=2, seed=34)
for i in range(64):
    services.sell_entries(t, services.find_or_register_player(f"Spieler {i:03d}", town="Krems"), 1, paid=True)
rnd = services.release_round(services.draw_next_round(t, seed=34))
pairings = list(rnd.pairings.filter(outcome=Outcome.OPEN).order_by("number").values_list("pk", flat=True))
secret = create_token(Club.objects.default(), Role.TABLE, "Bench desk")[1]
print(json.dumps({"tournament": t.pk, "pairings": pairings, "token": secret}))
"""


def percentile(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def get(url, headers=None):
    request = urllib.request.Request(url, headers=headers or {})
    start = time.perf_counter()
    with urllib.request.urlopen(request, timeout=30) as response:
        body = response.read()
        status = response.status
    return time.perf_counter() - start, status, body


def run(synchronous: str, args) -> dict:
    tmp = tempfile.TemporaryDirectory()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp.name}/venue.sqlite3",
        "DJANGO_CACHE_DIR": f"{tmp.name}/cache",
        "DJANGO_CACHE_PREFIX": f"bench-venue-{os.getpid()}",
        "DJANGO_SQLITE_SYNCHRONOUS": synchronous,
        "DJANGO_SETTINGS_MODULE": "schnapsen_site.settings",
        "DJANGO_LOG_LEVEL": "ERROR",
    }
    env.pop("REDIS_URL", None)
    python = sys.executable
    subprocess.run(
        [python, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    built = json.loads(
        subprocess.run(
            [python, "-c", BUILD], cwd=ROOT, env=env, check=True, capture_output=True, text=True
        )
        .stdout.strip()
        .splitlines()[-1]
    )
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [
            python,
            "-m",
            "uvicorn",
            "schnapsen_site.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--lifespan",
            "off",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        for _ in range(200):
            try:
                get(base + "/healthz")
                break
            except OSError:
                time.sleep(0.1)
        tid = built["tournament"]
        page = f"{base}/t/{tid}/"
        live = f"{base}/t/{tid}/live.json?view=page"
        times = {"poll": [], "public page": [], "trivial page": [], "result entry": []}
        errors = {k: 0 for k in times}
        stop = time.monotonic() + args.seconds
        lock = threading.Lock()

        def note(kind, seconds=None):
            with lock:
                if seconds is None:
                    errors[kind] += 1
                else:
                    times[kind].append(seconds)

        def phone(i):
            rng = random.Random(i)
            time.sleep(rng.uniform(0, 2))
            version = ""
            while time.monotonic() < stop:
                url = live + (f"&since={version}" if version else "")
                try:
                    took, status, body = get(url, {"Accept-Encoding": "gzip"})
                    note("poll", took)
                    if status == 200 and body[:1] == b"{":
                        version = json.loads(body).get("version", version) or version
                except Exception:
                    note("poll")
                time.sleep(2)

        def probe():
            while time.monotonic() < stop:
                for kind, url in (("trivial page", base + "/healthz"), ("public page", page)):
                    try:
                        note(kind, get(url, {"Accept-Encoding": "gzip"})[0])
                    except Exception:
                        note(kind)
                time.sleep(0.5)

        def desk():
            gap = 60 / args.results_per_minute
            rng = random.Random(7)
            for n, pairing in enumerate(built["pairings"]):
                due = start + n * gap
                if due > stop:
                    break
                time.sleep(max(0, due - time.monotonic()))
                data = json.dumps(
                    {"winner": rng.choice(["left", "right"]), "score": [2, rng.choice([0, 1])]}
                ).encode()
                request = urllib.request.Request(
                    f"{base}/api/v1/tournaments/{tid}/pairings/{pairing}/result",
                    data=data,
                    headers={
                        "Authorization": f"Bearer {built['token']}",
                        "Content-Type": "application/json",
                    },
                    method="POST",
                )
                t0 = time.perf_counter()
                try:
                    with urllib.request.urlopen(request, timeout=30) as response:
                        response.read()
                    note("result entry", time.perf_counter() - t0)
                except Exception:
                    note("result entry")

        start = time.monotonic()
        threads = [threading.Thread(target=phone, args=(i,)) for i in range(args.phones)]
        threads += [threading.Thread(target=probe), threading.Thread(target=desk)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        server.terminate()
        server.wait(timeout=20)
        tmp.cleanup()
    return {"times": times, "errors": errors}


def main():
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--phones", type=int, default=64)
    parser.add_argument("--results-per-minute", type=float, default=32.0)
    parser.add_argument("--synchronous", default="FULL,NORMAL")
    args = parser.parse_args()
    print(
        f"{args.phones} phones polling every 2 s, {args.results_per_minute:g} results a "
        f"minute, {args.seconds:g} s, one uvicorn process on SQLite (the embedded default)"
    )
    for synchronous in args.synchronous.split(","):
        result = run(synchronous.strip().upper(), args)
        times, errors = result["times"], result["errors"]
        trivial = percentile(times["trivial page"], 0.95)
        print(f"\nsynchronous={synchronous}")
        print(f"  {'request':<14}{'n':>6}{'err':>5}{'p50 ms':>9}{'p95 ms':>9}{'p95/trivial':>13}")
        for kind, values in times.items():
            p50 = statistics.median(values) * 1000 if values else float("nan")
            p95 = percentile(values, 0.95)
            print(
                f"  {kind:<14}{len(values):>6}{errors[kind]:>5}{p50:>9.1f}{p95 * 1000:>9.1f}"
                f"{p95 / trivial:>13.2f}"
            )


if __name__ == "__main__":
    main()
