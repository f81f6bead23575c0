"""A game resumes exactly after the server process is restarted (even killed)."""

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Player:
    """One browser-like HTTP client with its own cookies (CSRF) and private link."""

    def __init__(self, base, pk, token):
        self.base, self.path = base, f"/games/{pk}/p/{token}/"
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def open_page(self):
        with self.opener.open(self.base + self.path, timeout=10) as r:
            assert r.status == 200
        for h in self.opener.handlers:
            jar = getattr(h, "cookiejar", None)
            if jar is not None:
                self.csrf = next(c.value for c in jar if c.name == "csrftoken")

    def state(self):
        with self.opener.open(self.base + self.path + "state", timeout=10) as r:
            return json.load(r)

    def act(self, seq, action):
        req = urllib.request.Request(
            self.base + self.path + "act",
            data=json.dumps({"seq": seq, "action": action}).encode(),
            headers={
                "Content-Type": "application/json",
                "X-CSRFToken": self.csrf,
                "Referer": self.base,
            },
            method="POST",
        )
        with self.opener.open(req, timeout=10) as r:
            return json.load(r)


def _env(db: Path) -> dict:
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{db}", DJANGO_DEBUG="1", PYTHONPATH=str(ROOT))
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return env


def _manage(env, *args) -> str:
    out = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


def _serve(env, port) -> subprocess.Popen:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "schnapsen_site.wsgi",
            "-b",
            f"127.0.0.1:{port}",
            "-w",
            "1",
            "--no-control-socket",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(os.environ.get("GAMES_SERVER_LOG", os.devnull), "a"),
        start_new_session=True,
    )
    deadline = time.time() + 30
    while time.time() < deadline and proc.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/games/", timeout=2) as r:
                if r.status == 200:
                    return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


def _wait_until_closed(port):
    """The killed workers may hold the listening socket for a moment."""
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                time.sleep(0.1)
        except OSError:
            return


def _play(players, rng, n):
    for _ in range(n):
        for p in players:
            s = p.state()
            if s["view"] and s["view"]["legal_actions"]:
                got = p.act(s["match"]["next_seq"], rng.choice(s["view"]["legal_actions"]))
                assert got["applied"] is True
                break


def test_a_game_resumes_after_the_server_is_killed_and_restarted(tmp_path):
    env = _env(tmp_path / "restart.sqlite3")
    _manage(env, "migrate", "--noinput")
    pk, t0, t1 = (
        _manage(
            env,
            "shell",
            "-c",
            "from games import services; m = services.create_friendly_match(name0='A', name1='B', seed=17);"
            " print('MATCH', m.pk, m.token0, m.token1)",
        )
        .split("MATCH")[-1]
        .split()
    )
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    server = _serve(env, port)
    try:
        players = [Player(base, pk, t0), Player(base, pk, t1)]
        for p in players:
            p.open_page()
        rng = random.Random(5)
        _play(players, rng, 11)
        before = [p.state() for p in players]
        mover = next(i for i, s in enumerate(before) if s["view"]["legal_actions"])
        last_seq = before[0]["match"]["next_seq"]
    finally:
        os.killpg(server.pid, signal.SIGKILL)  # a crash, not a clean shutdown
        server.wait(10)
    _wait_until_closed(port)
    server = _serve(env, port)
    try:
        after = [p.state() for p in players]
        assert after == before
        action = rng.choice(after[mover]["view"]["legal_actions"])
        first = players[mover].act(last_seq, action)
        assert first["applied"] is True and first["match"]["next_seq"] > last_seq
        again = players[mover].act(last_seq, action)  # the request repeated after a lost answer
        assert again["applied"] is False
        _play(players, rng, 5)
        assert players[0].state()["match"]["next_seq"] >= last_seq + 6
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(10)


pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")
