"""Several app servers behind one Redis and one PostgreSQL, as in production: two uvicorn
servers and a task worker run as real processes. The two players of a browser match are
on different servers and see each other's moves pushed; a player on one server plays
the computer (whose moves the task worker stores) and sees them pushed; a result entered
on one server shows on the public page served by the other.

Runs in the PostgreSQL run of the suite (``DATABASE_URL=postgres://…``) with Redis at
``TEST_REDIS_URL`` (default ``redis://127.0.0.1:6379/0``; keys under a prefix of this run
only); skipped with the reason when one is missing, except with ``CI=true``.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
STAFF = ("staff", "staff-pw-1234")

SETUP = """
import datetime, json
from django.contrib.auth import get_user_model
from games import services
from tournaments import services as core
t = core.create_tournament(name="Live-Turnier", date=datetime.date(2026, 12, 5),
                           field_size=16, max_entries_per_player=1)
for i in range(16):
    p = core.find_or_register_player(f"Spieler {i + 1:03d}", town="Krems")
    core.sell_entries(t, p, 1, paid=True)
rnd = core.release_round(core.draw_next_round(t, seed=7))
open_ = list(rnd.pairings.filter(outcome="").exclude(right=None).order_by("number"))
m = services.start_match_for_pairing(open_[0])
f = services.create_friendly_match(name0="Resi", bot_level="easy", seed=5)
from clubs.models import Membership
staff = get_user_model().objects.create_user("staff", password="staff-pw-1234", is_staff=True)
Membership.objects.create(user=staff, club=t.club, role="organiser")
other = open_[1]
print("SETUP" + json.dumps({
    "tournament": t.pk,
    "match": [services.play_url(m, 0), services.play_url(m, 1)],
    "friendly": services.play_url(f, 0),
    "result_row": f"#{other.left.number} {other.left.player.name}",
    "result_names": [other.left.player.name, other.right.player.name],
}))
"""


def _needs_or_skip(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(reason + " (CI needs this test)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def services_up():
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("runs in the PostgreSQL run of the suite (DATABASE_URL=postgres://…)")
    try:
        import redis

        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except Exception as exc:  # noqa: BLE001 - any failure means: no Redis here
        _needs_or_skip(f"Redis is not reachable at {REDIS_URL}: {exc}")
    import psycopg

    cfg = connection.settings_dict
    name = f"{cfg['NAME']}_live_{os.getpid()}"[:60]
    admin = {
        "host": cfg["HOST"] or "127.0.0.1",
        "port": cfg["PORT"] or 5432,
        "user": cfg["USER"],
        "password": cfg["PASSWORD"] or None,
        "dbname": "postgres",
        "autocommit": True,
    }
    with psycopg.connect(**admin) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    password = f":{cfg['PASSWORD']}" if cfg["PASSWORD"] else ""
    prefix = f"live-test-{os.getpid()}-{random.randrange(10**6)}"
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DATABASE_URL": f"postgres://{cfg['USER']}{password}@{admin['host']}:{admin['port']}/{name}",
        "REDIS_URL": REDIS_URL,
        "DJANGO_CACHE_PREFIX": prefix,
        "DJANGO_DEBUG": "1",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "PYTHONPATH": str(ROOT),
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    processes: list[subprocess.Popen] = []
    try:
        run = [sys.executable, "manage.py"]
        subprocess.run([*run, "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
        setup = subprocess.run(
            [*run, "shell", "-c", SETUP], cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert setup.returncode == 0, setup.stderr
        out = setup.stdout
        data = json.loads(next(line[5:] for line in out.splitlines() if line.startswith("SETUP")))
        processes.append(
            subprocess.Popen(
                [*run, "db_worker", "--interval", "0.1", "--no-reload", "--no-startup-delay"],
                cwd=ROOT,
                env=env,
                start_new_session=True,
            )
        )
        bases = []
        for _ in range(2):
            port = _free_port()
            processes.append(
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
                    ],
                    cwd=ROOT,
                    env=env,
                    start_new_session=True,
                )
            )
            bases.append(f"http://127.0.0.1:{port}")
        for base in bases:
            _wait_for(base + "/healthz")
        yield {"bases": bases, **data}
    finally:
        for p in processes:
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for p in processes:
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
        _drop_keys(prefix)
        with psycopg.connect(**admin) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(url: str) -> None:
    for _ in range(300):
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"{url} did not answer")


def _drop_keys(prefix: str) -> None:
    import redis

    r = redis.Redis.from_url(REDIS_URL)
    for key in r.scan_iter(f"*{prefix}*"):
        r.delete(key)


def _attr(page, selector: str, name: str) -> str:
    return page.locator(selector).get_attribute(name) or ""


def _wait_pushed(page, selector: str, before: int, timeout: float = 5_000) -> None:
    page.wait_for_function(
        "([sel, n]) => parseInt(document.querySelector(sel).dataset.pushes || '0') > n",
        arg=[selector, before],
        timeout=timeout,
    )


def _pushes(page, selector: str) -> int:
    return int(_attr(page, selector, "data-pushes") or 0)


def _same_state(pages, timeout: float = 10) -> None:
    """Wait until the pages show the same move of the match (the same next_seq)."""
    deadline = time.monotonic() + timeout
    while True:
        seqs = {_attr(p, "#table", "data-next-seq") for p in pages}
        if len(seqs) == 1:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"the pages show different moves: {sorted(seqs)}")
        pages[0].wait_for_timeout(50)


def _click_legal(page, rng) -> None:
    """Click a legal action, by its name (a pushed update may redraw the hand meanwhile:
    then look again)."""
    from playwright.sync_api import Error as PlaywrightError

    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        actions = page.eval_on_selector_all(
            "#my-hand button.legal, #actions button.legal", "els => els.map(e => e.dataset.action)"
        )
        if not actions:
            page.wait_for_timeout(100)
            continue
        action = rng.choice(sorted(actions))
        try:
            page.locator(f"button.legal[data-action='{action}']").first.click(timeout=3_000)
            confirm = page.locator(".confirm-declare [data-confirm=yes]")
            if confirm.count():
                confirm.click(timeout=3_000)
            return
        except PlaywrightError:
            continue
    raise AssertionError("no legal action could be clicked")


@pytest.mark.postgres
def test_two_servers_push_moves_the_computers_moves_and_results(browser, services_up):
    a, b = services_up["bases"]
    contexts = [browser.new_context(locale="de-AT") for _ in range(4)]
    for c in contexts:
        c.set_default_timeout(15_000)
    try:
        # the two players of a tournament match, on different servers
        players = [contexts[0].new_page(), contexts[1].new_page()]
        players[0].goto(a + services_up["match"][0])
        players[1].goto(b + services_up["match"][1])
        for p in players:
            expect(p.locator("#table")).to_have_attribute("data-push", "open")
            expect(p.locator("#my-hand .card")).to_have_count(5)
        rng = random.Random(12)
        for _move in range(24):
            # both pages show the same state first: the page that just moved may still
            # show its legal cards until its action's answer comes (seen in CI: picked
            # as the mover again, its cards then went away under the test)
            _same_state(players)
            seq = int(_attr(players[0], "#table", "data-next-seq"))
            if _attr(players[0], "#table", "data-status") != "playing":
                break
            mover = next((p for p in players if p.locator("#my-hand button.legal").count()), None)
            if mover is None:  # the page to move is still fetching
                players[0].wait_for_timeout(50)
                continue
            other = players[1 - players.index(mover)]
            before = _pushes(other, "#table")
            _click_legal(mover, rng)
            # the other page sees it by push (its fallback poll is 15 s away while the
            # socket is open), on the other server
            _wait_pushed(other, "#table", before)
            other.wait_for_function(
                "seq => parseInt(document.querySelector('#table').dataset.nextSeq) > seq",
                arg=seq,
                timeout=5_000,
            )
        assert int(_attr(players[1], "#table", "data-next-seq")) >= 12
        # each page got its own new view with the push (no request to ask for it)
        for p in players:
            assert int(_attr(p, "#table", "data-pushed-views") or 0) > 0

        # the computer's moves, stored by the task worker, pushed to a page on server B
        human = contexts[2].new_page()
        human.goto(b + services_up["friendly"])
        expect(human.locator("#table")).to_have_attribute("data-push", "open")
        for _move in range(6):
            expect(human.locator("#turn.mine")).to_be_visible(timeout=15_000)  # computer done
            seq = int(_attr(human, "#table", "data-next-seq"))
            before = _pushes(human, "#table")
            _click_legal(human, rng)
            human.wait_for_function(
                "([seq, n]) => parseInt(document.querySelector('#table').dataset.nextSeq) > seq"
                " && parseInt(document.querySelector('#table').dataset.pushes || '0') > n",
                arg=[seq, before],
                timeout=10_000,
            )
            if _attr(human, "#table", "data-status") != "playing":
                break

        # a result entered on server A shows on the public page served by server B
        public = contexts[3].new_page()
        public.goto(f"{b}/t/{services_up['tournament']}/")
        expect(public.locator("[data-live]")).to_have_attribute("data-push", "open")
        before = _pushes(public, "[data-live]")
        staff = contexts[3].new_page()
        staff.goto(a + "/accounts/login/")
        staff.fill("#id_username", STAFF[0])
        staff.fill("#id_password", STAFF[1])
        staff.click("main button[type=submit]")
        staff.goto(f"{a}/staff/t/{services_up['tournament']}/results/?status=open")
        row = staff.locator("table.pairings tr", has_text=services_up["result_row"])
        select = row.locator("select[name=result]")
        select.select_option("left:2:0")
        select.press("Enter")
        expect(staff.locator(".messages .success")).to_be_visible()
        _wait_pushed(public, "[data-live]", before)
        draw = public.locator("#live-draw tr", has_text=services_up["result_names"][0])
        expect(draw).to_contain_text("2:0", timeout=5_000)
    finally:
        for c in contexts:
            c.close()
