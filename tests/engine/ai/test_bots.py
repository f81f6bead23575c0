"""The medium and strong bots: levels, right declarations, determinism, exact endgames."""

import random

import pytest

from games.engine import GameState, RuleSet
from games.engine.actions import CLOSE, DECLARE
from games.engine.ai import PimcBot, is_right_declaration, make_bot, solve
from games.engine.bots import RuleBot

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
