"""Inference for the Bauernschnapsen and Talonschnapsen players: a king or queen led
without its marriage makes the partner card unlikely in the leader's hand."""

import random

from engine.ai.multi_inference import (
    UNANNOUNCED,
    announcement_evidence,
    evidence,
    likelihood,
    misfit,
)
from engine.ai.multi_pimc import MultiPimcBot
from engine.bauern import BauernState
from engine.multi.phases import PLAY as P_PLAY
from engine.multi.rule_bots import MultiRandomBot, MultiRuleBot
from engine.multi.sampling import sample_hidden
from engine.talon import TalonState


def _positions(cls, bot, n_games, seed=0):
    """(state, seat) at every decision of the play phase of ``n_games`` games."""
    rng = random.Random(seed)
    for g in range(n_games):
        s = cls.deal("alles" if g % 2 else "ueblich", seed=f"inf:{seed}:{g}", dealer=g % cls.N)
        while s.result is None:
            p = s.to_move
            if s.phase == P_PLAY:
                yield s, p
            s.push(bot.choose(s.view(p), rng))


def _unannounced_leads(state, seat):
    """From the full game: (leader, partner card) of every K/Q led without marriage."""
    announced = {(m.seat, m.suit) for m in state.marriages}
    tricks = [t.cards[0] for t in state.history] + ([state.trick[0]] if state.trick else [])
    out = set()
    for leader, card in tricks:
        if leader != seat and card % 5 in (2, 3) and (leader, card // 5) not in announced:
            out.add((leader, card // 5 * 5 + (5 - card % 5)))
    return out


def test_evidence_names_the_partner_of_every_king_or_queen_led_without_marriage():
    seen = 0
    for cls in (BauernState, TalonState):
        # 60 games: since issue 32 a Kontraschnapser's leading caller announces nothing
        # (no evidence from his lead) and a Talonschnapsen normal game ends at the
        # opponents' 66, so fewer positions speak
        for s, p in _positions(cls, MultiRandomBot(), 60):
            view = s.view(p)
            got = evidence(view)
            if not s.contract.marriages:
                assert got == []
                continue
            if s.contract.kind != "schnapser":
                assert set(got) == _unannounced_leads(s, p)
            assert all(q != p for q, _ in got)
            k = sum(s.hand[q] >> c & 1 for q, c in got)
            assert likelihood(got, s) == UNANNOUNCED**k
            seen += bool(got)
    assert seen > 10


def test_the_rule_player_never_leaves_a_marriage_unannounced():
    # Against players who announce every marriage they can, the true deal always has
    # the full likelihood: the inference never speaks against the truth.
    checked = 0
    for cls in (BauernState, TalonState):
        for s, p in _positions(cls, MultiRuleBot(), 30, seed=1):
            got = evidence(s.view(p))
            assert likelihood(got, s) == 1.0
            checked += bool(got)
    assert checked > 10


def test_the_bot_keeps_samples_by_the_likelihood():
    # A position where another seat led a king or queen without the marriage: the
    # strong bot's samples hold the partner card about UNANNOUNCED times as often as
    # the uniform deals do (a posterior, not a ban).
    rng = random.Random(4)
    bot = MultiPimcBot(seed=1)
    checked = 0
    for s, p in _positions(BauernState, MultiRandomBot(), 80, seed=2):
        view = s.view(p)
        got = evidence(view)
        if len(got) != 1:
            continue
        q, card = got[0]
        uniform = sum(sample_hidden(view, rng).hand[q] >> card & 1 for _ in range(300))
        if uniform < 60:
            continue  # the card is rarely his anyway
        kept = sum(bot.draw(view, rng, got)[0].hand[q] >> card & 1 for _ in range(300))
        # posterior odds = prior odds * UNANNOUNCED
        p0 = uniform / 300
        want = p0 * UNANNOUNCED / (p0 * UNANNOUNCED + 1 - p0)
        assert abs(kept / 300 - want) < 0.08, (uniform, kept, want)
        checked += 1
        if checked == 3:
            break
    assert checked == 3
    assert bot.draw(view, rng, [])[1] == 1  # no evidence: one deal, no rejection
    assert MultiPimcBot(inference=False).inference is False


def test_arena_multi_sets_options_and_compares_two_bots_on_the_same_deals():
    import importlib.util
    import sys
    from pathlib import Path

    import pytest

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("arena_multi", root / "bench" / "arena_multi.py")
    arena_multi = importlib.util.module_from_spec(spec)
    sys.modules["arena_multi"] = arena_multi
    spec.loader.exec_module(arena_multi)

    bot = arena_multi.make_bot("strong:inference=0:bid_margin=0.2", seed=1, budget=0.05)
    assert bot.inference == 0 and bot.bid_margin == pytest.approx(0.2)
    with pytest.raises(SystemExit):
        arena_multi.make_bot("strong:no_such=1", seed=1, budget=0.05)
    # two deals of two games each: a gains 2 and 4 points a game on y
    deals = [
        [{"points": {"a": 3.0, "b": 1.0}}, {"points": {"a": 2.0, "b": 0.0}}],
        [{"points": {"a": 4.0, "b": 0.0}}, {"points": {"a": 4.0, "b": 0.0}}],
    ]
    m, lo, hi = arena_multi.bootstrap_difference(deals, "a", "b", random.Random(0))
    assert m == pytest.approx(3.0) and lo == pytest.approx(2.0) and hi == pytest.approx(4.0)


# ---------------------------------------------------------------------- the auction
def _announced_positions(cls, kinds, n_games=80):
    """(state, seat) in the play of games the rule bot announced (a game of ``kinds``),
    for a seat other than the declarer."""
    bot = MultiRuleBot()
    for g in range(n_games):
        s = cls.deal("alles", seed=f"ann:{g}", dealer=g % cls.N)
        while s.result is None:
            p = s.to_move
            if s.phase == P_PLAY and s.contract.kind in kinds and p != s.declarer and not s.discard:
                yield s, p
                break
            s.push(bot.choose(s.view(p), random.Random(0)))


def test_the_auction_names_the_declarer_and_the_caller():
    seen = 0
    for s, p in _announced_positions(BauernState, ("bettler", "schnapser", "all_tricks")):
        found = announcement_evidence(s.view(p))
        seats = [seat for seat, _, _ in found]
        assert s.declarer in seats and p not in seats
        d = next(x for x in found if x[0] == s.declarer)
        assert d[1] == s.contract
        # his hand at the announcement: his hand now and what he played since
        played = d[2]
        assert not played & s.hand[s.declarer]
        seen += 1
    assert seen >= 5
    # the declarer himself reads nothing about his own announcement
    for s, _ in _announced_positions(BauernState, ("bettler",), 40):
        assert all(seat != s.declarer for seat, _, _ in announcement_evidence(s.view(s.declarer)))


def test_misfit_of_a_hand_for_its_game():
    from engine.cards import mask_of, parse_cards
    from engine.multi.contracts import contracts_for

    c = contracts_for(BauernState.RULES.from_dict("alles"))
    low = mask_of(parse_cards("QH JH QS JS JD"))
    assert misfit(low, c["bettler"], 0) == 0
    assert misfit(low | mask_of(parse_cards("AC")), c["bettler"], 0) == 1
    assert misfit(mask_of(parse_cards("AH TH KH QH JH")), c["gangl"], 0) == 0
    assert misfit(mask_of(parse_cards("AH TH")), 0, 0) == 0  # two of the called suit
    assert misfit(mask_of(parse_cards("AS TD")), 0, 0) == 2


def test_samples_follow_the_announcement():
    # the declarer's sampled hands fit his game better when the sampler reads the auction
    fitted = plain = n = 0
    for s, p in _announced_positions(BauernState, ("bettler", "schnapser", "all_tricks")):
        view = s.view(p)
        found = announcement_evidence(view)
        d = s.declarer
        played = next(x[2] for x in found if x[0] == d)
        for reads in (True, False):
            bot = MultiPimcBot(seed=1, inference=False, announcements=reads)
            rng = random.Random(5)
            total = 0
            for _ in range(30):
                st, _ = bot.draw(view, rng, [], found if reads else [])
                total += misfit(st.hand[d] | played, s.contract, st.trump_in_play)
            if reads:
                fitted += total
            else:
                plain += total
        n += 1
    assert n >= 5 and fitted < plain
