"""The Danish system's public page and projector on a 390 px phone: nothing scrolls
sideways, the place comes first, and the demo's club evening shows its standings."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tournaments.demo import create_demo_danish

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        locale="de-AT", viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def test_danish_public_pages_fit_a_phone(phone, live_server, transactional_db):
    t = create_demo_danish(seed=7)
    for url in (f"/t/{t.pk}/", f"/t/{t.pk}/projector/"):
        phone.goto(live_server.url + url)
        phone.wait_for_load_state("networkidle")
        wide = phone.evaluate("document.documentElement.scrollWidth")
        assert wide <= PHONE["width"], f"{url} scrolls sideways: {wide} px"
    phone.goto(f"{live_server.url}/t/{t.pk}/")
    rows = phone.locator("table.standings.danish tbody tr")
    expect(rows).to_have_count(14)
    expect(rows.first.locator("td").first).to_have_text("1.")
    # the leader of the standings has the most match points after three and a half rounds
    first_row = rows.first.bounding_box()
    assert first_row["x"] >= 0 and first_row["x"] + first_row["width"] <= PHONE["width"]
