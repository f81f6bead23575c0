"""The open API's public data and cache headers, CORS for the API only, the widget page
and its script, and the iCalendar feeds parsed back."""

from __future__ import annotations

import datetime

import icalendar
import pytest
from django.test import Client
from django.utils import timezone

from tests.api import world as worlds
from tournaments import services
from tournaments.models import Outcome

pytestmark = pytest.mark.django_db


@pytest.fixture
def w():
    return worlds.build(today=timezone.localdate())


def test_public_tournaments_rounds_pairings_standings_prizes(w):
    c = Client()
    listed = c.get("/api/v1/tournaments").json()
    names = {t["name"] for t in listed}
    assert names == {"Dänisch laufend", "Dänisch fertig", "Preisschnapsen"}  # not "Intern"
    assert c.get(f"/api/v1/tournaments/{w['hidden'].pk}").status_code == 404
    t = w["running"]
    detail = c.get(f"/api/v1/tournaments/{t.pk}").json()
    assert detail["format"] == "danish" and detail["danish"]["rematches"] == "avoided"
    assert detail["game"] == "schnapsen" and {t["game"] for t in listed} == {"schnapsen"}
    assert detail["rounds_planned"] == 4 and detail["rounds_released"] == 2
    rounds = c.get(f"/api/v1/tournaments/{t.pk}/rounds").json()
    assert [r["number"] for r in rounds] == [1, 2]
    two = c.get(f"/api/v1/tournaments/{t.pk}/rounds/2").json()
    players = [p["left"]["number"] for p in two["matches"]] + [
        p["right"]["number"] for p in two["matches"] if p["right"]
    ]
    assert sorted(players) == list(range(1, 10))
    assert [p["table"] for p in two["matches"] if p["right"]] == [1, 2, 3, 4]
    standings = c.get(f"/api/v1/tournaments/{t.pk}/standings").json()
    assert [line["place"] for line in standings["lines"]] == list(range(1, 10))
    assert standings["lines"][0]["danish"]["match_points"] >= 1 and not standings["final"]
    finished = w["finished"]
    prizes = c.get(f"/api/v1/tournaments/{finished.pk}/prizes").json()
    main = [p for p in prizes if p["category"] is None]
    top = c.get(f"/api/v1/tournaments/{finished.pk}/standings").json()["lines"]
    assert main[0]["player"] == top[0]["player"] and main[0]["description"] == "Wein"
    assert any(p["category"] == "Damen" and p["player"] for p in prizes)
    series = c.get("/api/v1/series").json()
    assert series[0]["name"] == "Melk-Cup" and series[0]["tournaments"] == [finished.pk]
    cup = c.get(f"/api/v1/series/{series[0]['id']}").json()
    assert cup["finished_tournaments"] == 1 and cup["lines"][0]["rank"] == 1
    schema = c.get("/api/v1/openapi.json").json()
    assert schema["info"]["version"] == "1" and "/api/v1/tournaments/{tournament_id}/standings" in schema["paths"]
    assert c.get("/api/v1/").json()["schema_url"].endswith("/api/v1/openapi.json")


def test_a_draft_round_is_not_public(w):
    t = w["knockout"]
    rnd = t.rounds.get()
    for p in rnd.pairings.filter(outcome=Outcome.OPEN):
        services.record_result(p, winner="left", score=(2, 0))
    services.draw_next_round(t, seed=9)
    c = Client()
    assert [r["number"] for r in c.get(f"/api/v1/tournaments/{t.pk}/rounds").json()] == [1]
    assert c.get(f"/api/v1/tournaments/{t.pk}/rounds/2").status_code == 404


