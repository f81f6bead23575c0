"""The result list of a finished and of a running Preisschnapsen, read back from the PDF
(issue 30): the winner won the final, nobody of a finished tournament is in play; while
it is played those in play come first, without a place, and the losers of the round
being played share its places."""

import re

import pytest
from django.utils import translation

from tests.tournaments.standings_helpers import finished_tournament, running_tournament
from tournaments.printing.adapters import render, results_data

from .pdftext import pages_text

pytestmark = pytest.mark.django_db


def standings_rows(pdf: bytes) -> list[list[str]]:
    """The rows of the standings pages (after the first page: prizes and bracket), as
    read back: each the texts from its place to the next row's (place, entry, player,
    how far it got, the prize)."""
    rows: list[list[str]] = []
    for page in pages_text(pdf)[1:]:
        texts = page.splitlines()
        start = texts.index("Preis") + 1  # the last column heading
        for text in texts[start:]:
            if re.fullmatch(r"\d+\.|–|\d+\.–\d+\.", text):
                rows.append([text])
            elif rows:
                rows[-1].append(text)
    return rows


def test_the_winner_of_a_finished_tournament_won_the_final():
    t = finished_tournament()
    with translation.override("de-at"):
        pdf = render("results", t).content
    text = "\n".join(pages_text(pdf))
    assert "Endergebnis" in text
    assert "im Spiel" not in text
    rows = standings_rows(pdf)
    assert [row[0] for row in rows] == [f"{n}." for n in range(1, 17)]
    assert rows[0][3] == "Finale, gewonnen"
    assert re.fullmatch(r"Finale, \d:\d", rows[1][3])
    with translation.override("en"):
        english = "\n".join(pages_text(render("results", t).content))
    assert "Final, won" in english and "in play" not in english


def test_a_running_tournament_lists_those_in_play_first_and_shares_the_open_places():
    t = running_tournament()
    with translation.override("de-at"):
        data = results_data(t, public=True)
        pdf = render("results", t, public=True).content
    places = [line.place for line in data.standings]
    playing = sum(1 for line in data.standings if line.reached == "Runde 2, im Spiel")
    assert playing and places[:playing] == ["–"] * playing
    shared = [p for p in places if p == "17.–32."]
    assert shared and places[playing : playing + len(shared)] == shared
    numbers = [int(p.rstrip(".")) for p in places[playing + len(shared) :]]
    assert numbers == list(range(33, 59))
    rows = standings_rows(pdf)
    assert [row[0] for row in rows] == places
    assert [row[3] for row in rows[:playing]] == ["Runde 2, im Spiel"] * playing
    assert all(row[3].startswith("Runde 2, ") for row in rows[playing : playing + len(shared)])
