"""The replay of a running tournament match: its club's referee and table staff follow
the moves, but the game being played shows no hidden card (the hands, the talon, what
may be played) until it is over; the record (every deal) only once the match is over.
Every role of the match's club and another club's staff are tried."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from clubs import services as clubs
from games import services
from games.models import Match
from tournaments.models import Tournament

from .helpers import open_pairings, play_random

pytestmark = pytest.mark.django_db

ROLES = ("organiser", "desk", "table", "referee")


def _embedded(html: str, element_id: str):
    m = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', html, re.S)
    assert m, element_id
    return json.loads(m.group(1))


def _into_a_later_game(match: Match, rng: random.Random) -> Match:
    """Play until a game is over and the next one has two moves made."""
    while True:
        match.refresh_from_db()
        last = match.games.order_by("-index").first()
        if last.index >= 1 and match.actions.filter(game_index=last.index).count() >= 2:
            break
        state = services.live_state(match).state
        action = rng.choice(state.legal_actions())
        services.apply_action(match.pk, state.to_move, str(action), match.next_seq)
    assert match.status == "playing"
    return match


@pytest.fixture
def running(db):
    User = get_user_model()
    club_a, club_b = clubs.create_club("Heimverein Melk"), clubs.create_club("Gastverein Ybbs")
    t, pairings = open_pairings(club=club_a)
    match = services.start_match_for_pairing(pairings[0])
    match = _into_a_later_game(match, random.Random(5))
    users = {}
    for club, side in ((club_a, "a"), (club_b, "b")):
        for role in ROLES:
            users[f"{side}-{role}"] = User.objects.create_user(f"{side}-{role}")
            clubs.grant_role(club, users[f"{side}-{role}"], role)
    users["nobody"] = User.objects.create_user("nobody")
    users["admin"] = User.objects.create_superuser("root")
    return t, match, users


def _client(user=None):
    client = Client(headers={"accept-language": "en"})
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.parametrize("who", ["a-referee", "a-table", "a-organiser", "admin"])
def test_the_staff_see_the_moves_but_not_the_hidden_cards_of_the_game_being_played(
    running, who
):
    t, match, users = running
    client = _client(users[who])
    response = client.get(reverse("games:replay", args=[match.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    games = _embedded(page, "replay-data")
    first, current = games[0], games[-1]
    # the finished first game: every hand shown
    assert not first["hidden"] and all(first["states"][0]["hands"][p] for p in (0, 1))
    assert all(code for p in (0, 1) for code in first["states"][0]["hands"][p])
    # the game being played: its moves, no hidden card
    assert current["hidden"] and len(current["actions"]) >= 2
    live = services.live_state(match).state
    secret = {c.name for p in (0, 1) for c in live.hand_of(p)} | {
        c.name for c in live.talon_cards()
    }
    for state in current["states"]:
        assert all(code is None for p in (0, 1) for code in state["hands"][p])
        assert all(code is None for code in state["talon"]) and state["legal_actions"] == []
    played = {a.split(":", 1)[1] for a in current["actions"] if a.startswith("play:")}
    shown = json.dumps(current)
    hidden_cards = secret - played - {current["states"][0]["trump_card"]}
    assert not [c for c in hidden_cards if f'"{c}"' in shown]
    # the record holds every deal: not while the match runs
    assert client.get(reverse("games:record_json", args=[match.pk])).status_code == 404
    assert reverse("games:record_json", args=[match.pk]) not in page


@pytest.mark.parametrize("who", ["a-desk", "b-organiser", "b-desk", "b-table", "b-referee",
                                 "nobody", None])
def test_nobody_else_opens_the_replay_of_a_running_match(running, who):
    t, match, users = running
    client = _client(users[who] if who else None)
    before = (match.next_seq, Match.objects.get(pk=match.pk).status)
    response = client.get(reverse("games:replay", args=[match.pk]))
    assert response.status_code == 403 and "replay-data" not in response.content.decode()
    assert client.get(reverse("games:record_json", args=[match.pk])).status_code == 404
    # a non-public tournament: another club's staff do not even learn the match exists
    Tournament.objects.filter(pk=t.pk).update(is_public=False)
    response = client.get(reverse("games:replay", args=[match.pk]))
    assert response.status_code == (403 if who == "a-desk" else 404)
    match.refresh_from_db()
    assert (match.next_seq, match.status) == before


def test_the_cards_show_once_the_match_is_over(running):
    t, match, users = running
    match = play_random(match, random.Random(9))
    client = _client(users["a-referee"])
    games = _embedded(
        client.get(reverse("games:replay", args=[match.pk])).content.decode(), "replay-data"
    )
    assert not any(g["hidden"] for g in games)
    assert all(code for p in (0, 1) for code in games[-1]["states"][0]["hands"][p])
    assert client.get(reverse("games:record_json", args=[match.pk])).status_code == 200