def test_cache_headers_follow_the_live_version(w):
    c = Client()
    t = w["running"]
    url = f"/api/v1/tournaments/{t.pk}/standings"
    first = c.get(url)
    etag, modified = first["ETag"], first["Last-Modified"]
    assert etag and modified and "no-cache" in first["Cache-Control"]
    assert c.get(url, headers={"If-None-Match": etag}).status_code == 304
    assert c.get(url, headers={"If-Modified-Since": modified}).status_code == 304
    assert c.get(f"/api/v1/tournaments/{t.pk}/rounds", headers={"If-None-Match": etag}).status_code == 304
    p = t.rounds.get(number=2).pairings.filter(outcome=Outcome.OPEN).exclude(right=None).first()
    services.record_result(p, winner="left", score=(2, 1))
    again = c.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 200 and again["ETag"] != etag
    assert again.json() != first.json()
    listed = c.get("/api/v1/tournaments")
    assert c.get("/api/v1/tournaments", headers={"If-None-Match": listed["ETag"]}).status_code == 304


def test_cors_for_the_api_only(w):
    c = Client()
    origin = {"Origin": "https://www.schnapsclub-melk.at"}
    answer = c.get("/api/v1/tournaments", headers=origin)
    assert answer["Access-Control-Allow-Origin"] == "*"
    assert "ETag" in answer["Access-Control-Expose-Headers"]
    preflight = c.options(
        f"/api/v1/tournaments/{w['running'].pk}/pairings/1/result",
        headers={
            **origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type",
        },
    )
    assert preflight.status_code == 200 and "authorization" in preflight["Access-Control-Allow-Headers"]
    assert "Access-Control-Allow-Credentials" not in preflight
    page = c.get(f"/t/{w['running'].pk}/", headers=origin)
    assert "Access-Control-Allow-Origin" not in page  # the site's own pages: no CORS


def test_the_widget_may_be_framed_and_the_script_inserts_it(w):
    c = Client()
    t = w["running"]
    page = c.get(f"/embed/t/{t.pk}/standings/")
    assert page.status_code == 200 and "X-Frame-Options" not in page
    html = page.content.decode() if page.get("Content-Encoding") != "gzip" else None
    assert html is None or ("Dänisch laufend" in html and "live.js" in html)
    assert c.get(f"/t/{t.pk}/")["X-Frame-Options"] == "DENY"  # the site's own pages are not
    live = c.get(f"/t/{t.pk}/live.json?view=embed").json()
    assert set(live["sections"]) == {"live-summary", "live-prizes", "live-standings"}
    assert c.get(f"/embed/t/{w['hidden'].pk}/standings/").status_code == 404
    script = c.get("/embed.js")
    assert script["Content-Type"].startswith("text/javascript")
    assert b"data-schnapsen-tournament" in script.content


def test_the_calendar_feeds_parse_back(w):
    c = Client()
    feed = c.get("/calendar.ics")
    assert feed["Content-Type"].startswith("text/calendar")
    cal = icalendar.Calendar.from_ical(feed.content)
    events = {str(e["SUMMARY"]): e for e in cal.walk("VEVENT")}
    today = timezone.localdate()
    # upcoming public tournaments only: not the finished one of last week, not "Intern"
    assert set(events) == {"Dänisch laufend", "Preisschnapsen"}
    knockout = events["Preisschnapsen"]
    assert knockout.decoded("DTSTART") == today + datetime.timedelta(days=14)
    assert knockout.decoded("DTEND") == today + datetime.timedelta(days=15)
    assert str(knockout["LOCATION"]) == "Gasthaus Post"
    assert str(knockout["URL"]).endswith(f"/t/{w['knockout'].pk}/")
    assert str(knockout["UID"]).startswith(f"tournament-{w['knockout'].pk}@")
    club = icalendar.Calendar.from_ical(c.get(f"/clubs/{w['club'].slug}/calendar.ics").content)
    assert [str(e["SUMMARY"]) for e in club.walk("VEVENT")] == ["Dänisch laufend"]
    assert str(club["X-WR-CALNAME"]) == w["club"].name
    assert c.get("/clubs/no-such-club/calendar.ics").status_code == 404
