"""The venue server killed during a result (issue 34): a real uvicorn process on a
SQLite file, results entered through the API by several clients at once, the server
killed with SIGKILL while requests are in flight, started again: every result whose
answer said "stored" is there, the database is whole, and the entry goes on."""

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

BUILD = r"""
import datetime, json
import django
django.setup()
from api.tokens import create_token
from clubs.models import Club, Role
from tournaments import services
from tournaments.models import Outcome
t = services.create_tournament(name="Crash", date=datetime.date(2026, 12, 5), field_size=64,
    max_entries_per_player=1, seed=34)
for i in range(64):
    services.sell_entries(t, services.find_or_register_player(f"Spieler {i:03d}", town="Melk"), 1, paid=True)
rnd = services.release_round(services.draw_next_round(t, seed=34))
print(json.dumps({"t": t.pk, "pairings": list(rnd.pairings.filter(outcome=Outcome.OPEN)
    .order_by("number").values_list("pk", flat=True)),
    "token": create_token(Club.objects.default(), Role.TABLE, "Tisch")[1]}))
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def environment(tmp_path):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DJANGO_ALLOW_ASYNC_UNSAFE", "REDIS_URL", "DATABASE_URL"}
    }
    env.update(
        DATABASE_URL=f"sqlite:///{tmp_path}/venue.sqlite3",
        DJANGO_CACHE_DIR=str(tmp_path / "cache"),
        DJANGO_SETTINGS_MODULE="schnapsen_site.settings",
        DJANGO_LOG_LEVEL="ERROR",
    )
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0", "--skip-checks"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    run = subprocess.run(
        [sys.executable, "-c", BUILD], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    return env, json.loads(run.stdout.strip().splitlines()[-1]), tmp_path / "venue.sqlite3"


def _start(env, port) -> subprocess.Popen:
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
            "--lifespan",
            "off",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2).read()
            return server
        except OSError:
            time.sleep(0.05)
    server.kill()
    raise AssertionError("the server did not start")


def _post(port, built, pairing, score):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/v1/tournaments/{built['t']}/pairings/{pairing}/result",
        data=json.dumps({"winner": "left", "score": score}).encode(),
        headers={"Authorization": f"Bearer {built['token']}", "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status


def _stored(db_path) -> dict[int, str]:
    con = sqlite3.connect(db_path)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return dict(
            con.execute(
                "SELECT id, outcome FROM tournaments_pairing WHERE outcome != ''"
            ).fetchall()
        )
    finally:
        con.close()


def test_results_confirmed_before_the_server_is_killed_are_all_there(environment):
    env, built, db_path = environment
    port = _free_port()
    server = _start(env, port)
    confirmed: list[int] = []
    lock = threading.Lock()
    pairings = iter(built["pairings"])
    killed = threading.Event()

    def desk():
        while not killed.is_set():
            with lock:
                pairing = next(pairings, None)
            if pairing is None:
                return
            try:
                if _post(port, built, pairing, [2, 1]) == 200:
                    with lock:
                        confirmed.append(pairing)
            except (OSError, urllib.error.HTTPError):
                return  # the server is gone: this answer never came

    try:
        threads = [threading.Thread(target=desk) for _ in range(4)]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60
        while len(confirmed) < 12:
            assert time.monotonic() < deadline and any(t.is_alive() for t in threads), (
                f"only {len(confirmed)} results stored of {len(built['pairings'])} pairings"
            )
            time.sleep(0.01)
        server.send_signal(signal.SIGKILL)  # the laptop's power cut, requests in flight
        server.wait()
        killed.set()
        for thread in threads:
            thread.join()
    finally:
        if server.poll() is None:
            server.kill()
    stored = _stored(db_path)
    assert set(confirmed) <= set(stored), "a result answered as stored was lost"
    # at most the requests in flight were stored without their answer
    assert len(stored) - len(confirmed) <= 4

    server = _start(env, port)  # started again: the day goes on
    try:
        left = [p for p in built["pairings"] if p not in stored]
        assert _post(port, built, left[0], [2, 0]) == 200
        api = json.loads(
            urllib.request.urlopen(
                f"http://127.0.0.1:{port}/api/v1/tournaments/{built['t']}/rounds/1", timeout=10
            ).read()
        )
        assert api  # the public data answers from the restarted server
    finally:
        server.terminate()
        server.wait(timeout=20)
    assert len(_stored(db_path)) == len(stored) + 1
