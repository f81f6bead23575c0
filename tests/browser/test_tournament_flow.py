"""A whole small tournament run the way staff would, in a real browser."""

import re

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Outcome, Pairing, Player, Tournament

PLAYERS = [
    ("Jürgen Größinger", "Krems", 2),
    ("Anna Huber", "Melk", 2),
    ("Maria Weber", "Tulln", 2),
    ("Franz Bauer", "Wien", 2),
    ("Rosa Eder", "Baden", 1),
    ("Günther Müller", "Melk", 1),
    ("Ingrid Fischer", "Krems", 1),
    ("Walter Reiter", "Wien", 1),
    ("Erika Hofer", "Amstetten", 1),
    ("Helmut Pichler", "Tulln", 1),
    ("Christine Bauer", "Mödling", 1),
    ("Ferdinand Schmid", "Baden", 1),
]


def enter_open_results(page, base, tournament_pk, *, keyboard_first=False):
    """Enter a result for every open pairing of the latest round through the results page."""
    url = f"{base}/staff/t/{tournament_pk}/results/?status=open"
    entered = 0
    while True:
        page.goto(url)
        selects = page.locator("table.pairings select[name=result]")
        if selects.count() == 0:
            return entered
        select = selects.first
        if keyboard_first and entered == 0:
            select.focus()
            page.keyboard.press("ArrowDown")  # the first result: left wins 2:0
            page.keyboard.press("Enter")
        else:
            value = "right:2:1" if entered % 3 == 1 else "left:2:0"
            select.select_option(value)
            select.press("Enter")
        page.wait_for_load_state()
        expect(page.locator(".messages .success")).to_be_visible()
        entered += 1


def test_staff_run_a_whole_tournament(page, live_server, staff_login, tmp_path):
    base = live_server.url
    staff_login(page)

    # create it; a field of 20 is refused with a message first
    page.goto(base + "/staff/tournaments/new/")
    page.fill("#id_name", "Preisschnapsen im Browser")
    page.fill("#id_date", "2026-12-05")
    page.evaluate("document.querySelector('#id_field_size').add(new Option('20', '20'))")
    page.select_option("#id_field_size", "20")
    page.fill("#id_prize_1_description", "Geschenkkorb")
    page.fill("#id_prize_1_amount", "100")
    page.click("main button[type=submit]")
    expect(page.locator(".errorlist")).to_contain_text("1024")
    assert not Tournament.objects.exists()
    page.select_option("#id_field_size", "16")
    for place in range(2, 9):
        page.fill(f"#id_prize_{place}_description", f"Preis {place}")
    page.click("main button[type=submit]")
    expect(page.locator("#next-step")).to_be_visible()
    tournament = Tournament.objects.get()

    # import players from CSV: preview first, then import
    csv = tmp_path / "spieler.csv"
    csv.write_text(
        "Name;Ort/Verein\n" + "".join(f"{name};{town}\n" for name, town, _n in PLAYERS),
        encoding="utf-8",
    )
    page.goto(base + "/staff/players/import/")
    page.set_input_files("#id_file", str(csv))
    page.click("main form[enctype] button[type=submit]")
    expect(page.locator("#confirm-import")).to_be_visible()
    assert not Player.objects.exists()
    page.click("#confirm-import")
    expect(page.locator(".messages .success")).to_contain_text("12")
    assert Player.objects.count() == 12

    # sell entries at the desk: type, pick the suggestion, sell
    page.goto(f"{base}/staff/t/{tournament.pk}/entries/")
    for name, _town, count in PLAYERS:
        page.fill("#id_name", name[:6])
        option = page.locator("#player-suggestions [role=option]", has_text=name)
        option.first.click()
        page.fill("#id_count", str(count))
        page.click("#sell-button")
        expect(page.locator(".messages .success")).to_contain_text(name)
    assert tournament.entries.count() == 16
    assert Player.objects.count() == 12  # all sold to the imported players

    # rounds: draw, check the draft, release, enter every result
    first = True
    for _ in range(8):
        page.goto(f"{base}/staff/t/{tournament.pk}/")
        step = page.locator("#next-step").inner_text()
        if re.search(r"beendet|finished", step):
            break
        page.goto(f"{base}/staff/t/{tournament.pk}/draw/")
        page.click("#draw-button")
        expect(page.locator("#release-button")).to_be_visible()
        expect(page.locator("ol.protocol li").first).to_be_visible()
        page.click("#release-button")
        enter_open_results(page, base, tournament.pk, keyboard_first=first)
        first = False
    else:
        pytest.fail("the tournament did not finish")

    assert services.tournament_phase(tournament) == "finished"
    assert not Pairing.objects.filter(round__tournament=tournament, outcome=Outcome.OPEN).exists()
    page.goto(f"{base}/t/{tournament.pk}/")
    prizes = page.locator("ol.prizes li")
    expect(prizes).to_have_count(8)
    expect(prizes.first).to_contain_text("Geschenkkorb")
    expect(page.locator(".bracket")).to_contain_text("Finale")


def test_public_page_updates_itself_after_a_result(page, live_server, transactional_db):
    import datetime

    tournament = services.create_tournament(
        name="Live", date=datetime.date(2026, 12, 5), field_size=16
    )
    for i in range(16):
        player = services.find_or_register_player(f"Spieler {i:02d}")
        services.sell_entries(tournament, player, 1, paid=True)
    services.release_round(services.draw_next_round(tournament, seed=11))
    pairing = Pairing.objects.filter(round__tournament=tournament, outcome=Outcome.OPEN).first()

    page.goto(f"{live_server.url}/t/{tournament.pk}/")
    row = page.locator(f"#p-{pairing.pk}")
    expect(row).to_contain_text("offen")
    page.evaluate("window.__notReloaded = true")
    services.record_result(pairing, winner="right", score=(2, 1))
    expect(row).to_contain_text("1:2", timeout=8_000)
    assert page.evaluate("window.__notReloaded") is True


def test_language_switch_to_english(page, live_server, transactional_db):
    page.goto(live_server.url + "/")
    expect(page.locator("h1")).to_have_text("Turniere")
    page.select_option("#language-select", "en")
    page.click("form.lang button")
    expect(page.locator("h1")).to_have_text("Tournaments")
