"""Two tricks deep without the draws, the bot's second move one for all samples."""

import random

from engine import GameState
from engine.actions import MARRIAGE, PLAY
from engine.ai import make_bot, twotrick
from engine.ai.search import Search, position_of
from engine.bots import RuleBot

from .helpers import OUTSIDE_RULES as OUTSIDE


def test_a_trick_searched_without_its_draws_leaves_the_cards_unknown():
    state = GameState.deal("weich", seed="skip")
    P = position_of(state)
    lead = max(state.hand_of(state.to_move))
    card = min(state.hand_of(1 - state.to_move))
    plain = Search.of(state)
    skip = Search.of(state, skip_draws=True)
    Q, _ = plain.trick(P, lead, card)
    R, _ = skip.trick(P, lead, card)
    assert Q[0].bit_count() == Q[1].bit_count() == 5  # both drew
    assert R[0].bit_count() == R[1].bit_count() == 4  # nobody drew, nothing seen
    assert R[8] == Q[8] == P[8] + 2  # the talon moved on all the same
    assert R[2:8] == Q[2:8] and R[14] == Q[14]
    # the last draw (the face-up trump card to the loser) is made: after it every
    # card is known
    L = list(P)
    L[8] = 8
    S, _ = skip.trick(tuple(L), lead, card)
    assert S[8] == 9 and S[0].bit_count() + S[1].bit_count() == 10


def test_two_tricks_without_the_draws_do_not_depend_on_the_talon_order():
    rng = random.Random(5)
    checked = differs = 0
    for seed in range(20):
        state = GameState.deal("weich", seed=f"order:{seed}")
        P = position_of(state)
        talon = list(state.talon)
        shuffled = talon[:]
        rng.shuffle(shuffled)
        skip = [
            Search(state.rules, state.trump, tuple(t), staged=True, skip_draws=True)
            for t in (talon, shuffled)
        ]
        plain = [Search(state.rules, state.trump, tuple(t), staged=True) for t in (talon, shuffled)]
        assert skip[0].value(P, depth=2) == skip[1].value(P, depth=2)
        differs += plain[0].value(P, depth=2) != plain[1].value(P, depth=2)
        checked += 1
    assert checked == 20 and differs > 0  # with the draws, the order steers the value


def _table(me_values):
    """A sample's table: the bot follows (no reply of his), wins the trick and leads
    the second one; ``me_values`` are its leads' values (signed for player 0)."""
    return {"a": {None: ("me", dict(me_values))}}


def test_the_bots_second_lead_is_one_for_all_the_samples():
    # In sample 1 the king is best, in sample 2 the ace: PIMC would take the best in
    # each (+1 on average); one lead for both is worth 0 here.
    samples = [_table({"K": 1.0, "A": -1.0}), _table({"K": -1.0, "A": 1.0})]
    assert twotrick.values(samples, ["a"], 0, 0.25) == {"a": 0.0}
    # a lead good in both is found, and values are the bot's (player 1: negated)
    samples = [_table({"K": 1.0, "A": -1.0}), _table({"K": 1.0, "A": 0.5})]
    assert twotrick.values(samples, ["a"], 0, 0.25) == {"a": 1.0}
    # as player 1 the ace is its lead (for it +1 and -0.5 against -1 and -1)
    assert twotrick.values(samples, ["a"], 1, 0.25) == {"a": 0.25}


def test_the_bots_second_follow_is_one_for_each_lead_of_his():
    # He leads in the second trick; for his lead "x" the bot must pick one card for all
    # the samples where he can lead it, and in each sample he leads what hurts most.
    s1 = {"a": {None: ("him", {"x": {"c": 2.0, "d": -2.0}, "y": {"c": 1.0}})}}
    s2 = {"a": {None: ("him", {"x": {"c": -1.0, "d": 1.0}})}}
    # for "x" the bot's card c sums 1, d sums -1: c. Sample 1: min(2, 1) = 1; sample 2: -1
    assert twotrick.values([s1, s2], ["a"], 0, 0.0) == {"a": 0.0}


def test_his_first_reply_is_blended_by_the_softness():
    # The bot leads; his replies r and s end the game at +1 and -1 for player 0.
    samples = [{"a": {"r": 1.0, "s": -1.0}}]
    assert twotrick.values(samples, ["a"], 0, 0.0) == {"a": -1.0}
    assert twotrick.values(samples, ["a"], 0, 0.5) == {"a": -0.5}


def test_strong_two_tricks_deep_plays_legal_moves_within_its_budget():
    bot = make_bot("strong", seed=3, time_budget=0.05)
    bot.allow_close = False
    bot.two_trick = True
    moves = deep = 0
    for g in range(6):
        state = GameState.deal(OUTSIDE, seed=f"tt:{g}", dealer=g % 2)
        rule = RuleBot()
        while not state.is_over:
            p = state.to_move
            if p == 0:
                view = state.view(0)
                action = bot.choose(view, None)
                assert action in view.legal
                if bot.last_info.get("depth") == 2:
                    deep += 1
                    assert bot.last_info["nodes"] <= 1.25 * bot.node_budget
                moves += 1
            else:
                action = rule.choose(state.view(p), None)
            state.push(action)
    assert deep > 5 and moves > deep


def test_tables_value_plays_and_marriages_only():
    state = GameState.deal(OUTSIDE, seed="kinds")
    search = Search.of(state, staged=True, skip_draws=True)
    acts = [a for a in state.legal_actions() if a.kind in (PLAY, MARRIAGE)]
    got = twotrick.tables(search, state, acts, state.to_move)
    assert set(got) == set(acts)
    for row in got.values():  # his replies: every card of his hand (phase 1)
        assert len(row) == 5 or None in row
