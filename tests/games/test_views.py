"""The pages and JSON of matches: what a player may see, refusals, staff recording."""

import json
import random
import re

import pytest
from django.urls import reverse

from games import services
from games.models import Match, MatchAction
from tests.roles import grant

from .helpers import open_pairings

pytestmark = pytest.mark.django_db

CARD = re.compile(r'"([ATKQJ][HDSC])"')


def _urls(m, seat):
    token = m.token(seat)
    return (
        reverse("games:play", args=[m.pk, token]),
        reverse("games:state", args=[m.pk, token]),
        reverse("games:act", args=[m.pk, token]),
    )


def _secret_cards(live, seat):
    """The cards this seat may not know: the opponent's unknown cards and the talon."""
    state = live.state
    opp = 1 - seat
    known = set(state.view(seat).opponent_known)
    return {c.name for c in state.hand_of(opp) if c not in known} | {
        c.name for c in state.talon_cards()
    }


def _embedded(html: str, element_id: str):
    m = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', html, re.S)
    return json.loads(m.group(1))


def test_player_page_and_json_never_hold_a_hidden_card(client):
    m = services.create_friendly_match(name0="A", name1="B", seed=31)
    rng = random.Random(4)
    checked = 0
    while m.status == "playing" and checked < 30:
        live = services.live_state(m)
        for seat in (0, 1):
            page, state_url, _act = _urls(m, seat)
            secret = _secret_cards(live, seat)
            html = client.get(page).content.decode()
            payload = _embedded(html, "game-payload")
            assert set(payload["view"]["hand"]) == {c.name for c in live.state.hand_of(seat)}
            assert not set(CARD.findall(html)) & secret
            body = client.get(state_url).content.decode()
            assert not set(CARD.findall(body)) & secret
            data = json.loads(body)
            assert "hands" not in data["view"] and "talon" not in data["view"]
            # spectators see no hand at all
            watch = client.get(reverse("games:watch_state", args=[m.pk])).content.decode()
            assert "hand" not in json.loads(watch)["view"]
            assert not set(CARD.findall(watch)) & (
                secret | {c.name for c in live.state.hand_of(seat)}
            )
        checked += 1
        state = live.state
        services.apply_action(
            m.pk, state.to_move, str(rng.choice(state.legal_actions())), m.next_seq
        )
        m.refresh_from_db()
    assert checked >= 20


def test_forged_link_is_refused_and_changes_nothing(client):
    m = services.create_friendly_match(name0="A", name1="B", seed=2)
    forged = m.token0[:-2] + ("AA" if not m.token0.endswith("AA") else "BB")
    before = (m.next_seq, MatchAction.objects.count())
    r = client.get(reverse("games:play", args=[m.pk, forged]))
    assert r.status_code == 403 and "not valid" in r.content.decode()
    r = client.get(reverse("games:state", args=[m.pk, forged]))
    assert r.status_code == 403 and "view" not in r.json()
    state = services.live_state(m).state
    r = client.post(
        reverse("games:act", args=[m.pk, forged]),
        json.dumps({"seq": 0, "action": str(state.legal_actions()[-1])}),
        content_type="application/json",
    )
    assert r.status_code == 403 and r.json()["error"]
    m.refresh_from_db()
    assert (m.next_seq, MatchAction.objects.count()) == before
    # a link of another match does not open this one
    other = services.create_friendly_match(seed=3)
    assert client.get(reverse("games:play", args=[m.pk, other.token0])).status_code == 403


def test_acting_out_of_turn_twice_and_stale_over_http(client):
    m = services.create_friendly_match(name0="A", name1="B", seed=8)
    state = services.live_state(m).state
    mover = state.to_move
    _p, _s, act_wrong = _urls(m, 1 - mover)
    _p, _s, act = _urls(m, mover)
    action = str(state.legal_actions()[-1])
    r = client.post(act_wrong, {"seq": 0, "action": action}, content_type="application/json")
    assert r.status_code == 409 and r.json()["code"] == "turn"
    assert r.json()["view"]["hand"] == [c.name for c in state.hand_of(1 - mover)]
    r = client.post(act, {"seq": 0, "action": action}, content_type="application/json")
    assert r.status_code == 200 and r.json()["applied"] is True
    r = client.post(act, {"seq": 0, "action": action}, content_type="application/json")
    assert r.status_code == 200 and r.json()["applied"] is False and r.json()["message"]
    assert MatchAction.objects.filter(match=m).count() == 1
    r = client.post(act, {"seq": 0, "action": "close"}, content_type="application/json")
    assert r.status_code == 409 and r.json()["code"] == "stale"
    r = client.post(act, b"not json", content_type="application/json")
    assert r.status_code == 400 and r.json()["error"]
    # the quick "nothing changed" answer of the poll
    _p, state_url, _a = _urls(m, mover)
    m.refresh_from_db()
    assert client.get(state_url, {"known": f"{m.next_seq}:playing"}).json() == {"changed": False}
    assert "view" in client.get(state_url, {"known": "0:playing"}).json()


