"""Strength from time (issue 36): ``strong`` above the browser's budget and ``master``
sample until their budget is spent (anytime), ``strong`` at its browser budget keeps
its old sample cap; the work of a move stays within its cap."""

import random

from engine import GameState
from engine.ai import MASTER_BUDGET, STRONG_BUDGET, InfoSetBot, make_bot
from engine.ai.infoset import ANYTIME_CAP, CAP
from engine.bots import RuleBot


def _follow_view():
    """A view of player 1 following player 0's first lead (talon open)."""
    state = GameState.deal("weich", seed=17, dealer=1)
    while state.to_move != 0:  # the first lead is player 0's
        state.push(RuleBot().choose(state.view(state.to_move), random.Random(0)))
    state.push(RuleBot().choose(state.view(0), random.Random(0)))
    assert state.to_move == 1 and state.talon_size > 0
    return state.view(1)


def test_levels_strong_keeps_its_cap_master_and_larger_budgets_are_anytime():
    strong = make_bot("strong", seed=1)
    master = make_bot("master", seed=1)
    assert isinstance(master, InfoSetBot) and master.name == "master"
    assert strong.time_budget == STRONG_BUDGET and not strong.anytime
    assert master.time_budget == MASTER_BUDGET and master.anytime
    assert master.node_budget == 4 * strong.node_budget
    # searched to the end from three face-down cards on, strong from one as before
    assert master.exact_talon == 3 and strong.exact_talon == 1
    assert make_bot("strong", seed=1, time_budget=1.0).anytime
    assert not make_bot("strong", seed=1, time_budget=0.1).anytime


def test_anytime_samples_until_the_budget_is_spent():
    view = _follow_view()
    capped = InfoSetBot(seed=3, time_budget=0.05)
    capped.choose(view)
    assert capped.last_info["samples"] == capped.max_samples  # the old stop: 48 samples
    got = []
    for budget in (0.05, 0.1):
        bot = InfoSetBot(seed=3, time_budget=budget, anytime=True)
        bot.choose(view)
        info = bot.last_info
        assert capped.max_samples < info["samples"] < ANYTIME_CAP
        assert bot.node_budget <= info["nodes"] <= CAP * bot.node_budget
        got.append(info["samples"])
    assert got[1] > 1.8 * got[0]  # twice the budget, about twice the samples


def test_anytime_is_deterministic_and_within_the_cap():
    runs = []
    most = 0
    for _ in range(2):
        moves = []
        for g in range(2):
            state = GameState.deal("weich", seed=f"anytime:{g}", dealer=g % 2)
            bot = InfoSetBot(seed=5, time_budget=0.03, anytime=True)
            other = make_bot("strong_v1", seed=7, time_budget=0.02)
            while not state.is_over:
                p = state.to_move
                a = (bot if p == 0 else other).choose(state.view(p))
                if p == 0:
                    most = max(most, bot.last_info["nodes"])
                state.push(a)  # checked: raises on an illegal action
                moves.append(str(a))
        runs.append(moves)
    assert runs[0] == runs[1]
    assert 0 < most <= CAP * bot.node_budget + 500
