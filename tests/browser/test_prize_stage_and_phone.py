"""Tournament day in a real browser: the prize stage named on every page, the public
pages and the projector on a 390 px phone, the prize ceremony, and the confirmations
of destructive actions."""

import datetime
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.demo import create_demo
from tournaments.models import Outcome, Stage

PHONE = {"width": 390, "height": 844}
FINAL_ROUND_NAMES = ["Finale", "Spiel um Platz 3", "Spiel um Platz 5", "Spiel um Platz 7"]
SEMIFINAL_NAMES = [
    "Semifinale 1",
    "Semifinale 2",
    "Platzierungsspiel 5–8 (1)",
    "Platzierungsspiel 5–8 (2)",
]


def build(*, finish: bool, one_prize=True):
    """16 entries, "Hannelore Schößwendter-Großauer" holds four and wins every match she
    plays: with the one-prize rule her lower places pass their prizes down."""
    t = services.create_tournament(
        name="Kirtagschnapsen der Freiwilligen Feuerwehr Unterretzbach",
        date=datetime.date(2026, 12, 5),
        field_size=16,
        max_entries_per_player=4,
        entry_fee=Decimal("150"),
        one_prize_per_player=one_prize,
        seed=99,
    )
    services.set_prizes(
        t,
        [("Gans", Decimal("150")), ("Wein", Decimal("80")), ("Speck", None), ("Schnaps", None)]
        + [(f"Gutschein {k}", Decimal("10")) for k in range(5, 9)],
    )
    star = services.find_or_register_player("Hannelore Schößwendter-Großauer", town="Retz")
    services.sell_entries(t, star, 4, paid=True)
    for i in range(12):
        player = services.find_or_register_player(f"Spielerin Nummer {i + 1:02d}", town="Retz")
        services.sell_entries(t, player, 1, paid=True)
    while True:
        rnd = services.release_round(services.draw_next_round(t, seed=5))
        if rnd.stage == Stage.FINAL and not finish:
            return t
        for p in rnd.pairings.filter(outcome=Outcome.OPEN).select_related("left", "right"):
            winner = "right" if p.right.player_id == star.pk else "left"
            services.record_result(p, winner=winner, score=(2, 1))
        if rnd.stage == Stage.FINAL:
            return t


def no_sideways_scroll(page) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("window.innerWidth")
    assert wide <= inner, f"{page.url} scrolls sideways: {wide} > {inner}"


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        locale="de-AT", viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


# --- the prize stage by name ----------------------------------------------------------------


def test_prize_stage_named_on_staff_and_public_pages(page, live_server, staff_login):
    t = build(finish=False)
    base = live_server.url
    final_round = t.rounds.order_by("-number").first()
    semifinal = t.rounds.get(stage=Stage.SEMIFINAL)
    staff_login(page)

    page.goto(f"{base}/staff/t/{t.pk}/results/")
    rows = page.locator("table.pairings tbody tr")
    expect(rows).to_have_count(4)
    for i, name in enumerate(FINAL_ROUND_NAMES):
        expect(rows.nth(i).locator(".match-name")).to_have_text(name)
        expect(rows.nth(i).locator("td").first).to_have_text(str(i + 1))  # unique numbers
    expect(page.get_by_label("Ergebnis: Paarung 3 · Spiel um Platz 5")).to_be_visible()

    page.goto(f"{base}/staff/t/{t.pk}/rounds/{semifinal.number}/")
    expect(page.locator("main table .match-name")).to_have_text(SEMIFINAL_NAMES)

    pairing = final_round.pairings.get(bracket="main")
    page.goto(f"{base}/games/pairing/{pairing.pk}/")
    expect(page.locator("h1")).to_contain_text("Paarung 1 · Finale")

    page.goto(f"{base}/t/{t.pk}/")
    expect(page.locator("#live-draw .match-name")).to_have_text(FINAL_ROUND_NAMES)
    by_player = page.locator("#live-players").inner_text()
    assert all(name in by_player for name in FINAL_ROUND_NAMES)
    bracket = page.locator("#live-bracket .match-name").all_inner_texts()
    for name in ["Viertelfinale 1", "Viertelfinale 4", *SEMIFINAL_NAMES, *FINAL_ROUND_NAMES]:
        assert name in bracket, name

    page.goto(f"{base}/t/{t.pk}/projector/")
    expect(page.locator("#projector-draw .match-name")).to_have_text(FINAL_ROUND_NAMES)
    expect(page.locator("#projector-ceremony .ceremony")).to_have_count(0)  # not decided yet


def test_the_results_page_starts_on_the_first_open_result(page, live_server, staff_login):
    t = build(finish=False)
    staff_login(page)
    page.goto(f"{live_server.url}/staff/t/{t.pk}/results/")
    first, second = t.rounds.order_by("-number").first().pairings.filter(outcome="")[:2]
    expect(page.locator(f"#result-{first.pk}")).to_be_focused()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    expect(page.locator(".messages .success")).to_contain_text(first.title)
    expect(page.locator(f"#result-{second.pk}")).to_be_focused()


