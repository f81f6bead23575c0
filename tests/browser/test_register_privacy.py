"""The register's privacy in a real browser (issue 31): a club's organiser sees his
club's contact data and not another's, finds the shared name locked where another club
has a stake, downloads a player's data (GDPR art. 15) and erases a player (art. 17),
whose place in the finished tournament then shows the placeholder."""

from __future__ import annotations

import datetime
import json
import random

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from clubs import services as clubs
from clubs.models import Role
from tournaments import services
from tournaments.models import Player

from ..tournaments.helpers import run_to_end

pytestmark = pytest.mark.browser


@pytest.fixture
def world(transactional_db, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    a, b = clubs.create_club("Verein Melk"), clubs.create_club("Verein Ybbs")
    user = get_user_model().objects.create_user("melk", password="geheim-melk-1")
    clubs.grant_role(a, user, Role.ORGANISER)
    franz = services.find_or_register_player("Franz Huber", town="Krems", contact="0664 111", club=a)
    services.find_or_register_player("Franz Huber", town="Krems", contact="0676 222", club=b)
    anna = services.find_or_register_player("Anna Weber", town="Melk", contact="anna@melk.at", club=a)
    tournaments = []
    for club, who in ((a, [franz, anna]), (b, [franz])):
        t = services.create_tournament(name=f"Cup {club.name}", date=datetime.date(2026, 3, 1), club=club,
                                       field_size=16, max_entries_per_player=1)
        field = list(who) + [
            services.find_or_register_player(f"{club.name} Gast {i:02d}", club=club)
            for i in range(16 - len(who))
        ]
        for p in field:
            services.sell_entries(t, p, 1, paid=True)
        run_to_end(t, random.Random(7))
        tournaments.append(t)
    return {"franz": franz, "anna": anna, "ta": tournaments[0]}


def _login(page, live_server):
    page.goto(live_server.url + "/accounts/login/")
    page.fill("#id_username", "melk")
    page.fill("#id_password", "geheim-melk-1")
    page.click("main button[type=submit]")
    page.wait_for_url(live_server.url + "/staff/")


def test_an_organiser_keeps_his_clubs_data_and_erases_a_player(world, live_server, page):
    _login(page, live_server)
    page.goto(live_server.url + "/staff/players/?q=Huber")
    table = page.locator("#player-table")
    expect(table).to_contain_text("0664 111")
    expect(table).not_to_contain_text("0676 222")
    # Franz also plays for Ybbs: his name is locked here, the club's contact is not
    page.goto(live_server.url + f"/staff/players/{world['franz'].pk}/")
    expect(page.locator("#player-locked")).to_be_visible()
    expect(page.locator("#id_name")).to_be_disabled()
    expect(page.locator("#id_contact")).to_be_enabled()
    # Anna plays for Melk only: her data as a file, then her erasure
    page.goto(live_server.url + f"/staff/players/{world['anna'].pk}/")
    with page.expect_download() as info:
        page.click("#player-privacy a[href$='/data/']")
    data = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert data["player"]["name"] == "Anna Weber"
    assert [c["contact"] for c in data["contact_data"]] == ["anna@melk.at"]
    page.click("#player-privacy a[href$='/erase/']")
    page.check("#erase-confirm")
    page.click("#erase-form button[type=submit]")
    page.wait_for_url(live_server.url + "/staff/players/")
    expect(page.locator(".messages, [role=status], main").first).to_contain_text("Gelöschter Spieler")
    assert Player.objects.get(pk=world["anna"].pk).erased_at is not None
    # the finished tournament keeps its standings, without her name
    page.goto(live_server.url + f"/t/{world['ta'].pk}/")
    expect(page.locator("main")).to_contain_text("Finale")
    expect(page.locator("main")).not_to_contain_text("Anna Weber")
