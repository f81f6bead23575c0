"""Browser defects found in the acceptance pass."""

import datetime

from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Outcome


def _running(field_size=16):
    tournament = services.create_tournament(
        name="Tastatur-Cup", date=datetime.date(2026, 12, 5), field_size=field_size
    )
    for index in range(field_size):
        player = services.find_or_register_player(f"Spieler {index + 1:02d}", town="Krems")
        services.sell_entries(tournament, player, 1, paid=True)
    services.release_round(services.draw_next_round(tournament, seed=3))
    return tournament


def test_results_are_entered_one_after_another_by_keyboard_only(page, live_server, staff_login):
    tournament = _running()
    staff_login(page)
    page.goto(f"{live_server.url}/staff/t/{tournament.pk}/results/")
    page.locator("table.pairings select[name=result]").first.focus()
    for _ in range(3):
        # choose "left wins 2:0" and save with Enter; the page comes back with the focus
        # on the next open pairing's select, so no Tab through the menus is needed
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        page.wait_for_load_state()
        expect(page.locator(".messages .success")).to_be_visible()
        expect(page.locator("table.pairings select[id^=result-]").first).to_be_focused()
    rnd = tournament.rounds.get()
    assert rnd.pairings.filter(outcome=Outcome.PLAYED, winner="left").count() == 3


def _overflow(page) -> int:
    return page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )


def test_phone_pages_do_not_scroll_sideways_in_german_or_english(phone_page, live_server):
    tournament = _running()
    for language in ("de-at", "en"):
        phone_page.context.add_cookies(
            [{"name": "django_language", "value": language, "url": live_server.url}]
        )
        for path in (f"/t/{tournament.pk}/", "/games/"):
            phone_page.goto(live_server.url + path)
            assert _overflow(phone_page) <= 0, (language, path)


def test_staff_results_fit_a_phone_and_take_a_result(phone_page, live_server, staff_login):
    # The results desk on a referee's phone: one block per pairing, nothing to scroll
    # sideways (not even inside the table), and a result is entered as on a computer.
    tournament = _running()
    staff_login(phone_page)
    phone_page.goto(f"{live_server.url}/staff/t/{tournament.pk}/results/")
    assert _overflow(phone_page) <= 0
    inner = phone_page.evaluate(
        "Math.max(...[...document.querySelectorAll('.table-wrap')]"
        ".map(e => e.scrollWidth - e.clientWidth))"
    )
    assert inner <= 0, "the results table scrolls sideways inside its frame"
    first = phone_page.locator("table.pairings tbody tr").first
    box = first.bounding_box()
    assert box["width"] <= 390
    first.locator("select[name=result]").select_option(index=1)
    first.get_by_role("button", name="Speichern").click()
    expect(phone_page.locator(".messages .success")).to_be_visible()
    assert tournament.rounds.get().pairings.filter(outcome=Outcome.PLAYED).count() == 1


def test_desk_double_click_sells_once_and_the_name_field_is_ready_again(
    page, live_server, staff_login
):
    tournament = services.create_tournament(
        name="Kassa-Cup", date=datetime.date(2026, 12, 5), field_size=16
    )
    staff_login(page)
    page.goto(f"{live_server.url}/staff/t/{tournament.pk}/entries/")
    expect(page.locator("#id_name")).to_be_focused()  # the desk types at once
    page.keyboard.type("Resi Doppelklick")
    # A busy venue: the server has the sale, but its answer is slow, and the seller
    # clicks again on the page that is still showing.
    held = []

    def slow_answer(route):
        if route.request.method == "POST":
            held.append((route, route.fetch(max_redirects=0)))
        else:
            route.continue_()

    page.route("**/entries/", slow_answer)
    page.evaluate(
        "() => { const b = document.getElementById('sell-button');"
        " b.click(); setTimeout(() => b.click(), 200); }"
    )
    page.wait_for_timeout(1000)
    for route, response in held:
        try:
            route.fulfill(response=response)
        except Exception:  # the browser gave up on an earlier navigation
            pass
    page.unroute("**/entries/")
    assert tournament.entries.filter(player__name="Resi Doppelklick").count() == 1
    assert len(held) == 1
    # and the next sale starts in the name field (after a sale's redirect too)
    page.goto(f"{live_server.url}/staff/t/{tournament.pk}/entries/")
    expect(page.locator("#id_name")).to_be_focused()
    page.keyboard.type("Hans Einmal")
    page.keyboard.press("Enter")
    expect(page.locator(".messages .success")).to_contain_text("Hans Einmal")
    expect(page.locator("#id_name")).to_be_focused()


def test_find_your_name_on_the_phone_without_umlauts(phone_page, live_server):
    tournament = services.create_tournament(
        name="Umlaut-Cup", date=datetime.date(2026, 12, 5), field_size=16
    )
    for index in range(16):
        name = "Jürgen Müller" if index == 0 else f"Spieler {index + 1:02d}"
        player = services.find_or_register_player(name, town="Krems")
        services.sell_entries(tournament, player, 1, paid=True)
    services.release_round(services.draw_next_round(tournament, seed=3))
    phone_page.goto(f"{live_server.url}/t/{tournament.pk}/")
    rows = phone_page.locator("#live-draw tbody tr:visible")
    for typed in ("Müller", "muller", "MUELLER", "jurgen"):
        phone_page.fill("#find-name", typed)
        expect(rows).to_have_count(1)
        expect(rows.first).to_contain_text("Jürgen Müller")
    phone_page.fill("#find-name", "")
    expect(rows).to_have_count(8)
