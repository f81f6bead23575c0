"""The staff's results page follows what happens elsewhere: a player's report, a result
entered by other staff and a started match show up without a reload; a result being
typed in a row is never replaced (a notice offers the update instead)."""

import pytest
from playwright.sync_api import expect

from tests.games.helpers import open_pairings
from tournaments import services


@pytest.fixture(autouse=True)
def _fast_poll(settings):
    settings.STAFF_RESULTS_POLL_MS = 300


def test_the_results_page_shows_reports_and_results_from_elsewhere(live_server, staff_login, page):
    t, pairings = open_pairings(name="Live-Ergebnisse")
    first, second, third = pairings[:3]
    staff_login(page)
    page.goto(f"{live_server.url}/staff/t/{t.pk}/results/")
    row = page.locator(f"#pairing-{first.pk}")
    expect(row.locator(".badge.open, .badge")).not_to_have_count(0)

    # a player reports through his link: the row shows the report by itself
    services.report_result(first, side="left", winner="left", score=(2, 1))
    expect(row).to_contain_text("gemeldet")
    # other staff enter a result: the row shows it decided, the next step follows
    services.record_result(second, winner="right", score=(2, 0))
    expect(page.locator(f"#pairing-{second.pk}")).to_have_attribute("data-status", "decided")

    # a result being typed in a row stays: the page only offers the update
    page.select_option(f"#result-{third.pk}", index=1)
    services.report_result(first, side="right", winner="right", score=(2, 0))  # disagrees
    expect(page.locator("#results-changed")).to_be_visible()
    assert page.locator(f"#result-{third.pk}").evaluate("el => el.selectedIndex") == 1
    expect(page.locator("#disputed-reports")).to_have_count(0)
    page.locator("#results-changed button").click()
    expect(page.locator("#disputed-reports")).to_contain_text("Widersprüchliche Meldungen")
    expect(page.locator("#results-changed")).to_be_hidden()
