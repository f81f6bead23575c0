"""Failed logins are limited per account and per address (django-axes, ``clubs.login_limit``):
the limit's failure locks the account and the address, the right password is refused
while locked, with a clear message (429), and the lock is in the audit log of the
account's clubs, once."""

from __future__ import annotations

import datetime

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from clubs import services as clubs
from tournaments.models import AuditLog

pytestmark = pytest.mark.django_db

HERE, THERE, ELSEWHERE = "192.0.2.10", "192.0.2.20", "192.0.2.30"  # TEST-NET: names only


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.AXES_FAILURE_LIMIT = 5


@pytest.fixture
def staff(db):
    User = get_user_model()
    club_a, club_b = clubs.create_club("Heimverein Melk"), clubs.create_club("Gastverein Ybbs")
    users = {}
    for role in ("organiser", "desk", "table", "referee"):
        users[role] = User.objects.create_user(f"a-{role}", password="richtig")
        clubs.grant_role(club_a, users[role], role)
    users["other"] = User.objects.create_user("b-organiser", password="richtig")
    clubs.grant_role(club_b, users["other"], "organiser")
    users["nobody"] = User.objects.create_user("nobody", password="richtig")
    return club_a, club_b, users


def _login(address, username, password, lang="en"):
    client = Client(REMOTE_ADDR=address, headers={"accept-language": lang})
    response = client.post(reverse("login"), {"username": username, "password": password})
    return client, response


def _logged_in(client) -> bool:
    return "_auth_user_id" in client.session


@pytest.mark.parametrize("role", ["organiser", "desk", "table", "referee", "other", "nobody"])
def test_an_account_is_locked_after_the_limit_and_the_right_password_is_refused(staff, role):
    club_a, club_b, users = staff
    name = users[role].username
    for _ in range(4):
        client, response = _login(HERE, name, "falsch")
        assert response.status_code == 200 and not _logged_in(client)
    client, response = _login(HERE, name, "falsch")  # the limit's failure
    assert response.status_code == 429
    page = response.content.decode()
    assert 'id="login-locked"' in page and "Too many failed logins" in page
    assert "15 minutes" in page
    # the right password now: refused, from this address and from another one
    for address in (HERE, THERE):
        client, response = _login(address, name, "richtig")
        assert response.status_code == 429 and not _logged_in(client), address
    # German by default
    _client, response = _login(THERE, name, "richtig", lang="de-at")
    assert "Zu viele fehlgeschlagene Anmeldungen" in response.content.decode()
    # the audit entry: once, in the account's clubs only
    rows = AuditLog.objects.filter(action="login_locked")
    expected_clubs = {"other": {club_b.pk}, "nobody": {None}}.get(role, {club_a.pk})
    assert {r.club_id for r in rows} == expected_clubs and rows.count() == len(expected_clubs)
    row = rows.first()
    assert row.target == name and row.after["address"] == HERE and row.after["failures"] == 5
    # another account from another address is not touched
    client, response = _login(ELSEWHERE, "a-organiser" if role != "organiser" else "a-desk",
                              "richtig")
    assert response.status_code == 302 and _logged_in(client)


def test_an_address_is_locked_after_the_limit_over_several_accounts(staff):
    club_a, club_b, users = staff
    names = ["a-organiser", "a-desk", "b-organiser", "nobody", "niemand"]
    for name in names[:-1]:
        _login(HERE, name, "falsch")
    client, response = _login(HERE, names[-1], "falsch")
    assert response.status_code == 429
    # from this address nobody gets in, not even with the right password
    client, response = _login(HERE, "a-table", "richtig")
    assert response.status_code == 429 and not _logged_in(client)
    # the accounts themselves are not locked: from elsewhere they log in
    client, response = _login(THERE, "a-organiser", "richtig")
    assert response.status_code == 302 and _logged_in(client)
    assert AuditLog.objects.filter(action="login_locked").count() == 1  # the limit's try


def test_the_lock_ends_after_the_lockout_time(staff):
    club_a, club_b, users = staff
    for _ in range(5):
        _login(HERE, "a-desk", "falsch")
    assert _login(HERE, "a-desk", "richtig")[1].status_code == 429
    AccessAttempt.objects.update(
        attempt_time=AccessAttempt.objects.first().attempt_time - datetime.timedelta(minutes=16)
    )
    client, response = _login(HERE, "a-desk", "richtig")
    assert response.status_code == 302 and _logged_in(client)


def test_the_admin_login_is_limited_too(staff):
    User = get_user_model()
    User.objects.create_superuser("root", password="richtig")
    client = Client(REMOTE_ADDR=HERE)
    url = reverse("admin:login")
    for _ in range(5):
        response = client.post(url, {"username": "root", "password": "falsch"})
    assert response.status_code == 429
    response = client.post(url, {"username": "root", "password": "richtig"})
    assert response.status_code == 429 and not _logged_in(client)
