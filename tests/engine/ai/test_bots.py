"""The medium and strong bots: levels, right declarations, determinism, exact endgames."""

import random

import pytest

from engine import GameState, RuleSet
from engine.actions import CLOSE, DECLARE
from engine.ai import PimcBot, candidate_actions, is_right_declaration, make_bot, solve
from engine.ai.search import EXACT_DEPTH, Search
from engine.bots import RuleBot

from .helpers import random_position


def play(state, bots, rng=None):
    actions = []
    while not state.is_over:
        p = state.to_move
        a = bots[p].choose(state.view(p), rng)
        actions.append(a)
        state.push(a)  # checked: every bot action is legal
    return actions


def test_levels_and_unknown_level():
    assert isinstance(make_bot("easy", seed=1), RuleBot)
    medium = make_bot("medium", seed=1)
    strong = make_bot("strong", seed=1, time_budget=0.2)
    assert isinstance(medium, PimcBot) and isinstance(strong, PimcBot)
    assert strong.node_budget > medium.node_budget
    with pytest.raises(ValueError, match="unknown bot level 'hard'"):
        make_bot("hard", seed=1)


def test_strong_is_deterministic_for_seed_and_budget():
    runs = []
    for _ in range(2):
        state = GameState.deal("weich", seed=99)
        bots = [make_bot("strong", seed=5, time_budget=0.02), RuleBot()]
        runs.append([str(a) for a in play(state, bots, random.Random())])
    assert runs[0] == runs[1]


@pytest.mark.parametrize("preset", ["weich", "scharf", "turnier"])
def test_declares_exactly_when_right(preset):
    rules = RuleSet.preset(preset)
    for seed in range(3):
        state = GameState.deal(rules, seed=seed)
        bots = [make_bot("medium", seed=seed), make_bot("medium", seed=seed + 50)]
        while not state.is_over:
            p = state.to_move
            view = state.view(p)
            a = bots[p].choose(view)
            right = [x for x in view.legal if is_right_declaration(view, x)]
            if a.kind == DECLARE:
                assert is_right_declaration(view, a), (view.to_dict(), a)
            else:
                assert not right or a.kind == CLOSE, (view.to_dict(), a)
            state.push(a)
        if state.result.declarer is not None:
            assert state.result.reason != "wrong_declaration"


def test_plays_an_optimal_move_once_the_talon_is_exhausted():
    rng = random.Random(8)
    bot = make_bot("strong", seed=3, time_budget=0.05)
    checked = 0
    while checked < 30:
        state = random_position(rng)
        if state is None or state.closed_by >= 0:
            continue
        p = state.to_move
        best = solve(state)
        action = bot.choose(state.view(p))
        after = solve(state.apply(action))
        assert after == best, (state, action)
        checked += 1


def test_without_closing_the_bot_never_closes():
    bot = PimcBot(seed=1, time_budget=0.02, allow_close=False)
    state = GameState.deal(RuleSet(auto_declare=True), seed=12)
    while not state.is_over:
        p = state.to_move
        a = bot.choose(state.view(p)) if p == 0 else RuleBot().choose(state.view(p), None)
        assert a.kind != CLOSE
        state.push(a)


def test_evaluate_refuses_when_not_to_move():
    state = GameState.deal("weich", seed=1)
    with pytest.raises(ValueError, match="not this player's turn"):
        make_bot("strong", seed=1).evaluate(state.view(1 - state.to_move))


def _rule_play_until(seed, talon_size):
    state = GameState.deal("weich", seed=seed)
    while not state.is_over and not (
        state.view(0).talon_size == talon_size and state.closed_by < 0 and state.lead < 0
    ):
        state.push(RuleBot().choose(state.view(state.to_move), None))
    return None if state.is_over else state


def test_searches_to_the_end_with_one_face_down_card_left():
    # With one face-down card left every sample is searched to the end of the game
    # (the last draw is not judged by the horizon estimate), within the hard node cap.
    bot = PimcBot(seed=2, time_budget=0.05)
    checked = 0
    for seed in range(40):
        state = _rule_play_until(seed, 1)
        if state is None:
            continue
        view = state.view(state.to_move)
        if len(candidate_actions(view)) < 2:
            continue
        bot.choose(view)
        assert bot.last_info["depth"] == EXACT_DEPTH
        assert bot.last_info["samples"] >= bot.min_samples
        assert bot.last_info["nodes"] <= 2 * bot.node_budget + 10
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_closing_must_pay_the_margin():
    # A tie between closing and playing on (e.g. every sample lost anyway) plays on.
    checked = 0
    for seed in range(60):
        state = _rule_play_until(seed, 3)
        if state is None:
            continue
        view = state.view(state.to_move)
        if not any(a.kind == CLOSE for a in view.legal):
            continue
        bot = PimcBot(seed=1, time_budget=0.01)
        values = bot.evaluate(view)
        close = next(a for a in values if a.kind == CLOSE)
        best_other = max(v for a, v in values.items() if a.kind != CLOSE)
        chosen = bot.choose(view)
        if values[close] - best_other < bot.close_margin:
            assert chosen.kind != CLOSE
        elif values[close] - best_other > bot.close_margin + 1e-9:
            assert chosen.kind == CLOSE
        checked += 1
        if checked == 8:
            break
    assert checked == 8 and PimcBot().close_margin > 0


