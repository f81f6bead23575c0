"""Hypothesis properties over many seeded Bauernschnapsen and Talonschnapsen games with
random legal actions (silly bids and doubles included) under random rule options."""

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bauern import BauernState
from engine.cards import CARD_POINTS
from engine.messages import CATALOGUE
from engine.multi.actions import (
    BID_ACTIONS,
    CALL_ACTIONS,
    DISCARD_ACTIONS,
    PLAY_ACTIONS,
    SIMPLE,
    TURN_UP_ACTIONS,
)
from engine.multi.phases import CUT_PHASE
from engine.multi.sampling import sample_hidden
from engine.multi.state import MultiState
from engine.tables.record import MultiGameRecord, MultiMatchRecord
from engine.talon import TalonState

FAST = settings(max_examples=60, deadline=None)
FULL = (1 << 20) - 1
EVERY_ACTION = (
    list(PLAY_ACTIONS)
    + list(CALL_ACTIONS)
    + list(TURN_UP_ACTIONS.values())
    + list(BID_ACTIONS.values())
    + list(SIMPLE.values())
    + list(DISCARD_ACTIONS.values())[::17]
)
CARD = re.compile(r'"([ATKQJ][HDSC])"')

COMMON = {
    "name": st.sampled_from(["ueblich", "alles", "ohne_bettler", "keine"]),
    "plauderer": st.sampled_from("abc"),
    "schnapser_with_partner": st.booleans(),
    "schnapser_forty": st.sampled_from(["any", "after_one_trick"]),
    "zehnergang_rank": st.sampled_from(["above_gangl", "equal_gangl"]),
    "bettler_lead": st.sampled_from(["caller", "announcer"]),
    "trump_when_beaten": st.booleans(),
    "call_from_hand": st.booleans(),
    "turn_up": st.booleans(),
    "three_jacks": st.booleans(),
    "revoke": st.sampled_from(["game", "three"]),
}
TALON = {
    "raise_when_outbid": st.booleans(),
    "raise_after_talon": st.booleans(),
    "bummerl": st.sampled_from(["lowest", "below_target"]),
    "normal_last_trick": st.booleans(),
    "shown_games": st.sampled_from(["shown", "played"]),
    "opponents_66": st.sampled_from(["ends", "plays_on"]),
}


@st.composite
def games(draw):
    cls = draw(st.sampled_from([BauernState, TalonState]))
    opts = draw(st.fixed_dictionaries({**COMMON, **(TALON if cls is TalonState else {})}))
    name = opts.pop("name")
    rules = cls.RULES.preset(name).replace(**opts)
    return cls, rules, draw(st.integers(0, 10**9)), draw(st.integers(0, cls.N - 1))


def random_game(cls, rules, seed, dealer, *, quiet=False):
    """Random legal actions; ``quiet`` passes in the bidding and doubling half the time
    (so that normal games are played too)."""
    rng = random.Random(seed)
    s = cls.deal(rules, seed=seed, dealer=dealer)
    states, actions = [s], []
    while not s.is_over:
        acts = s.legal_actions()
        assert acts, "a legal action until the game ends"
        if quiet and any(str(a) == "pass" for a in acts):
            acts = [a for a in acts if str(a) == "pass"]
        a = rng.choice(acts)
        s = s.apply(a)
        states.append(s)
        actions.append(a)
    return states, actions


def places(s):
    return (
        list(s.hand)
        + [1 << c for x in s.later for c in x]
        + [s.talon, s.discard]
        + list(s.won)
        + [1 << c for _, c in s.trick]
    )


def hidden_from(s, seat) -> set[str]:
    """The cards ``seat`` may not know about in ``s``, from the full state: other hands
    but for their publicly known cards (and what a Plauderer (a) let him see), every
    face-down card, the talon, the cards laid away by another player."""
    hidden = 0
    for q in range(s.N):
        if q != seat:
            hidden |= s.hand[q] & ~(s.known[q] | s.seen[seat])
        for c in s.later[q]:
            hidden |= 1 << c
    hidden |= s.talon
    if seat != s.declarer:
        hidden |= s.discard & ~s.known[s.declarer]  # a turned-up trump laid away is known
    return {f"{'ATKQJ'[c % 5]}{'HDSC'[c // 5]}" for c in range(20) if hidden >> c & 1}


