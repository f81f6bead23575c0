"""Bauernschnapsen and Talonschnapsen in the browser: four (three) phones play a whole
game, each seat's page showing only the cards it may know; one person with three
computers; the table started from /games/."""

import random
import time

import pytest
from playwright.sync_api import expect

from engine.cards import ALL_CARDS
from games.models import Match
from games.services import tables
from games.table_presenters import last_trick

PHONE = {
    "locale": "de-AT",
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 1,
    "is_mobile": True,
    "has_touch": True,
}


@pytest.fixture(autouse=True)
def _fast_poll(settings):
    settings.GAMES_POLL_MS = 100


def _names(mask):
    return {ALL_CARDS[i].name for i in range(20) if mask >> i & 1}


def _allowed(live, seat) -> set[str]:
    """The cards this seat may see, from the full state."""
    s = live.table.state
    ok = _names(s.hand[seat])
    for q in range(s.N):
        ok |= _names(s.hand[q] & (s.known[q] | s.seen[seat]))
    ok |= {ALL_CARDS[c].name for _, c in s.trick}
    if s.turned_up >= 0:  # turned up to make trump: everyone saw it, the page names it
        ok.add(ALL_CARDS[s.turned_up].name)
    first = [None, None]
    for t in s.history:
        if first[s.side[t.winner]] is None:
            first[s.side[t.winner]] = t
    for t in [*first, last_trick(live)]:
        if t is not None:
            ok |= {ALL_CARDS[c].name for _, c in t.cards}
    if seat == s.declarer:
        ok |= _names(s.taken) | _names(s.discard)
    return ok


def _open(browser, live_server, match):
    pages = []
    for seat in match.seats.order_by("index"):
        ctx = browser.new_context(**PHONE)
        ctx.set_default_timeout(10_000)
        page = ctx.new_page()
        page.goto(f"{live_server.url}/games/{match.pk}/t/{seat.token}/")
        pages.append(page)
    return pages


def _caught_up(page, seq):
    page.wait_for_function(
        "seq => document.querySelector('#table').dataset.nextSeq === String(seq)", arg=seq
    )


def _check_page(page, seat, match):
    # The page and the table at the same action: the computers' moves of the last
    # request may still be stored while the page shows the one before (or after).
    for _ in range(50):
        live = tables.live_table(match)
        _caught_up(page, live.applied)
        shown = set(page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)"))
        seq = page.locator("#table").get_attribute("data-next-seq")
        if seq == str(live.applied) == str(tables.live_table(match).applied):
            break
    else:
        raise AssertionError(f"seat {seat}: the page never settled on the table's last action")
    secret = shown - _allowed(live, seat)
    assert not secret, f"seat {seat} sees {secret} at move {match.next_seq}"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"seat {seat}: the page is {width} px wide"


def _act(page, rng):
    legal = page.locator("#table").get_attribute("data-legal").split()
    action = legal[rng.randrange(len(legal))]
    if "pass" in legal and rng.random() < 0.7:  # mostly weiter: a game like most games
        action = "pass"
    if action.startswith("discard:"):
        for card in action[len("discard:") :].split(","):
            page.locator(f"#my-hand button[data-card={card}]").click()
        page.locator("#lay-away").click()
    else:
        page.locator(f'#table button.legal[data-action="{action}"]').click()
    return action


def _play_game(pages, match, rng, people=None, check_every=1):
    """Play game 1 to its result by clicking on the page of the seat to move."""
    people = set(range(len(pages))) if people is None else people
    moves = 0
    for _ in range(200):
        match.refresh_from_db()
        game = match.games.get(index=0)
        if game.result is not None:
            return game, moves
        live = tables.live_table(match)
        for _ in range(100):  # the computers' moves of the last request may still run
            if live.table.to_move in people or live.table.to_move is None:
                break
            time.sleep(0.1)
            live = tables.live_table(match)
        seat = live.table.to_move
        if seat is None:  # the game is over: its result is read at the top
            time.sleep(0.1)
            continue
        assert seat in people, "a computer seat waits: its task did not run"
        match.refresh_from_db()
        page = pages[seat]
        _caught_up(page, match.next_seq)
        if moves % check_every == 0:
            for s in people:
                _caught_up(pages[s], match.next_seq)
                _check_page(pages[s], s, match)
        before = match.next_seq
        _act(page, rng)
        page.wait_for_function(
            "seq => document.querySelector('#table').dataset.nextSeq !== String(seq)", arg=before
        )
        moves += 1
    raise AssertionError("the game did not end")


def _close(pages):
    for p in pages:
        p.context.close()


