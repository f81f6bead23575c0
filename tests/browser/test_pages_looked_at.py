"""Pages looked at in a real browser (issue 30), on a 390 px phone and a 1920 px screen:
the public header (nothing cut, a way to the games), the projector (the prize
ceremony's overview as a balanced grid in order, no round summary during the ceremony,
the page marker on the screen) and the tournament terms form (only what applies to the
chosen format and game, every choice's text whole).

Nothing is "cut" when an element's content fits its box (scrollWidth <= clientWidth)
and its box lies inside the viewport. ``SCREENSHOTS=/some/folder`` keeps the pictures."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.test_prize_stage_and_phone import build
from tournaments import services
from tournaments.demo import create_demo
from tournaments.models import Tournament

PHONE = {"width": 390, "height": 844}
SCREEN = {"width": 1920, "height": 1080}
SMALL_SCREEN = {"width": 1280, "height": 720}
STEP_MS = 7000  # ceremony.js: one prize a step


def shoot(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


@pytest.fixture
def screen_of(browser):
    """A page of a given size (a phone below 500 px), German unless told."""
    contexts = []

    def make(viewport, locale="de-AT", **options):
        phone = viewport["width"] < 500
        context = browser.new_context(
            locale=locale, viewport=viewport, is_mobile=phone, has_touch=phone,
            device_scale_factor=2 if phone else 1, **options,
        )  # fmt: skip
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def uncut(page, selector: str, vertical: bool = True) -> list[str]:
    """What of ``selector`` is cut: its content wider than its box, or its box reaching
    out of the viewport (for the elements shown; sideways only unless ``vertical``)."""
    return page.evaluate(
        """([selector, vertical]) => {
          const bad = [];
          for (const el of document.querySelectorAll(selector)) {
            const box = el.getBoundingClientRect();
            if (!box.width || getComputedStyle(el).visibility === "hidden") continue;
            const what = (el.innerText || el.name || el.tagName).trim().slice(0, 40);
            if (el.scrollWidth > el.clientWidth + 0.5) bad.push(`${what}: scrolls`);
            const below = vertical && (box.top < 0 || box.bottom > innerHeight + 0.5);
            if (box.left < 0 || box.right > innerWidth + 0.5 || below)
              bad.push(`${what}: outside ${JSON.stringify([box.left, box.top, box.right, box.bottom])}`);
          }
          return bad;
        }""",
        [selector, vertical],
    )


def shown_texts(locator) -> list[str]:
    """The texts as they are seen (a label hidden on this screen left out)."""
    return locator.evaluate_all("els => els.map(e => e.innerText.trim())")


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), page.url


# --- the public header -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "viewport, login",
    [(PHONE, "Anmelden"), (SCREEN, "Anmeldung Turnierleitung")],
    ids=["phone", "screen"],
)
def test_the_public_header_is_whole_and_leads_to_the_games(screen_of, live_server, viewport, login):
    t = build(finish=False)
    base = live_server.url
    page = screen_of(viewport)
    for path in ["/", f"/t/{t.pk}/", "/series/", "/games/"]:
        page.goto(base + path)
        header = page.locator("header.site")
        assert shown_texts(header.locator("nav a")) == [
            "Öffentliche Seiten" if viewport is SCREEN else "Turniere",
            "Jahreswertung", "Spielen", login,
        ]  # fmt: skip
        assert uncut(page, "header.site, header.site nav ul, header.site nav a, "
                           "header.site select, header.site button") == [], path  # fmt: skip
        no_sideways_scroll(page)
    shoot(page, f"header-{viewport['width']}")
    # the link to the games: where anyone starts a match against the computer or a friend
    page.goto(base + "/")
    page.locator("header.site nav a", has_text="Spielen").click()
    expect(page).to_have_url(re.compile(r"/games/$"))
    expect(page.locator("h1")).to_have_text("Schnapsen spielen")
    # the login, whatever its label, leads to the login page
    page.locator("header.site nav a.login").click()
    expect(page.locator("#id_username")).to_be_visible()


def test_the_phone_header_in_english(screen_of, live_server):
    page = screen_of(PHONE, locale="en")
    page.goto(live_server.url + "/")
    assert shown_texts(page.locator("header.site nav a")) == [
        "Tournaments", "Season series", "Play", "Log in"
    ]
    assert uncut(page, "header.site nav a") == []


# --- the projector -----------------------------------------------------------------------------


def boxes(page, selector: str) -> list[dict]:
    return page.evaluate(
        """selector => [...document.querySelectorAll(selector)]
             .filter(el => el.getBoundingClientRect().width)
             .map(el => { const b = el.getBoundingClientRect();
                          return {text: el.innerText, left: b.left, top: b.top, right: b.right,
                                  bottom: b.bottom}; })""",
        selector,
    )


@pytest.mark.parametrize("viewport", [SCREEN, SMALL_SCREEN], ids=["1920", "1280"])
def test_the_ceremony_overview_is_a_balanced_grid_in_order(screen_of, live_server, viewport):
    """16 entries, long names, prizes passed down with their reasons: after the eight
    prizes one by one, all eight in two rows of four, the 1st prize first, whole and on
    the screen; the round's summary is gone while the ceremony runs."""
    t = build(finish=True)
    page = screen_of(viewport)
    page.clock.install()
    page.goto(f"{live_server.url}/t/{t.pk}/projector/")
    expect(page.locator(".ceremony-places li:visible")).to_have_count(1)
    expect(page.locator("#live-summary")).to_be_hidden()
    for _ in range(8):
        page.clock.run_for(STEP_MS)
    shown = page.locator(".ceremony-places li:visible")
    expect(shown).to_have_count(8)
    shoot(page, f"ceremony-overview-{viewport['width']}")
    cards = boxes(page, ".ceremony-places li")
    rows = sorted({round(c["top"]) for c in cards})
    assert len(rows) == 2, rows
    in_order = sorted(cards, key=lambda c: (round(c["top"]), c["left"]))
    assert [c["text"].split("\n")[0] for c in in_order] == [f"Preis {n}" for n in range(1, 9)]
    assert [sum(1 for c in cards if round(c["top"]) == r) for r in rows] == [4, 4]
    widths = {round(c["right"] - c["left"]) for c in cards}
    assert max(widths) - min(widths) <= 1  # columns of one width
    assert uncut(page, ".ceremony-places li, .ceremony-places li > *") == []
    # nothing says "0 offene Paarungen", or anything of the round, during the ceremony
    expect(page.locator("#live-summary")).to_be_hidden()
    assert "offene Paarung" not in page.locator("body").inner_text()