@FAST
@given(games(), st.booleans())
def test_invariants_replay_and_records(game, quiet):
    cls, rules, seed, dealer = game
    states, actions = random_game(cls, rules, seed, dealer, quiet=quiet)
    for s in states:
        if s.phase != CUT_PHASE:
            total = 0
            for m in places(s):
                assert total & m == 0, "a card in two places"
                total |= m
            assert total == FULL, "every card exactly once"
        won = [0, 0]
        for q in range(s.N):
            assert s.pts[q] == sum(CARD_POINTS[c] for c in range(20) if s.won[q] >> c & 1)
            if s.side:
                won[s.side[q]] += s.pts[q]
        if s.side:
            assert list(s.spts) == won, "side points are the sum of their tricks"
            assert sum(s.strk) == s.ntricks == len(s.history)
    mid = states[len(states) // 2]
    twin = mid.copy()
    for f in MultiState.__slots__:
        assert getattr(twin, f) == getattr(mid, f), f"copy() loses {f}"
    for f in ("hand", "won", "known", "excl", "seen", "spts"):
        assert getattr(twin, f) is not getattr(mid, f), f"copy() shares the list {f}"
    end = states[-1]
    r = end.result
    assert r.reason.code in CATALOGUE and json.loads(json.dumps(r.to_dict()))
    if not r.is_redeal:
        assert sum(1 for w in r.written if w) in ((1, 2) if cls is TalonState else (1,))
        assert all(w in (0, r.game_points) for w in r.written)
    record = MultiGameRecord(cls.GAME, rules, states[0].deck, dealer, tuple(actions), seed)
    assert record.final_state().to_dict() == end.to_dict(), "replay reproduces the game"
    again = MultiGameRecord.from_json(record.to_json())
    assert again == record and again.to_json() == record.to_json()
    match = MultiMatchRecord(cls.GAME, rules, dealer, (record,), None)
    assert MultiMatchRecord.from_json(match.to_json()) == match


@FAST
@given(games())
def test_illegal_actions_have_reasons_with_codes(game):
    cls, rules, seed, dealer = game
    states, _ = random_game(cls, rules, seed, dealer)
    rng = random.Random(seed)
    for s in states[:-1]:
        legal = set(s.legal_actions())
        for a in rng.sample(EVERY_ACTION, 12):
            why = s.why_illegal(a)
            if a in legal:
                assert why is None
            else:
                assert why is not None and why.code in CATALOGUE, (a, s)
    assert states[-1].why_illegal("pass").code == "game_over"


@settings(max_examples=40, deadline=None)
@given(games(), st.booleans())
def test_views_leak_nothing(game, quiet):
    cls, rules, seed, dealer = game
    states, _ = random_game(cls, rules, seed, dealer, quiet=quiet)
    rng = random.Random(seed)
    for s in states[:: max(1, len(states) // 6)] + [states[-1]]:
        for seat in range(cls.N):
            v = s.view(seat)
            d = v.to_dict()
            text = json.dumps(d)
            assert not set(CARD.findall(text)) & hidden_from(s, seat), "a hidden card in the view"
            k = rng.randrange(10**6)
            t = sample_hidden(v, random.Random(k))
            # the sample fits the view ...
            assert t.view(seat).to_dict() == d
            assert t.legal_actions() == s.legal_actions() or s.to_move != seat
            # ... and sampling depends only on the view: another deal with the same view
            # samples the very same state
            u = sample_hidden(t.view(seat), random.Random(k))
            assert u.to_dict() == t.to_dict()


def test_sampling_is_uniform_enough():
    """Every unseen card reaches every hand that may hold it."""
    s = BauernState.deal("ueblich", seed=5, dealer=3).apply("cut").apply("call:H")
    v = s.view(1)
    where = {c: set() for c in range(20) if v.unseen_mask() >> c & 1}
    rng = random.Random(0)
    for _ in range(300):
        t = sample_hidden(v, rng)
        for c in where:
            for q in (0, 2, 3):
                if t.hand[q] >> c & 1:
                    where[c].add(q)
    assert all(len(x) == 3 for x in where.values()) and len(where) == 15
