"""Pushed updates through the channel layer (the embedded in-memory one here; the Redis
one across processes in ``tests/live/``): moves reach the other seat and spectators, a
result reaches the public page's socket; a forged link gets no socket."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connections

from games import services
from schnapsen_site.asgi import application
from tests.games.helpers import open_pairings

HEADERS = [(b"origin", b"http://localhost"), (b"host", b"localhost")]


def async_to_sync(scenario):
    """Run an async scenario in a thread of its own (the browser tests' Playwright keeps
    an event loop in the main thread); its database connections are closed after it."""

    async def wrapped():
        try:
            await scenario()
        finally:
            await sync_to_async(connections.close_all)()

    def run():
        with ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, wrapped()).result()

    return run


def _socket(path):
    return WebsocketCommunicator(application, path, headers=HEADERS)


def _first_play(m):
    state = services.live_state(m).state
    return state.to_move, next(str(a) for a in state.legal_actions() if str(a).startswith("play:"))


@pytest.mark.django_db(transaction=True)
def test_a_move_is_pushed_to_the_opponent_and_the_spectator():
    m = services.create_friendly_match(name0="A", name1="B", seed=31)
    seat, action = _first_play(m)

    async def scenario():
        opponent = _socket(f"/ws/games/{m.pk}/p/{m.token(1 - seat)}/")
        spectator = _socket(f"/ws/games/{m.pk}/watch/")
        for s in (opponent, spectator):
            connected, _ = await s.connect()
            assert connected
            assert await s.receive_json_from() == {"next_seq": 0, "status": "playing"}
        await sync_to_async(services.apply_action)(m.pk, seat, action, 0)
        for s in (opponent, spectator):
            assert await s.receive_json_from(timeout=3) == {"next_seq": 1, "status": "playing"}
            await s.disconnect()

    async_to_sync(scenario)()


@pytest.mark.django_db(transaction=True)
def test_the_push_carries_each_page_its_own_view_in_its_language():
    """The opponent's page gets its own new view with the push (no request), in the
    language of the page; the spectator gets the public picture, with no hand; a page
    of another language gets only the sequence number and fetches its view."""
    from django.utils import translation

    from games import presenters

    m = services.create_friendly_match(name0="A", name1="B", seed=33)
    seat, action = _first_play(m)
    other = 1 - seat

    async def scenario():
        opponent = _socket(f"/ws/games/{m.pk}/p/{m.token(other)}/?lang=de-at")
        spectator = _socket(f"/ws/games/{m.pk}/watch/?lang=de-at")
        english = _socket(f"/ws/games/{m.pk}/p/{m.token(other)}/?lang=en")
        for s in (opponent, spectator, english):
            connected, _ = await s.connect()
            assert connected
            await s.receive_json_from()
        with translation.override("de-at"):
            await sync_to_async(services.apply_action)(m.pk, seat, action, 0)
        mine = await opponent.receive_json_from(timeout=3)
        public = await spectator.receive_json_from(timeout=3)
        plain = await english.receive_json_from(timeout=3)
        for s in (opponent, spectator, english):
            await s.disconnect()
        return mine, public, plain

    results = {}

    async def run():
        results["got"] = await scenario()

    async_to_sync(run)()
    mine, public, plain = results["got"]
    from games.models import Match

    live = services.live_state(Match.objects.get(pk=m.pk))
    with translation.override("de-at"):
        expected = presenters.player_payload(live, other)
    assert mine["next_seq"] == 1 and mine["payload"] == expected
    assert mine["payload"]["seat"] == other and mine["payload"]["view"]["hand"]
    assert "hand" not in public["payload"]["view"] and public["payload"]["seat"] is None
    assert plain == {"next_seq": 1, "status": "playing"}


@pytest.mark.django_db(transaction=True)
def test_a_forged_link_gets_no_socket():
    m = services.create_friendly_match(name0="A", name1="B", seed=32)

    async def scenario():
        s = _socket(f"/ws/games/{m.pk}/p/not-a-token/")
        connected, _ = await s.connect()
        assert not connected

    async_to_sync(scenario)()


@pytest.mark.django_db(transaction=True)
def test_a_result_is_pushed_to_the_public_page():
    from tournaments import services as core

    t, pairings = open_pairings(name="Push-Turnier")

    async def scenario():
        s = _socket(f"/ws/t/{t.pk}/")
        connected, _ = await s.connect()
        assert connected
        first = (await s.receive_json_from())["version"]
        await sync_to_async(core.record_result)(pairings[0], winner="left", score=(2, 0))
        pushed = (await s.receive_json_from(timeout=3))["version"]
        assert pushed != first
        await s.disconnect()

    async_to_sync(scenario)()


@pytest.mark.django_db(transaction=True)
def test_a_private_tournament_gets_no_public_socket():
    from tournaments import services as core

    t, _pairings = open_pairings(name="Privat")
    core.update_tournament(t, is_public=False)

    async def scenario():
        s = _socket(f"/ws/t/{t.pk}/")
        connected, _ = await s.connect()
        assert not connected

    async_to_sync(scenario)()