# --- phone layouts -----------------------------------------------------------------------------


def test_public_pages_and_projector_fit_a_phone(phone, page, live_server):
    base = live_server.url
    demo = create_demo(seed=2026)  # round 2 half played, long lists
    finished = build(finish=True)
    for url in [
        f"{base}/",
        f"{base}/t/{demo.pk}/",
        f"{base}/t/{demo.pk}/projector/",
        f"{base}/t/{finished.pk}/",
        f"{base}/t/{finished.pk}/projector/",
    ]:
        phone.goto(url)
        phone.wait_for_load_state("networkidle")
        no_sideways_scroll(phone)

    phone.goto(f"{base}/t/{finished.pk}/")
    # the place is the first thing in each standings row
    first_cells = phone.locator("table.standings tbody tr td:first-child")
    expect(first_cells.first).to_have_text("1.")
    # long names take at most two lines
    name = phone.locator("table.standings .player-name", has_text="Schößwendter").first
    assert name.evaluate("el => el.getClientRects().length") <= 2
    # the bracket reads top to bottom: the final is on the screen's width, not off it
    final = phone.locator("#live-bracket .match", has_text="Finale").first
    box = final.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    # a QR code to this very page is no use on the phone that shows it
    expect(phone.locator(".title-row .qr")).to_be_hidden()
    page.goto(f"{base}/t/{finished.pk}/")
    qr = page.locator(".title-row .qr svg")
    expect(qr).to_be_visible()
    box = qr.bounding_box()
    assert box["x"] + box["width"] <= 1280  # not cut at the right edge
    # the draw's rows on the phone: one block each, the two names not squeezed to slivers
    phone.goto(f"{base}/t/{demo.pk}/")
    cell = phone.locator("#live-draw tbody tr").first.locator("td").nth(1)
    assert cell.bounding_box()["width"] > 250


def test_staff_header_and_tabs_stay_slim_on_a_phone(phone, live_server, staff_user):
    base = live_server.url
    t = build(finish=False)
    phone.goto(base + "/accounts/login/")
    phone.fill("#id_username", "staff")
    phone.fill("#id_password", "staff-pw-1234")
    phone.click("main button[type=submit]")
    phone.wait_for_url(base + "/staff/")
    for path in ["results", "entries", "standings", "audit", "edit"]:
        phone.goto(f"{base}/staff/t/{t.pk}/{path}/")
        phone.evaluate("window.scrollTo(0, 0)")  # results: the focus moved to the first result
        nav = phone.locator("nav.tournament").bounding_box()
        assert nav["y"] + nav["height"] <= PHONE["height"] / 5, path  # was a third
        tab = phone.locator("nav.tournament [aria-current=page]").bounding_box()
        assert tab["x"] >= 0 and tab["x"] + tab["width"] <= PHONE["width"], path
        no_sideways_scroll(phone)
    phone.goto(f"{base}/staff/t/{t.pk}/")
    fees = phone.locator("#count-fees")
    expect(fees).to_have_text("€\u00a02400,00")
    assert fees.bounding_box()["height"] < 45  # one line: sign and figure stay together


def test_desk_fields_and_action_cells_line_up(page, live_server, staff_login):
    t = services.create_tournament(
        name="Desk", date=datetime.date(2026, 12, 5), field_size=16, max_entries_per_player=3
    )
    player = services.find_or_register_player("Rosa Eder", town="Tulln")
    services.sell_entries(t, player, 2, paid=False)
    staff_login(page)
    page.goto(f"{live_server.url}/staff/t/{t.pk}/entries/")
    tops = [page.locator(sel).bounding_box()["y"] for sel in ("#id_name", "#id_town", "#id_count")]
    assert max(tops) - min(tops) < 2, tops
    row = page.locator("#entries tbody tr").first
    cells = row.locator("td")
    heights = {round(cells.nth(i).bounding_box()["y"]) for i in range(cells.count())}
    assert len(heights) == 1  # every cell of the row starts on one line
    assert row.locator("td.action-cell").evaluate("el => getComputedStyle(el).display") == (
        "table-cell"
    )


def test_start_stays_beside_the_result_on_a_desktop(page, live_server, staff_login):
    demo = create_demo(seed=2026)
    staff_login(page)
    page.goto(f"{live_server.url}/staff/t/{demo.pk}/results/?status=open")
    cell = page.locator("table.pairings tbody tr").first.locator(".result-cell")
    select_box = cell.locator("select").bounding_box()
    start_box = cell.get_by_role("button", name="Beginnen").bounding_box()
    assert abs(start_box["y"] - select_box["y"]) < select_box["height"]


# --- the prize ceremony ----------------------------------------------------------------------


