"""The series page on a phone: readable, nothing scrolls sideways."""

import random

from playwright.sync_api import expect

from clubs import services as clubs
from series import services
from tests.tournaments.helpers import make_tournament, run_to_end
from tournaments import services as core


def _finished(name, club, seed):
    t = make_tournament(16, entries=[1] * 15, name=name, club=club, seed=seed)
    long_name = core.find_or_register_player(
        "Maria-Theresia Großschädl-Unterweissenbacher", town="St. Leonhard am Hornerwald"
    )
    core.sell_entries(t, long_name, 1)
    return run_to_end(t, random.Random(seed))


def test_series_page_on_a_phone(phone_page, live_server):
    club_a, club_b = clubs.create_club("Schnapsclub Herz-Ass"), clubs.create_club("Kartenrunde")
    tournaments = [
        _finished("Frühjahrsschnapsen", club_a, 1),
        _finished("Sommerschnapsen", club_b, 2),
        _finished("Herbstschnapsen", club_a, 3),
    ]
    series = services.create_series("Donau-Cup", season="2026", club=club_a, best_of=2)
    for t in tournaments:
        services.add_tournament(series, t)
    standings = services.compute_series_standings(series)
    page = phone_page
    page.goto(f"{live_server.url}/series/{series.pk}/")
    expect(page.locator("h1")).to_have_text("Donau-Cup 2026")
    rows = page.locator("#series-standings tbody tr")
    expect(rows).to_have_count(len(standings.rows))
    expect(rows.first).to_contain_text(standings.rows[0].player.name)
    expect(rows.first.locator("td").last).to_have_text(str(standings.rows[0].points))
    # three results each, the worst struck through (best 2 of 3)
    expect(rows.first.locator("li.dropped")).to_have_count(1)
    expect(page.locator(".series-rule")).to_contain_text("Gleichstand")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the series page scrolls sideways on a phone ({width}px)"
    assert page.locator("body").evaluate("e => e.scrollWidth") <= 390
    # the PDF link answers with a PDF
    href = page.locator("a[href$='standings.pdf']").get_attribute("href")
    response = page.request.get(live_server.url + href)
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
