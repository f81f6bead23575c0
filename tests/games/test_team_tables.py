"""The browser tables of a team tournament: a table of four for a team pairing (seats
from the register, partners opposite), seats handed to the computer, the finished
table deciding its pairing, a cancelled table, the links on the pairing page and on
the printed score sheets (QR codes read back)."""

import random

import pytest
from django.urls import reverse

from games import services
from games.models import GameKind, Match, Status
from games.services import tables, team_tables
from tests.roles import grant
from tests.tournaments.helpers import make_tournament
from tournaments import services as core
from tournaments.models import AuditLog, Outcome, Side

pytestmark = pytest.mark.django_db

BASE = "https://schnapsen.example.at"


def team_round(**terms):
    """A team tournament of 16 teams with its first round drawn and released."""
    t = make_tournament(16, entries=[1] * 16, game="bauernschnapsen", **terms)
    rnd = core.draw_next_round(t, seed=7)
    core.release_round(rnd)
    pairings = list(
        rnd.pairings.filter(outcome=Outcome.OPEN)
        .exclude(right=None)
        .select_related("left__team__first", "left__team__second")
        .select_related("right__team__first", "right__team__second")
        .order_by("number")
    )
    return t, rnd, pairings


def play_people(m: Match, rng: random.Random, limit=5000) -> Match:
    """Play a table to its end through ``tables.act`` with each person's link."""
    tokens = {s.index: s.token for s in m.seats.all()}
    for _ in range(limit):
        m.refresh_from_db()
        if m.status != Status.PLAYING:
            return m
        live = tables.live_table(m)
        seat = live.table.to_move
        legal = live.table.state.legal_actions()
        tables.act(m.pk, tokens[seat], str(rng.choice(legal)), m.next_seq)
    raise AssertionError("the table did not end")


def test_a_team_pairing_starts_a_table_of_four_partners_opposite():
    t, rnd, pairings = team_round()
    p = pairings[0]
    m = services.start_match_for_pairing(p)
    assert m.game_kind == GameKind.BAUERNSCHNAPSEN and m.pairing_id == p.pk and m.is_table
    a, b = p.left.team, p.right.team
    seats = list(m.seats.order_by("index"))
    assert [s.name for s in seats] == [a.first.name, b.first.name, a.second.name, b.second.name]
    assert not any(s.is_computer for s in seats) and len({s.token for s in seats}) == 4
    assert m.rules["name"] == "ueblich" and m.bummerl_to_win == t.match_bummerl == 1
    assert m.seed == team_tables.table_seed(t, p, 0)  # from the tournament and the pairing
    assert m.name0 == f"#{p.left.number} {a.name}"
    p.refresh_from_db()
    assert p.started_at is not None
    # again: the running table is kept
    assert services.start_match_for_pairing(p).pk == m.pk and Match.objects.count() == 1
    live = tables.live_table(m)
    assert not live.table.is_over and live.table.score.first_to == 1
    assert tables.seat_for_token(m, seats[2].token) == 2


def test_a_round_starts_a_table_for_every_open_team_pairing():
    t, rnd, pairings = team_round()
    done = services.start_matches_for_round(rnd)
    assert {m.pairing_id for m in done.started} == {p.pk for p in pairings}
    assert all(m.seats.count() == 4 for m in done.started)
    links = services.round_play_links(rnd, BASE)
    m = done.started[0]
    assert links[m.pairing_id] == tuple(
        BASE + reverse("games:table", args=[m.pk, s.token]) for s in m.seats.order_by("index")
    )


def test_a_table_played_to_its_end_decides_the_pairing_with_the_bummerl_score():
    t, rnd, pairings = team_round(match_bummerl=2)
    p = pairings[1]
    m = services.start_match_for_pairing(p)
    m = play_people(m, random.Random(4))
    assert m.status == Status.FINISHED
    p.refresh_from_db()
    assert p.outcome == Outcome.PLAYED and p.winner == (Side.LEFT if m.winner == 0 else Side.RIGHT)
    assert p.winner_bummerl == 2 and p.loser_bummerl == min(m.bummerl[1 - m.winner], 1)
    assert m.bummerl[m.winner] >= 2 and m.result_note == ""
    # the team that got 2 Bummerl lost; the match stopped there
    got = tables.live_table(m).table.score.bummerl_count
    assert got[1 - m.winner] >= 2 and got[m.winner] < 2
    assert p.confirmed_at is None  # to be confirmed, as any entered result
    log = AuditLog.objects.filter(tournament=t, action="record_result")
    assert log.count() == 1
    # the winning team goes on: it is in the next round once the round is done
    for other in pairings:
        if other.pk != p.pk:
            core.record_result(other, winner="left", score=(2, 0))
    nxt = core.draw_next_round(t, seed=3)
    winner_entry = p.left_id if p.winner == Side.LEFT else p.right_id
    in_next = set(nxt.pairings.values_list("left_id", flat=True)) | set(
        nxt.pairings.values_list("right_id", flat=True)
    )
    assert winner_entry in in_next


