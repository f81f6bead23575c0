"""A game on a phone: declaring 66 needs a second tap, the doppeldeutsch deck names its
Unter, trick counts are singular and plural, the trump card stands upright."""

import pytest
from playwright.sync_api import expect

from engine import GameState
from games import services
from games.models import Match


def _declarable_match(deck: str) -> Match:
    """A friendly match (two people) where seat ``to_move`` may declare 66 soon: played
    forward until "declare" is legal for the player to move, through the services."""
    for seed in range(1, 400):
        m = services.create_friendly_match(name0="Resi", name1="Franz", seed=seed, deck_style=deck)
        for _ in range(40):
            m.refresh_from_db()
            state: GameState = services.live_state(m).state
            if state is None or m.status != "playing":
                break
            if "declare" in {str(a) for a in state.legal_actions()}:
                return m
            plays = [a for a in state.legal_actions() if str(a).startswith("play:")]
            services.apply_action(m.pk, state.to_move, str(plays[0]), m.next_seq)
    pytest.fail("no match with a possible declaration")


def test_declaring_asks_first_and_the_german_deck_names_the_unter(phone_page, live_server):
    match = _declarable_match("german")
    state = services.live_state(match).state
    seat = state.to_move
    page = phone_page
    page.goto(live_server.url + services.play_url(match, seat))
    declare = page.locator("#actions button[data-action=declare]")
    expect(declare).to_have_text("Ausmelden (66)")
    seq = match.next_seq
    declare.click()
    # nothing is sent yet: the page asks
    expect(page.locator(".confirm-declare")).to_contain_text("Wirklich ausmelden?")
    page.wait_for_timeout(300)
    match.refresh_from_db()
    assert match.next_seq == seq
    page.locator(".confirm-declare button.secondary").click()  # "Doch nicht"
    expect(page.locator(".confirm-declare")).to_have_count(0)
    match.refresh_from_db()
    assert match.next_seq == seq
    # trick counts: "1 Stich", never "1 Stiche"
    points = page.locator("#points").inner_text()
    assert "1 Stiche" not in points
    assert "Stich" in points
    # the face-up trump card stands upright
    trump = page.locator("#talon .trump-card")
    if trump.count():
        assert trump.evaluate("el => getComputedStyle(el).transform") in ("none", "")
    # the exchange button (shown when it is legal or has a reason) names the Unter
    exchange = page.locator("#actions button[data-action=exchange]")
    if exchange.count():
        expect(exchange).to_contain_text("Unter")
        expect(exchange).not_to_contain_text("Buben")
    # the second tap declares
    declare.click()
    page.locator(".confirm-declare [data-confirm=yes]").click()
    page.wait_for_function(
        "seq => document.querySelector('#table').dataset.nextSeq !== String(seq)", arg=seq
    )
    match.refresh_from_db()
    assert match.next_seq == seq + 1
    assert match.actions.get(seq=seq).action == "declare"


def test_one_trick_is_a_stich(phone_page, live_server):
    m = services.create_friendly_match(name0="Resi", name1="Franz", seed=5)
    for _ in range(2):  # one trick
        state = services.live_state(m).state
        play = next(a for a in state.legal_actions() if str(a).startswith("play:"))
        services.apply_action(m.pk, state.to_move, str(play), m.next_seq)
        m.refresh_from_db()
    phone_page.goto(live_server.url + services.play_url(m, 0))
    expect(phone_page.locator("#points")).to_contain_text("1 Stich")
    expect(phone_page.locator("#points")).to_contain_text("0 Stiche")
    assert "1 Stiche" not in phone_page.locator("#points").inner_text()


def test_the_exchange_button_on_french_cards_says_buben(phone_page, live_server):
    """French cards keep the Bube; the label follows the deck the player chose."""
    match = _declarable_match("french")
    seat = services.live_state(match).state.to_move
    phone_page.goto(live_server.url + services.play_url(match, seat))
    phone_page.select_option("#deck-style", "german")
    exchange = phone_page.locator("#actions button[data-action=exchange]")
    if exchange.count():
        expect(exchange).to_contain_text("Unter")
    phone_page.select_option("#deck-style", "french")
    if exchange.count():
        expect(exchange).to_contain_text("Buben")
