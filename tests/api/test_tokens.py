"""Staff API tokens: made and revoked by organisers on the club's page (shown once, stored
hashed), entering results through the same service and checks as the staff page, audited
with the token's name; refused after revocation, outside their club and outside their
role."""

from __future__ import annotations

import hashlib
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from api.models import ApiToken
from api.tokens import create_token, revoke_token
from clubs import services as clubs
from tests.api import world as worlds
from tournaments.models import AuditLog, Outcome, Pairing

pytestmark = pytest.mark.django_db


@pytest.fixture
def w():
    return worlds.build()


def _open(t):
    rnd = t.rounds.order_by("-number").first()
    return rnd.pairings.filter(outcome=Outcome.OPEN).exclude(right=None).order_by("number").first()


def _post(secret, t, pairing, body, client=None):
    client = client or Client()
    headers = {"Authorization": f"Bearer {secret}"} if secret else {}
    return client.post(
        f"/api/v1/tournaments/{t.pk}/pairings/{pairing.pk}/result",
        json.dumps(body),
        content_type="application/json",
        headers=headers,
    )


def _state():
    return (
        list(Pairing.objects.order_by("pk").values_list("pk", "outcome", "version")),
        AuditLog.objects.filter(tournament__isnull=False).count(),
    )


def test_a_token_enters_a_result_as_the_staff_page_does(w):
    token, secret = create_token(w["club"], "table", "Vereinsseite")
    assert ApiToken.objects.get().token_hash == hashlib.sha256(secret.encode()).hexdigest()
    assert secret not in json.dumps(list(ApiToken.objects.values()), default=str)
    t = w["running"]
    p = _open(t)
    response = _post(secret, t, p, {"winner": "right", "score": [2, 1], "version": p.version})
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["outcome"] == "played" and body["winner"] == "right" and body["score"] == [2, 1]
    row = AuditLog.objects.filter(action="record_result").latest("pk")
    assert row.user is None and row.role == "token:table:Vereinsseite"
    assert "Vereinsseite" in row.role_text
    # a stale version is refused, as on the staff page (someone changed it meanwhile)
    before = _state()
    again = _post(secret, t, p, {"winner": "left", "score": [2, 0], "version": p.version})
    assert again.status_code == 409 and _state() == before
    # a correction with the current version goes through
    p.refresh_from_db()
    fixed = _post(secret, t, p, {"winner": "left", "score": [2, 0], "version": p.version})
    assert fixed.status_code == 200 and fixed.json()["winner"] == "left"
    assert AuditLog.objects.filter(action="correct_result", role__startswith="token:").exists()
    # the service's own rules: a score the match length does not allow
    q = _open(t)
    bad = _post(secret, t, q, {"winner": "left", "score": [3, 0]})
    assert bad.status_code == 409 and "2:0" in bad.json()["detail"]


def test_refused_after_revocation_outside_the_club_and_the_role(w):
    t, other_t = w["running"], w["knockout"]  # the knock-out one is of the other club
    _token, secret = create_token(w["club"], "table", "Kasse")
    desk, desk_secret = create_token(w["club"], "desk", "Nur Kassa")
    _foreign, foreign_secret = create_token(w["other"], "organiser", "Ybbs")
    p = _open(t)
    before = _state()
    body = {"winner": "left", "score": [2, 0]}
    assert _post(None, t, p, body).status_code == 401
    assert _post("sch_not-a-token", t, p, body).status_code == 401
    assert _post(desk_secret, t, p, body).status_code == 403  # the desk enters no results
    assert _post(foreign_secret, t, p, body).status_code == 404  # another club's tournament
    # a pairing of another tournament named under one's own tournament: not found
    assert _post(secret, t, _open(other_t), body).status_code == 404
    assert _state() == before
    revoke_token(ApiToken.objects.get(name="Kasse"))
    assert _post(secret, t, p, body).status_code == 401
    assert _state() == before
    assert desk.active


def test_organisers_make_and_revoke_tokens_on_the_club_page(w):
    User = get_user_model()
    organiser = User.objects.create_user("org", password="pw")
    clubs.grant_role(w["club"], organiser, "organiser")
    client = Client(headers={"accept-language": "en"})
    client.force_login(organiser)
    url = reverse("staff:club_tokens", args=[w["club"].slug])
    response = client.post(url, {"do": "create", "name": "Ergebnisprogramm", "role": "table"})
    assert response.status_code == 302
    page = client.get(url).content.decode()
    token = ApiToken.objects.get(name="Ergebnisprogramm")
    secret = re.search(r'value="(sch_[^"]+)" id="token-secret"', page).group(1)
    assert hashlib.sha256(secret.encode()).hexdigest() == token.token_hash
    assert secret not in client.get(url).content.decode(), "shown once"
    t = w["running"]
    assert _post(secret, t, _open(t), {"winner": "left", "score": [2, 1]}).status_code == 200
    client.post(url, {"do": "revoke", "token": token.pk})
    token.refresh_from_db()
    assert token.revoked_at is not None
    assert _post(secret, t, _open(t), {"winner": "left", "score": [2, 1]}).status_code == 401
    club_log = client.get(reverse("staff:club_audit", args=[w["club"].slug])).content.decode()
    assert "API token made" in club_log and "API token revoked" in club_log
