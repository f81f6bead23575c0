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
