"""Game analysis: values of the move made and of the best move at every decision."""

import random

from engine import GameState
from engine.ai import analyze_game, analyze_record, make_bot, solve
from engine.record import GameRecord

from .helpers import random_position


def test_an_endgame_blunder_is_marked_with_its_exact_cost():
    rng = random.Random(21)
    while True:
        state = random_position(rng)
        if state is None or state.closed_by >= 0:
            continue
        p = state.to_move
        sign = 1 if p == 0 else -1
        values = {
            a: sign * solve(state.apply(a)) for a in state.legal_actions() if a.kind != "declare"
        }
        worst = min(values, key=values.get)
        if max(values.values()) - values[worst] >= 1:
            break
    rest = [worst]
    after = state.apply(worst)
    while not after.is_over:
        a = after.legal_actions()[-1]
        rest.append(a)
        after.push(a)
    report = analyze_game(state, rest)
    first = report[0]
    assert first.index == 0 and first.player == p and first.exact
    assert first.action == worst
    assert first.value == values[worst]
    assert first.best_value == max(values.values()) == sign * solve(state)
    assert first.is_mistake and first.loss >= 1
    assert first.to_dict()["mistake"] is True


def test_analysis_of_a_recorded_bot_game():
    record = GameRecord.new("weich", seed=31, dealer=0)
    state = record.start()
    bots = [make_bot("medium", seed=1), make_bot("easy")]
    while not state.is_over:
        a = bots[state.to_move].choose(state.view(state.to_move), random.Random(0))
        record = record.with_action(a)
        state.push(a)
    report = analyze_record(record, time_budget=0.02)
    assert report, "a whole game has decisions"
    for entry in report:
        assert entry.best_value >= entry.value
        assert str(entry.action) in entry.values and str(entry.best_action) in entry.values
        assert entry.player in (0, 1)
    # replayable: the same seed gives the same analysis
    again = analyze_record(record, time_budget=0.02)
    assert [e.to_dict() for e in again] == [e.to_dict() for e in report]
    assert any(e.exact for e in report) or state.closed_by >= 0 or not state.strict


def test_analysis_skips_forced_moves_unless_asked():
    state = GameState.deal("weich", seed=2)
    actions = []
    s = state.copy()
    for _ in range(4):
        a = s.legal_actions()[-1]
        actions.append(a)
        s.push(a)
    full = analyze_game(state, actions, time_budget=0.01, only_choices=False)
    assert [e.index for e in full] == [0, 1, 2, 3]
