import random

import pytest
from django.db import connection
from django.urls import reverse

from tournaments import services
from tournaments.models import Outcome, Round

from .conftest import make_tournament

pytestmark = pytest.mark.django_db


def play_round(tournament, rng):
    rnd = tournament.rounds.order_by("-number").first()
    if rnd.status == Round.Status.DRAFT:
        services.release_round(rnd)
    for pairing in rnd.pairings.filter(outcome=Outcome.OPEN):
        services.record_result(
            pairing, winner=rng.choice(["left", "right"]), score=(2, rng.randrange(2))
        )


def test_public_page_shows_draw_by_number_and_by_player(client, running):
    body = client.get(reverse("public:tournament", args=[running.pk])).content.decode()
    rnd = running.rounds.get()
    for pairing in rnd.pairings.select_related("left__player"):
        assert f'id="p-{pairing.pk}"' in body
        assert pairing.left.player.name in body
    assert "<svg" in body  # QR code to this page
    assert 'data-live="' in body


def test_live_json_reports_changes_only(client, running):
    url = reverse("public:live", args=[running.pk])
    first = client.get(url).json()
    assert first["changed"] and "live-draw" in first["sections"]
    same = client.get(url, {"since": first["version"]}).json()
    assert same == {"version": first["version"], "changed": False}
    pairing = running.rounds.get().pairings.filter(outcome=Outcome.OPEN).first()
    services.record_result(pairing, winner="left", score=(2, 1))
    after = client.get(url, {"since": first["version"]}).json()
    assert after["changed"]
    assert "2:1" in after["sections"]["live-draw"]
    projector = client.get(url, {"view": "projector"}).json()
    assert set(projector["sections"]) == {
        "live-summary",
        "projector-draw",
        "projector-open",
        "projector-ceremony",
    }


def test_hidden_tournament_is_not_public(client, staff_client, db):
    tournament = make_tournament(16)
    tournament.is_public = False
    tournament.save()
    from django.test import Client

    anonymous = Client()
    assert anonymous.get(reverse("public:tournament", args=[tournament.pk])).status_code == 404
    assert anonymous.get(reverse("public:live", args=[tournament.pk])).status_code == 404
    assert staff_client.get(reverse("public:tournament", args=[tournament.pk])).status_code == 200


def test_finished_tournament_shows_bracket_and_eight_prizes(client):
    tournament = make_tournament(16, [1] * 16, prizes=[(f"Preis {i}", None) for i in range(1, 9)])
    rng = random.Random(5)
    while services.tournament_phase(tournament) != "finished":
        services.draw_next_round(tournament, seed=rng.randrange(10**6))
        play_round(tournament, rng)
    body = client.get(reverse("public:tournament", args=[tournament.pk])).content.decode()
    assert 'class="bracket"' in body
    for i in range(1, 9):
        assert f"Preis {i}" in body
    assert body.count('<li value="') == 8
    assert "Spiel um Platz 3" in body or "match for 3rd place" in body
    projector = client.get(reverse("public:projector", args=[tournament.pk]))
    assert projector.status_code == 200


def count_queries(client, url):
    """SQL statements one request runs (counted at the connection, across its resets)."""
    statements = []

    def count(execute, sql, params, many, context):
        statements.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        assert client.get(url).status_code == 200
    return len(statements)


def test_public_page_queries_do_not_grow_with_the_field(client):
    small = make_tournament(16, [1] * 16)
    services.release_round(services.draw_next_round(small, seed=1))
    large = make_tournament(128, [2] * 64, name="Groß")
    services.release_round(services.draw_next_round(large, seed=1))
    small_count = count_queries(client, reverse("public:tournament", args=[small.pk]))
    large_count = count_queries(client, reverse("public:tournament", args=[large.pk]))
    assert small_count == large_count
    assert 5 <= small_count < 25
    # the second request is served from the cache until something changes
    cached = count_queries(client, reverse("public:tournament", args=[large.pk]))
    assert cached <= 3
    pairing = large.rounds.get().pairings.filter(outcome=Outcome.OPEN).first()
    services.record_result(pairing, winner="left", score=(2, 0))
    assert count_queries(client, reverse("public:tournament", args=[large.pk])) == large_count