def test_four_phones_play_a_bauernschnapsen_game(browser, live_server):
    m = tables.create_table(
        game_kind="bauernschnapsen",
        seats=[{"name": n, "level": ""} for n in ("Anna", "Bert", "Cilli", "Done")],
        seed=4242,
    )
    pages = _open(browser, live_server, m)
    try:
        expect(pages[0].locator(".seat-link")).to_have_count(3)  # the starter's links
        expect(pages[1].locator(".seat-link")).to_have_count(0)
        game, moves = _play_game(pages, m, random.Random(5))
        assert moves >= 5
        m.refresh_from_db()
        for seat, page in enumerate(pages):
            _caught_up(page, m.next_seq)
            expect(page.locator("#result")).to_be_visible()
            expect(page.locator("#result")).to_contain_text("schreibt")
            _check_page(page, seat, m)
        # the next game is dealt by the caller of this one (unless this game ended the
        # Bummerl and with it the table)
        if m.status == "playing" and game.reason != "result_redeal":
            assert m.games.get(index=1).dealer == (game.dealer + 1) % 4
        print("game 1:", game.result["contract"], game.result["written"], moves, "moves")
        pages[0].locator("#sheet-box summary").click()
        expect(pages[0].locator(".sheet-table tr")).to_have_count(2)
    finally:
        _close(pages)


def test_three_phones_play_a_talonschnapsen_game(browser, live_server):
    m = tables.create_table(
        game_kind="talonschnapsen",
        seats=[{"name": n, "level": ""} for n in ("Anna", "Bert", "Cilli")],
        preset="alles",
        seed=777,
    )
    pages = _open(browser, live_server, m)
    try:
        game, moves = _play_game(pages, m, random.Random(8))
        assert moves >= 4 and game.result["game"] == "talonschnapsen"
        m.refresh_from_db()
        for page in pages:
            _caught_up(page, m.next_seq)
            expect(page.locator("#result")).to_be_visible()
    finally:
        _close(pages)


def test_one_person_and_three_computers_started_from_the_games_page(browser, live_server):
    ctx = browser.new_context(**PHONE)
    ctx.set_default_timeout(10_000)
    page = ctx.new_page()
    try:
        page.goto(f"{live_server.url}/games/")
        page.locator("#table-form input[value=bauernschnapsen]").check()
        page.fill("#id_name0", "Anna")
        page.select_option("#id_preset", "alles")
        for i in (1, 2, 3):
            page.select_option(f"#id_seat{i}", "computer")
            page.select_option(f"#id_level{i}", "easy")
        page.locator("#start-table").click()
        page.wait_for_selector("#table[data-kind=bauernschnapsen]")
        m = Match.objects.get()
        assert m.rules["name"] == "alles"
        assert [s.is_computer for s in m.seats.order_by("index")] == [False, True, True, True]
        _play_game([page, None, None, None], m, random.Random(3), people={0})
        m.refresh_from_db()
        _caught_up(page, m.next_seq)
        expect(page.locator("#result")).to_be_visible()
        _check_page(page, 0, m)
    finally:
        ctx.close()


def test_a_score_sheet_entered_with_taps_is_checked(browser, live_server):
    ctx = browser.new_context(**PHONE)
    ctx.set_default_timeout(10_000)
    page = ctx.new_page()
    try:
        page.goto(f"{live_server.url}/games/bauern-sheet/")
        page.fill("#id_team_a", "Hofer")
        page.fill("#id_team_b", "Maier")
        page.select_option("#lb-game", "bauernschnapser")
        page.click("#lb-add")
        page.click("#lb-add")
        assert page.input_value("#id_sheet") == "A bauernschnapser\nA bauernschnapser"
        page.click("#check-sheet")
        expect(page.locator("#sheet-total")).to_contain_text("Hofer 0 : 2 Maier")
        expect(page.locator("#sheet-result")).to_contain_text("Schneider")
        page.fill("#id_sheet", "A normal 2\nB bettler")
        page.click("#check-sheet")
        expect(page.locator("#sheet-error")).to_contain_text("Zeile 2")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        ctx.close()


def test_a_spectator_on_a_phone_follows_a_table_without_seeing_a_hand(browser, live_server):
    m = tables.create_table(
        game_kind="bauernschnapsen",
        seats=[{"name": f"Spieler {i + 1}", "level": ""} for i in range(4)],
        seed=41,
    )
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{live_server.url}/games/{m.pk}/watch/")
        expect(page.locator("#spectator-note")).to_be_visible()
        expect(page.locator("#others .seat-box")).to_have_count(4)  # every seat, none is "me"
        assert page.locator("#my-hand").count() == 0
        rng = random.Random(5)
        for _ in range(12):  # cut, calls, the first tricks
            live = tables.live_table(m)
            p = live.table.to_move
            legal = [str(a) for a in live.table.state.legal_actions()]
            action = "pass" if "pass" in legal else rng.choice(legal)
            tables.act(m.pk, m.seats.get(index=p).token, action, m.next_seq)
            m.refresh_from_db()
            expect(page.locator("#table")).to_have_attribute("data-next-seq", str(m.next_seq))
        live = tables.live_table(m)
        on_table = {ALL_CARDS[c].name for _, c in live.table.state.trick}
        hands = set().union(*(_names(live.table.state.hand[q]) for q in range(4)))
        shown = set(
            page.locator("#table [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        )
        public = set.intersection(*(_allowed(live, q) for q in range(4)))
        assert shown <= public | on_table and not (shown & hands - public)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert errors == []
    finally:
        context.close()
