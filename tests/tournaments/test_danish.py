"""The Danish system's pure code: standings by hand-computed tables, pairing properties."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.danish import (
    DanishError,
    DanishRound,
    Result,
    Terms,
    lot_order,
    pair_round,
    replay,
    standings,
)


def play(rnd: DanishRound, rng: random.Random, bummerl=2) -> list[Result]:
    """Random results for a paired round (the bye included)."""
    out = [Result(rnd.number, a, b, rng.choice((a, b)), bummerl, rng.randrange(bummerl))
           for a, b in rnd.pairings]  # fmt: skip
    if rnd.bye is not None:
        out.append(Result(rnd.number, rnd.bye, None))
    return out


def run(players, terms: Terms, seed: int):
    rng = random.Random(seed)
    results: list[Result] = []
    rounds = []
    for number in range(1, terms.rounds + 1):
        rnd = pair_round(number, players, results, terms, seed=seed * 100 + number)
        rounds.append(rnd)
        results += play(rnd, rng, terms.match_bummerl)
    return rounds, results


# ------------------------------------------------------------------ standings


def test_standings_order_by_match_points_then_bummerl_then_game_points():
    results = [
        Result(1, 1, 2, winner=1, winner_bummerl=2, loser_bummerl=0, game_points=(14, 3)),
        Result(1, 3, 4, winner=3, winner_bummerl=2, loser_bummerl=1, game_points=(15, 12)),
        Result(2, 1, 3, winner=3, winner_bummerl=2, loser_bummerl=1, game_points=(11, 14)),
        Result(2, 2, 4, winner=2, winner_bummerl=2, loser_bummerl=0, game_points=(14, 5)),
    ]
    table = standings([1, 2, 3, 4], results, Terms(rounds=2), seed=1)
    by = {s.player: s for s in table}
    assert [s.player for s in table] == [3, 1, 2, 4]
    # 3: two wins; 1 and 2 one win each: 1 is +1 (3:2), 2 is +0 (2:2) in Bummerl
    assert by[3].match_points == 2 and by[3].bummerl_difference == 2
    assert (by[1].bummerl_won, by[1].bummerl_lost) == (3, 2)
    assert (by[2].bummerl_won, by[2].bummerl_lost) == (2, 2)
    assert by[4].match_points == 0 and by[4].game_points == 17
    assert [s.place for s in table] == [1, 2, 3, 4]


def test_game_points_break_a_tie_of_match_points_and_bummerl():
    results = [
        Result(1, 1, 2, winner=1, winner_bummerl=2, loser_bummerl=0, game_points=(14, 2)),
        Result(1, 3, 4, winner=3, winner_bummerl=2, loser_bummerl=0, game_points=(16, 1)),
    ]
    table = standings([1, 2, 3, 4], results, Terms(rounds=1), seed=1)
    assert [s.player for s in table][:2] == [3, 1]


def test_buchholz_then_lot_for_full_ties():
    # 1 beat 2, 3 beat 4, then 2 beat 4: 1 and 3 are tied on everything but Buchholz
    results = [
        Result(1, 1, 2, winner=1, winner_bummerl=2, loser_bummerl=0),
        Result(1, 3, 4, winner=3, winner_bummerl=2, loser_bummerl=0),
        Result(2, 2, 4, winner=2, winner_bummerl=2, loser_bummerl=0),
    ]
    table = standings([1, 2, 3, 4], results, Terms(rounds=2), seed=5)
    assert [s.player for s in table][:2] == [1, 3]  # 1's opponent won once, 3's never
    assert table[0].buchholz == 1 and table[1].buchholz == 0
    lot = standings([1, 2, 3, 4], results, Terms(rounds=2, last_tiebreak="lot"), seed=5)
    first_two = [s.player for s in lot][:2]
    order = lot_order([1, 2, 3, 4], 5)
    assert first_two == sorted([1, 3], key=order.index)


@pytest.mark.parametrize("score, bummerl", [("match_won", (2, 0)), ("win_only", (0, 0))])
def test_a_bye_counts_as_a_won_match(score, bummerl):
    table = standings([1, 2, 3], [Result(1, 3, None)], Terms(rounds=1, bye_score=score), 1)
    s = next(s for s in table if s.player == 3)
    assert (s.won, s.match_points, s.byes, s.played) == (1, 1, 1, 0)
    assert (s.bummerl_won, s.bummerl_lost) == bummerl
    assert table[0].player == 3


def test_a_changed_result_changes_the_standings():
    before = [Result(1, 1, 2, winner=1, winner_bummerl=2, loser_bummerl=0)]
    after = [Result(1, 1, 2, winner=2, winner_bummerl=2, loser_bummerl=1)]
    assert standings([1, 2], before, Terms(), 1)[0].player == 1
    assert standings([1, 2], after, Terms(), 1)[0].player == 2


# ------------------------------------------------------------------ pairing


def test_round_one_is_a_seeded_lot_paired_in_order():
    rnd = pair_round(1, range(1, 9), [], Terms(), seed=42)
    order = lot_order(range(1, 9), 42)
    assert rnd.order == tuple(order)
    assert rnd.pairings == tuple((order[k], order[k + 1]) for k in range(0, 8, 2))
    assert rnd.bye is None
    assert pair_round(1, range(1, 9), [], Terms(), seed=42) == rnd


def test_later_rounds_pair_first_against_second_by_the_standings():
    results = [Result(1, a, a + 1, winner=a, winner_bummerl=2, loser_bummerl=a % 2)
               for a in (1, 3, 5, 7)]  # fmt: skip
    rnd = pair_round(2, range(1, 9), results, Terms(), seed=3, tournament_seed=9)
    table = standings(range(1, 9), results, Terms(), 9)
    order = [s.player for s in table]
    assert list(rnd.order) == order
    assert rnd.pairings[0] == (order[0], order[1])


def test_rematch_avoided_takes_the_next_player_and_allowed_repeats():
    # after 1-2 and 3-4 with 1 and 3 winning, the standings put 1 and 3 first; then 2, 4.
    results = [
        Result(1, 1, 2, winner=1, winner_bummerl=2, loser_bummerl=0),
        Result(1, 3, 4, winner=3, winner_bummerl=2, loser_bummerl=1),
        Result(2, 1, 3, winner=1, winner_bummerl=2, loser_bummerl=0),
        Result(2, 2, 4, winner=2, winner_bummerl=2, loser_bummerl=1),
    ]
    allowed = pair_round(3, [1, 2, 3, 4], results, Terms(rematches="allowed"), seed=1)
    assert allowed.rematches  # 1 (2 wins) meets 3 or 2 again
    avoided = pair_round(3, [1, 2, 3, 4], results, Terms(rematches="avoided"), seed=1)
    assert avoided.rematches == ()
    assert {frozenset(p) for p in avoided.pairings} == {frozenset((1, 4)), frozenset((2, 3))}


def test_odd_field_gives_the_bye_to_the_lowest_placed_without_one():
    results = [Result(1, 1, 2, winner=1, winner_bummerl=2, loser_bummerl=0),
               Result(1, 5, None)]  # fmt: skip
    rnd = pair_round(2, [1, 2, 3, 4, 5], results, Terms(), seed=1, tournament_seed=1)
    table = standings([1, 2, 3, 4, 5], results, Terms(), 1)
    lowest_without = [s.player for s in table if s.player != 5][-1]
    assert rnd.bye == lowest_without


def test_protocol_round_trips_and_replays():
    rounds, results = run(list(range(1, 12)), Terms(rounds=4, rematches="avoided"), seed=8)
    earlier: list[Result] = []
    for rnd in rounds:
        again = DanishRound.from_protocol(rnd.to_protocol())
        assert again == rnd
        assert replay(rnd.to_protocol(), earlier, Terms(rounds=4, rematches="avoided")) == rnd
        earlier += [r for r in results if r.round == rnd.number]
    tampered = rounds[1].to_protocol() | {"pairings": [[1, 2]]}
    with pytest.raises(DanishError):
        replay(tampered, [r for r in results if r.round == 1], Terms(rematches="avoided"))
    with pytest.raises(DanishError):
        DanishRound.from_protocol({"system": "danish"})


def test_too_few_players_and_bad_terms_are_refused():
    with pytest.raises(DanishError):
        pair_round(1, [1], [], Terms(), seed=1)
    with pytest.raises(DanishError):
        Terms(rematches="sometimes")
    with pytest.raises(DanishError):
        Terms(rounds=0)


def _avoidable(players, met) -> bool:
    """Brute force: is there a pairing of ``players`` (with one bye if odd) without repeats?"""
    players = list(players)

    def pairable(rest):
        if not rest:
            return True
        a = rest[0]
        return any(
            frozenset((a, b)) not in met and pairable([x for x in rest[1:] if x != b])
            for b in rest[1:]
        )

    if len(players) % 2:
        return any(pairable([p for p in players if p != bye]) for bye in players)
    return pairable(players)


@settings(max_examples=150, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=10),
    rounds=st.integers(min_value=1, max_value=9),
    seed=st.integers(min_value=0, max_value=10**6),
    rematches=st.sampled_from(["allowed", "avoided"]),
)
def test_pairing_properties(n, rounds, seed, rematches):
    players = list(range(1, n + 1))
    terms = Terms(rounds=rounds, rematches=rematches)
    rng = random.Random(seed)
    results: list[Result] = []
    byes: list[int] = []
    for number in range(1, rounds + 1):
        met = {frozenset((r.left, r.right)) for r in results if r.right is not None}
        rnd = pair_round(number, players, results, terms, seed=seed + number)
        seen = [p for pair in rnd.pairings for p in pair] + ([rnd.bye] if rnd.bye else [])
        assert sorted(seen) == players  # every present player exactly once
        assert (rnd.bye is not None) == (n % 2 == 1)  # at most one bye, only if odd
        assert all(a != b for a, b in rnd.pairings)
        if rematches == "avoided" and _avoidable(players, met):
            assert rnd.rematches == ()
        assert pair_round(number, players, results, terms, seed=seed + number) == rnd
        if rnd.bye is not None:
            byes.append(rnd.bye)
        results += play(rnd, rng)
    if rematches == "allowed" and n % 2:
        # nobody has a second bye while another player has had none
        counts = [byes.count(p) for p in players]
        assert max(counts) - min(counts) <= 1


def test_large_fields_avoid_every_rematch_over_many_rounds():
    # Dirac: with at most n/2 rounds a pairing without repeats always exists
    for n in (64, 101, 256):
        rounds, _results = run(list(range(n)), Terms(rounds=9, rematches="avoided"), seed=n)
        assert all(r.rematches == () for r in rounds)
        pairs = [frozenset(p) for r in rounds for p in r.pairings]
        assert len(pairs) == len(set(pairs))


def test_players_who_left_still_count_for_their_opponents():
    results = [Result(1, 1, 2, winner=1, winner_bummerl=2, loser_bummerl=0),
               Result(1, 3, 4, winner=3, winner_bummerl=2, loser_bummerl=0)]  # fmt: skip
    rnd = pair_round(2, [1, 3, 4], results, Terms(), seed=2)  # player 2 left
    assert 2 not in [p for pair in rnd.pairings for p in pair] + [rnd.bye]
    assert set(itertools.chain(*rnd.pairings)) | {rnd.bye} == {1, 3, 4}
