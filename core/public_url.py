"""The address at which the players' phones reach the site (``PUBLIC_BASE_URL``).

At the venue the laptop serves the desk (``http://127.0.0.1:8000``) and the phones on
the venue's Wi-Fi (``http://192.168.1.20:8000``). Every absolute link the site makes
(the QR codes on the pages and the printouts, the players' links on the score sheets,
the API's and the widget's addresses, the staff's invitations) comes from Django's
``request.build_absolute_uri``; with ``PUBLIC_BASE_URL`` set, :class:`PublicURLMiddleware`
makes that the configured address whatever address the request came by, so a sheet
printed at the desk's ``127.0.0.1`` still points the phones to the laptop's LAN address.
It sets the request's ``_current_scheme_host`` (the cached "scheme://host" from which
``build_absolute_uri`` makes absolute addresses, Django 4.0 and later);
tests/venue/test_public_url.py checks that Django still uses it.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings

LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}


def configured() -> str:
    """The configured public address without a trailing slash, or ""."""
    return (getattr(settings, "PUBLIC_BASE_URL", "") or "").rstrip("/")


class PublicURLMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        base = configured()
        if base:
            request._current_scheme_host = base
        return self.get_response(request)


def base_url(request) -> str:
    """The address absolute links of this request use."""
    return request.build_absolute_uri("/").rstrip("/")


def host_of(url_or_host: str) -> str:
    if "://" in url_or_host:
        return urlsplit(url_or_host).hostname or ""
    if url_or_host.startswith("["):  # [::1]:8000
        return url_or_host[1:].split("]", 1)[0]
    if url_or_host.count(":") == 1:  # 192.168.1.20:8000
        return url_or_host.split(":", 1)[0]
    return url_or_host


def is_loopback(host: str) -> bool:
    host = host_of(host).lower()
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def server_listens_on_loopback(request) -> bool:
    """The server took this request on a loopback address only (uvicorn's
    ``--host 127.0.0.1``: the ASGI scope's "server", Django's SERVER_NAME)."""
    return is_loopback(str(request.META.get("SERVER_NAME", "")))


def lan_address() -> str | None:
    """This machine's address on the local network, if it has one (a UDP socket
    "connected" to a private address sends nothing; it only picks the route)."""
    for probe in ("10.255.255.255", "192.168.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 1))
                address = s.getsockname()[0]
        except OSError:
            continue
        if address and not is_loopback(address) and address != "0.0.0.0":
            return address
    return None
