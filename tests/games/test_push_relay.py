"""The embedded default's push relay (``core.push_relay``): a process told the server's
address (the task worker) hands its pushes to the app server, signed with the
SECRET_KEY; the server sends a signed one to its in-memory layer's group and refuses
any other; a refused or failing relay costs one log line, never the move."""

import asyncio
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
from channels.layers import channel_layers, get_channel_layer
from django.test import AsyncClient
from django.urls import reverse

from core import push, push_relay

IN_MEMORY = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.fixture(autouse=True)
def _embedded(settings):
    settings.CHANNEL_LAYERS = IN_MEMORY
    settings.PUSH_RELAY = ""
    settings.PUSH_RELAY_ACCEPT = True
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def _run(scenario):
    """Run ``scenario()`` on an event loop of its own thread, as the server would."""
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


def _signed(body: bytes, when: int | None = None) -> dict:
    when = str(int(time.time()) if when is None else when)
    return {
        push_relay.TIME_HEADER: when,
        push_relay.SIGNATURE_HEADER: push_relay.signature(body, when),
    }


def _post(body: bytes, headers: dict, *, method: str = "post", group: str = "match.7"):
    """Post to the relay as the server takes it; (status, what the group got or None)."""
    layer = get_channel_layer()

    async def scenario():
        channel = await layer.new_channel()
        await layer.group_add(group, channel)
        client = AsyncClient()
        send = getattr(client, method)
        if method == "post":
            res = await send(
                reverse("push-relay"), body, content_type="application/json", headers=headers
            )
        else:
            res = await send(reverse("push-relay"), headers=headers)
        try:
            got = await asyncio.wait_for(layer.receive(channel), 0.5)
        except TimeoutError:
            got = None
        return res.status_code, got

    return _run(scenario)


EVENT = {"type": "match.moved", "next_seq": 12, "status": "playing", "views": {"0": {"a": 1}}}


def test_a_signed_push_reaches_the_servers_group():
    body = json.dumps({"group": "match.7", "event": EVENT}).encode()
    status, got = _post(body, _signed(body))
    assert status == 204
    assert got == EVENT


@pytest.mark.parametrize(
    "headers",
    [
        {},  # unsigned
        {push_relay.TIME_HEADER: "1", push_relay.SIGNATURE_HEADER: "0" * 64},
        "other body",  # signed for another body
        "old",  # signed two minutes ago
    ],
)
def test_any_other_push_is_refused(headers):
    body = json.dumps({"group": "match.7", "event": EVENT}).encode()
    if headers == "other body":
        headers = _signed(body.replace(b"12", b"13"))
    elif headers == "old":
        headers = _signed(body, int(time.time()) - 2 * push_relay.MAX_AGE)
    status, got = _post(body, headers)
    assert status == 403
    assert got is None


def test_a_signed_push_without_an_event_is_refused():
    body = json.dumps({"group": "match.7", "event": {"next_seq": 1}}).encode()
    status, got = _post(body, _signed(body))
    assert (status, got) == (400, None)


def test_only_a_post_with_the_embedded_default(settings):
    assert _post(b"", {}, method="get")[0] == 405
    settings.PUSH_RELAY_ACCEPT = False  # Redis: every process shares the layer
    body = json.dumps({"group": "match.7", "event": EVENT}).encode()
    assert _post(body, _signed(body)) == (404, None)


class _Server:
    """A stand-in for the app server: records what is posted, answers ``status``."""

    def __init__(self, status: int = 204):
        seen = self.seen = []

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                seen.append((self.path, dict(self.headers), body))
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.httpd = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


def test_the_worker_hands_its_push_to_the_server_signed(settings):
    with _Server() as server:
        settings.PUSH_RELAY = server.url
        push.send_to_group("match.7", EVENT, what="match 7")
    ((path, headers, body),) = server.seen
    assert path == reverse("push-relay")
    assert json.loads(body) == {"group": "match.7", "event": EVENT}
    when = headers[push_relay.TIME_HEADER]
    assert headers[push_relay.SIGNATURE_HEADER] == push_relay.signature(body, when)


def _one_line(caplog) -> str:
    records = [r for r in caplog.records if r.name == "core.push_relay"]
    assert len(records) == 1, [r.getMessage() for r in records]
    assert records[0].exc_info is None
    text = records[0].getMessage()
    assert "\n" not in text
    return text


def test_a_refused_relay_costs_one_log_line(settings, caplog):
    with _Server(status=403) as server:
        settings.PUSH_RELAY = server.url
        push.send_to_group("match.7", EVENT, what="match 7")  # raises nothing
    assert "push of match 7 not relayed" in _one_line(caplog)
    assert "403" in caplog.text


def test_a_server_that_is_not_there_costs_one_log_line(settings, caplog):
    with _Server() as server:
        url = server.url
    settings.PUSH_RELAY = url  # closed: the connection is refused
    t = time.perf_counter()
    push.send_to_group("match.7", EVENT, what="match 7")
    assert time.perf_counter() - t < push_relay.TIMEOUT + 1
    assert "push of match 7 not relayed" in _one_line(caplog)