def test_a_finished_round_says_every_pairing_is_decided(screen_of, live_server):
    """When no pairing is open the summary says so, never "0 offene Paarungen" (the
    public page; the projector once staff stop the ceremony)."""
    t = build(finish=True)
    page = screen_of(PHONE)
    page.goto(f"{live_server.url}/t/{t.pk}/")
    expect(page.locator("#live-summary")).to_contain_text("Runde 4 – Finale: alle Paarungen entschieden")
    assert not re.search(r"\b0 offene", page.locator("body").inner_text())
    services.set_ceremony(t, running=False)  # staff stop it
    page = screen_of(SCREEN)
    page.goto(f"{live_server.url}/t/{t.pk}/projector/")
    expect(page.locator("#projector-ceremony .ceremony")).to_have_count(0)
    expect(page.locator("#live-summary")).to_contain_text("alle Paarungen entschieden")
    assert not re.search(r"\b0 offene", page.locator("body").inner_text())


@pytest.mark.parametrize("viewport", [SCREEN, SMALL_SCREEN], ids=["1080", "720"])
def test_the_page_marker_and_every_row_stay_on_the_screen(screen_of, live_server, viewport):
    demo = create_demo(seed=2026)  # round 2 half played: more rows than a screen holds
    page = screen_of(viewport)
    page.clock.install()
    page.goto(f"{live_server.url}/t/{demo.pk}/projector/")
    marker = page.locator("#page-info")
    expect(marker).to_have_text(re.compile(r"^1 / \d+$"))
    shoot(page, f"projector-{viewport['height']}")
    pages = int(marker.inner_text().split("/")[1])
    seen = 0
    for _ in range(pages + 3):  # every page of every section, the marker on each
        rows = boxes(page, "[data-page-section]:not([hidden]) tbody tr:not([hidden])")
        seen += len(rows)
        assert uncut(page, "#page-info") == [], marker.inner_text()
        if marker.inner_text():
            top = marker.bounding_box()["y"]
            assert all(r["bottom"] <= top + 0.5 for r in rows)
        assert all(r["bottom"] <= viewport["height"] for r in rows)
        page.clock.run_for(8000)
    assert seen >= demo.rounds.get(number=2).pairings.count()


# --- the tournament terms form ---------------------------------------------------------------


def visible_fields(page) -> list[str]:
    return page.evaluate(
        """() => [...document.querySelectorAll("form[data-terms-form] .cards > .field")]
             .filter(f => f.getBoundingClientRect().height)
             .map(f => f.querySelector("[name]").name)"""
    )


