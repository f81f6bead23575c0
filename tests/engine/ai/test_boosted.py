"""The boosted horizon (engine.ai.boosted): the staged estimate corrected by
trees over the cards, antisymmetric, alike for every trump suit, capped."""

import random

import pytest

from engine import GameState
from engine.ai.boosted import (
    FEATURE_NAMES,
    boosted_estimate,
    boosted_features,
    flatten,
    load,
    swapped,
    tree_sum,
)
from engine.ai.estimate import staged_estimate
from engine.ai.search import Search, position_of

from .helpers import random_lead_positions


def _positions(n, seed):
    return [s for s in random_lead_positions(n, seed, "boosted") if s.lead < 0]


def _turn(mask, k=1):
    """The card mask with every suit moved on by ``k``."""
    out = 0
    for c in range(20):
        if mask >> c & 1:
            out |= 1 << (((c // 5 + k) % 4) * 5 + c % 5)
    return out


def test_the_trees_are_there_and_read_known_features():
    feature, threshold, lo, hi, value, roots = load()
    assert len(roots) > 10
    assert {len(feature), len(threshold), len(lo), len(hi), len(value)} == {len(feature)}
    assert set(feature) - {-1} <= set(range(len(FEATURE_NAMES)))
    for n, f in enumerate(feature):  # a node's children come after it; leaves have none
        assert (lo[n] > n and hi[n] > n) if f >= 0 else (lo[n], hi[n]) == (-1, -1)


def test_a_tree_goes_left_below_its_threshold():
    trees = flatten(((0, 1.0, -0.5, (1, 3.0, 0.25, 0.75)), 0.125))
    assert trees[0] == (0, -1, 1, -1, -1, -1)  # features by node; -1: a leaf
    assert trees[-1] == (0, 5)  # the roots
    assert tree_sum([0, 9], trees) == -0.5 + 0.125
    assert tree_sum([1, 2], trees) == 0.25 + 0.125
    assert tree_sum([1, 3], trees) == 0.75 + 0.125


def test_swapping_the_seats_negates_the_value_and_the_features():
    for state in _positions(60, 1):
        P = position_of(state)
        Q = (P[1], P[0], P[3], P[2], P[5], P[4], P[7], P[6], *P[8:14], 1 - P[14])
        for pos in (2, 6, 9):
            x = boosted_features(P, state.trump, pos)
            assert swapped(x) == boosted_features(Q, state.trump, pos)
            assert swapped(swapped(x)) == x
            a = boosted_estimate(P, state.trump, pos)
            b = boosted_estimate(Q, state.trump, pos)
            assert abs(a + b) < 1e-9


def test_every_trump_suit_is_alike():
    # The same position with all suits moved on (trump with them): the same value.
    for state in _positions(40, 2):
        P = position_of(state)
        value = boosted_estimate(P, state.trump, P[8])
        for k in (1, 2, 3):
            Q = list(P)
            Q[0], Q[1] = _turn(P[0], k), _turn(P[1], k)
            if P[9] >= 0:
                Q[9] = ((P[9] // 5 + k) % 4) * 5 + P[9] % 5
            turned = boosted_estimate(tuple(Q), (state.trump + k) % 4, P[8])
            assert abs(turned - value) < 1e-9


def test_the_trees_correct_the_staged_estimate_within_the_cap():
    moved = 0
    for state in _positions(80, 3):
        P = position_of(state)
        t0, t1 = P[6], P[7]
        s0, s1 = (P[2 + i] + (P[4 + i] if P[6 + i] else 0) for i in (0, 1))
        top = 3 if not t1 else (2 if s1 <= 32 else 1)
        bottom = 3 if not t0 else (2 if s0 <= 32 else 1)
        for pos in (2, 4, 6, 8):
            value = boosted_estimate(P, state.trump, pos)
            assert -bottom <= value <= top
            moved += abs(value - staged_estimate(P, state.trump, pos)) > 1e-6
    assert moved  # the trees do change values


def test_a_boosted_search_scores_its_horizon_with_it_before_the_draw():
    state = GameState.deal("weich", seed=4)
    P = position_of(state)
    assert Search.of(state, boosted=True).value(P, depth=0) == boosted_estimate(
        P, state.trump, P[8]
    )
    # The talon order does not steer the cut (the estimate is taken before the draw).
    talon = list(state.talon)
    lead = max(state.hand_of(state.to_move))
    values = set()
    for k in range(5):
        random.Random(k).shuffle(talon)
        s = Search(state.rules, state.trump, tuple(talon), boosted=True)
        values.add((s.follow_value(P, lead, depth=1), s.value(P, depth=1)))
    assert len(values) == 1
    # Without closing (the outside arena's rules) the horizon is the staged estimate.
    noclose = Search(
        state.rules, state.trump, tuple(talon), allow_close=False, staged=True, boosted=True
    )
    assert noclose.value(P, depth=0) == staged_estimate(P, state.trump, P[8])
    assert values != {
        (
            Search(state.rules, state.trump, tuple(talon), staged=True).follow_value(P, lead, 1),
            Search(state.rules, state.trump, tuple(talon), staged=True).value(P, 1),
        )
    }


def test_the_compiled_core_gives_the_reference_values_to_the_bit():
    from engine.ai import boosted

    if boosted.core is None:
        pytest.skip("the compiled core is not built (no C compiler at install time)")
    n = 0
    for state in _positions(150, 4):
        P = position_of(state)
        for pos in (2, 4, 6, 8, 9):
            assert boosted_estimate(P, state.trump, pos, use_core=True) == boosted_estimate(
                P, state.trump, pos, use_core=False
            )
            n += 1
    assert n > 200
