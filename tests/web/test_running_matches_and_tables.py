"""Two states the hand-made requests of issue 30 found, with no server error now:

- withdrawing a round with a running browser match (or table of four) and no result:
  the confirmation page says what becomes of it; the match ends, kept as cancelled with
  a note for its players, detached from the deleted pairing, named in the audit log;
- the referee's revoke sent for a table of four (teams): no server error, nothing
  changed; the two-player revoke refuses a table (``refuse_table_revoke``), and the
  pairing page of a running table offers no two-player revoke form.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from clubs.models import Role
from games import services as games
from games.models import Match, MatchAction, Status
from tests.roles import grant
from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.models import AuditLog, Outcome, Round

pytestmark = pytest.mark.django_db


def _client(role=Role.ORGANISER, name="anna"):
    client = Client(headers={"accept-language": "en"})
    client.force_login(grant(get_user_model().objects.create_user(name, password="pw"), role))
    return client


def _released(**terms):
    t = make_tournament(16, entries=[1] * 16, **terms)
    rnd = services.release_round(services.draw_next_round(t, seed=7))
    pairings = list(rnd.pairings.filter(outcome=Outcome.OPEN).exclude(right=None).order_by("number"))
    return t, rnd, pairings


@pytest.mark.parametrize("game", ["schnapsen", "bauernschnapsen"])
@pytest.mark.parametrize("then", ["", "redraw"])
def test_withdrawing_a_round_ends_its_running_match(game, then):
    t, rnd, pairings = _released(game=game)
    match = games.start_match_for_pairing(pairings[0])
    moves = MatchAction.objects.filter(match=match).count()
    client = _client()
    url = reverse("staff:round_withdraw", args=[t.pk, rnd.number])
    page = client.get(url).content.decode()
    assert "1 browser match of it is being played: it is ended and kept as cancelled" in page
    response = client.post(url, {"confirm": "yes", "then": then})
    assert response.status_code == 302
    assert not Round.objects.filter(pk=rnd.pk).exists()
    match.refresh_from_db()
    assert match.status == Status.CANCELLED and match.pairing_id is None
    assert "Round 1 was withdrawn" in match.result_note
    assert MatchAction.objects.filter(match=match).count() == moves  # the record is kept
    row = AuditLog.objects.filter(action="withdraw_round").latest("pk")
    assert row.before["cancelled_matches"] == [match.pk]
    if then == "redraw":  # drawn again with the same seed: new pairings, no match yet
        again = t.rounds.get()
        assert again.pk != rnd.pk and not Match.objects.filter(pairing__round=again).exists()


def test_withdrawing_keeps_a_match_that_gave_way():
    """A cancelled match of the round (replaced by a result, corrected away) is kept too."""
    t, rnd, pairings = _released()
    running = games.start_match_for_pairing(pairings[0])
    Match.objects.filter(pk=running.pk).update(status=Status.CANCELLED)
    client = _client()
    url = reverse("staff:round_withdraw", args=[t.pk, rnd.number])
    assert "being played" not in client.get(url).content.decode()
    assert client.post(url, {"confirm": "yes"}).status_code == 302
    running.refresh_from_db()
    assert running.pairing_id is None and running.status == Status.CANCELLED


def test_withdrawing_tells_the_players_page():
    t, rnd, pairings = _released()
    match = games.start_match_for_pairing(pairings[0])
    _client().post(reverse("staff:round_withdraw", args=[t.pk, 1]), {"confirm": "yes"})
    state = Client(headers={"accept-language": "en"}).get(
        reverse("games:state", args=[match.pk, match.token0])
    )
    assert state.status_code == 200
    body = state.json()
    assert "Round 1 was withdrawn" in str(body)


def _table():
    t, rnd, pairings = _released(game="bauernschnapsen")
    match = games.start_match_for_pairing(pairings[0])
    assert match.is_table
    return t, pairings[0], match


@pytest.mark.parametrize("confirm", ["", "yes"])
def test_a_revoke_sent_for_a_table_is_answered_without_a_server_error(confirm):
    """The pairing page's revoke form sent for a table of four (the hand-made request of
    issue 30): refused with a message while the tables know no revoke; once the engine's
    Renonce at tables is there (issue 32) the first POST asks for confirmation. A
    confirmed call that finds no Renonce changes nothing either way."""
    t, pairing, match = _table()
    client = _client(Role.REFEREE, "schiri")
    before = (match.next_seq, MatchAction.objects.count(), AuditLog.objects.count())
    response = client.post(
        reverse("games:pairing", args=[pairing.pk]),
        {"do": "revoke", "match": match.pk, "offender": "0", "confirm": confirm, "seq": "0"},
    )
    assert response.status_code in (200, 400), response.status_code
    if response.status_code == 400:
        assert 'class="messages"' in response.content.decode()  # the reason, in words
    match.refresh_from_db()
    assert (match.next_seq, MatchAction.objects.count(), AuditLog.objects.count()) == before


def test_the_two_player_revoke_refuses_a_table():
    _t, _pairing, match = _table()
    with pytest.raises(games.GameError) as refused:
        games.record_revoke(match.pk, 0, seq=0)
    assert refused.value.code == "table"


def test_the_pairing_page_of_a_table_offers_no_two_player_revoke():
    _t, pairing, _match = _table()
    page = _client(Role.REFEREE, "schiri").get(reverse("games:pairing", args=[pairing.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    # the note that a revoke cannot be recorded at a table yet, or the table's own form
    assert 'id="table-revoke"' in html or 'value="revoke"' in html
    assert 'id="revoke-0"' not in html or 'id="table-revoke"' not in html
    table_staff = _client(Role.TABLE, "tisch").get(reverse("games:pairing", args=[pairing.pk]))
    assert 'value="revoke"' not in table_staff.content.decode()
