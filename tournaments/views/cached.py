"""Whole responses of the public pages, rendered once per version and language for every
app server (the cache is shared), stored gzip-compressed and sent as they are.

A cached page is rendered for an anonymous visitor on a request of its own: no user, no
messages, and no per-request token (the language form takes the CSRF cookie when it is
sent: ``static/js/live.js``). A staff member who is logged in gets the page rendered for
him, uncached. Rendering is done by one request at a time per key; the others wait for
its result (a burst of phones after a change costs one rendering, not one per worker).
A cached request asks the cache once, for the version and the body together.
"""

from __future__ import annotations

import gzip
import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.middleware.csrf import get_token
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language

from tournaments import live_version

#: How long a rendered version is kept (a new version makes it unused at once).
CACHE_SECONDS = 600
#: How long a request waits for another one rendering the same page.
WAIT_SECONDS = 3.0


class _PageRequest(HttpRequest):
    """The request a cached page is rendered for: the page's address, nobody's session."""

    def __init__(self, original: HttpRequest):
        super().__init__()
        self.method = "GET"
        self.path = self.path_info = original.path
        for key in ("HTTP_HOST", "SERVER_NAME", "SERVER_PORT", "HTTP_X_FORWARDED_PROTO"):
            if key in original.META:
                self.META[key] = original.META[key]
        self._scheme = original.scheme
        from django.contrib.auth.models import AnonymousUser

        self.user = AnonymousUser()

    def _get_scheme(self):
        return self._scheme


def anonymous(request: HttpRequest) -> HttpRequest:
    return _PageRequest(request)


def is_logged_in(request: HttpRequest) -> bool:
    """True for a logged-in user; reads no session without a session cookie."""
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return False
    return bool(getattr(request, "user", None) and request.user.is_authenticated)


def version_of(pk: int, load_tournament: Callable) -> tuple[str, bool]:
    """(version, is public) from the cache; the tournament is loaded only on a miss."""
    found = live_version.current(pk)
    if found is not None:
        return found
    return live_version.load(load_tournament())


def lookup(pk: int, key: str, load_tournament: Callable) -> tuple[str, bool, bytes | None]:
    """The version, whether the tournament is public, and the body stored under ``key``
    if it is of that version: one round trip to the cache (both keys at once)."""
    version_key = live_version.KEY.format(pk)
    found = cache.get_many([version_key, key])
    value = found.get(version_key)
    version, public = tuple(value) if value else live_version.load(load_tournament())
    stored = found.get(key)
    body = stored[1] if stored and stored[0] == version else None
    return version, public, body


def cached_body(key: str, version: str, render: Callable[[], bytes]) -> bytes:
    """The gzip-compressed body of ``version`` under ``key``, rendered once by one
    request while the others wait for it."""
    lock = f"{key}:{version}:rendering"
    if not cache.add(lock, 1, int(WAIT_SECONDS) + 5):
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            time.sleep(0.02)
            stored = cache.get(key)
            if stored and stored[0] == version:
                return stored[1]
    try:
        body = gzip.compress(render(), compresslevel=6, mtime=0)
        cache.set(key, (version, body), CACHE_SECONDS)
    finally:
        cache.delete(lock)
    return body


def page_key(kind: str, pk: int, view: str, request: HttpRequest) -> str:
    """Where the latest rendered body of a page is kept (with its version)."""
    host = request.get_host() if kind == "page" else ""
    return f"live:{kind}:{pk}:{view}:{get_language()}:{host}"


def respond(request, body: bytes, content_type: str, etag: str) -> HttpResponse:
    """The stored gzip body as the response: compressed where the client takes it
    (every browser does), a 304 for a client that has this version already."""
    if request.META.get("HTTP_IF_NONE_MATCH") == etag:
        response = HttpResponseNotModified()
    elif "gzip" in request.META.get("HTTP_ACCEPT_ENCODING", ""):
        response = HttpResponse(body, content_type=content_type)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(gzip.decompress(body), content_type=content_type)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ("Accept-Encoding", "Accept-Language", "Cookie"))
    if content_type.startswith("text/html"):
        get_token(request)  # the CSRF cookie for the language form (no token in the page)
    return response
