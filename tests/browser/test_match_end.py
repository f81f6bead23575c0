"""The end of a match "auf 2 Bummerl" that ended 3:0, in a real browser at 390 px and
at 1920 px (issue 30): it says how the score came about (a Schneider counted double)
and leads to a new match."""

import random

import pytest
from playwright.sync_api import expect

from games import services as games
from tests.games.helpers import play_random

from .test_standings_pages import SIZES, no_sideways_scroll


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


def test_the_end_of_a_match_says_how_and_offers_a_new_one(sized, live_server):
    m = games.create_friendly_match(name0="Resi", name1="Anna", seed=32)
    m = play_random(m, random.Random(32))
    sized.goto(f"{live_server.url}/games/{m.pk}/p/{m.token0}/")
    end = sized.locator("#match-end")
    expect(end).to_be_visible()
    expect(sized.locator("#turn")).to_contain_text("Resi gewinnt die Partie.")
    expect(sized.locator("#score-note")).to_have_text(
        "So kam es zu 3:0: 1. Bummerl an Resi; 2. Bummerl an Resi, ein Schneider "
        "(Anna ohne Punkt): zählt doppelt."
    )
    sized.get_by_role("link", name="Neue Partie").click()
    sized.wait_for_url(f"{live_server.url}/games/")
    no_sideways_scroll(sized)
