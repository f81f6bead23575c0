"""The end of a two-player match (issue 30): a match "auf 2 Bummerl" that ended 3:0
says how (a Schneider counted double), and the end screen leads to a new match."""

import json
import random
import re

import pytest
from django.urls import reverse
from django.utils import translation

from engine import RuleSet
from engine.match import Match as MatchScore
from games import services
from games.presenters import score_note

from .helpers import open_pairings, play_random

pytestmark = pytest.mark.django_db


def schneider_match():
    """A friendly match to 2 Bummerl (weich: a Schneider counts double), played to 3:0:
    Resi wins the first Bummerl and the second 7:0."""
    m = services.create_friendly_match(name0="Resi", name1="Anna", seed=32)
    return play_random(m, random.Random(32))


def test_the_score_note_names_each_bummerl_and_the_schneider_that_counted_double():
    score = MatchScore(RuleSet.preset("weich"), bummerl_to_win=2)
    for winner, points in [(1, 3), (0, 2), (1, 2), (1, 2), (1, 3), (1, 3), (1, 1)]:
        score.add_game(winner, points)
    assert score.bummerl_won == (0, 3) and score.bummerls[1].schneider
    with translation.override("de-at"):
        note = score_note(("Resi", "Anna"), score)
    assert note == (
        "So kam es zu 0:3: 1. Bummerl an Anna; 2. Bummerl an Anna, ein Schneider "
        "(Resi ohne Punkt): zählt doppelt."
    )
    with translation.override("en"):
        english = score_note(("Resi", "Anna"), score)
    assert english == (
        "How it came to 0:3: Bummerl 1 to Anna; Bummerl 2 to Anna, a Schneider "
        "(Resi without a point): counts double."
    )
    assert score_note(("Resi", "Anna"), MatchScore(RuleSet.preset("weich"))) == ""


def payload_of(html: str) -> dict:
    found = re.search(r'<script id="game-payload" type="application/json">(.*?)</script>', html, re.S)
    return json.loads(found.group(1))


def test_the_end_screen_says_how_the_score_came_about_and_offers_a_new_match(client):
    m = schneider_match()
    assert m.bummerl == [3, 0]
    page = client.get(
        reverse("games:play", args=[m.pk, m.token0]), headers={"accept-language": "de-at"}
    ).content.decode()
    summary = payload_of(page)["match"]
    assert summary["finished"]
    assert summary["score_note"] == (
        "So kam es zu 3:0: 1. Bummerl an Resi; 2. Bummerl an Resi, ein Schneider "
        "(Anna ohne Punkt): zählt doppelt."
    )
    new = f'<a class="button" id="new-match" href="{reverse("games:index")}">Neue Partie</a>'
    assert new in page


def test_a_running_match_has_no_note_and_a_tournament_match_no_new_match(client):
    m = services.create_friendly_match(name0="Resi", name1="Anna", seed=32)
    page = client.get(reverse("games:play", args=[m.pk, m.token0])).content.decode()
    assert payload_of(page)["match"]["score_note"] == ""
    assert 'id="new-match"' in page  # hidden until the match is over (play.js)
    _t, pairings = open_pairings()
    match = services.start_match_for_pairing(pairings[0], seed=32)
    page = client.get(reverse("games:play", args=[match.pk, match.token0])).content.decode()
    assert 'id="match-end"' in page and 'id="new-match"' not in page
