"""The admin lists the tournament data and keeps rule-bound records read-only."""

import random

import pytest
from django.contrib.auth import get_user_model

from tests.tournaments.helpers import make_tournament, play_open
from tournaments import services

pytestmark = pytest.mark.django_db


def test_admin_pages(client):
    admin = get_user_model().objects.create_superuser("root", password="x")
    client.force_login(admin)
    t = make_tournament(16, entries=[1, 2] * 4)
    play_open(services.draw_next_round(t, seed=1), random.Random(1))
    for name in ["tournament", "player", "entry", "round", "pairing", "auditlog"]:
        response = client.get(f"/admin/tournaments/{name}/")
        assert response.status_code == 200, name
    assert client.get(f"/admin/tournaments/tournament/{t.pk}/change/").status_code == 200
    # results change only through the services
    pairing = t.rounds.get().pairings.first()
    page = client.get(f"/admin/tournaments/pairing/{pairing.pk}/change/")
    assert page.status_code == 200 and b'name="winner"' not in page.content
    assert client.get("/admin/tournaments/pairing/add/").status_code == 403
