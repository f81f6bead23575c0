"""The referee's revoke (Renonce): staff only, confirmed, in the action log and the audit log."""

import json

import pytest
from django.urls import reverse

from games import services
from games.models import Match, MatchAction
from tests.roles import grant
from tournaments.models import AuditLog

from .helpers import open_pairings

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(django_user_model):
    return grant(django_user_model.objects.create_user("ref", password="pw"))


def _play(m: Match, moves: int) -> Match:
    for _ in range(moves):
        m.refresh_from_db()
        state = services.live_state(m).state
        plays = [str(a) for a in state.legal_actions() if str(a).startswith("play:")]
        services.apply_action(m.pk, state.to_move, plays[0], m.next_seq)
    m.refresh_from_db()
    return m


def test_revoke_ends_the_game_with_three_points_and_is_audited(staff):
    t, pairings = open_pairings()
    m = _play(services.start_match_for_pairing(pairings[0], seed=5), 3)
    seq = m.next_seq
    result = services.record_revoke(m.pk, 0, seq=seq, actor=staff)
    assert result.applied and result.seq == seq
    m.refresh_from_db()
    first = m.games.get(index=0)
    assert (first.winner, first.game_points, first.reason) == (1, 3, "revoke")
    logged = MatchAction.objects.get(match=m, seq=seq)
    assert (logged.action, logged.seat, logged.game_index) == ("revoke:0", 0, 0)
    assert m.games.count() == 2 and m.next_seq == seq + 1  # the next game is dealt
    audit = AuditLog.objects.get(tournament=t, action="revoke")
    assert audit.user == staff and audit.target.endswith(f"#{pairings[0].number}")
    assert audit.after["offender"] == "left" and audit.after["game_points"] == 3
    assert audit.after["game"] == 1 and audit.after["seq"] == seq
    # a repeated confirmation changes nothing
    again = services.record_revoke(m.pk, 0, seq=seq, actor=staff)
    assert not again.applied
    assert MatchAction.objects.filter(match=m).count() == seq + 1
    assert AuditLog.objects.filter(action="revoke").count() == 1
    # a page that was opened before the game moved on is refused
    m = _play(m, 1)
    with pytest.raises(services.GameError, match="moved on"):
        services.record_revoke(m.pk, 1, seq=seq, actor=staff)
    with pytest.raises(services.GameError, match="revoked"):
        services.record_revoke(m.pk, 2, actor=staff)
    assert AuditLog.objects.filter(action="revoke").count() == 1
    # the revoke replays like any action
    rec = services.match_record(m)
    assert rec.games[0].replay()[-1].result.reason == "revoke"


def test_revokes_can_decide_the_match_and_the_pairing(staff):
    t, pairings = open_pairings()
    p = pairings[1]
    m = services.start_match_for_pairing(p, seed=9)
    revokes = 0
    while m.status == "playing":  # 3 + 3 + 3 >= 7: three revokes end a Bummerl
        services.record_revoke(m.pk, 1, actor=staff)
        revokes += 1
        m.refresh_from_db()
        assert revokes <= 6
    assert (m.status, m.winner, m.bummerl[1]) == ("finished", 0, 0)
    assert m.games.filter(reason="revoke", winner=0, game_points=3).count() == revokes
    p.refresh_from_db()
    assert (p.outcome, p.winner, p.winner_bummerl, p.loser_bummerl) == ("played", "left", 2, 0)
    assert p.decided_by == staff
    with pytest.raises(services.GameError, match="over"):
        services.record_revoke(m.pk, 1, actor=staff)


def test_staff_page_asks_before_recording_a_revoke(client, staff):
    t, pairings = open_pairings()
    p = pairings[0]
    m = _play(services.start_match_for_pairing(p, seed=5), 2)
    url = reverse("games:pairing", args=[p.pk])
    form = {"do": "revoke", "match": m.pk, "offender": "1"}
    assert client.post(url, form).status_code == 302  # login first
    assert MatchAction.objects.filter(action__startswith="revoke").count() == 0
    client.force_login(staff)
    page = client.get(url).content.decode()
    assert 'id="revoke-0"' in page and 'id="revoke-1"' in page
    ask = client.post(url, form)
    assert ask.status_code == 200 and 'id="confirm-revoke"' in ask.content.decode()
    assert m.name1 in ask.content.decode()
    assert MatchAction.objects.filter(action__startswith="revoke").count() == 0
    done = client.post(url, {**form, "confirm": "yes", "seq": m.next_seq}, follow=True)
    assert "wins the game with 3 game points" in done.content.decode()
    assert MatchAction.objects.get(action="revoke:1").seq == m.next_seq
    twice = client.post(url, {**form, "confirm": "yes", "seq": m.next_seq}, follow=True)
    assert "already recorded" in twice.content.decode()
    assert MatchAction.objects.filter(action__startswith="revoke").count() == 1
    assert client.post(url, {**form, "match": "x1"}).status_code == 404
    bad = client.post(url, {**form, "offender": "7"})
    assert bad.status_code == 400 and "Choose the player" in bad.content.decode()


def test_players_cannot_record_a_revoke(client):
    t, pairings = open_pairings()
    m = services.start_match_for_pairing(pairings[0], seed=5)
    for seat in (0, 1):
        act = reverse("games:act", args=[m.pk, m.token(seat)])
        r = client.post(
            act,
            json.dumps({"seq": 0, "action": f"revoke:{1 - seat}"}),
            content_type="application/json",
        )
        assert r.status_code == 400 and r.json()["code"] == "revoke"
        state = client.get(reverse("games:state", args=[m.pk, m.token(seat)])).json()
        assert not any(a.startswith("revoke") for a in state["view"]["legal_actions"])
        page = client.get(reverse("games:play", args=[m.pk, m.token(seat)])).content.decode()
        assert 'name="offender"' not in page
        # the staff page is not reachable with a player's link
        assert client.post(reverse("games:pairing", args=[pairings[0].pk])).status_code == 302
    assert MatchAction.objects.filter(match=m).count() == 0
