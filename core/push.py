"""Sending a push to a channel layer group from synchronous code, in one place.

A view of the ASGI server runs in the server's one thread for synchronous code (Django
runs every sync view of a process there, one at a time). Waiting there for the push to
reach Redis would hold every other request of the process behind it, so with a layer
shared across processes (Redis) the push is handed to the server's event loop and the
view goes on; the push is sent a moment later, before the loop's next turn. Pages take
pushes by their sequence number or version (an older one is dropped), so two pushes
that reach Redis in the other order change nothing. Anywhere else (a task worker, the
command line, the embedded in-memory layer, whose queues belong to the server's loop)
the push is sent at once and waited for. A push that fails is logged and costs the
pages one poll.

A process told the app server's address (``PUSH_RELAY``: the embedded default's task
worker, whose in-memory layer holds no page) hands the push to the server instead, which
sends it to its own layer (``core.push_relay``).
"""

from __future__ import annotations

import asyncio
import logging
import os

from .push_relay import relay

log = logging.getLogger(__name__)


def _server_loop():
    """The running event loop of the ASGI server whose sync thread this is, else None."""
    from asgiref.sync import SyncToAsync

    local = SyncToAsync.threadlocal
    loop = getattr(local, "main_event_loop", None)
    if loop is None or getattr(local, "main_event_loop_pid", None) != os.getpid():
        return None
    return loop if loop.is_running() and not loop.is_closed() else None


def send_to_group(group: str, event: dict, *, what: str = "") -> None:
    """Push ``event`` to the layer's ``group`` (nothing without a channel layer)."""
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer
    from django.conf import settings

    if getattr(settings, "PUSH_RELAY", ""):
        relay(group, event, what=what or group)
        return
    layer = get_channel_layer()
    if layer is None:
        return
    loop = _server_loop() if getattr(settings, "PUSH_ACROSS_PROCESSES", False) else None
    if loop is not None:
        future = asyncio.run_coroutine_threadsafe(layer.group_send(group, event), loop)
        future.add_done_callback(lambda f: _failed(f, what or group))
        return
    try:
        async_to_sync(layer.group_send)(group, event)
    except Exception:
        log.warning("push of %s failed", what or group, exc_info=True)


def _failed(future, what: str) -> None:
    if future.cancelled():
        return
    exc = future.exception()
    if exc is not None:
        log.warning("push of %s failed", what, exc_info=exc)
