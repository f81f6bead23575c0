"""The main pages in a real browser, as screenshots.

Run with ``WRITE_SCREENSHOTS=1`` to refresh ``docs/screenshots/*.png`` for the README;
otherwise the pictures go to a temporary directory and only the pages are checked.
"""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.demo import create_demo

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def shots(tmp_path):
    if os.environ.get("WRITE_SCREENSHOTS") == "1":
        target = ROOT / "docs" / "screenshots"
        target.mkdir(parents=True, exist_ok=True)
        return target
    return tmp_path


def test_main_pages(browser, page, phone_page, live_server, staff_login, shots):
    tournament = create_demo(seed=2026)
    base = live_server.url
    staff_login(page)

    page.goto(f"{base}/staff/t/{tournament.pk}/")
    expect(page.locator("#next-step")).to_contain_text("offene Paarungen")
    page.screenshot(path=shots / "dashboard.png", full_page=True)

    page.goto(f"{base}/staff/t/{tournament.pk}/results/")
    expect(page.locator("table.pairings select[id^=result-]").first).to_be_visible()
    page.screenshot(path=shots / "results.png", full_page=False)

    phone_page.goto(f"{base}/t/{tournament.pk}/")
    expect(phone_page.locator("#live-draw table")).to_be_visible()
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the public page scrolls sideways on a phone"
    phone_page.screenshot(path=shots / "public-phone.png", full_page=False)

    # the standings during play: who is still in the running, the places decided so far
    phone_page.evaluate("document.getElementById('live-standings').scrollIntoView(true)")
    expect(phone_page.locator("#live-standings")).to_contain_text("Im Spiel")
    phone_page.screenshot(path=shots / "standings-phone.png", full_page=False)

    projector = browser.new_context(locale="de-AT", viewport={"width": 1600, "height": 900})
    try:
        screen = projector.new_page()
        screen.goto(f"{base}/t/{tournament.pk}/projector/")
        expect(screen.locator("#projector-draw table")).to_be_visible()
        # long lists page by themselves: the page counter shows "1 / n"
        expect(screen.locator("#page-info")).to_contain_text("1 /")
        screen.screenshot(path=shots / "projector.png")
    finally:
        projector.close()

    # a finished tournament's public page: bracket and prize winners
    rnd = tournament.rounds.order_by("-number").first()
    import random

    rng = random.Random(1)
    while True:
        for pairing in rnd.pairings.filter(outcome=""):
            services.record_result(pairing, winner=rng.choice(["left", "right"]), score=(2, 1))
        if services.tournament_phase(tournament) == "finished":
            break
        rnd = services.release_round(services.draw_next_round(tournament, seed=rng.randrange(99)))
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{base}/t/{tournament.pk}/")
    expect(page.locator("ol.prizes li")).to_have_count(8)
    page.locator("#live-prizes").scroll_into_view_if_needed()
    page.screenshot(path=shots / "prizes-bracket.png", full_page=False, clip=None)
    # the final standings: the winner first, nobody in play
    page.evaluate("document.getElementById('live-standings').scrollIntoView(true)")
    expect(page.locator("#live-standings")).not_to_contain_text("Im Spiel")
    page.screenshot(path=shots / "standings-final.png", full_page=False)

    # the prize ceremony on the projector, at the 1st prize
    projector = browser.new_context(locale="de-AT", viewport={"width": 1600, "height": 900})
    try:
        screen = projector.new_page()
        screen.clock.install()
        screen.goto(f"{base}/t/{tournament.pk}/projector/")
        expect(screen.locator(".ceremony-places li:visible")).to_have_count(1)
        screen.clock.run_for(7 * 7000)
        expect(screen.locator(".ceremony-places li:visible .ceremony-prize")).to_have_text(
            "Preis 1"
        )
        screen.screenshot(path=shots / "ceremony.png")
    finally:
        projector.close()

    # the bracket on a phone, top to bottom
    phone_page.goto(f"{base}/t/{tournament.pk}/")
    phone_page.locator("#live-bracket").scroll_into_view_if_needed()
    phone_page.screenshot(path=shots / "bracket-phone.png", full_page=False)


def test_tables_and_team_tournaments(phone_page, live_server, shots):
    """A Bauernschnapsen table on a phone (one person, three computers), and the public
    page of a team tournament (Preis-Bauernschnapsen)."""
    import datetime
    import random

    from games.models import GameKind
    from games.services import tables

    base = live_server.url
    table = tables.create_table(
        game_kind=GameKind.BAUERNSCHNAPSEN,
        seats=[
            {"name": "Resi", "level": ""},
            {"name": "Computer 2", "level": "easy"},
            {"name": "Computer 3", "level": "easy"},
            {"name": "Computer 4", "level": "easy"},
        ],
        seed=11,
    )
    phone_page.goto(f"{base}/games/{table.pk}/t/{table.seats.get(index=0).token}/")
    expect(phone_page.locator("#my-hand .card").first).to_be_visible()
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    phone_page.screenshot(path=shots / "table-phone.png", full_page=False)

    t = services.create_tournament(
        name="Preis-Bauernschnapsen Gmünd", date=datetime.date(2026, 12, 8), field_size=16,
        game="bauernschnapsen", match_bummerl=1, max_entries_per_player=2, seed=5,
    )  # fmt: skip
    rng = random.Random(5)
    first = ["Resi", "Franz", "Maria", "Josef", "Anna", "Karl", "Rosa", "Alois", "Erika"]
    last = ["Huber", "Gruber", "Bauer", "Wagner", "Pichler", "Steiner", "Moser"]
    names = rng.sample([f"{f} {la}" for f in first for la in last], 24)
    for i in range(12):
        player = services.find_or_register_player(names[2 * i], town="Gmünd")
        partner = services.find_or_register_player(names[2 * i + 1], town="Gmünd")
        services.sell_entries(t, player, 1, partner=partner, paid=True)
    rnd = services.release_round(services.draw_next_round(t, seed=6))
    for pairing in list(rnd.pairings.filter(outcome=""))[:3]:
        services.record_result(pairing, winner=rng.choice(["left", "right"]), score=(1, 0))
    phone_page.goto(f"{base}/t/{t.pk}/")
    expect(phone_page.locator("#live-draw table")).to_be_visible()
    expect(phone_page.locator("#live-draw")).to_contain_text(" / ")
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    phone_page.screenshot(path=shots / "team-phone.png", full_page=False)
