"""The public standings in a real browser at 390 px and at 1920 px (issue 30): a
finished tournament has nobody in play; while it is played those still in it come
first, as such, the places of the out as decided, the shared ones and the missing
numbers explained."""

import pytest
from playwright.sync_api import expect

from tests.tournaments.standings_helpers import finished_tournament, running_tournament

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1920, "height": 1080}}


@pytest.fixture(params=sorted(SIZES))
def sized(browser, request):
    phone = request.param == "phone"
    context = browser.new_context(
        locale="de-AT",
        viewport=SIZES[request.param],
        device_scale_factor=2 if phone else 1,
        is_mobile=phone,
        has_touch=phone,
    )
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def no_sideways_scroll(page) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("window.innerWidth")
    assert wide <= inner, f"{page.url} scrolls sideways: {wide} > {inner}"


def test_a_finished_tournament_on_the_public_page(sized, live_server):
    t = finished_tournament()
    sized.goto(f"{live_server.url}/t/{t.pk}/")
    standings = sized.locator("#live-standings")
    rows = standings.locator("tbody tr")
    expect(rows).to_have_count(16)
    expect(rows.first.locator("td.place")).to_have_text("1.")
    expect(rows.first).to_have_attribute("data-state", "won")
    expect(standings).not_to_contain_text("im Spiel")
    expect(standings).not_to_contain_text("Im Spiel")
    expect(standings.locator(".standings-notes")).to_contain_text("Plätze ab 9:")
    no_sideways_scroll(sized)


def test_a_running_tournament_on_the_public_page(sized, live_server):
    t = running_tournament()
    sized.goto(f"{live_server.url}/t/{t.pk}/")
    standings = sized.locator("#live-standings")
    groups = standings.locator("tr.standings-group")
    expect(groups).to_have_text(["Im Spiel – Runde 2", "Ausgeschieden"])
    playing = standings.locator('tr[data-state="in_play"]')
    expect(playing.first.locator("td.place")).to_have_text("–im Spiel")  # the word: for readers
    expect(playing.first.locator("td.place [aria-hidden]")).to_be_visible()
    expect(playing.first.locator("td.num").last).to_contain_text("im Spiel")
    shared = standings.locator('tr[data-state="pending"]').first
    expect(shared.locator("td.place")).to_have_text("17.–32.")
    expect(standings.locator('tr[data-state="placed"]').first.locator("td.place")).to_have_text(
        "33."
    )
    expect(standings.locator(".other-places").first).to_be_visible()
    notes = standings.locator(".standings-notes li")
    expect(notes).to_have_count(3)
    expect(notes.first).to_contain_text("Ein Platz wie 17.–32. ist geteilt")
    # the group headings are above their rows: the first in play under the first heading
    heading_box = groups.first.bounding_box()
    assert playing.first.bounding_box()["y"] > heading_box["y"]
    assert groups.nth(1).bounding_box()["y"] > playing.last.bounding_box()["y"]
    # each place cell is on the screen, its text within it
    width = sized.viewport_size["width"]
    for cell in (shared.locator("td.place"), playing.first.locator("td.place")):
        box = cell.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
        assert cell.evaluate("c => c.scrollWidth <= c.clientWidth")
    no_sideways_scroll(sized)
