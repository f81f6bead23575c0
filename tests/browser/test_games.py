"""Schnapsen in the browser: two players play a tournament match, one plays the computer."""

import random
import re

import pytest
from playwright.sync_api import expect

from games.models import Match
from tests.games.helpers import open_pairings
from tournaments.models import Outcome, Pairing

CARD_CODE = re.compile(r"^[ATKQJ][HDSC]$")


@pytest.fixture(autouse=True)
def _fast_poll(settings):
    settings.GAMES_POLL_MS = 120


def _shown_cards(page) -> set[str]:
    return set(page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)"))


def _check_hidden(page, seat: int, match: Match):
    """Every card drawn on the page is one this seat may know."""
    from games import services

    match.refresh_from_db()
    live = services.live_state(match)
    if live.state is None:
        return
    # compare with the state the page shows: wait until it has polled up to it
    page.wait_for_function(
        "seq => document.querySelector('#table').dataset.nextSeq === String(seq)",
        arg=match.next_seq,
    )
    state = live.state
    known = set(state.view(seat).opponent_known)
    secret = {c.name for c in state.hand_of(1 - seat) if c not in known}
    secret |= {c.name for c in state.talon_cards()}
    shown = _shown_cards(page)
    assert not shown & secret, f"seat {seat} sees hidden cards {shown & secret}"


def _act_once(page, rng) -> bool:
    """Click one legal action if it is this page's turn; False if not its turn."""
    choices = page.locator("#my-hand button.legal, #actions button.legal")
    n = choices.count()
    if n == 0:
        return False
    seq = page.locator("#table").get_attribute("data-next-seq")
    choices.nth(rng.randrange(n)).click()
    confirm = page.locator(".confirm-declare [data-confirm=yes]")
    if confirm.count():  # declaring 66 asks for a second tap
        confirm.click()
    page.wait_for_function(
        "seq => document.querySelector('#table').dataset.nextSeq !== seq"
        " || !document.querySelector('#message').hidden",
        arg=seq,
    )
    message = page.locator("#message")
    if message.is_visible():
        print("message:", seq, message.text_content())
    return True


def _finished(page) -> bool:
    return page.locator("#table").get_attribute("data-status") != "playing"


def test_two_players_play_a_tournament_match_and_decide_the_pairing(
    browser, live_server, staff_login, page
):
    t, pairings = open_pairings(name="Browser-Turnier")
    pairing = pairings[0]
    staff_login(page)
    page.goto(f"{live_server.url}/games/pairing/{pairing.pk}/")
    page.locator("#start-match").click()
    expect(page.locator(".player-link")).to_have_count(2)
    urls = [page.locator(f".player-link input[data-seat='{s}']").input_value() for s in (0, 1)]
    match = Match.objects.get(pairing=pairing)

    contexts = [
        browser.new_context(locale="de-AT", viewport={"width": 390, "height": 844}) for _ in (0, 1)
    ]
    players = [c.new_page() for c in contexts]
    try:
        for p, url in zip(players, urls, strict=True):
            p.set_default_timeout(10_000)
            p.goto(url)
            expect(p.locator("#my-hand .card")).to_have_count(5)
        rng = random.Random(2026)
        steps = 0
        while not _finished(players[0]):
            moved = False
            for seat, p in enumerate(players):
                if _finished(p):
                    break
                if _act_once(p, rng):
                    moved = True
                    steps += 1
                    if steps % 7 == 0:
                        _check_hidden(p, seat, match)
                        _check_hidden(players[1 - seat], 1 - seat, match)
            if not moved:
                players[0].wait_for_timeout(100)
            assert steps < 1500
        for p in players:
            expect(p.locator("#turn")).to_contain_text(":")
            expect(p.locator("#replay-link")).to_be_visible()
    finally:
        for c in contexts:
            c.close()
    match.refresh_from_db()
    pairing = Pairing.objects.get(pk=pairing.pk)
    assert match.status == "finished"
    assert pairing.outcome == Outcome.PLAYED
    assert pairing.winner == ("left" if match.winner == 0 else "right")
    assert pairing.winner_bummerl == 2
    page.goto(f"{live_server.url}/staff/t/{t.pk}/results/")
    expect(page.locator("table.pairings")).to_contain_text(f"2:{pairing.loser_bummerl}")


