"""The pages: the public form (its checks against bots and floods), the private link,
the organiser's terms, the desk's section and its check-in."""

import time

import pytest
from django.core import signing
from django.urls import reverse

from clubs.models import Club, Role
from registration import forms, services
from registration.models import Registration, Status
from tests.roles import grant
from tournaments.models import Entry

from .helpers import open_tournament, sign_up

pytestmark = pytest.mark.django_db


def _started(seconds_ago=10):
    return signing.dumps(time.time() - seconds_ago, salt=forms._SALT)


def _post(client, t, **data):
    fields = {
        "name": "Anna Huber",
        "town": "Krems",
        "count": "1",
        "contact": "0664 1",
        "consent": "on",
        "website": "",
        "started": _started(),
    }
    fields.update(data)
    return client.post(reverse("registration:register", args=[t.pk]), fields)


def test_register_confirm_change_and_cancel(client):
    t = open_tournament(16)
    page = client.get(reverse("registration:register", args=[t.pk]))
    assert page.status_code == 200 and b'name="website"' in page.content
    answer = _post(client, t, count="2")
    r = Registration.objects.get(tournament=t)
    assert answer.status_code == 302 and r.token in answer["Location"]
    confirm = client.get(answer["Location"])
    assert confirm.status_code == 200
    assert r.token.encode() in confirm.content and b"<svg" in confirm.content
    manage = reverse("registration:manage", args=[r.token])
    client.post(manage, {"change": "1", "count": "1", "contact": ""})
    r.refresh_from_db()
    assert r.count == 1 and r.contact == ""
    client.post(manage, {"cancel": "1"})
    r.refresh_from_db()
    assert r.status == Status.CANCELLED


def test_unknown_link_is_404(client):
    assert client.get(reverse("registration:manage", args=["x" * 30])).status_code == 404


def test_refusal_is_a_message_not_an_error(client):
    t = open_tournament(16, max_entries_per_player=2)
    answer = _post(client, t, count="3")
    assert answer.status_code == 200 and not Registration.objects.exists()
    answer = _post(client, t, consent="")
    assert answer.status_code == 200 and "errorbox" in answer.content.decode()
    assert not Registration.objects.exists()


@pytest.mark.parametrize("trap", [{"website": "http://spam"}, {"started": ""}])
def test_bots_do_not_get_a_place(client, trap):
    t = open_tournament(16)
    data = trap if "website" in trap else {"started": _started(0)}
    answer = _post(client, t, **data)
    assert answer.status_code == 200 and not Registration.objects.exists()


def test_too_fast_is_refused(client):
    t = open_tournament(16)
    assert _post(client, t, started=_started(0)).status_code == 200
    assert not Registration.objects.exists()


def test_rate_limit_per_address(client, settings):
    settings.REGISTRATIONS_PER_HOUR = 3
    t = open_tournament(16)
    for i in range(3):
        assert _post(client, t, name=f"Spieler {i}").status_code == 302
    refused = _post(client, t, name="Spieler 9")
    assert refused.status_code == 200 and Registration.objects.count() == 3
    other = client.post(
        reverse("registration:register", args=[t.pk]),
        {"name": "Anderer", "count": "1", "consent": "on", "started": _started()},
        REMOTE_ADDR="10.0.0.9",
    )
    assert other.status_code == 302


def test_terms_page_for_organisers_only(client, django_user_model):
    t = open_tournament(16)
    url = reverse("staff:registration", args=[t.pk])
    desk = grant(django_user_model.objects.create_user("desk"), Role.DESK)
    client.force_login(desk)
    assert client.get(url).status_code == 403
    stranger = django_user_model.objects.create_user("stranger")
    grant(stranger, Role.ORGANISER, Club.objects.create(name="Anderer Verein", slug="anderer"))
    client.force_login(stranger)
    assert client.get(url).status_code == 404
    organiser = grant(django_user_model.objects.create_user("org"), Role.ORGANISER)
    client.force_login(organiser)
    assert client.get(url).status_code == 200
    answer = client.post(url, {"open": "", "closes_at": "2030-01-01T10:00"})
    assert answer.status_code == 302
    assert services.terms_of(t).open is False


def test_desk_lists_registered_and_sells_them(client, django_user_model):
    t = open_tournament(16)
    a = sign_up(t, "Anna Vorab", 2)
    desk = grant(django_user_model.objects.create_user("desk"), Role.DESK)
    client.force_login(desk)
    page = client.get(reverse("staff:entries", args=[t.pk])).content.decode()
    assert "Anna Vorab" in page and 'id="check-in-form"' in page
    assert page.index("registration-desk") < page.index("sell-form")  # at the top
    assert "14 Plätze bleiben für den Verkauf an der Kassa." in page
    client.post(reverse("staff:registration_take_up", args=[t.pk, a.pk]), {"paid": "1"})
    assert Entry.objects.filter(tournament=t, paid=True).count() == 2


def test_scan_answers_json_in_german(client, django_user_model):
    t = open_tournament(16, entries=[1])
    desk = grant(django_user_model.objects.create_user("desk"), Role.DESK)
    client.force_login(desk)
    url = reverse("staff:registration_scan", args=[t.pk])
    first = client.post(url, {"code": "1"}, content_type="application/json").json()
    again = client.post(
        url, {"code": "1"}, content_type="application/json", HTTP_ACCEPT_LANGUAGE="de-at"
    ).json()
    assert first["ok"] and not again["ok"] and again["code"] == "already"
    assert "schon eingecheckt" in again["message"]
    table = grant(django_user_model.objects.create_user("table"), Role.TABLE)
    client.force_login(table)
    assert client.post(url, {"code": "1"}, content_type="application/json").status_code == 403


def test_audit_log_names_the_registrations_in_words(client, django_user_model):
    t = open_tournament(16)
    services.cancel(sign_up(t, "Anna"))
    organiser = grant(django_user_model.objects.create_user("org"), Role.ORGANISER)
    client.force_login(organiser)
    page = client.get(reverse("staff:audit", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="de-at")
    assert "Voranmeldung storniert" in page.content.decode()
