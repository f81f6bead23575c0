"""The replay's verdict on each move: computed once per game, stored, shown as notes."""

import json
import random
import re

import pytest
from django.urls import reverse
from django.utils import translation

from engine import Action
from games import presenters, services
from games.models import Game, Match

from .helpers import play_random

pytestmark = pytest.mark.django_db

FAST = 0.02  # a small node budget keeps the tests quick; the result is still deterministic


@pytest.fixture(autouse=True)
def _fast_analysis(monkeypatch):
    monkeypatch.setattr(services.replay, "ANALYSIS_TIME_BUDGET", FAST)


@pytest.fixture
def finished_match():
    m = services.create_friendly_match(bot_level="easy", seed=6)
    return play_random(m, random.Random(6), seats=(0,))


def _embedded(html: str, element_id: str):
    found = re.search(
        rf'<script id="{element_id}" type="application/json">(.*?)</script>', html, re.S
    )
    return json.loads(found.group(1))


def test_game_analysis_is_computed_once_and_replayable(finished_match, monkeypatch):
    m = finished_match
    game = m.games.order_by("index").first()
    data = services.game_analysis(game)
    assert data["time_budget"] == FAST and data["seed"] == services.analysis_seed(m, game)
    actions = list(m.actions.filter(game_index=game.index).order_by("seq"))
    assert data["moves"], "a whole game has decisions"
    for move in data["moves"]:
        made = actions[move["index"]]
        assert (made.action, made.seat) == (move["action"], move["player"])
        assert move["loss"] == pytest.approx(max(0, move["best_value"] - move["value"]), abs=2e-3)
        assert move["mistake"] == (move["loss"] >= 0.5)
        Action.parse(move["best_action"])
    assert Game.objects.get(pk=game.pk).analysis == data
    # stored: a second request does not think again
    import engine.ai as ai

    monkeypatch.setattr(ai, "analyze_record", lambda *a, **k: pytest.fail("computed twice"))
    assert services.game_analysis(Game.objects.get(pk=game.pk)) == data
    monkeypatch.undo()
    monkeypatch.setattr(services.replay, "ANALYSIS_TIME_BUDGET", FAST)
    # the same seed and budget give the same verdicts
    Game.objects.filter(pk=game.pk).update(analysis=None)
    assert services.game_analysis(Game.objects.get(pk=game.pk)) == data


def test_an_unfinished_game_is_not_analysed():
    m = services.create_friendly_match(name0="A", name1="B", seed=3)
    with pytest.raises(services.GameError, match="finished game"):
        services.game_analysis(m.games.get())
    assert m.games.get().analysis is None


def test_notes_name_the_better_move_and_its_points():
    m = Match(name0="Anna", name1="Berti", deck_style="french")
    analysis = {
        "moves": [
            {
                "index": 7,
                "player": 1,
                "action": "play:QH",
                "value": -1.0,
                "best_action": "close",
                "best_value": 3.0,
                "loss": 4.0,
                "mistake": True,
                "exact": True,
            },
            {
                "index": 9,
                "player": 0,
                "action": "play:AS",
                "value": 1.37,
                "best_action": "play:AS",
                "best_value": 1.37,
                "loss": 0.0,
                "mistake": False,
                "exact": False,
            },
        ]
    }
    bad, good = presenters.analysis_notes(m, analysis)
    assert bad["text"] == (
        "Berti: Queen of Hearts, loses 1 game point. "
        "Mistake: Closing the talon would have won 3 game points here."
    )
    assert (bad["index"], bad["mistake"]) == (7, True)
    assert good["text"] == "Anna: Ace of Spades, wins about 1.4 game points. The best move here."
    with translation.override("de-at"):
        bad_de, _good = presenters.analysis_notes(m, analysis)
    assert bad_de["text"] == (
        "Berti: Herz Dame, verliert 1 Punkt. Fehler: Zudrehen hätte hier 3 Punkte gewonnen."
    )
    assert presenters.analysis_notes(m, None) is None


def test_replay_page_offers_and_then_shows_the_analysis(client, finished_match):
    m = finished_match
    page = client.get(reverse("games:replay", args=[m.pk])).content.decode()
    games = _embedded(page, "replay-data")
    assert all(g["analysis"] is None for g in games)
    url = games[0]["analysis_url"]
    assert url == reverse("games:analysis", args=[m.pk, 1]) and 'id="replay-analyse"' in page
    r = client.get(url)
    assert r.status_code == 200
    body = r.json()
    assert body["game"] == 1 and len(body["notes"]) == len(body["analysis"]["moves"])
    assert m.games.get(index=0).analysis == body["analysis"]
    games = _embedded(
        client.get(reverse("games:replay", args=[m.pk])).content.decode(), "replay-data"
    )
    assert games[0]["analysis"] == body["notes"]
    assert all(g["analysis"] is None for g in games[1:])
    assert client.get(reverse("games:analysis", args=[m.pk, 99])).status_code == 404


def test_analysis_of_a_running_match_is_closed_to_the_public(client):
    m = services.create_friendly_match(bot_level="easy", seed=4)
    r = client.get(reverse("games:analysis", args=[m.pk, 1]))
    assert r.status_code == 403 and r.json()["error"]
    assert m.games.get().analysis is None


def test_replay_names_every_action_in_words(client, finished_match):
    m = finished_match
    games = _embedded(
        client.get(reverse("games:replay", args=[m.pk])).content.decode(), "replay-data"
    )
    for game in games:
        assert len(game["action_texts"]) == len(game["actions"])
        for raw, text in zip(game["actions"], game["action_texts"], strict=True):
            if raw.startswith("play:"):
                assert text == Action.parse(raw).card.english_name
    assert presenters.describe_action("revoke:1", names=("Anna", "Berti")) == (
        "revoke (Renonce) by Berti"
    )
    assert presenters.describe_action("close") == "closing the talon"
    assert presenters.describe_action("declare:KH") == "marriage and declaring 66"
