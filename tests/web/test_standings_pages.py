"""The standings on the public page, the staff's standings page and the widget, of a
finished and of a running Preisschnapsen (issue 30)."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.standings_helpers import finished_tournament, running_tournament

pytestmark = pytest.mark.django_db


def standings_html(page: str) -> str:
    """The standings' rows and notes (after the column headings)."""
    start = page.index("</thead>", page.index('<table class="standings">'))
    end = page.find("</ul>", start)
    return page[start : end if end > 0 else page.index("</table>", start)]


def rows(table: str) -> list[tuple[str, str]]:
    """(state, the text of the place cell) of every player's row."""
    return re.findall(r'<tr data-state="(\w+)"><td class="num place">(.*?)</td>', table)


def pages(staff_client, t, language="de-at"):
    """The public page and the widget as a visitor sees them (from the cache), and the
    staff's standings page."""
    headers = {"accept-language": language}
    visitor = Client()
    return {
        "public": visitor.get(reverse("public:tournament", args=[t.pk]), headers=headers),
        "staff": staff_client.get(reverse("staff:standings", args=[t.pk]), headers=headers),
        "widget": visitor.get(reverse("embed:widget", args=[t.pk]), headers=headers),
    }


def test_a_finished_tournament_has_nobody_in_play_on_any_page(staff_client):
    t = finished_tournament()
    for name, response in pages(staff_client, t).items():
        assert response.status_code == 200, name
        table = standings_html(response.content.decode())
        assert "im Spiel" not in table and "Im Spiel" not in table, name
        found = rows(table)
        assert [state for state, _place in found] == ["won"] + ["placed"] * 15, name
        assert [place for _state, place in found] == [f"{n}." for n in range(1, 17)], name
        assert "standings-group" not in table, name


def test_a_running_tournament_on_any_page(staff_client):
    t = running_tournament()
    for name, response in pages(staff_client, t).items():
        table = standings_html(response.content.decode())
        assert '<th colspan="3" scope="rowgroup">Im Spiel – Runde 2</th>' in table, name
        assert '<th colspan="3" scope="rowgroup">Ausgeschieden</th>' in table, name
        found = rows(table)
        states = [state for state, _place in found]
        playing = states.count("in_play")
        # those in play first, none of them with a place; then the out, as decided
        assert playing and states[:playing] == ["in_play"] * playing, name
        assert not any(re.search(r"\d", place) for _s, place in found[:playing]), name
        places = [place for state, place in found if state == "placed"]
        numbers = [int(p.rstrip(".")) for p in places]
        assert numbers == sorted(numbers) and numbers[0] >= 33, name
        assert ("pending", "17.–32.") in found, name
        assert "auch Platz" in table and "Ein Platz wie 17.–32. ist geteilt" in table, name
        assert "darum fehlen diese Nummern in der Spalte Platz" in table, name


def test_the_standings_in_english(staff_client):
    t = running_tournament()
    page = pages(staff_client, t, "en")["public"].content.decode()
    table = standings_html(page)
    assert "In play – round 2" in table and ">Out</th>" in table
    assert "also place" in table and "A place like 17.–32. is shared" in table
    assert "Places from 9 on:" in table
    assert "Im Spiel" not in table and "Ausgeschieden" not in table