def cut_choices(page) -> list[str]:
    """The selects of the form shown narrower than their widest choice (whose text the
    box would cut)."""
    return page.evaluate(
        """() => {
          const bad = [];
          for (const sel of document.querySelectorAll("form[data-terms-form] select")) {
            const box = sel.getBoundingClientRect();
            if (!box.width) continue;
            const keep = sel.style.cssText;
            sel.style.width = "auto"; sel.style.maxWidth = "none";
            const natural = sel.getBoundingClientRect().width;
            sel.style.cssText = keep;
            if (natural > box.width + 0.5) bad.push(`${sel.name}: ${natural} > ${box.width}`);
            if (box.right > innerWidth) bad.push(`${sel.name}: past the edge`);
          }
          return bad;
        }"""
    )


DANISH = ["danish_rounds", "danish_rematches", "danish_bye_score", "danish_last_tiebreak"]
TEAMS = ["draw_partners", "catalogue"]


@pytest.mark.parametrize("viewport", [PHONE, SCREEN], ids=["phone", "screen"])
def test_the_terms_form_asks_what_applies(screen_of, live_server, staff_login, viewport):
    page = screen_of(viewport)
    staff_login(page)
    page.goto(live_server.url + "/staff/tournaments/new/")
    # a plain Preisschnapsen: neither the Danish terms nor the teams'
    shown = visible_fields(page)
    assert not set(DANISH + TEAMS) & set(shown), shown
    assert {"max_entries_per_player", "one_prize_per_player", "rule_profile"} <= set(shown)
    assert shown[:5] == ["name", "date", "venue", "format", "game"]
    assert cut_choices(page) == []
    shoot(page, f"terms-preisschnapsen-{viewport['width']}")

    page.select_option("#id_format", "danish")
    shown = visible_fields(page)
    assert set(DANISH) <= set(shown) and not set(TEAMS) & set(shown)
    assert "max_entries_per_player" not in shown and "one_prize_per_player" not in shown
    assert shown.index("danish_rounds") == shown.index("game") + 1  # under the choice
    expect(page.locator("#id_game option[value=bauernschnapsen]")).to_be_disabled()
    assert cut_choices(page) == []
    shoot(page, f"terms-danish-{viewport['width']}")

    page.select_option("#id_format", "preisschnapsen")
    page.select_option("#id_game", "bauernschnapsen")
    shown = visible_fields(page)
    assert set(TEAMS) <= set(shown) and not set(DANISH) & set(shown)
    assert "rule_profile" not in shown  # Bauernschnapsen plays its special games
    expect(page.locator("#id_format option[value=danish]")).to_be_disabled()
    expect(page.locator("#id_match_bummerl option[value='1']")).to_be_enabled()
    assert cut_choices(page) == []
    shoot(page, f"terms-bauernschnapsen-{viewport['width']}")
    # a match to 1 Bummerl is Bauernschnapsen's: back to Schnapsen, it is "auf 2"
    page.select_option("#id_match_bummerl", "1")
    page.select_option("#id_game", "schnapsen")
    expect(page.locator("#id_match_bummerl")).to_have_value("2")
    expect(page.locator("#id_match_bummerl option[value='1']")).to_be_disabled()
    assert uncut(page, "form[data-terms-form] .field, form[data-terms-form] table",
                 vertical=False) == []  # fmt: skip
    no_sideways_scroll(page)


def test_a_danish_tournament_is_made_with_the_form(page, live_server, staff_login):
    staff_login(page)
    page.goto(live_server.url + "/staff/tournaments/new/")
    page.fill("#id_name", "Clubabend")
    page.fill("#id_date", "2026-12-05")
    page.select_option("#id_format", "danish")
    page.fill("#id_danish_rounds", "4")
    page.select_option("#id_danish_rematches", "avoided")
    page.click("main button[type=submit]")
    expect(page.locator("#next-step")).to_be_visible()
    t = Tournament.objects.get()
    assert (t.format, t.danish_rounds, t.danish_rematches, t.game) == (
        "danish", 4, "avoided", "schnapsen"
    )


def test_without_javascript_every_term_is_shown_and_says_what_it_is_for(
    browser, live_server, staff_login
):
    context = browser.new_context(locale="de-AT", viewport=SCREEN, java_script_enabled=False)
    try:
        page = context.new_page()
        staff_login(page)
        page.goto(live_server.url + "/staff/tournaments/new/")
        assert set(DANISH + TEAMS) <= set(visible_fields(page))
        for name, words in [
            ("danish_rematches", "dänische System"),
            ("catalogue", "Bauernschnapsen"),
            ("draw_partners", "Bauernschnapsen"),
            ("max_entries_per_player", "Preisschnapsen"),
            ("one_prize_per_player", "Preisschnapsen"),
            ("rule_profile", "Schnapsen"),
        ]:
            field = page.locator(f".field:has([name={name}])")
            expect(field).to_be_visible()
            expect(field).to_contain_text(words)
    finally:
        context.close()