def test_illegal_action_answers_the_reason_in_german(client):
    m = services.create_friendly_match(name0="A", name1="B", seed=8)
    state = services.live_state(m).state
    mover = state.to_move
    _p, _s, act = _urls(m, mover)
    foreign = state.hand_of(1 - mover)[0].name
    r = client.post(
        act,
        {"seq": 0, "action": f"play:{foreign}"},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert r.status_code == 400 and "do not hold" in r.json()["error"]


def test_friendly_start_form_creates_a_match_against_the_computer(client):
    r = client.post(
        reverse("games:index"),
        {"opponent": "computer", "name": "Resi", "level": "easy", "rules": "scharf", "length": "3"},
    )
    m = Match.objects.get()
    assert r.status_code == 302 and r["Location"] == reverse("games:play", args=[m.pk, m.token0])
    assert (m.bot_level, m.rule_profile, m.bummerl_to_win, m.name0) == ("easy", "scharf", 3, "Resi")
    r = client.post(reverse("games:index"), {"opponent": "friend", "length": "5"})
    assert r.status_code == 302 and Match.objects.count() == 1
    page = client.get(reverse("games:index")).content.decode()
    assert "2 oder 3" in page or "2 or 3" in page


def test_friend_match_shows_the_share_link_only_to_the_first_player(client):
    m = services.create_friendly_match(name0="A", name1="B", seed=1)
    first = client.get(reverse("games:play", args=[m.pk, m.token0])).content.decode()
    second = client.get(reverse("games:play", args=[m.pk, m.token1])).content.decode()
    assert m.token1 in first
    assert m.token0 not in second


def test_staff_start_links_and_recording_a_pairing(client, django_user_model):
    staff = grant(django_user_model.objects.create_user("s", password="pw"))
    t, pairings = open_pairings()
    p = pairings[0]
    url = reverse("games:pairing", args=[p.pk])
    assert client.get(url).status_code == 302  # login needed
    client.force_login(staff)
    page = client.get(url).content.decode()
    assert "Start" in page or "starten" in page.lower()
    client.post(url, {"do": "start"})
    m = Match.objects.get(pairing=p)
    page = client.get(url).content.decode()
    assert m.token0 in page and m.token1 in page and page.count("<svg") >= 2
    r = client.post(url, {"do": "sheet", "sheet": "7:4 7:2 5:2 3:2 0:2\n4:7 4:5 4:7"})
    assert r.status_code == 400 and "Line 2" in r.content.decode()
    p.refresh_from_db()
    assert p.outcome == ""
    r = client.post(url, {"do": "quick", "winner": "1", "won": "2", "lost": "0"})
    assert r.status_code == 302
    p.refresh_from_db()
    assert (p.winner, p.winner_bummerl, p.loser_bummerl) == ("right", 2, 0)
    m.refresh_from_db()
    assert m.status == "cancelled"


def test_replay_opens_when_the_match_is_over(client):
    from .helpers import play_random

    m = services.create_friendly_match(bot_level="easy", seed=6)
    assert client.get(reverse("games:replay", args=[m.pk])).status_code == 403
    m = play_random(m, random.Random(6), seats=(0,))
    r = client.get(reverse("games:replay", args=[m.pk]))
    assert r.status_code == 200
    games = _embedded(r.content.decode(), "replay-data")
    assert len(games) == m.games.count()
    assert games[-1]["states"][-1]["result"] is not None
    record = client.get(reverse("games:record_json", args=[m.pk])).json()
    assert record["format"] == "schnapsen-match/1" and len(record["games"]) == len(games)
