"""The open-card solver against a plain minimax over the engine's GameState."""

import random
import time

from games.engine import GameState
from games.engine.ai import solve
from games.engine.ai.search import Search, estimate, position_of

from .helpers import minimax, random_position


def test_solver_agrees_with_minimax_on_random_endgames():
    rng = random.Random(20240501)
    checked = 0
    while checked < 250:
        state = random_position(rng)
        if state is None:
            continue
        assert solve(state) == minimax(state), state
        checked += 1


def test_solver_agrees_with_minimax_with_talon_still_open():
    # One trick before the talon runs out: exchange, closing and drawing are all searched.
    rng = random.Random(7)
    checked = 0
    while checked < 4:
        state = random_position(rng, until_pos=7, strict=False)
        if state is None or state.strict:
            continue
        assert solve(state) == minimax(state), state
        checked += 1


def test_solver_values_are_game_points_and_finished_games_score_their_result():
    rng = random.Random(3)
    state = None
    while state is None:
        state = random_position(rng)
    value = solve(state)
    assert value in (-3, -2, -1, 1, 2, 3)
    while not state.is_over:
        state.push(state.legal_actions()[-1])
    r = state.result
    assert solve(state) == (r.game_points if r.winner == 0 else -r.game_points)


def test_solver_answers_fast_on_talon_exhausted_positions():
    rng = random.Random(11)
    times = []
    while len(times) < 60:
        state = random_position(rng)
        if state is None or state.closed_by >= 0:
            continue
        t0 = time.perf_counter()
        solve(state)
        times.append(time.perf_counter() - t0)
    times.sort()
    assert times[len(times) // 2] < 0.05  # median; the bench measures the maximum
    assert times[-1] < 0.5


def test_depth_limited_search_uses_the_estimate_at_the_cut():
    state = GameState.deal("weich", seed=4)
    search = Search.of(state)
    P = position_of(state)
    assert search.value(P, depth=0) == estimate(P, state.trump)
    shallow = search.value(P, depth=1)
    assert -3 <= shallow <= 3
    assert search.nodes > 10


def test_values_of_each_lead_move_give_the_position_value():
    rng = random.Random(17)
    checked = 0
    while checked < 40:
        state = random_position(rng)
        if state is None or state.lead >= 0:
            continue
        search = Search.of(state)
        P = position_of(state)
        moves = search.lead_move_values(P)
        best = max(moves.values()) if state.to_move == 0 else min(moves.values())
        assert best == solve(state)
        checked += 1


def test_horizon_estimate_does_not_depend_on_the_talon_order():
    # At the search horizon the trick is scored before the draw: a sample's talon order
    # (a guess) must not steer the choice of cards.
    rng = random.Random(23)
    for seed in range(20):
        state = GameState.deal("weich", seed=seed)
        P = position_of(state)
        talon = list(state.talon)
        shuffled = talon[:]
        rng.shuffle(shuffled)
        a, b = (
            Search(state.rules, state.trump, tuple(talon)),
            Search(state.rules, state.trump, tuple(shuffled)),
        )
        lead = max(state.hand_of(state.to_move))
        assert a.follow_value(P, lead, depth=1) == b.follow_value(P, lead, depth=1)
        assert a.value(P, depth=1) == b.value(P, depth=1)


def test_estimate_is_its_weighted_features_squashed():
    # estimate() inlines estimate_features() for speed; the two must not drift apart.
    import math

    from games.engine.ai.search import (
        ESTIMATE_SCALE,
        ESTIMATE_SPREAD,
        ESTIMATE_WEIGHTS,
        estimate_features,
    )

    rng = random.Random(4)
    for seed in range(40):
        state = GameState.deal("weich", seed=f"features:{seed}")
        for _ in range(rng.randrange(0, 8)):
            if state.is_over or state.lead >= 0:
                break
            state.push(rng.choice(state.legal_actions()))
        P = position_of(state)
        x = sum(
            w * f for w, f in zip(ESTIMATE_WEIGHTS, estimate_features(P, state.trump), strict=True)
        )
        assert (
            abs(estimate(P, state.trump) - ESTIMATE_SCALE * math.tanh(x / ESTIMATE_SPREAD)) < 1e-9
        )
