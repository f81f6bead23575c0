"""A result reported through one player's private link is decided only after the
opponent confirms it from his own link (two browser contexts, the staff page after)."""

import pytest
from playwright.sync_api import expect

from games import services
from games.services.starting import play_url
from tests.games.helpers import open_pairings
from tournaments.models import Outcome, Pairing


@pytest.fixture(autouse=True)
def _fast_poll(settings):
    settings.GAMES_POLL_MS = 150


def test_a_reported_result_counts_only_after_the_opponents_confirmation(
    browser, live_server, staff_login, page
):
    t, pairings = open_pairings(name="Melde-Turnier")
    pairing = pairings[0]
    match = services.start_match_for_pairing(pairing)
    left, right = pairing.left.player.name, pairing.right.player.name
    contexts = [
        browser.new_context(locale="de-AT", viewport={"width": 390, "height": 844}) for _ in (0, 1)
    ]
    reporter, opponent = (c.new_page() for c in contexts)
    try:
        for p, seat in ((reporter, 0), (opponent, 1)):
            p.set_default_timeout(10_000)
            p.goto(play_url(match, seat, live_server.url))
            expect(p.locator("#my-hand .card")).to_have_count(5)
        # the left player reports that he won 2:1
        reporter.locator("details.record-here summary").click()
        reporter.select_option("#q-winner", "0")
        reporter.fill("#q-won", "2")
        reporter.fill("#q-lost", "1")
        reporter.locator("form.record-quick button[type=submit]").click()
        expect(reporter.locator(".messages")).to_contain_text("Ihr Ergebnis ist gemeldet")
        expect(reporter.locator(".report.mine")).to_contain_text(f"{left} hat 2:1 gewonnen")
        assert Pairing.objects.get(pk=pairing.pk).outcome == Outcome.OPEN

        # the opponent's page shows the report by itself (the poll sees it) and asks him
        expect(opponent.locator(".report.theirs")).to_contain_text(
            f"{left} hat gemeldet: {left} hat 2:1 gewonnen"
        )
        assert Pairing.objects.get(pk=pairing.pk).outcome == Outcome.OPEN
        opponent.get_by_role("button", name="Bestätigen").click()
        expect(opponent.locator(".messages")).to_contain_text("Sie haben das Ergebnis bestätigt")
        expect(opponent.locator("#report-decided")).to_contain_text(f"{left} hat 2:1 gewonnen")
        decided = Pairing.objects.get(pk=pairing.pk)
        assert (decided.outcome, decided.winner, decided.winner_bummerl) == ("played", "left", 2)
        # the reporter's page follows
        expect(reporter.locator("#report-decided")).to_contain_text(f"{left} hat 2:1 gewonnen")
    finally:
        for c in contexts:
            c.close()
    # staff see who reported and who confirmed in the audit log
    staff_login(page)
    page.goto(f"{live_server.url}/staff/t/{t.pk}/audit/")
    log = page.locator("table")
    expect(log).to_contain_text("Ergebnis von einem Spieler gemeldet")
    expect(log).to_contain_text(f"Spieler {left} (eigener Link)")
    expect(log).to_contain_text("gemeldetes Ergebnis bestätigt")
    expect(log).to_contain_text(f"Spieler {right} (eigener Link)")