def test_soft_reply_value_blends_the_opponents_best_and_mean_reply():
    # softness 0 is the plain search; softness 1 the mean over all his replies; a value
    # in between lies between the two.
    from engine.ai.pimc import soft_follow_value
    from engine.ai.search import position_of

    checked = 0
    for seed in range(20):
        state = GameState.deal("weich", seed=f"soft:{seed}")
        state.push(RuleBot().choose(state.view(state.to_move), None))
        state.push(RuleBot().choose(state.view(state.to_move), None))
        if state.is_over or state.lead >= 0:
            continue
        search = Search.of(state)
        P = position_of(state)
        lead = next(a.card for a in state.legal_actions() if a.kind == "play")
        replies = []
        for c in search.follow_cards(P, lead):
            Q, v = search.trick(P, lead, c)
            replies.append(v if v is not None else search.value(Q, 2))
        opponent_best = min(replies) if P[14] == 0 else max(replies)
        mean = sum(replies) / len(replies)
        assert soft_follow_value(search, P, lead, 3, 0.0) == search.follow_value(P, lead, 3)
        assert soft_follow_value(search, P, lead, 3, 0.0) == opponent_best
        assert abs(soft_follow_value(search, P, lead, 3, 1.0) - mean) < 1e-9
        half = soft_follow_value(search, P, lead, 3, 0.5)
        assert abs(half - (opponent_best + mean) / 2) < 1e-9
        checked += 1
    assert checked >= 10


def test_a_blind_soft_reply_at_the_horizon_is_scored_before_the_draw():
    # One trick deep, ``blind`` scores each reply as the search does at its horizon,
    # before the trick's cards are drawn: at softness 0 exactly the search's own value,
    # and no reply's value depends on the talon's order (what the opponent cannot know).
    from engine.ai.pimc import soft_follow_value
    from engine.ai.search import position_of

    checked = differs = 0
    for seed in range(20):
        state = GameState.deal("weich", seed=f"blind:{seed}")
        state.push(RuleBot().choose(state.view(state.to_move), None))
        state.push(RuleBot().choose(state.view(state.to_move), None))
        if state.is_over or state.lead >= 0 or state.closed_by >= 0:
            continue
        search = Search.of(state, staged=True)
        P = position_of(state)
        lead = next(a.card for a in state.legal_actions() if a.kind == "play")
        assert soft_follow_value(search, P, lead, 1, 0.0, blind=True) == search.follow_value(
            P, lead, 1
        )
        replies = [search.blind_estimate(P, lead, c) for c in search.follow_cards(P, lead)]
        best = min(replies) if P[14] == 0 else max(replies)
        half = soft_follow_value(search, P, lead, 1, 0.5, blind=True)
        assert abs(half - (best + sum(replies) / len(replies)) / 2) < 1e-9
        # the same deal with the cards still to draw in another order: the same value
        talon = tuple(state.talon)
        other = Search(state.rules, state.trump, talon[-2::-1] + talon[-1:], staged=True)
        assert soft_follow_value(other, P, lead, 1, 0.5, blind=True) == half
        # scored after the draw, the same reply is worth what the sample's order deals
        after = soft_follow_value(search, P, lead, 1, 0.5)
        differs += after != soft_follow_value(other, P, lead, 1, 0.5)
        checked += 1
    assert checked >= 10 and differs > 0


def test_a_blind_follow_at_the_horizon_is_scored_before_the_draw():
    # Following one trick deep, ``follow_blind`` scores each card as the search scores
    # its horizon, before the draw: the same values whatever the order of the talon.
    from engine.ai.pimc import action_values
    from engine.ai.search import position_of

    checked = 0
    for seed in range(20):
        state = GameState.deal("weich", seed=f"follow:{seed}")
        state.push(RuleBot().choose(state.view(state.to_move), None))
        if state.is_over or state.lead < 0 or state.closed_by >= 0:
            continue
        acts = [a for a in state.legal_actions() if a.kind == "play"]
        talon = tuple(state.talon)
        values = []
        for order in (talon, talon[-2::-1] + talon[-1:]):
            search = Search(state.rules, state.trump, order, staged=True)
            values.append(action_values(search, state, acts, 1, follow_blind=True))
        assert values[0] == values[1]
        search = Search.of(state, staged=True)
        P = list(position_of(state))
        P[state.leader] |= 1 << state.lead
        for a in acts:
            assert values[0][a] == search.blind_estimate(tuple(P), state.lead, a.card)
        checked += 1
    assert checked >= 10


def test_soft_lead_value_blends_the_opponents_best_lead_and_mean_play():
    from engine.ai.pimc import soft_lead_value
    from engine.ai.search import position_of

    for seed in range(5):
        state = GameState.deal("weich", seed=f"softlead:{seed}")
        search = Search.of(state)
        P = position_of(state)
        leads = search.lead_move_values(P, 2)
        best = max(leads.values()) if P[14] == 0 else min(leads.values())
        plays = [v for m, v in leads.items() if m[0] in (0, 1)]  # cards and marriages
        assert soft_lead_value(search, P, 2, 0.0) == best == search.value(P, 2)
        assert abs(soft_lead_value(search, P, 2, 1.0) - sum(plays) / len(plays)) < 1e-9
