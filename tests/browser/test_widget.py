"""The standings widget in a real browser, embedded in a page of another origin: a club's
page served by a second local server on another port takes the script, which inserts the
iframe; the widget shows the live standings, sizes itself and updates itself when a result
is entered."""

from __future__ import annotations

import datetime
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tournaments import services
from tournaments.models import Outcome

CLUB_PAGE = """<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><title>Schnapsclub Melk</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>Unser Turnier</h1>
<div id="standings" data-schnapsen-tournament="{pk}" data-title="Rangliste"></div>
<script src="{server}/embed.js" async></script>
<p id="after">Impressum</p></body></html>"""


@pytest.fixture
def club_site():
    """A second server, on another port: another origin than the live server."""
    pages = {}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - the http.server API
            body = pages.get(self.path, "").encode()
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", pages
    server.shutdown()
    server.server_close()


def _danish(players=6):
    t = services.create_tournament(
        name="Dänisch am Donaustrand", date=datetime.date(2026, 6, 6), field_size=16,
        format="danish", danish_rounds=3, seed=4,
    )
    for i in range(players):
        player = services.find_or_register_player(f"Widget Spieler {i + 1}", town="Melk")
        services.sell_entries(t, player, 1, paid=True)
    return t


def test_the_widget_on_another_origin_shows_and_updates_the_standings(
    phone_page, live_server, club_site, transactional_db
):
    base, pages = club_site
    t = _danish()
    rnd = services.release_round(services.draw_next_round(t, seed=1))
    pages["/verein.html"] = CLUB_PAGE.format(pk=t.pk, server=live_server.url)
    assert base.split(":")[-1] != live_server.url.split(":")[-1]  # another origin
    page = phone_page
    page.goto(base + "/verein.html")
    frame_element = page.wait_for_selector("#standings iframe")
    assert frame_element.get_attribute("src") == f"{live_server.url}/embed/t/{t.pk}/standings/"
    frame = frame_element.content_frame()
    frame.wait_for_selector("table.standings.danish")
    rows = frame.locator("table.standings tbody tr")
    assert rows.count() == 6
    # the page around it sizes the iframe to its content (postMessage from the widget)
    page.wait_for_function(
        "() => parseInt(document.querySelector('#standings iframe').style.height) > 200"
    )
    # phone-first: nothing scrolls sideways inside the widget at 390 px
    assert frame.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    first = rnd.pairings.filter(outcome=Outcome.OPEN).order_by("number").first()
    services.record_result(first, winner="left", score=(2, 0))
    winner = first.left.player.name
    # the widget updates itself (pushed, or polled): the winner now leads with 1 point
    frame.wait_for_function(
        "name => { const row = document.querySelector('table.standings tbody tr');"
        " return row && row.textContent.includes(name) && row.querySelector('td.num:nth-of-type(2)')"
        ".textContent.trim() === '1'; }",
        arg=winner,
        timeout=15_000,
    )
    assert page.locator("#after").is_visible()