def test_playing_the_computer_on_a_phone(phone_page, live_server):
    page = phone_page
    page.goto(live_server.url + "/games/")
    page.fill("#id_name", "Resi")
    page.select_option("#id_level", "easy")
    page.select_option("#id_deck", "german")
    page.locator("#start-form button[type=submit]").click()
    expect(page.locator("#my-hand .card")).to_have_count(5)
    assert page.locator("#my-hand .card svg").count() >= 5  # doppeldeutsch suits are drawn
    match = Match.objects.get()
    # a card that may not be played now says why, and nothing is sent
    rng = random.Random(7)
    steps = 0
    while not _finished(page):
        if not _act_once(page, rng):
            page.wait_for_timeout(50)
        steps += 1
        if steps % 9 == 0:
            _check_hidden(page, 0, match)
        assert steps < 2000
    expect(page.locator("#turn")).to_contain_text(
        "Resi" if Match.objects.get().winner == 0 else "Computer"
    )
    match.refresh_from_db()
    assert match.status == "finished" and match.bummerl[match.winner] >= 2
    page.locator("#replay-link a").click()
    expect(page.locator("#replay-pos")).to_be_visible()
    page.locator("#replay-next").click()
    expect(page.locator("#replay-action")).not_to_be_empty()


def test_staff_start_a_round_in_the_browser_and_record_a_revoke(live_server, staff_login, page):
    from tournaments.models import AuditLog

    t, pairings = open_pairings(name="Runden-Turnier")
    staff_login(page)
    page.goto(f"{live_server.url}/staff/t/{t.pk}/results/")
    page.locator("#start-all-matches").click()
    expect(page.locator(".messages")).to_contain_text(f"{len(pairings)} gestartet")
    assert Match.objects.filter(status="playing").count() == len(pairings)
    pairing = pairings[0]
    page.goto(f"{live_server.url}/games/pairing/{pairing.pk}/")
    expect(page.locator("#referee")).to_contain_text("Spiel 1")
    page.locator("#revoke-0").click()
    expect(page.locator(".errorbox")).to_contain_text("Renonce")
    page.locator("#confirm-revoke").click()
    expect(page.locator(".messages")).to_contain_text("gewinnt das Spiel mit 3 Punkten")
    expect(page.locator("#referee")).to_contain_text("Spiel 2")
    match = Match.objects.get(pairing=pairing)
    assert match.games.get(index=0).reason == "revoke"
    assert AuditLog.objects.filter(tournament=t, action="revoke").count() == 1


def test_replay_shows_the_computers_verdict(live_server, page, monkeypatch):
    from games import services
    from tests.games.helpers import play_random

    monkeypatch.setattr(services.replay, "ANALYSIS_TIME_BUDGET", 0.02)
    match = play_random(
        services.create_friendly_match(bot_level="easy", seed=6), random.Random(6), seats=(0,)
    )
    page.goto(f"{live_server.url}/games/{match.pk}/replay/")
    page.locator("#replay-analyse").click()
    expect(page.locator("#replay-mistakes")).not_to_be_empty()
    expect(page.locator("#replay-analyse")).to_be_hidden()
    moves = match.games.get(index=0).analysis["moves"]
    mistakes = [m for m in moves if m["mistake"]]
    if mistakes:
        page.locator("#replay-mistakes button").first.click()
        expect(page.locator("#replay-verdict")).to_contain_text("Fehler:")
        expect(page.locator("#replay-pos")).to_contain_text(f": {mistakes[0]['index'] + 1} /")
    else:
        expect(page.locator("#replay-mistakes")).to_contain_text("kein Fehler")
