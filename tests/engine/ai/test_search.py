"""The open-card solver against a plain minimax over the engine's GameState."""

import random
import time

from engine import GameState, points_table
from engine.ai import solve
from engine.ai.search import Search, estimate, position_of

from .helpers import OUTSIDE_RULES, minimax, random_lead_positions, random_position


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

    from engine.ai.search import (
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


def test_staged_estimate_is_its_weighted_features_squashed():
    # staged_estimate() inlines staged_features() for speed; the two must not drift apart.
    import math

    from engine.ai.estimate import (
        STAGED_NAMES,
        STAGED_SPREAD,
        STAGED_WEIGHTS,
        staged_estimate,
        staged_features,
    )

    assert len(STAGED_NAMES) == len(STAGED_WEIGHTS)
    for state in random_lead_positions(60, 5):
        P = position_of(state)
        for pos in {P[8], min(P[8] + 2, 9), 2}:
            feats = staged_features(P, state.trump, pos)
            x = sum(w * f for w, f in zip(STAGED_WEIGHTS, feats, strict=True))
            got = staged_estimate(P, state.trump, pos)
            # ... and never more than the game can still give either player.
            s0, s1 = (P[2 + i] + (P[4 + i] if P[6 + i] else 0) for i in (0, 1))
            top, bottom = points_table(s1, bool(P[7])), points_table(s0, bool(P[6]))
            want = min(top, max(-bottom, STAGED_SPREAD * math.tanh(x / STAGED_SPREAD)))
            assert abs(got - want) < 1e-9


def test_staged_estimate_is_antisymmetric_and_sees_the_stage():
    # Swapping the players' sides negates the value; the lead is worth more late.
    from engine.ai.estimate import staged_estimate

    for state in random_lead_positions(30, 6):
        P = position_of(state)
        Q = (P[1], P[0], P[3], P[2], P[5], P[4], P[7], P[6], *P[8:14], 1 - P[14])
        for pos in (2, 6, 9):
            assert (
                abs(staged_estimate(P, state.trump, pos) + staged_estimate(Q, state.trump, pos))
                < 1e-9
            )
    state = GameState.deal("weich", seed=1)
    P = position_of(state)
    on_lead = (*P[:14], 0)
    other = (*P[:14], 1)
    early = staged_estimate(on_lead, state.trump, 2) - staged_estimate(other, state.trump, 2)
    late = staged_estimate(on_lead, state.trump, 9) - staged_estimate(other, state.trump, 9)
    assert late > early


def test_staged_search_scores_its_horizon_with_the_staged_estimate():
    from engine.ai.estimate import staged_estimate

    state = GameState.deal("weich", seed=4)
    P = position_of(state)
    staged = Search.of(state, staged=True)
    assert staged.value(P, depth=0) == staged_estimate(P, state.trump, P[8])
    assert Search.of(state).value(P, depth=0) == estimate(P, state.trump)
    # Before the draw, as the first estimate: the talon order does not steer the cut.
    talon = list(state.talon)
    lead = max(state.hand_of(state.to_move))
    values = set()
    for k in range(5):
        random.Random(k).shuffle(talon)
        s = Search(state.rules, state.trump, tuple(talon), staged=True)
        values.add((s.follow_value(P, lead, depth=1), s.value(P, depth=1)))
    assert len(values) == 1


def test_staged_estimate_promises_no_more_than_the_game_can_give():
    # Player 0 far ahead: the value is capped by what the loser's tricks and points
    # still allow (3 without a trick, 2 below 33, else 1; reference 000).
    from engine.ai.estimate import staged_estimate

    state = GameState.deal("weich", seed=1)
    P = list(position_of(state))
    t = state.trump
    side = [s for s in range(4) if s != t]
    P[0] = 31 << (t * 5)  # all five trumps against side-suit queens and jacks
    P[1] = sum(1 << (s * 5 + r) for s in side for r in (3, 4)) & ~(1 << (side[0] * 5 + 3))
    P[2], P[6] = 60, 1
    for p1, t1, cap in ((0, 0, 3), (10, 1, 2), (40, 1, 1)):
        P[3], P[7] = p1, t1
        value = staged_estimate(tuple(P), state.trump, 6)
        assert value <= cap
        assert value > cap - 1


def test_a_marriage_to_66_waits_for_a_trick_where_the_rules_say_so():
    # With automatic declaring a marriage that brings a player with a trick to 66 wins at
    # once; the outside package keeps its points pending until he wins a trick, so there
    # (declare_on_announce off) the game goes on and the trick decides.
    trump = 0  # suits 0..3, ranks A T K Q J: card = suit * 5 + rank
    ace, king, queen = 5, 7, 8  # the marriage in suit 1, its ace with the opponent
    h0 = 1 << king | 1 << queen | 1 << 10 | 1 << 11 | 1 << 15  # player 0 leads
    h1 = 1 << ace | 1 << 12 | 1 << 16 | 1 << 17 | 1 << 19
    rest = [c for c in range(20) if not (h0 | h1) >> c & 1]
    trump_card = rest.pop(0)
    # hands, card points, marriage points, tricks, talon position, trump card, no close,
    # a lead made before, player 0 on lead
    P = (h0, h1, 50, 20, 0, 0, 1, 1, 4, trump_card, -1, 0, 0, 1, 0)
    talon = tuple(rest[:4]) * 3  # the cards still to draw (any order: nothing drawn here)
    at_once = Search(OUTSIDE_RULES, trump, talon, allow_close=False)
    waits = Search(OUTSIDE_RULES, trump, talon, allow_close=False, declare_on_announce=False)
    _, v = at_once.announce(P, king)
    assert v == 2  # 70 at once, against 20 card points (Schneider)
    Q, w = waits.announce(P, king)
    assert w is None and Q[4] == 20
    R, x = waits.trick(Q, king, ace)  # his ace takes the king: the game goes on
    assert x is None and R[14] == 1
    R, x = waits.trick(Q, king, 19)  # he lets it go: the trick won, 66 reached
    assert x is not None and x > 0