def test_seats_handed_to_the_computer_play_the_table_to_its_end():
    t, rnd, pairings = team_round()
    p = pairings[2]
    m = services.start_match_for_pairing(p)
    for index in (0, 1, 2):
        team_tables.seat_to_computer(m, index, "easy")
    m.refresh_from_db()
    assert m.status == Status.PLAYING
    seats = list(m.seats.order_by("index"))
    assert [s.is_computer for s in seats] == [True, True, True, False]
    assert tables.seat_for_token(m, seats[0].token) is None  # the link no longer plays
    # give one back, and take it again
    team_tables.seat_to_computer(m, 0, "")
    assert tables.seat_for_token(m, seats[0].token) == 0
    team_tables.seat_to_computer(m, 0, "easy")
    entries = AuditLog.objects.filter(tournament=t, action="table_seat")
    assert entries.count() == 5 and entries.first().after["seat"] in (1, 2, 3)
    with pytest.raises(services.GameError, match="Unknown strength"):
        team_tables.seat_to_computer(m, 3, "grandmaster")
    with pytest.raises(services.GameError, match="four seats"):
        team_tables.seat_to_computer(m, 7, "easy")
    # the last seat too: the computer plays the table to its end through the task
    team_tables.seat_to_computer(m, 3, "easy")
    m.refresh_from_db()
    assert m.status == Status.FINISHED
    p.refresh_from_db()
    assert p.outcome == Outcome.PLAYED and (p.winner_bummerl, p.loser_bummerl) == (1, 0)
    with pytest.raises(services.GameError, match="over"):
        team_tables.seat_to_computer(m, 3, "")


def test_an_abandoned_table_is_cancelled_by_the_result_staff_enter():
    t, rnd, pairings = team_round()
    p = pairings[3]
    m = services.start_match_for_pairing(p)
    seat = m.seats.get(index=1)
    live = tables.live_table(m)
    first = str(live.table.state.legal_actions()[0])
    tables.act(m.pk, m.seats.get(index=live.table.to_move).token, first, 0)
    services.record_quick(p, winner=1, score=(1, 0))
    m.refresh_from_db()
    assert m.status == Status.CANCELLED
    p.refresh_from_db()
    assert p.outcome == Outcome.PLAYED and p.winner == Side.RIGHT
    with pytest.raises(services.GameError):
        tables.act(m.pk, seat.token, "knock", m.next_seq)
    # a friendly "another table" is not offered for a tournament table
    with pytest.raises(services.GameError, match="tournament staff"):
        tables.play_again(m.pk, seat.token)


def test_the_pairing_page_shows_four_links_and_hands_a_seat_to_the_computer(
    client, django_user_model
):
    t, rnd, pairings = team_round()
    p = pairings[0]
    staff = grant(django_user_model.objects.create_user("s", password="pw"))
    client.force_login(staff)
    url = reverse("games:pairing", args=[p.pk])
    page = client.get(url).content.decode()
    assert 'id="start-match"' in page
    assert "24" in page  # the team score sheet is offered
    client.post(url, {"do": "start"})
    m = Match.objects.get(pairing=p)
    page = client.get(url).content.decode()
    for s in m.seats.all():
        assert reverse("games:table", args=[m.pk, s.token]) in page
        assert s.name in page
    assert page.count("<svg") >= 4
    response = client.post(url, {"do": "seat", "match": m.pk, "seat": "2", "level": "easy"})
    assert response.status_code == 302
    assert m.seats.get(index=2).is_computer
    page = client.get(url).content.decode()
    assert reverse("games:table", args=[m.pk, m.seats.get(index=2).token]) not in page
    bad = client.post(url, {"do": "seat", "match": m.pk, "seat": "9", "level": "easy"})
    assert bad.status_code == 400 and "four seats" in bad.content.decode()


def test_the_score_sheet_of_a_started_table_carries_its_four_links_as_qr_codes():
    import zxingcpp
    from PIL import Image

    from tests.printing.pdftext import pages_text, render
    from tests.printing.test_layout import _quiet_zone_is_white
    from tournaments.printing.adapters import render as render_document
    from tournaments.printing.qr import qr_matrix
    from tournaments.printing.score_sheets import short_link

    t, rnd, pairings = team_round()
    p = pairings[0]  # on the first slip of the first page
    m = services.start_match_for_pairing(p)
    team_tables.seat_to_computer(m, 3, "easy")  # a player who left: no link for him
    pdf = render_document("scoresheets", t, round_number=1, base_url=BASE).content
    seats = list(m.seats.order_by("index"))
    urls = {BASE + reverse("games:table", args=[m.pk, s.token]) for s in seats[:3]}
    image = render(pdf, 0, dpi=200)
    found = zxingcpp.read_barcodes(Image.fromarray(image), formats=zxingcpp.BarcodeFormat.QRCode)
    assert {f.text for f in found} == urls and len(found) == 3
    for f in found:
        assert _quiet_zone_is_white(image, f, len(qr_matrix(f.text))), f.text
    text = "\n".join(pages_text(pdf))
    for url in urls:
        head, token = short_link(url)
        assert token.rstrip("/") in text.replace("\n", "")
    assert seats[0].name in text and seats[3].name in text and "the computer plays" in text
    assert text.count(f"games/{m.pk}/t/") == 3  # the address wrapped after its host
    assert text.count("games/") == 3  # no other slip has links
    # four seats of people: four codes
    team_tables.seat_to_computer(m, 3, "")
    pdf = render_document("scoresheets", t, round_number=1, base_url=BASE).content
    image = render(pdf, 0, dpi=200)
    found = zxingcpp.read_barcodes(Image.fromarray(image), formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 4
