"""The address for the players' phones (``PUBLIC_BASE_URL``, core.public_url): every
absolute link and QR code uses it whatever address the request came by; the staff's
dashboard shows it with a test QR code, and says when phones cannot reach it."""

import re

import pytest
import segno
from django.core.cache import cache
from django.urls import reverse

from core.public_url import host_of, is_loopback
from tests.tournaments.helpers import make_tournament

LAN = "http://192.168.1.20:8000"


def _qr_path(svg: str) -> list[str]:
    return re.findall(r' d="([^"]+)"', svg)


def _section(body: str) -> str:
    return body.split('id="venue-address"', 1)[1].split("</section>", 1)[0]


@pytest.fixture(autouse=True)
def _clear():
    cache.clear()
    yield
    cache.clear()


@pytest.mark.django_db
def test_links_and_qr_codes_use_the_public_address(staff_client, settings):
    settings.PUBLIC_BASE_URL = LAN
    tournament = make_tournament(16)
    expected = f"{LAN}/t/{tournament.pk}/"
    # the desk opens the laptop at 127.0.0.1, the server listens on the network
    desk = {"HTTP_HOST": "127.0.0.1:8000", "SERVER_NAME": "0.0.0.0"}
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    body = staff_client.get(reverse("staff:dashboard", args=[tournament.pk]), **desk)
    section = _section(body.content.decode())
    assert expected in section
    assert 'role="alert"' not in section  # nothing to warn about
    qr = segno.make(expected, error="m").svg_inline(scale=4, dark="#000", light="#fff")
    assert _qr_path(section) == _qr_path(qr)  # the test QR code encodes that address
    public = staff_client.get(reverse("public:tournament", args=[tournament.pk]), **desk)
    assert _qr_path(public.content.decode()) == _qr_path(qr)  # the public page's too
    api = staff_client.get(f"/api/v1/tournaments/{tournament.pk}", **desk).json()
    assert api["url"] == expected and api["api_url"].startswith(LAN + "/api/v1/")


@pytest.mark.django_db
def test_the_laptops_own_address_is_flagged(staff_client, settings):
    settings.PUBLIC_BASE_URL = ""
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    tournament = make_tournament(16)
    page = staff_client.get(
        reverse("staff:dashboard", args=[tournament.pk]),
        HTTP_HOST="127.0.0.1:8000",
        SERVER_NAME="127.0.0.1",
    )
    section = _section(page.content.decode())
    assert f"http://127.0.0.1:8000/t/{tournament.pk}/" in section
    assert 'role="alert"' in section and "./dev.sh start --lan" in section


@pytest.mark.django_db
def test_a_server_listening_on_loopback_only_is_flagged(staff_client, settings):
    settings.PUBLIC_BASE_URL = LAN
    tournament = make_tournament(16)
    page = staff_client.get(
        reverse("staff:dashboard", args=[tournament.pk]), SERVER_NAME="127.0.0.1"
    )
    section = _section(page.content.decode())
    assert LAN in section and 'role="alert"' in section and "127.0.0.1" in section


def test_loopback_hosts():
    assert is_loopback("http://127.0.0.1:8000/") and is_loopback("localhost:8000")
    assert is_loopback("[::1]:8000") and is_loopback("::1")
    assert not is_loopback(LAN) and not is_loopback("turniere.example.at")
    assert (
        host_of("http://[::1]:8000/x") == "::1" and host_of("192.168.1.20:8000") == "192.168.1.20"
    )


def test_a_public_address_with_a_path_is_refused_at_start():
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "DJANGO_PUBLIC_URL": "http://192.168.1.20:8000/schnapsen"}
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'schnapsen_site.settings'); django.setup()",
        ],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode != 0 and "DJANGO_PUBLIC_URL" in run.stderr
