"""A small team tournament (Preis-Bauernschnapsen) run by staff in a real browser: the
terms with the game, entries sold to teams at the desk (the partner picked from the
register or typed), the draw, results, and the public page naming the teams."""

import re

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Team, Tournament

TEAMS = [
    ("Resi Huber", "Franz Huber", 2),
    ("Anna Berger", "Max Moser", 1),
    ("Eva Lang", "Otto Graf", 1),
    ("Ida Roth", "Karl Wolf", 1),
    ("Rosa Eder", "Paul Kern", 1),
    ("Lisa Haas", "Hans Zach", 1),
    ("Vera Puch", "Kurt Lenz", 1),
]


def test_staff_run_a_small_team_tournament(page, live_server, staff_login):
    base = live_server.url
    staff_login(page)
    known = services.find_or_register_player("Josef Partner", town="Ybbs")

    page.goto(base + "/staff/tournaments/new/")
    page.fill("#id_name", "Preis-Bauernschnapsen im Browser")
    page.fill("#id_date", "2026-12-08")
    page.select_option("#id_field_size", "16")
    page.select_option("#id_game", "bauernschnapsen")
    page.select_option("#id_match_bummerl", "1")
    page.fill("#id_max_entries_per_player", "2")
    page.click("main button[type=submit]")
    expect(page.locator("#next-step")).to_be_visible()
    t = Tournament.objects.get()
    assert (t.game, t.match_bummerl) == ("bauernschnapsen", 1)

    page.goto(f"{base}/staff/t/{t.pk}/entries/")
    for first, second, count in TEAMS:
        page.fill("#id_name", first)
        page.fill("#id_partner_name", second)
        page.fill("#id_count", str(count))
        page.click("#sell-button")
        expect(page.locator(".messages .success")).to_contain_text(f"{first} / {second}")
    # the partner picked from the register's suggestions
    page.fill("#id_name", "Nina Stern")
    page.fill("#id_partner_name", "Josef P")
    page.locator("#partner-suggestions [role=option]", has_text="Josef Partner").first.click()
    page.click("#sell-button")
    expect(page.locator(".messages .success")).to_contain_text("Nina Stern / Josef Partner")
    assert Team.objects.get(tournament=t, first__name="Nina Stern").second == known
    # a sale without a partner is refused, nothing sold
    page.fill("#id_name", "Allein Gelassen")
    page.click("#sell-button")
    expect(page.locator(".errorbox")).to_contain_text("Partner")
    assert services.active_entries(t).count() == 9
    # the entry list finds a team by its second player
    page.fill("#entry-q", "Franz")
    expect(page.locator("#entries tbody")).to_contain_text("Resi Huber / Franz Huber")

    for _ in range(8):
        page.goto(f"{base}/staff/t/{t.pk}/")
        if re.search(r"beendet|finished", page.locator("#next-step").inner_text()):
            break
        page.goto(f"{base}/staff/t/{t.pk}/draw/")
        page.click("#draw-button")
        expect(page.locator("ol.protocol li").first).to_contain_text(" / ")
        page.click("#release-button")
        while True:
            page.goto(f"{base}/staff/t/{t.pk}/results/?status=open")
            selects = page.locator("table.pairings select[name=result]")
            if selects.count() == 0:
                break
            selects.first.select_option("left:1:0")
            selects.first.press("Enter")
            page.wait_for_load_state()
            expect(page.locator(".messages .success")).to_be_visible()
    else:
        pytest.fail("the tournament did not finish")

    assert services.tournament_phase(t) == "finished"
    page.goto(f"{base}/t/{t.pk}/")
    prizes = page.locator("ol.prizes li")
    expect(prizes).to_have_count(8)
    expect(prizes.first).to_contain_text(" / ")
    expect(page.locator("main")).to_contain_text("Resi Huber / Franz Huber")
    expect(page.locator(".bracket")).to_contain_text(" / ")
