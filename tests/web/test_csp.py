"""The Content-Security-Policy (Django's own middleware, ``SECURE_CSP``): every page
gets it; no page runs an inline script; only the standings widget may be framed by
other sites (``WIDGET_FRAME_ANCESTORS``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from api.embed import widget_policy
from tests.roles import grant
from tests.tournaments.helpers import make_tournament

pytestmark = pytest.mark.django_db

TEMPLATES = Path(settings.BASE_DIR) / "templates"


def _policy(response) -> dict[str, str]:
    header = response["Content-Security-Policy"]
    return {
        part.split()[0]: " ".join(part.split()[1:])
        for part in (p.strip() for p in header.split(";"))
        if part
    }


def test_every_kind_of_page_has_the_policy():
    t = make_tournament(16, entries=[1] * 16)
    staff = grant(get_user_model().objects.create_user("org"))
    logged_in = Client()
    logged_in.force_login(staff)
    for client, url in (
        (Client(), "/"),
        (Client(), reverse("public:tournament", args=[t.pk])),
        (Client(), reverse("games:index")),
        (Client(), reverse("login")),
        (Client(), "/api/v1/tournaments"),
        (logged_in, reverse("staff:dashboard", args=[t.pk])),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        policy = _policy(response)
        assert policy["default-src"] == "'self'", url
        assert policy["script-src"] == "'self'", url  # no inline script, no eval
        assert policy["style-src"] == "'self'" and policy["object-src"] == "'none'", url
        assert policy["frame-ancestors"] == "'none'", url
        assert policy["base-uri"] == "'none'" and policy["form-action"] == "'self'", url


def test_only_the_widget_may_be_framed_by_club_websites():
    t = make_tournament(16, entries=[1] * 16)
    response = Client().get(reverse("embed:widget", args=[t.pk]))
    assert response.status_code == 200
    policy = _policy(response)
    assert policy["frame-ancestors"] == "*" and "X-Frame-Options" not in response
    assert policy["script-src"] == "'self'"  # all else as on every page
    public = Client().get(reverse("public:tournament", args=[t.pk]))
    assert _policy(public)["frame-ancestors"] == "'none'" and public["X-Frame-Options"] == "DENY"


def test_the_widgets_framing_sites_may_be_named(settings):
    settings.WIDGET_FRAME_ANCESTORS = ["https://verein.example.at"]
    assert widget_policy()["frame-ancestors"] == ["https://verein.example.at"]
    assert widget_policy()["script-src"] == settings.SECURE_CSP["script-src"]


def test_no_template_has_an_inline_script_or_event_handler():
    """The policy runs no inline script: scripts are files (JSON data blocks are no
    scripts), and no element has an on…= handler."""
    inline, handlers = [], []
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text()
        for tag in re.findall(r"<script\b[^>]*>", text):
            if "src=" not in tag and "application/json" not in tag:
                inline.append(f"{path.relative_to(TEMPLATES)}: {tag}")
        handlers += [f"{path.relative_to(TEMPLATES)}: {h}" for h in
                     re.findall(r"<[^>]*\son[a-z]+\s*=", text)]
    assert not inline and not handlers, inline + handlers
