"""Hypothesis properties over seeded games with random (also silly) legal actions."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import GameState, RuleSet, sample_hidden
from engine.bots import RandomBot, play_game
from engine.cards import CARD_POINTS, FULL_MASK, SUIT_MASKS
from engine.game import STRONGER
from engine.playout import random_playout
from engine.record import GameRecord

PRESETS = [RuleSet.preset(n) for n in RuleSet.PRESETS]
RULES = st.sampled_from(PRESETS + [r.replace(auto_declare=True) for r in PRESETS])
FAST = settings(max_examples=60, deadline=None)


def places(s: GameState) -> list[int]:
    parts = [s.hand[0], s.hand[1], s.won[0], s.won[1]]
    if s.lead >= 0:
        parts.append(1 << s.lead)
    for c in s.talon[s.pos :]:
        parts.append(1 << c)
    if s.trump_card >= 0:
        parts.append(1 << s.trump_card)
    return parts


def random_game(rules, seed, dealer, wrong_declarations=False):
    rng = random.Random(seed)
    s = GameState.deal(rules, seed=seed, dealer=dealer)
    states, actions = [s], []
    while not s.is_over:
        acts = s.legal_actions()
        assert acts, "a legal action until the game ends"
        if not wrong_declarations and len(acts) > 1:
            acts = [a for a in acts if a.kind != "declare"] or acts
        a = rng.choice(acts)
        s = s.apply(a)
        states.append(s)
        actions.append(a)
    return states, actions


@FAST
@given(RULES, st.integers(0, 10**9), st.integers(0, 1), st.booleans())
def test_game_invariants(rules, seed, dealer, wrong):
    states, actions = random_game(rules, seed, dealer, wrong)
    for s in states:
        parts = places(s)
        total = 0
        for m in parts:
            assert total & m == 0, "a card in two places"
            total |= m
        assert total == FULL_MASK, "every card exactly once"
        assert s.pts[0] + s.pts[1] == sum(
            CARD_POINTS[c] for c in range(20) if (s.won[0] | s.won[1]) >> c & 1
        )
    end = states[-1]
    r = end.result
    assert r.winner in (0, 1) and r.game_points in (1, 2, 3)
    if not end.hand[0] and not end.hand[1] and not end.talon_closed:
        assert end.pts[0] + end.pts[1] == 120  # every card was played in a trick
    for s in states:  # trick points plus the points of cards not yet in a trick
        rest = sum(
            m.bit_count() and sum(CARD_POINTS[c] for c in range(20) if m >> c & 1)
            for m in places(s)[4:] + s.hand
        )
        assert s.pts[0] + s.pts[1] + rest == 120
    # same seed, same game
    again, again_actions = random_game(rules, seed, dealer, wrong)
    assert again_actions == actions and again[-1].result == r


@FAST
@given(RULES, st.integers(0, 10**9), st.integers(0, 1))
def test_strict_follow_rule_matches_the_reference_wording(rules, seed, dealer):
    states, _ = random_game(rules, seed, dealer)
    for s in states:
        if s.is_over or s.lead < 0:
            continue
        h = s.hand[s.to_move]
        got = {a.card for a in s.legal_actions()}
        if not s.strict:
            assert got == {c for c in range(20) if h >> c & 1}
            continue
        lead = s.lead
        same = [c for c in range(20) if h >> c & 1 and c // 5 == lead // 5]
        higher = [c for c in same if STRONGER[lead] >> c & 1]
        trumps = [c for c in range(20) if h >> c & 1 and SUIT_MASKS[s.trump] >> c & 1]
        expected = higher or same or trumps or [c for c in range(20) if h >> c & 1]
        assert got == set(expected)


@FAST
@given(RULES, st.integers(0, 10**9), st.integers(0, 1))
def test_sampled_deals_fit_the_view(rules, seed, dealer):
    states, _ = random_game(rules, seed, dealer)
    rng = random.Random(seed)
    for s in states[:-1]:
        for player in (0, 1):
            v = s.view(player)
            t = sample_hidden(v, rng)
            o = 1 - player
            assert t.hand[player] == s.hand[player]
            assert t.hand[o].bit_count() == s.hand[o].bit_count()
            assert v.opponent_known_mask & ~t.hand[o] == 0  # known cards stay with him
            assert t.hand[o] & v.opponent_excluded_mask == 0
            assert (t.won, t.pts, t.mar, t.trump, t.trump_card) == (
                s.won,
                s.pts,
                s.mar,
                s.trump,
                s.trump_card,
            )
            assert sorted(places(t)) and sum(m.bit_count() for m in places(t)) == 20
            # the real deal satisfies the same constraints (the view never lies)
            assert v.opponent_known_mask & ~s.hand[o] == 0
            assert s.hand[o] & v.opponent_excluded_mask == 0
            if player == s.to_move:
                assert t.legal_actions() == s.legal_actions()
            # the view holds nothing hidden
            d = v.to_dict()
            hidden = {c.name for c in s.hand_of(o)} - set(d["opponent_known"])
            hidden |= {c.name for c in s.talon_cards()}
            text = repr(d)
            assert not any(f"'{code}'" in text for code in hidden)


@settings(max_examples=40, deadline=None)
@given(RULES, st.integers(0, 10**9), st.integers(0, 1), st.integers(0, 12))
def test_fast_playout_plays_the_random_bots_moves(rules, seed, dealer, prefix):
    rng = random.Random(seed)
    s = GameState.deal(rules, seed=seed, dealer=dealer)
    for _ in range(prefix):  # start the playout from a mid-game state too
        if s.is_over:
            break
        s = s.apply(rng.choice([a for a in s.legal_actions() if a.kind != "declare"]))
    fast = random_playout(s, random.Random(seed + 1))
    slow = s.copy()
    play_game(slow, [RandomBot(), RandomBot()], random.Random(seed + 1))
    assert fast == slow.result


@FAST
@given(RULES, st.integers(0, 10**9), st.integers(0, 1), st.booleans())
def test_records_round_trip_and_replay(rules, seed, dealer, wrong):
    states, actions = random_game(rules, seed, dealer, wrong)
    record = GameRecord(rules, states[0].deck, dealer, tuple(actions), seed)
    text = record.to_json()
    again = GameRecord.from_json(text)
    assert again == record and again.to_json() == text
    replayed = again.replay()
    assert [x.to_dict() for x in replayed] == [x.to_dict() for x in states]
