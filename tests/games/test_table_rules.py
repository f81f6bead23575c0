"""What a player may look at on the table: scharf hides laid-down tricks and card points."""

import json
import random
import re

import pytest
from django.urls import reverse

from games import services

pytestmark = pytest.mark.django_db


def _embedded(html: str, element_id: str):
    m = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', html, re.S)
    return json.loads(m.group(1))


def _play_until_tricks(m, rng, *, want_lead: bool):
    """Random legal actions until both players have won a trick and (if ``want_lead``)
    a card is led on the table, or (if not) the table shows the last trick."""
    for _ in range(200):
        m.refresh_from_db()
        state = services.live_state(m).state
        if state.result is None:
            won = state.view(0).to_dict()["tricks_won"]
            if all(won) and (state.view(0).lead is not None) == want_lead:
                return state
        # no random declarations: they end games before both players have a trick
        moves = [a for a in state.legal_actions() if a.kind != "declare"]
        services.apply_action(m.pk, state.to_move, str(rng.choice(moves)), m.next_seq)
    raise AssertionError("no position with tricks on both sides")


def _fetch(client, m, seat):
    token = m.token(seat)
    html = client.get(reverse("games:play", args=[m.pk, token])).content.decode()
    data = client.get(reverse("games:state", args=[m.pk, token])).json()
    watch_html = client.get(reverse("games:watch", args=[m.pk])).content.decode()
    watch = client.get(reverse("games:watch_state", args=[m.pk])).json()
    return _embedded(html, "game-payload"), data, _embedded(watch_html, "game-payload"), watch


@pytest.mark.parametrize("want_lead", [True, False])
def test_scharf_hides_tricks_and_card_points_from_players_and_spectators(client, want_lead):
    m = services.create_friendly_match(name0="A", name1="B", rule_profile="scharf", seed=11)
    state = _play_until_tricks(m, random.Random(5), want_lead=want_lead)
    m.refresh_from_db()
    counts = [len(state.view(0).to_dict()["tricks_won"][p]) // 2 for p in (0, 1)]
    for seat in (0, 1):
        page, data, watch_page, watch = _fetch(client, m, seat)
        for view in (page["view"], data["view"], watch_page["view"], watch["view"]):
            assert view["scores"] is None
            assert view["tricks_won"] == [None, None]
            assert view["trick_counts"] == counts and all(counts)
            assert view["review_tricks"] is False
            if want_lead:
                # the card led stays; the last trick is gone once the next trick is led
                assert view["lead"] and view["last_trick"] is None
            else:
                assert view["lead"] is None and view["last_trick"]["lead"]
        # the marriages announced stay known; the Bummerl stays on the scoreboard
        assert "marriages" in data["view"] and "bummerl_points" in data["match"]
        # no card a player has won appears in the page except the trick on the table
        table = {data["view"]["lead"]} if want_lead else set()
        if not want_lead:
            table = {data["view"]["last_trick"]["lead"], data["view"]["last_trick"]["follow"]}
        hidden = set().union(*state.view(0).to_dict()["tricks_won"]) - table
        hidden -= set(data["view"]["hand"]) | set(data["view"]["opponent_known"])
        hidden -= {data["view"]["trump_card"]}
        assert not hidden & set(re.findall(r'"([ATKQJ][HDSC])"', json.dumps(data)))


def test_weich_shows_own_tricks_and_both_totals_but_not_the_opponents_pile(client):
    m = services.create_friendly_match(name0="A", name1="B", rule_profile="weich", seed=11)
    state = _play_until_tricks(m, random.Random(5), want_lead=False)
    m.refresh_from_db()
    full = state.view(0).to_dict()
    for seat in (0, 1):
        page, data, _watch_page, watch = _fetch(client, m, seat)
        for view in (page["view"], data["view"]):
            assert view["scores"] == full["scores"]
            assert view["tricks_won"][seat] == full["tricks_won"][seat]
            assert view["tricks_won"][1 - seat] is None
            assert view["review_tricks"] is True
        assert watch["view"]["scores"] == full["scores"]
        assert watch["view"]["tricks_won"] == [None, None]
