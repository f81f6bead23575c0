"""The widget and the open API of a finished and of a running Preisschnapsen (issue 30):
the winner is not in play; those still in the tournament have no place yet."""

import pytest
from django.test import Client

from tests.tournaments.standings_helpers import finished_tournament, running_tournament

pytestmark = pytest.mark.django_db


def widget_standings(t, language="de-at") -> str:
    """The widget's standings section, as its page fetches it."""
    live = Client().get(
        f"/t/{t.pk}/live.json?view=embed", headers={"accept-language": language}
    ).json()
    return live["sections"]["live-standings"]


def test_the_winner_of_a_finished_tournament_is_not_in_play():
    t = finished_tournament()
    html = widget_standings(t)
    rows = html[html.index("</thead>") :]
    assert "im Spiel" not in rows and '<tr data-state="won"><td class="num place">1.</td>' in rows
    lines = Client().get(f"/api/v1/tournaments/{t.pk}/standings").json()["lines"]
    assert (lines[0]["place"], lines[0]["alive"], lines[0]["how"]) == (1, False, "won")
    assert not any(line["alive"] for line in lines)


def test_the_widget_of_a_running_tournament():
    t = running_tournament()
    html = widget_standings(t, "en")
    assert html.index("In play – round 2") < html.index(">Out</th>")
    assert '<tr data-state="pending"><td class="num place">17.–32.</td>' in html
    lines = Client().get(f"/api/v1/tournaments/{t.pk}/standings").json()["lines"]
    alive = [line for line in lines if line["alive"]]
    # the entries in play are listed first, without a place
    assert lines[: len(alive)] == alive and all(line["place"] is None for line in alive)
