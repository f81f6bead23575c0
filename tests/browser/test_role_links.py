"""Every role of the demo club, in a real browser (issue 30): logged in through the login
form, each follows every link of the staff's header, of the start page, of every
tournament's menu and overview, and of the results page (its buttons, one pairing's
link), and presses the buttons they offer: none answers 403. The 403 page keeps the
header, and its way back leads to the staff's pages.

Links are fetched with the page's own session (``page.request``: PDFs too); buttons
are pressed in the page."""

from __future__ import annotations

import io
import re
from urllib.parse import urljoin, urlsplit

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Outcome, Tournament

LOGINS = ["demo", "kassa", "tisch", "schiri"]
SKIP = ("/admin/", "/accounts/logout/", "/i18n/")


@pytest.fixture
def demo(transactional_db, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("tournament", "demo", stdout=io.StringIO())
    main = Tournament.objects.get(name="Preisschnapsen des SC Herz-Ass")
    # the first hour: round 1 played, the next step is the draw of round 2
    first = services.create_tournament(
        name="Erste Stunde", date=main.date, club=main.club, field_size=16, seed=5,
        max_entries_per_player=1,
    )
    for i in range(16):
        player = services.find_or_register_player(f"Erste Stunde {i:02d}", town="Krems")
        services.sell_entries(first, player, 1, paid=True)
    one = services.release_round(services.draw_next_round(first, seed=5))
    for p in one.pairings.filter(outcome=Outcome.OPEN):
        services.record_result(p, winner="left", score=(2, 0))
    return {"main": main, "first": first}


def _login(page, base, name):
    page.goto(base + "/accounts/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", name)
    page.click("main button[type=submit]")
    page.wait_for_url(base + "/staff/")


def _hrefs(page, selector) -> list[str]:
    return page.eval_on_selector_all(selector, "els => els.map(e => e.getAttribute('href'))")


def _check_links(page, base, hrefs, source, checked, problems):
    for href in hrefs:
        if not href or href.startswith(("#", "mailto:")):
            continue
        url = urljoin(page.url, href)
        path = urlsplit(url).path
        if url in checked or path.startswith(SKIP) or not url.startswith(base):
            continue
        checked.add(url)
        status = page.request.get(url).status
        if status == 403 or status >= 500:
            problems.append(f"{href} (on {source}) -> {status}")


def _press_buttons(page, selector, source, problems, pressed):
    """Press each button (a form sent by POST) the page offers, one after the other."""
    count = page.locator(selector).count()
    for i in range(count):
        button = page.locator(selector).nth(i)
        if not button.is_visible() or button.is_disabled():
            continue
        label = button.inner_text().strip()
        pressed.append(label)
        with page.expect_response(lambda r: r.request.method == "POST") as answer:
            button.click()
        page.wait_for_load_state()
        if answer.value.status == 403 or answer.value.status >= 500:
            problems.append(f"button “{label}” (on {source}) -> {answer.value.status}")
        if page.locator("h1", has_text=re.compile("Nicht erlaubt")).count():
            problems.append(f"button “{label}” (on {source}) -> the 403 page")
        page.goto(source)


@pytest.mark.parametrize("login", LOGINS)
def test_every_link_and_button_a_role_is_offered_answers(page, live_server, demo, login):
    base = live_server.url
    _login(page, base, login)
    checked, problems, pressed = set(), [], []
    home = base + "/staff/"
    header = _hrefs(page, "header.site nav a")
    _check_links(page, base, header, "the header", checked, problems)
    _check_links(page, base, _hrefs(page, "main .actions a"), "the start page", checked, problems)
    dashboards = [urljoin(home, h) for h in _hrefs(page, "main table a[href*='/staff/t/']")]
    assert dashboards, f"{login} sees no tournament"
    for dashboard in dashboards:
        page.goto(dashboard)
        assert page.locator("h1").count()
        menu = _hrefs(page, "nav.tournament a")
        _check_links(page, base, menu, dashboard, checked, problems)
        _check_links(page, base, _hrefs(page, "main a"), dashboard, checked, problems)
        _press_buttons(
            page, "main form[method=post] button[type=submit]", dashboard, problems, pressed
        )
        results = [urljoin(dashboard, h) for h in menu if h and "/results/" in h]
        for url in results[:1]:
            page.goto(url)
            _check_links(page, base, _hrefs(page, "main .actions a"), url, checked, problems)
            _check_links(
                page, base, _hrefs(page, "a.pairing-link")[:2], url, checked, problems
            )
            _check_links(page, base, _hrefs(page, ".next-step a"), url, checked, problems)
            _press_buttons(page, "main .actions form button[type=submit]", url, problems, pressed)
    # the header's own button: the language (the logout is left for last)
    page.goto(home)
    _press_buttons(page, "header.site form.lang button[type=submit]", home, problems, pressed)
    print(f"{login}: {len(checked)} links, {len(pressed)} buttons: {pressed}")
    assert not problems, f"{login}:\n" + "\n".join(problems)


@pytest.mark.parametrize("login", ["tisch", "schiri"])
def test_the_next_step_is_no_link_for_a_role_that_may_not_take_it(
    page, live_server, demo, login
):
    base = live_server.url
    _login(page, base, login)
    page.goto(f"{base}/staff/t/{demo['first'].pk}/")
    step = page.locator("#next-step")
    expect(step).to_contain_text("Runde 2 auslosen")
    expect(step).to_contain_text("für: Organisator")
    expect(step.locator("a")).to_have_count(0)


def test_the_referees_link_says_what_he_does_there(page, live_server, demo):
    base = live_server.url
    _login(page, base, "schiri")
    page.goto(f"{base}/staff/t/{demo['main'].pk}/results/?status=open")
    links = page.locator("a.pairing-link")
    expect(links.first).to_have_text("Schreibblock und Renonce")
    expect(page.locator("#start-all-matches")).to_have_count(0)
    links.first.click()
    expect(page.locator(".record-sheet")).to_be_visible()  # the score sheet's form


def test_the_403_page_keeps_the_navigation(page, live_server, demo):
    base = live_server.url
    _login(page, base, "kassa")
    response = page.goto(base + "/staff/tournaments/new/")
    assert response.status == 403
    expect(page.locator("h1")).to_have_text("Nicht erlaubt")
    nav = page.locator("header.site nav")
    expect(nav.get_by_role("link", name="Spieler")).to_be_visible()
    expect(nav.get_by_role("button", name=re.compile("Abmelden"))).to_be_visible()
    page.click("#back-to-tournaments")
    page.wait_for_url(base + "/staff/")
    expect(page.locator("h1")).to_have_text("Turniere")
