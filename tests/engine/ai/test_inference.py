"""Inference from the opponent's whole game (``ai/inference.py``): the decisions read
off the view's past tricks, checked against the hands he really held in played games."""

import random
from itertools import combinations

import pytest

from engine import GameState, RuleSet
from engine.actions import CLOSE, DECLARE, EXCHANGE, MARRIAGE, PLAY
from engine.ai.inference import (
    MISSED_MARRIAGE,
    _held,
    evidence,
    likelihood,
)
from engine.sampling import sample_hidden


def _games(count, rules, seed):
    """Random legal games (exchanges, marriages and closes taken often), yielding at
    every turn of player 0 the state and the hands player 1 held at each of his card
    plays so far (``{(trick, kind): hand}``, the hand just before the card left it)."""
    rng = random.Random(seed)
    for g in range(count):
        st = GameState.deal(rules, seed=f"inf:{seed}:{g}", dealer=g % 2)
        held = {}
        while not st.is_over:
            acts = st.legal_actions()
            if st.to_move == 0:
                yield st, dict(held)
            keen = [a for a in acts if a.kind in (EXCHANGE, MARRIAGE)]
            plain = [a for a in acts if a.kind != DECLARE] or acts
            if keen and rng.random() < 0.7:
                a = rng.choice(keen)
            elif any(a.kind == CLOSE for a in acts) and rng.random() < 0.1:
                a = next(a for a in acts if a.kind == CLOSE)
            else:
                a = rng.choice(plain)
            if st.to_move == 1 and a.kind in (PLAY, MARRIAGE):
                kind = "lead" if st.lead < 0 else "follow"
                held[(st.tricks, kind)] = st.hand[1]
            st.push(a)


@pytest.mark.parametrize("preset", ["weich", "scharf"])
def test_every_decision_fits_the_hand_he_really_held(preset):
    # For every decision the view shows, his real hand then is one the reading allows:
    # it lies in his hand now plus the cards played since, holds every card said to be
    # older, none said to be newer, and lacks exactly the cards drawn since; and his
    # real hand now is never impossible.
    rules = RuleSet.preset(preset)
    checked = drawn = 0
    for st, held in _games(60, rules, seed=preset):
        view = st.view(0)
        now = st.hand[1]
        decisions = evidence(view)
        assert len(decisions) == len(view.past) + (view.lead_index >= 0 and view.leader == 1)
        order = sorted(held)
        assert len(order) == len(decisions)
        for (trick, kind), d in zip(order, decisions, strict=True):
            assert d.kind == kind
            then = held[(trick, kind)]
            assert then >> d.card & 1
            pool = now | d.plus
            assert not then & ~pool, "a card of then that is neither his now nor played"
            assert d.old & pool & ~then == 0, "a card said to be older was not held"
            assert not then & d.new, "a card said to be newer was held"
            assert (pool & ~then & ~d.new).bit_count() == d.draws - d.new_draws
            checked += 1
            drawn += d.draws > 0
        assert likelihood(view, decisions, now) > 0
    assert checked > 1000 and drawn > 500, (checked, drawn)


def test_the_chance_of_holding_cards_is_the_count_over_the_draws():
    # _held against the enumeration of every set of cards he may have drawn since.
    rules = RuleSet.preset("weich")
    seen = 0
    for st, _ in _games(30, rules, seed=5):
        view = st.view(0)
        now = sample_hidden(view, random.Random(seen)).hand[1]
        for d in evidence(view):
            if not d.draws:
                continue
            pool = now | d.plus
            free = pool & ~d.old & ~d.new
            cards = [c for c in range(20) if free >> c & 1]
            r = min(d.draws - d.new_draws, len(cards))
            subsets = list(combinations(cards, r))
            for pair in combinations([c for c in range(20) if pool >> c & 1], 2):
                want = pair[0], pair[1]
                mask = (1 << want[0]) | (1 << want[1])
                if mask & d.new:
                    continue
                count = sum(1 for sub in subsets if not any(c in want for c in sub))
                got = _held(d, pool, free, free.bit_count(), r, mask)
                assert got == pytest.approx(count / len(subsets))
                seen += 1
    assert seen > 1000


def _no_marriage(hand):
    return not any(hand >> (s * 5 + 2) & 3 == 3 for s in range(4))


def _missed_marriage_long_ago():
    """A view of player 0 where player 1 led at an earlier trick, not the last, with a
    marriage in his hand that he did not announce, and still holds both cards; with
    the lead of that trick (a decision of ``evidence``) and a hand he might hold instead
    that could have shown no marriage then."""
    rules = RuleSet.preset("weich")
    for g in range(2000):
        st = GameState.deal(rules, seed=f"marry:{g}", dealer=1)
        missed = None
        while not st.is_over and st.tricks < 4:
            acts = [a for a in st.legal_actions() if a.kind == PLAY]
            if st.to_move == 1 and st.lead < 0 and missed is None:
                suits = [s for s in range(4) if st.hand[1] >> (s * 5 + 2) & 3 == 3]
                if suits and st.won[1] and st.tricks > 0:
                    k, q = suits[0] * 5 + 2, suits[0] * 5 + 3
                    acts = [a for a in acts if a.card not in (k, q)]
                    missed = (st.tricks, suits[0])
            st.push(min(acts, key=lambda a: a.card))
        if not missed or st.is_over or st.to_move != 0 or st.lead >= 0:
            continue
        trick, s = missed
        if st.tricks < trick + 2 or st.hand[1] >> (s * 5 + 2) & 3 != 3:
            continue
        view = st.view(0)
        led = view.past[trick].lead
        d = next(d for d in evidence(view) if d.kind == "lead" and d.card == led)
        for seed in range(50):
            other = sample_hidden(view, random.Random(seed)).hand[1]
            if _no_marriage(other | d.plus):
                return st, d, other
    raise AssertionError("no such game")


def test_a_marriage_not_announced_tricks_ago_still_counts():
    st, decision, other = _missed_marriage_long_ago()
    view = st.view(0)
    hand = st.hand[1]
    full = likelihood(view, evidence(view), hand)
    last = likelihood(view, evidence(view, recall=1), hand)
    # he may have drawn them since, so the miss weighs less than at once, but it weighs
    assert full < last
    assert MISSED_MARRIAGE < likelihood(view, [decision], hand) < 0.9
    # a hand that could have shown no marriage then is not weighed by that lead
    assert likelihood(view, [decision], other) == 1.0


def test_recall_one_reads_the_table_and_the_last_trick_only():
    for st, _ in _games(10, RuleSet.preset("weich"), seed=9):
        view = st.view(0)
        got = evidence(view, recall=1)
        on_table = view.lead_index >= 0 and view.leader == 1
        assert len(got) == min(len(view.past), 1) + on_table


def test_the_bot_reads_as_far_back_as_its_recall():
    # The strong bot's samples follow the whole game with recall=10: a hand with the
    # marriage he did not announce tricks ago is drawn less often than with recall=1,
    # and less again when he is taken to announce more reliably.
    from engine.ai import InfoSetBot

    st, _, _ = _missed_marriage_long_ago()
    view = st.view(0)
    suit = next(s for s in range(4) if st.hand[1] >> (s * 5 + 2) & 3 == 3)

    def share(bot):
        draw = bot._sampler(view, random.Random(3))
        return sum(draw().hand[1] >> (suit * 5 + 2) & 3 == 3 for _ in range(400)) / 400

    last = share(InfoSetBot(seed=1, recall=1))
    full = share(InfoSetBot(seed=1, recall=10))
    sure = share(InfoSetBot(seed=1, recall=10, missed_marriage=0.01))
    assert sure < full < last
