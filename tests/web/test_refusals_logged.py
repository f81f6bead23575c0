"""A refused request is one line in the server's log, not a traceback (issue 30): a role
without the right (403) and a foreign Host header (400). A server error keeps its
traceback. The console handler of ``settings.LOGGING`` is the one checked."""

from __future__ import annotations

import io
import logging

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from clubs.models import Role
from tests.roles import grant

pytestmark = pytest.mark.django_db


@pytest.fixture
def console():
    """What the console handler of the root logger writes, while the test runs."""
    handler = next(
        h for h in logging.getLogger().handlers if type(h) is logging.StreamHandler
    )
    stream = io.StringIO()
    old = handler.setStream(stream)
    try:
        yield stream
    finally:
        handler.setStream(old)


def test_a_refused_page_is_one_line(console):
    desk = grant(get_user_model().objects.create_user("kassa", password="pw"), Role.DESK)
    client = Client()
    client.force_login(desk)
    url = reverse("staff:tournament_create")
    assert client.get(url).status_code == 403
    lines = console.getvalue().splitlines()
    assert lines == [f"Forbidden (Permission denied): {url}"]


def test_a_foreign_host_is_one_line(console):
    response = Client().get("/", headers={"host": "evil.example"})
    assert response.status_code == 400
    lines = console.getvalue().splitlines()
    assert len(lines) == 1 and "Invalid HTTP_HOST header: 'evil.example'" in lines[0]
    assert "Traceback" not in console.getvalue()


def test_a_server_error_keeps_its_traceback(console):
    try:
        raise ZeroDivisionError("x")
    except ZeroDivisionError as error:
        logging.getLogger("django.request").error(
            "Internal Server Error: /x/", exc_info=error, extra={"status_code": 500}
        )
    assert "Traceback" in console.getvalue() and "ZeroDivisionError" in console.getvalue()


def test_djangos_records_are_printed_once():
    """Django's own console handler is gone: its records reach the root's handler only."""
    assert logging.getLogger("django").handlers == []
    assert logging.getLogger("django").propagate
