"""The prize ceremony's live section and its staff control; the prize reason in words."""

import random

import pytest
from django.urls import reverse

from tests.tournaments.helpers import play_open
from tournaments import services
from tournaments.models import AuditLog, Stage
from tournaments.standings import compute_standings

from .conftest import make_tournament

pytestmark = pytest.mark.django_db


def _projector_sections(client, tournament):
    url = reverse("public:live", args=[tournament.pk])
    return client.get(url, {"view": "projector"}).json()["sections"]


def test_ceremony_waits_for_every_prize_and_follows_staff(client, staff_client):
    tournament = make_tournament(16, [1] * 16)
    rng = random.Random(2)
    while True:
        rnd = services.draw_next_round(tournament, seed=rng.randrange(1000))
        if rnd.stage == Stage.FINAL:
            rnd = services.release_round(rnd)
            break
        play_open(rnd, rng)
    assert "ceremony" not in _projector_sections(client, tournament)["projector-ceremony"]
    standings = staff_client.get(reverse("staff:standings", args=[tournament.pk]))
    assert b"ceremony-start" not in standings.content  # nothing to show yet
    play_open(rnd, rng)
    section = _projector_sections(client, tournament)["projector-ceremony"]
    assert section.count("data-prize=") == 8
    assert section.index('data-prize="8"') < section.index('data-prize="1"')  # last first
    run = section.split('data-ceremony-run="')[1].split('"')[0]

    url = reverse("staff:ceremony", args=[tournament.pk])
    staff_client.post(url, {"running": "0"})
    assert "ceremony" not in _projector_sections(client, tournament)["projector-ceremony"]
    staff_client.post(url, {"running": "1"})
    section = _projector_sections(client, tournament)["projector-ceremony"]
    assert 'data-ceremony-run="' in section and run not in section  # a new start
    actions = AuditLog.objects.filter(tournament=tournament).values_list("action", flat=True)
    assert {"start_ceremony", "stop_ceremony"} <= set(actions)
    audit = staff_client.get(reverse("staff:audit", args=[tournament.pk])).content.decode()
    assert "Siegerehrung gestartet" in audit and "Siegerehrung angehalten" in audit
    assert client.post(url, {"running": "1"}).status_code in (302, 403)  # staff only
    bad = staff_client.post(url, {"running": "x"}, follow=True)
    assert any(m.level_tag == "error" for m in bad.context["messages"])


def test_public_page_says_why_a_prize_passed_down(client):
    tournament = make_tournament(16, [4] + [1] * 12, one_prize_per_player=True)
    star = tournament.entries.get(number=1).player
    while services.tournament_phase(tournament) != "finished":
        rnd = services.release_round(services.draw_next_round(tournament, seed=5))
        for p in rnd.pairings.filter(outcome="").select_related("right"):
            winner = "right" if p.right.player_id == star.pk else "left"
            services.record_result(p, winner=winner, score=(2, 1))
    page = client.get(reverse("public:tournament", args=[tournament.pk])).content.decode()
    assert f"weil {star.name} schon den 1. Preis hat." in page
    second = compute_standings(tournament).prizes[1]
    assert second.passed_down
    assert second.reason.startswith(f"Preis 2 ging an {second.player.name} (Platz ")
