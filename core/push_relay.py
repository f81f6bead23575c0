"""Pushes across processes without Redis: the relay through the app server.

The embedded default's channel layer lives in the memory of the one app server process,
where the open pages' sockets are; a push sent in another process (the task worker that
stores the computer's moves) would reach no page there. Such a process is told the
server's address (``DJANGO_PUSH_RELAY``, setting ``PUSH_RELAY``; ``./dev.sh start`` sets
it for its worker) and hands each push to the server instead: a POST over the loopback
to :func:`receive` with the group and the event as JSON, signed with an HMAC of the
``SECRET_KEY`` over the time and the body. The server checks the signature and the time
(at most ``MAX_AGE`` seconds apart) and sends the event to its layer's group, so the
pages take it as any push of the server's own.

A relay that is refused or fails costs no move: the move is stored before its push,
the failure is logged as one line, and the page's fallback poll shows the move. With
Redis (``REDIS_URL``) every process shares the layer and nothing is relayed; the
endpoint then answers 404.
"""

from __future__ import annotations

import json
import logging
import time
import urllib.error
import urllib.request

from channels.layers import get_channel_layer
from django.conf import settings
from django.http import (
    Http404,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseForbidden,
    HttpResponseNotAllowed,
)
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac
from django.views.decorators.csrf import csrf_exempt

log = logging.getLogger(__name__)

#: the URL pattern's name (``schnapsen_site.urls``)
URL_NAME = "push-relay"
#: seconds between the signed time and the server's clock at most
MAX_AGE = 60
#: seconds the sender waits for the server
TIMEOUT = 2.0
TIME_HEADER = "X-Push-Time"
SIGNATURE_HEADER = "X-Push-Signature"
_SALT = "core.push_relay"

# the loopback, never a proxy from the environment (http_proxy and the like)
_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def signature(body: bytes, when: str) -> str:
    """The HMAC (SHA-256, keyed by the ``SECRET_KEY``) of the time and the body."""
    return salted_hmac(_SALT, when.encode() + b"." + body, algorithm="sha256").hexdigest()


def relay(group: str, event: dict, *, what: str) -> bool:
    """Hand ``event`` for ``group`` to the app server at ``settings.PUSH_RELAY``; True
    when it took it. A failure is logged as one line and never raised."""
    url = settings.PUSH_RELAY.rstrip("/") + reverse(URL_NAME)
    try:
        body = json.dumps({"group": group, "event": event}, separators=(",", ":")).encode()
    except (TypeError, ValueError) as exc:
        log.warning("push of %s not relayed: not JSON (%s)", what, exc)
        return False
    when = str(int(time.time()))
    request = urllib.request.Request(
        url,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            TIME_HEADER: when,
            SIGNATURE_HEADER: signature(body, when),
        },
    )
    try:
        with _opener.open(request, timeout=TIMEOUT) as answer:
            answer.read()
        return True
    except urllib.error.HTTPError as exc:
        log.warning("push of %s not relayed: %s answered %s", what, url, exc.code)
    except (OSError, ValueError) as exc:  # refused, unreachable, timed out, a bad address
        reason = getattr(exc, "reason", None) or exc
        log.warning("push of %s not relayed: %s: %s", what, url, reason)
    return False


def _signed(request) -> bool:
    when = request.headers.get(TIME_HEADER, "")
    given = request.headers.get(SIGNATURE_HEADER, "")
    if not when.isascii() or not when.isdigit() or not given:
        return False
    if abs(time.time() - int(when)) > MAX_AGE:
        return False
    return constant_time_compare(given, signature(request.body, when))


@csrf_exempt
async def receive(request):
    """The app server's end of the relay: a signed push handed to this process's channel
    layer (on the server's event loop, where the in-memory layer's queues are)."""
    if not settings.PUSH_RELAY_ACCEPT:
        raise Http404
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    # a refusal is one line in the log, Django's ("Forbidden: /internal/push-relay")
    if not _signed(request):
        return HttpResponseForbidden()
    try:
        data = json.loads(request.body)
        group, event = data["group"], data["event"]
        if not isinstance(group, str) or not isinstance(event, dict) or "type" not in event:
            raise ValueError("a group name and an event with a type")
    except (ValueError, KeyError, TypeError):
        return HttpResponseBadRequest()
    layer = get_channel_layer()
    if layer is not None:
        try:
            await layer.group_send(group, event)
        except Exception as exc:  # noqa: BLE001 - a push that fails costs one poll
            log.warning("relayed push to %s failed: %r", group, exc)
            return HttpResponse(status=503)
    return HttpResponse(status=204)
