"""The audit log page: paginated, filtered by round, pairing, player, user and kind of
change, and only in words a person understands."""

import random
import re

import pytest
from django.db.models import Q
from django.urls import reverse

from tournaments import services
from tournaments.models import AuditLog, Outcome, Pairing

from .conftest import make_tournament

pytestmark = pytest.mark.django_db


def _rows(response) -> list[str]:
    body = response.content.decode()
    table = body[body.index("<tbody") : body.index("</tbody>")]
    return re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)


@pytest.fixture
def finished(staff_user, second_staff_user):
    tournament = make_tournament(16, [1] * 14 + [2])
    rng = random.Random(5)
    actors = [staff_user, second_staff_user]
    while services.tournament_phase(tournament) != "finished":
        rnd = services.release_round(
            services.draw_next_round(tournament, seed=rng.randrange(10**6), actor=staff_user)
        )
        for i, p in enumerate(rnd.pairings.filter(outcome=Outcome.OPEN).order_by("number")):
            services.record_result(
                p, winner=rng.choice(["left", "right"]), score=(2, 1), actor=actors[i % 2]
            )
    return tournament


def test_the_log_is_paginated(staff_client, finished):
    url = reverse("staff:audit", args=[finished.pk])
    total = AuditLog.objects.filter(tournament=finished).count()
    assert total > 25
    first = staff_client.get(url)
    assert len(_rows(first)) == 25
    assert f"{total} Änderungen" in first.content.decode()
    last = staff_client.get(url, {"page": (total + 24) // 25})
    assert len(_rows(last)) == total - 25 * ((total - 1) // 25)


def test_filter_by_round_pairing_user_and_kind(staff_client, finished, second_staff_user):
    url = reverse("staff:audit", args=[finished.pk])
    final_round = finished.rounds.order_by("-number").first()
    rows = _rows(staff_client.get(url, {"round": final_round.number}))
    # drawn, released, and four results
    assert len(rows) == 6
    assert all(f"Runde {final_round.number}" in r for r in rows)
    third = final_round.pairings.get(bracket="place3")
    rows = _rows(staff_client.get(url, {"round": final_round.number, "pairing": third.number}))
    assert len(rows) == 1 and "Spiel um Platz 3" in rows[0]
    assert f"#{third.left.number} {third.left.player.name}" in rows[0]  # the players, named
    rows = _rows(staff_client.get(url, {"user": second_staff_user.pk, "action": "record_result"}))
    assert rows and all("bert" in r and "Ergebnis eingetragen" in r for r in rows)
    assert (
        len(rows)
        == AuditLog.objects.filter(
            tournament=finished, user=second_staff_user, action="record_result"
        ).count()
    )
    # kinds are offered in words, users by name
    page = staff_client.get(url).content.decode()
    assert '<option value="record_result">Ergebnis eingetragen</option>' in page
    assert f'<option value="{second_staff_user.pk}">bert</option>' in page


def test_filter_by_player_finds_his_sale_entries_and_pairings(staff_client, finished):
    url = reverse("staff:audit", args=[finished.pk])
    player = finished.entries.get(number=15).player  # the player with two entries
    rows = _rows(staff_client.get(url, {"player": player.name.lower()}))
    pairings = Pairing.objects.filter(round__tournament=finished).filter(
        Q(left__player=player) | Q(right__player=player)
    )
    decided = pairings.exclude(outcome__in=["", "bye", "surrender"]).count()
    assert any("Teilnahmekarten verkauft" in r for r in rows)
    assert sum("Ergebnis eingetragen" in r for r in rows) == decided
    assert all(player.name in r for r in rows)


def test_rows_show_no_technical_fields(staff_client, finished):
    url = reverse("staff:audit", args=[finished.pk])
    for page in range(1, 5):
        body = staff_client.get(url, {"page": page}).content.decode()
        table = body[body.index("<table") : body.index("</table>")]
        assert "Version" not in table and "version" not in table
        assert not re.search(r"round \d+ \w+ #\d+", table)  # no stored targets
        assert "&quot;" not in table and "{" not in table  # no raw JSON


def test_a_bad_filter_is_named_and_shows_everything(staff_client, running):
    url = reverse("staff:audit", args=[running.pk])
    response = staff_client.get(url, {"round": "99", "user": "x", "pairing": "²"})
    assert response.status_code == 200
    assert len(_rows(response)) == AuditLog.objects.filter(tournament=running).count()
    assert "errorlist" in response.content.decode()
