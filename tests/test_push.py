"""``core.push.send_to_group``: from a sync view of the ASGI server with the
Redis layer the push is handed to the server's loop and the view goes on (the push
arrives all the same); elsewhere it is sent and waited for; a failing layer costs a
logged warning, never the request."""

import asyncio
import os
import threading
import time

import pytest
from asgiref.sync import sync_to_async
from channels.layers import channel_layers, get_channel_layer
from django.test import override_settings

from core import push

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def _redis_or_skip():
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except redis.RedisError:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip(f"needs Redis at {REDIS_URL}")


def _run(scenario):
    """Run ``scenario()`` on an event loop of its own thread, as a server would (the test
    process's main thread may hold a running loop already: Playwright's)."""
    out = {}

    def target():
        try:
            out["value"] = asyncio.run(scenario())
        except BaseException as exc:  # handed to the test
            out["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(30)
    if "error" in out:
        raise out["error"]
    return out["value"]


def _layer(settings, backend, **config):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": backend, "CONFIG": config}}
    channel_layers.backends.clear()
    return get_channel_layer()


@pytest.fixture(autouse=True)
def _fresh_layers():
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def test_outside_a_server_the_push_is_sent_and_waited_for(settings):
    layer = _layer(settings, "channels.layers.InMemoryChannelLayer")

    async def scenario():
        channel = await layer.new_channel()
        await layer.group_add("g.sync", channel)
        # the view's thread of an ASGI server with the embedded layer: sent at once
        await sync_to_async(push.send_to_group)("g.sync", {"type": "x", "n": 1})
        return await asyncio.wait_for(layer.receive(channel), 2)

    assert _run(scenario)["n"] == 1


@override_settings(PUSH_ACROSS_PROCESSES=True)
def test_in_the_servers_sync_thread_the_push_goes_to_the_loop(settings):
    _redis_or_skip()
    layer = _layer(
        settings,
        "channels_redis.core.RedisChannelLayer",
        hosts=[REDIS_URL],
        prefix=f"test-push-{os.getpid()}",
    )
    seen = {}

    def view():
        # in the sync thread: the loop that runs the server is known, and is not waited for
        seen["loop"] = push._server_loop()
        t = time.perf_counter()
        push.send_to_group("g.redis", {"type": "x", "n": 2})
        seen["returned_in"] = time.perf_counter() - t

    async def scenario():
        channel = await layer.new_channel()
        await layer.group_add("g.redis", channel)
        await sync_to_async(view)()
        got = await asyncio.wait_for(layer.receive(channel), 5)
        await layer.flush()
        return got, asyncio.get_running_loop()

    got, loop = _run(scenario)
    assert got["n"] == 2
    assert seen["loop"] is loop
    assert seen["returned_in"] < 0.5


def test_a_failing_layer_costs_a_warning_not_the_request(settings, caplog):
    layer = _layer(settings, "channels.layers.InMemoryChannelLayer")

    async def broken(group, message):
        raise ConnectionError("layer down")

    layer.group_send = broken
    push.send_to_group("g.down", {"type": "x"}, what="match 7")
    assert "push of match 7 failed" in caplog.text


def test_a_process_with_many_open_pages_loses_no_push(settings):
    """Every page of a server process shares one queue in Redis: with many pages open
    and the process behind in reading, every push still arrives (the layer's default
    capacity of 100 dropped the rest without a word)."""
    _redis_or_skip()
    layer = _layer(
        settings,
        "channels_redis.core.RedisChannelLayer",
        hosts=[REDIS_URL],
        prefix=f"test-many-{os.getpid()}",
        capacity=settings.CHANNEL_CAPACITY,
    )
    pages = 300

    async def scenario():
        channels = [await layer.new_channel() for _ in range(pages)]
        assert len({c.split("!")[0] for c in channels}) == 1  # one queue for the process
        for i, channel in enumerate(channels):
            await layer.group_add(f"match.{i}", channel)
        for i in range(pages):  # a move in every match before any page has read
            await layer.group_send(f"match.{i}", {"type": "match.moved", "next_seq": i})
        got = [await asyncio.wait_for(layer.receive(c), 5) for c in channels]
        await layer.flush()
        return [g["next_seq"] for g in got]

    assert _run(scenario) == list(range(pages))