def test_prize_ceremony_on_the_projector(browser, page, live_server, staff_login):
    t = build(finish=True)
    base = live_server.url
    # the public page says why a prize passed down
    page.goto(f"{base}/t/{t.pk}/")
    reasons = page.locator("#live-prizes .prize-reason")
    expect(reasons.first).to_contain_text("weil Hannelore Schößwendter-Großauer schon den 1. Preis hat")

    screen_context = browser.new_context(locale="de-AT", viewport={"width": 1600, "height": 900})
    try:
        screen = screen_context.new_page()
        screen.clock.install()
        screen.goto(f"{base}/t/{t.pk}/projector/")
        ceremony = screen.locator("#projector-ceremony .ceremony")
        expect(ceremony).to_be_visible()
        expect(screen.locator("#projector-draw")).to_be_hidden()
        shown = screen.locator(".ceremony-places li:visible")
        expect(shown).to_have_count(1)
        expect(shown.locator(".ceremony-prize")).to_have_text("Preis 8")
        screen.clock.run_for(7000)
        expect(shown.locator(".ceremony-prize")).to_have_text("Preis 7")
        for _ in range(6):
            screen.clock.run_for(7000)
        expect(shown.locator(".ceremony-prize")).to_have_text("Preis 1")
        expect(shown.locator(".ceremony-name")).to_have_text("Hannelore Schößwendter-Großauer")
        expect(shown).to_contain_text("Gans")
        expect(shown).to_contain_text("€\u00a0150,00")
        screen.clock.run_for(7000)
        expect(shown).to_have_count(8)  # then all of them together

        # staff stop it: the projector follows within its update interval
        staff_login(page)
        page.goto(f"{base}/staff/t/{t.pk}/standings/")
        page.click("#ceremony-stop")
        expect(page.locator(".messages .success")).to_contain_text("angehalten")
        screen.clock.run_for(3000)
        expect(ceremony).to_have_count(0)
        expect(screen.locator("#projector-draw")).to_be_visible()
        # and start it again: from the last prize once more
        page.click("#ceremony-start")
        screen.clock.run_for(3000)
        expect(screen.locator(".ceremony-places li:visible .ceremony-prize")).to_have_text(
            "Preis 8"
        )
    finally:
        screen_context.close()


# --- confirmations of destructive actions --------------------------------------------------------


def test_cancel_entry_asks_in_a_dialog(page, live_server, staff_login):
    t = services.create_tournament(
        name="Desk", date=datetime.date(2026, 12, 5), field_size=16, entry_fee=Decimal("10")
    )
    player = services.find_or_register_player("Rosa Eder", town="Tulln")
    services.sell_entries(t, player, 2, paid=True)
    staff_login(page)
    page.goto(f"{live_server.url}/staff/t/{t.pk}/entries/")
    questions = []

    def answer(dialog, accept):
        questions.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda d: answer(d, False))
    page.locator("#entry-2").get_by_role("button", name="Karte stornieren …").click()
    page.wait_for_timeout(300)
    assert "Teilnahmekarte 2 von Rosa Eder stornieren?" in questions[0]
    assert "€\u00a010,00 zurückgeben" in questions[0]
    assert not t.entries.get(number=2).cancelled
    page.once("dialog", lambda d: answer(d, True))
    page.locator("#entry-2").get_by_role("button", name="Karte stornieren …").click()
    expect(page.locator(".messages .success")).to_contain_text("storniert")
    assert t.entries.get(number=2).cancelled


def test_confirmations_work_without_javascript(browser, live_server, staff_user):
    base = live_server.url
    t = services.create_tournament(
        name="Ohne JS", date=datetime.date(2026, 12, 5), field_size=16, max_entries_per_player=2
    )
    for i in range(16):
        player = services.find_or_register_player(f"Spieler {i:02d}")
        services.sell_entries(t, player, 1, paid=True)
    context = browser.new_context(locale="de-AT", java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(base + "/accounts/login/")
        page.fill("#id_username", "staff")
        page.fill("#id_password", "staff-pw-1234")
        page.click("main button[type=submit]")
        page.goto(f"{base}/staff/t/{t.pk}/entries/")
        page.locator("#entry-3").get_by_role("button", name="Karte stornieren …").click()
        expect(page.locator("h1")).to_have_text("Teilnahmekarte 3 von Spieler 02 stornieren?")
        expect(page.locator(".consequences")).to_contain_text("Freilos")
        page.click("#confirm-back")
        assert not t.entries.get(number=3).cancelled
        page.locator("#entry-3").get_by_role("button", name="Karte stornieren …").click()
        page.click("#confirm-cancel")
        expect(page.locator(".messages .success")).to_contain_text("storniert")
        assert t.entries.get(number=3).cancelled

        rnd = services.release_round(services.draw_next_round(t, seed=11))
        before = list(rnd.pairings.order_by("number").values_list("left_id", "right_id"))
        page.goto(f"{base}/staff/t/{t.pk}/rounds/1/")
        page.click("#withdraw-button")
        expect(page.locator(".consequences")).to_contain_text("freigegeben")
        expect(page.locator(".consequences")).to_contain_text("Zufallszahl (11)")
        page.click("#confirm-redraw")
        expect(page.locator(".messages .success")).to_contain_text("neu ausgelost")
        again = t.rounds.get()
        assert again.status == "draft" and again.seed == 11
        assert list(again.pairings.order_by("number").values_list("left_id", "right_id")) == (
            before
        )
    finally:
        context.close()
