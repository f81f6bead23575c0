"""The pure Glicko-2 core: Glickman's worked example and properties."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.glicko2 import (
    DEFAULT_DEVIATION,
    Match,
    Rating,
    Result,
    expected_score,
    idle,
    rate,
    rate_period,
    team_opponent,
)


def test_glickmans_worked_example():
    # "Example of the Glicko-2 system", section "Example calculation"
    new = rate(
        Rating(1500, 200, 0.06),
        [Result(1400, 30, 1), Result(1550, 100, 0), Result(1700, 300, 0)],
    )
    # the paper rounds its intermediate steps and prints 1464.06, 151.52, 0.05999
    assert abs(new.rating - 1464.06) < 0.02
    assert abs(new.deviation - 151.52) < 0.01
    assert abs(new.volatility - 0.05999) < 0.00001


def test_idle_period_grows_the_deviation_only():
    before = Rating(1600, 50, 0.06)
    after = idle(before)
    assert after.rating == 1600 and after.volatility == 0.06
    assert math.isclose(after.deviation, math.sqrt(50**2 + (0.06 * 173.7178) ** 2), rel_tol=1e-9)
    assert idle(before, 0) == before
    assert idle(Rating(1500, 349, 0.06), 100).deviation == DEFAULT_DEVIATION


def test_team_partners_are_rated_against_the_opposing_mean():
    ratings = {"a": Rating(1600, 100), "b": Rating(1400, 100)}
    assert team_opponent([ratings["a"], ratings["b"]]) == (1500, 100)
    out = rate_period(ratings, [Match(("a", "b"), ("c", "d"), True)])
    assert set(out) == {"a", "b", "c", "d"}
    assert out["a"][1:] == (1, 0) and out["c"][1:] == (0, 1)
    # each partner against one opponent of (1500, 350): the new players c and d
    alone = rate(ratings["a"], [Result(1500, 350, 1)])
    assert out["a"][0] == alone
    assert out["c"][0] == out["d"][0]


ratings = st.builds(
    Rating,
    st.floats(800, 2200),
    st.floats(30, 350),
    st.floats(0.03, 0.1),
)


@settings(max_examples=200, deadline=None)
@given(ratings, ratings, st.booleans())
def test_a_win_raises_a_loss_lowers(player, opponent, won):
    new = rate(player, [Result(opponent.rating, opponent.deviation, 1.0 if won else 0.0)])
    assert (new.rating > player.rating) if won else (new.rating < player.rating)
    # one match makes the rating more certain unless the volatility grew a lot
    assert new.deviation <= math.sqrt(player.deviation**2 + (new.volatility * 173.7178) ** 2)
    assert 0 < new.deviation <= DEFAULT_DEVIATION
    assert all(math.isfinite(x) for x in (new.rating, new.deviation, new.volatility))


@settings(max_examples=100, deadline=None)
@given(ratings, ratings)
def test_expected_scores_are_complementary_for_equal_deviations(a, b):
    a = Rating(a.rating, 100, a.volatility)
    b = Rating(b.rating, 100, b.volatility)
    assert math.isclose(expected_score(a, b) + expected_score(b, a), 1.0, rel_tol=1e-12)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 7), st.integers(0, 7), st.booleans()).filter(
            lambda m: m[0] != m[1]
        ),
        min_size=1,
        max_size=20,
    )
)
def test_a_period_is_deterministic_and_symmetric_in_names(matches):
    period = [Match((a,), (b,), won) for a, b, won in matches]
    first = rate_period({}, period)
    assert first == rate_period({}, period)
    # the same period told from the other side gives the same numbers
    mirrored = rate_period({}, [Match(m.right, m.left, not m.left_won) for m in period])
    assert first == mirrored
    # everyone starts equal: the sum of wins equals the sum of losses
    assert sum(w for _, w, _ in first.values()) == sum(lost for _, _, lost in first.values())
