"""A table of a team tournament played in the browser: staff start the table of four
for a pairing of a small Preis-Bauernschnapsen (16 teams, matches to 1 Bummerl), four
phones open the four private links from the pairing page and play the Bummerl to its
end, and the finished table decides the pairing on the staff's results page and on the
public page."""

import random

from playwright.sync_api import expect

from games.models import Match
from games.services import tables
from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.models import Outcome

PHONE = {
    "locale": "de-AT",
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 1,
    "is_mobile": True,
    "has_touch": True,
}


def _choose(legal: list[str], rng: random.Random) -> str:
    """A legal action as a quick player would tap it: the biggest game announced when
    there is one (a Bummerl from 24 is then over in a few games), else any."""
    bids = [a for a in legal if a.startswith("bid:")]
    if bids:
        return bids[-1]
    if "pass" in legal and any(a in legal for a in ("double", "redouble")):
        return "pass"
    return legal[rng.randrange(len(legal))]


def _tap(page, action: str) -> None:
    if action.startswith("discard:"):  # (Talonschnapsen only; kept for completeness)
        for card in action[len("discard:") :].split(","):
            page.locator(f"#my-hand button[data-card={card}]").click()
        page.locator("#lay-away").click()
    else:
        page.locator(f'#table button.legal[data-action="{action}"]').click()


def test_four_phones_play_a_team_pairings_table_that_decides_it(
    browser, page, live_server, staff_login, settings
):
    settings.GAMES_POLL_MS = 100
    base = live_server.url
    t = make_tournament(16, entries=[1] * 16, game="bauernschnapsen", match_bummerl=1)
    rnd = services.draw_next_round(t, seed=7)
    services.release_round(rnd)
    p = rnd.pairings.filter(outcome=Outcome.OPEN).exclude(right=None).order_by("number").first()
    a, b = p.left.team, p.right.team

    # staff open the pairing from the results page and start its table
    staff_login(page)
    page.goto(f"{base}/staff/t/{t.pk}/results/?round=1")
    page.locator(f'a.button[href="/games/pairing/{p.pk}/"]').click()
    page.locator("#start-match").click()
    links = page.locator(".links input[data-seat]")
    expect(links).to_have_count(4)
    expect(page.locator(".links svg")).to_have_count(4)  # each link as a QR code
    m = Match.objects.get(pairing=p)
    names = [a.first.name, b.first.name, a.second.name, b.second.name]
    assert [s.name for s in m.seats.order_by("index")] == names
    urls = [links.nth(i).input_value() for i in range(4)]

    phones = []
    try:
        for url in urls:
            ctx = browser.new_context(**PHONE)
            ctx.set_default_timeout(10_000)
            phone = ctx.new_page()
            phone.goto(url)
            phones.append(phone)
        for seat, phone in enumerate(phones):
            assert phone.locator("#table").get_attribute("data-seat") == str(seat)
        rng = random.Random(3)
        moves = 0
        for _ in range(2000):
            m.refresh_from_db()
            if m.status != "playing":
                break
            seat = tables.live_table(m).table.to_move
            phone = phones[seat]
            phone.wait_for_function(
                "seq => document.querySelector('#table').dataset.nextSeq === String(seq)",
                arg=m.next_seq,
            )
            legal = phone.locator("#table").get_attribute("data-legal").split()
            _tap(phone, _choose(legal, rng))
            phone.wait_for_function(
                "seq => document.querySelector('#table').dataset.nextSeq !== String(seq)",
                arg=m.next_seq,
            )
            moves += 1
        m.refresh_from_db()
        assert m.status == "finished", f"the table did not end in {moves} moves"
        print(f"the Bummerl took {moves} moves in {m.games.count()} games")
        for phone in phones:
            expect(phone.locator("#tournament-result")).to_be_visible()
            expect(phone.locator("#play-again")).to_have_count(0)
    finally:
        for phone in phones:
            phone.context.close()

    p.refresh_from_db()
    assert p.outcome == Outcome.PLAYED and (p.winner_bummerl, p.loser_bummerl) == (1, 0)
    winner = a if p.winner == "left" else b
    # the staff's pages and the public page show the pairing decided
    page.goto(f"{base}/games/pairing/{p.pk}/")
    expect(page.locator(".next-step")).to_contain_text(winner.name)
    expect(page.locator(".next-step")).to_contain_text("1:0")
    page.goto(f"{base}/staff/t/{t.pk}/results/?round=1&status=decided")
    expect(page.locator("table.pairings")).to_contain_text(winner.name)
    page.goto(f"{base}/t/{t.pk}/")
    row = page.locator(f"#p-{p.pk}")
    expect(row).to_have_attribute("data-status", "decided")
    expect(row).to_contain_text("1:0" if p.winner == "left" else "0:1")  # left:right
    expect(row.locator(".winner")).to_contain_text(winner.name)
