"""The rating list and a player's page on a phone: readable, the plot drawn, nothing
scrolls sideways (issue 35)."""

import random

from playwright.sync_api import expect

from clubs import services as clubs
from ratings.models import Snapshot
from tests.tournaments.helpers import make_tournament, run_to_end
from tournaments import services as core
from tournaments.standings import compute_standings


def test_rating_list_and_player_page_on_a_phone(phone_page, live_server):
    club = clubs.create_club("Schnapsclub Herz-Ass")
    long_name = core.find_or_register_player(
        "Maria-Theresia Großschädl-Unterweissenbacher", town="St. Leonhard am Hornerwald"
    )
    played = []
    for n, date in enumerate(("2026-03-01", "2026-05-01", "2026-09-01")):
        t = make_tournament(16, entries=[1] * 15, name=f"Turnier {n + 1}", club=club, date=date)
        core.sell_entries(t, long_name, 1)
        played.append(run_to_end(t, random.Random(n)))
    page = phone_page
    page.goto(f"{live_server.url}/rating/")
    expect(page.locator("h1")).to_have_text("Rangliste")
    rows = page.locator("#rating-list tbody tr")
    expect(rows).to_have_count(16)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    table = page.locator("#rating-list")
    assert table.evaluate("e => e.parentElement.scrollWidth <= e.parentElement.clientWidth")
    # narrowed to players with at least 3 matches
    page.fill("input[name=min]", "3")
    page.click("#rating-filters button")
    expect(page).to_have_url(f"{live_server.url}/rating/?club=&year=&min=3")
    page.goto(f"{live_server.url}/players/{long_name.pk}/")
    expect(page.locator("h1")).to_contain_text("Großschädl")
    expect(page.locator("svg.rating-plot circle")).to_have_count(3)
    latest = Snapshot.objects.filter(player=long_name).order_by("-date").first()
    expect(page.locator(".rating-now strong")).to_have_text(f"{latest.rating:.0f}")
    expect(page.locator("#player-tournaments tbody tr")).to_have_count(3)
    expect(page.locator("svg.places-plot circle")).to_have_count(3)
    # the places are the standings' (newest tournament first)
    for row, t in zip(
        page.locator("#player-tournaments tbody tr").all(), reversed(played), strict=True
    ):
        best = next(p for p in compute_standings(t).players if p.player.pk == long_name.pk)
        expect(row.locator("td").nth(1)).to_have_text(
            f"{best.best_place}." if best.best_place else "–"
        )
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the player's page scrolls sideways on a phone ({width}px)"
    box = page.locator("svg.rating-plot").bounding_box()
    assert box and 250 <= box["width"] <= 390
