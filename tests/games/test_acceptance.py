"""The computer's levels in the browser are the ones README describes (``ai.make_bot``)."""

import random

import pytest
from django.urls import reverse

from engine.ai import PimcBot
from engine.bots import RuleBot
from games import services

from .helpers import play_random

pytestmark = pytest.mark.django_db


def test_levels_are_the_ai_packages_levels():
    assert type(services.make_bot("easy")) is RuleBot
    medium, strong = services.make_bot("medium", seed=1), services.make_bot("strong", seed=1)
    assert isinstance(medium, PimcBot) and isinstance(strong, PimcBot)
    assert medium.name == "medium" and strong.name == "strong"


def test_a_medium_computer_is_seeded_by_its_match():
    a = services.create_friendly_match(bot_level="medium", seed=21)
    b = services.create_friendly_match(bot_level="medium", seed=21)
    a = play_random(a, random.Random(1), seats=(0,))
    b = play_random(b, random.Random(1), seats=(0,))
    moves = [list(m.actions.order_by("seq").values_list("seat", "action")) for m in (a, b)]
    assert moves[0] == moves[1] and any(seat == 1 for seat, _ in moves[0])
    assert a.status == "finished"


def test_start_page_describes_the_levels_in_words(client):
    body = client.get(reverse("games:index")).content.decode()
    assert "RandomBot" not in body and "RuleBot" not in body and "ai.strong" not in body


def test_the_master_level_meister_is_offered_for_two_players_only(client):
    from engine.ai import InfoSetBot
    from engine.ai import make_bot as ai_make_bot
    from games.services import tables

    master = services.make_bot("master", seed=1)
    assert isinstance(master, InfoSetBot) and master.name == "master" and master.anytime
    assert master.node_budget == 4 * services.make_bot("strong", seed=1).node_budget
    assert not services.make_bot("strong", seed=1).anytime  # strong keeps its speed
    assert ai_make_bot("master", seed=1).time_budget == 2.0
    body = client.get(reverse("games:index"), HTTP_ACCEPT_LANGUAGE="de-at").content.decode()
    assert body.count('value="master"') == 1  # the two-player form, not the tables'
    assert 'value="master">Meister<' in body
    with pytest.raises(services.GameError):
        tables.create_table(
            game_kind="bauernschnapsen",
            seats=[{"name": "P1", "level": ""}] + [{"name": "", "level": "master"}] * 3,
        )


def test_a_match_against_the_master_is_played(monkeypatch):
    from engine import ai as engine_ai
    from games.services import play as play_service

    made = []

    def quick_bot(level, seed=0, opponent=None):
        made.append((level, opponent))
        bot = engine_ai.make_bot(level, seed=seed, time_budget=0.01, opponent=opponent)
        bot.anytime = True  # as the level is, on a small budget
        return bot

    monkeypatch.setattr(play_service, "make_bot", quick_bot)
    m = services.create_friendly_match(name0="Anna", bot_level="master", seed=5)
    assert m.bot_level == "master"
    rng = random.Random(3)
    for _ in range(40):
        m.refresh_from_db()
        if m.games.count() > 1 or m.status != "playing":
            break
        state = services.live_state(m).state
        action = RuleBot().choose(state.view(0), rng)
        services.apply_action(m.pk, 0, str(action), m.next_seq)
    assert made and all(level == "master" and opp is not None for level, opp in made)
    assert m.actions.filter(seat=1).exists()
