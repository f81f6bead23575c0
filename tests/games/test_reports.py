"""Results that players report through their private links: stored as reports, confirmed
by the opponent's link or by staff before they decide the pairing."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from games import services
from games.models import Match, Status
from games.services import GameError
from tournaments import services as core
from tournaments.models import AuditLog, Outcome, ResultReport

from .helpers import open_pairings

pytestmark = pytest.mark.django_db


@pytest.fixture
def running():
    """A released round's pairing with a running browser match (the players' links)."""
    _t, pairings = open_pairings()
    p = pairings[0]
    m = services.start_match_for_pairing(p)
    return p, m


def _fresh(p):
    p.refresh_from_db()
    return p


def test_a_players_report_waits_for_the_opponent_and_his_confirmation_decides(running):
    p, m = running
    outcome = services.report_quick(p, 0, winner=0, score=(2, 1))
    assert outcome.state == "pending"
    assert _fresh(p).outcome == Outcome.OPEN  # nothing decided yet
    m.refresh_from_db()
    assert m.status == Status.PLAYING  # the opponent's link still works
    report = outcome.report
    assert (report.side, report.winner, report.winner_bummerl, report.loser_bummerl) == (
        "left",
        "left",
        2,
        1,
    )
    # the reporter cannot confirm his own report
    with pytest.raises(GameError) as own:
        services.answer_report(report.pk, 0, confirm=True)
    assert own.value.code == "own"
    services.answer_report(report.pk, 1, confirm=True)
    p = _fresh(p)
    assert (p.outcome, p.winner, p.winner_bummerl, p.loser_bummerl) == ("played", "left", 2, 1)
    report.refresh_from_db()
    assert report.status == ResultReport.Status.CONFIRMED
    m.refresh_from_db()
    assert m.status == Status.CANCELLED
    recorded = Match.objects.get(pairing=p, mode="recorded")
    assert recorded.winner == 0 and recorded.bummerl == [2, 1]
    # who reported what, and who confirmed, is in the audit log with the players' names
    rows = {a.action: a for a in AuditLog.objects.filter(tournament=p.round.tournament)}
    left = p.left.player.name
    right = p.right.player.name
    assert rows["report_result"].role == f"player:{left}"
    assert rows["confirm_report"].role == f"player:{right}"
    assert rows["report_result"].after["score"] == [2, 1]


def test_the_opponent_reporting_the_same_result_confirms_it(running):
    p, _m = running
    services.report_quick(p, 1, winner=1, score=(2, 0))
    assert _fresh(p).outcome == Outcome.OPEN
    second = services.report_quick(p, 0, winner=1, score=(2, 0))
    assert second.state == "confirmed"
    p = _fresh(p)
    assert (p.outcome, p.winner, p.winner_bummerl, p.loser_bummerl) == ("played", "right", 2, 0)
    assert set(p.reports.values_list("status", flat=True)) == {"confirmed"}


def test_different_reports_are_a_disagreement_for_staff_who_pick_one(running):
    p, _m = running
    services.report_quick(p, 0, winner=0, score=(2, 1))
    outcome = services.report_quick(p, 1, winner=1, score=(2, 1))
    assert outcome.state == "disputed"
    assert _fresh(p).outcome == Outcome.OPEN
    assert set(p.reports.values_list("status", flat=True)) == {"disputed"}
    assert core.disputed_pairings(p.round.tournament) == [p]
    # nobody signed in may not confirm as staff
    with pytest.raises(core.TournamentError):
        core.confirm_report(outcome.report)
    staff = get_user_model().objects.create_user("schiri", password="x")
    core.confirm_report(outcome.report, actor=staff)
    p = _fresh(p)
    assert (p.outcome, p.winner) == ("played", "right")
    statuses = dict(p.reports.values_list("side", "status"))
    assert statuses == {"right": "confirmed", "left": "set_aside"}
    assert core.disputed_pairings(p.round.tournament) == []


def test_the_opponent_contradicts_and_staff_enter_their_own_result(running):
    p, _m = running
    report = services.report_quick(p, 0, winner=0, score=(2, 0)).report
    services.answer_report(report.pk, 1, confirm=False)
    report.refresh_from_db()
    assert report.status == "disputed"
    assert core.disputed_pairings(p.round.tournament) == [p]
    core.record_result(p, winner="right", score=(2, 1))
    report.refresh_from_db()
    assert report.status == "set_aside" and report.closed_at is not None
    assert _fresh(p).winner == "right"


def test_the_same_report_twice_is_one_report_and_a_new_one_replaces_it(running):
    p, _m = running
    first = services.report_quick(p, 0, winner=0, score=(2, 1))
    again = services.report_quick(p, 0, winner=0, score=(2, 1))
    assert again.state == "unchanged" and again.report.pk == first.report.pk
    assert p.reports.count() == 1
    changed = services.report_quick(p, 0, winner=0, score=(2, 0))
    assert changed.state == "pending"
    statuses = list(p.reports.order_by("pk").values_list("status", flat=True))
    assert statuses == ["set_aside", "pending"]
    # the replaced report can no longer be confirmed
    with pytest.raises(GameError) as closed:
        services.answer_report(first.report.pk, 1, confirm=True)
    assert closed.value.code == "closed"
    assert _fresh(p).outcome == Outcome.OPEN


def test_a_report_after_staff_decided_the_pairing_is_refused_clearly(running):
    p, _m = running
    core.record_result(p, winner="left", score=(2, 1))
    with pytest.raises(GameError) as err:
        services.report_quick(p, 1, winner=1, score=(2, 0))
    assert err.value.code == "decided"
    message = err.value.message
    assert p.left.player.name in message and "2:1" in message and "staff" in message
    assert not p.reports.exists()


def test_a_wrong_score_and_a_wrong_sheet_are_refused_and_store_nothing(running):
    p, _m = running
    with pytest.raises(GameError):
        services.report_quick(p, 0, winner=0, score=(3, 0))
    with pytest.raises(GameError):
        services.report_score_sheet(p, 0, "7:4 7:9")
    assert not p.reports.exists()
    # a correct sheet is checked by the engine and kept with the report
    outcome = services.report_score_sheet(p, 1, "7:4 7:2 5:2 3:2 0:2\n4:7 4:5 1:5 0:5")
    assert (outcome.report.winner, outcome.report.winner_bummerl) == ("left", 2)
    assert outcome.report.score_sheet
    services.answer_report(outcome.report.pk, 0, confirm=True)
    recorded = Match.objects.get(pairing=p, mode="recorded")
    assert recorded.score_sheet == outcome.report.score_sheet


def test_the_player_page_shows_the_report_and_the_opponent_confirms_it(client, running):
    p, m = running
    url0 = reverse("games:player_record", args=[m.pk, m.token0])
    response = client.post(url0, {"do": "quick", "winner": "0", "won": "2", "lost": "1"})
    assert response.status_code == 302
    assert _fresh(p).outcome == Outcome.OPEN
    page1 = client.get(reverse("games:play", args=[m.pk, m.token1])).content.decode()
    report = p.reports.get()
    assert f'data-report="{report.pk}"' in page1 and "Confirm" in page1
    # a report id of another pairing, or no number at all: refused, nothing changes
    for bad in ("x", "²", str(report.pk + 1000)):
        client.post(
            reverse("games:player_record", args=[m.pk, m.token1]),
            {"do": "confirm", "report": bad},
        )
    assert _fresh(p).outcome == Outcome.OPEN
    client.post(
        reverse("games:player_record", args=[m.pk, m.token1]),
        {"do": "confirm", "report": str(report.pk)},
    )
    assert _fresh(p).outcome == Outcome.PLAYED
    page0 = client.get(reverse("games:play", args=[m.pk, m.token0])).content.decode()
    assert 'id="report-decided"' in page0


def test_the_state_poll_changes_when_a_report_is_made(client, running):
    p, m = running
    state = reverse("games:state", args=[m.pk, m.token1])
    mark = client.get(state).json()["match"]["reports"]
    known = f"{m.next_seq}:{m.status}"
    assert client.get(state, {"known": known}).json() == {"changed": False}
    services.report_quick(p, 0, winner=0, score=(2, 1))
    data = client.get(state, {"known": known}).json()
    assert data["match"]["reports"] != mark


def test_a_report_and_its_confirmation_change_the_live_version(running):
    from tournaments import live_version

    p, _m = running
    t = p.round.tournament
    before = live_version.load(t)[0]
    report = services.report_quick(p, 0, winner=0, score=(2, 1)).report
    middle = live_version.load(t)[0]
    assert middle != before
    services.answer_report(report.pk, 1, confirm=False)
    assert live_version.load(t)[0] != middle


def test_staff_see_the_disagreement_on_the_results_page_and_take_one(client, running):
    p, _m = running
    t = p.round.tournament
    staff = get_user_model().objects.create_user("chef", password="x", is_superuser=True)
    client.force_login(staff)
    services.report_quick(p, 0, winner=0, score=(2, 1))
    results = reverse("staff:results", args=[t.pk])
    page = client.get(results).content.decode()
    assert 'id="disputed-reports"' not in page
    assert "reported" in page and "Confirm" in page  # one report: staff may confirm it
    right_report = services.report_quick(p, 1, winner=1, score=(2, 0)).report
    page = client.get(results).content.decode()
    assert 'id="disputed-reports"' in page and "Conflicting reports" in page
    left, right = p.left.player.name, p.right.player.name
    assert f"{left} reports: {left} won 2:1" in page
    assert f"{right} reports: {right} won 2:0" in page
    # the filter finds the reported pairing
    assert f'id="pairing-{p.pk}"' in client.get(results, {"status": "reported"}).content.decode()
    response = client.post(reverse("staff:report_confirm", args=[t.pk, right_report.pk]))
    assert response.status_code == 302
    p = _fresh(p)
    assert (p.outcome, p.winner, p.winner_bummerl, p.loser_bummerl) == ("played", "right", 2, 0)
    page = client.get(results).content.decode()
    assert 'id="disputed-reports"' not in page
    # a second pick (an old page) is refused with a message, nothing changes
    other = p.reports.exclude(pk=right_report.pk).get()
    response = client.post(reverse("staff:report_confirm", args=[t.pk, other.pk]), follow=True)
    assert "already decided" in response.content.decode()
    assert _fresh(p).winner == "right"
    # the audit log names who reported what
    audit = client.get(reverse("staff:audit", args=[t.pk])).content.decode()
    assert f"player {left} (private link)" in audit
    assert "result reported by a player" in audit and "reported result confirmed" in audit


def test_the_game_endpoint_requires_a_sequence_number(client, running):
    _p, m = running
    live = services.live_state(m)
    seat = live.state.to_move
    action = str(live.state.legal_actions()[0])
    url = reverse("games:act", args=[m.pk, m.token(seat)])
    response = client.post(url, {"action": action}, content_type="application/json")
    assert response.status_code == 400
    m.refresh_from_db()
    assert m.next_seq == 0
    response = client.post(url, {"action": action, "seq": 0}, content_type="application/json")
    assert response.status_code == 200
