"""The open-card search against a plain minimax over the engine, and the computer
players of Bauernschnapsen and Talonschnapsen (legal, deterministic per seed)."""

import random

import pytest

from engine.ai.multi_pimc import MultiPimcBot, make_multi_pimc
from engine.ai.multi_search import MultiSearch, SearchLimit, solve
from engine.bauern import BauernState
from engine.multi.phases import PLAY
from engine.multi.rule_bots import MultiRandomBot, MultiRuleBot
from engine.tables.bots import make_multi_bot, play_multi_game
from engine.talon import TalonState

from .multi_util import bauern, run
from .test_bauern_scenarios import ALL_HEARTS_0, STRONG


def minimax(s):
    if s.result is not None:
        r = s.result
        return r.base_value if r.declarer_won else -r.base_value
    vals = [minimax(s.apply(a, check=False)) for a in s.legal_actions()]
    return max(vals) if s.side[s.to_move] == 0 else min(vals)


def to_play(cls, rules, seed, bot, skip):
    rng = random.Random(seed)
    s = cls.deal(rules, seed=seed, dealer=seed % cls.N)
    while s.result is None and s.phase != PLAY:
        s.push(bot.choose(s.view(s.to_move), rng))
    for _ in range(skip):
        if s.result is not None:
            break
        s.push(rng.choice(s.legal_actions()))
    return s


CASES = [
    (BauernState, "ueblich", {}),
    (BauernState, "alles", {}),
    (BauernState, "alles", {"trump_when_beaten": False, "schnapser_with_partner": True}),
    (BauernState, "ueblich", {"schnapser_forty": "after_one_trick"}),
    (TalonState, "ueblich", {}),
    (TalonState, "alles", {"normal_last_trick": True, "trump_when_beaten": False}),
    (TalonState, "keine", {"opponents_66": "plays_on", "normal_last_trick": True}),
    (TalonState, "alles", {"schnapser_forty": "after_one_trick"}),
]


@pytest.mark.parametrize(("cls", "preset", "options"), CASES)
def test_search_equals_minimax(cls, preset, options):
    rules = cls.RULES.preset(preset).replace(**options)
    checked = 0
    for seed in range(30):
        bot = MultiRandomBot() if seed % 2 else MultiRuleBot()
        s = to_play(cls, rules, seed, bot, skip=cls.N * 2 + seed % 3)
        if s.result is not None:
            continue
        assert MultiSearch(s).value(s) == minimax(s), (seed, s)
        checked += 1
    assert checked >= 10


def test_search_values_a_finished_state_and_respects_its_limit():
    s = run(bauern(*STRONG), "call:H", "pass", "pass", "pass", "pass", "pass", "pass")
    assert solve(s) == 3  # the caller's hearts and AD: 66 with the other side trickless
    end = run(s, "play:AD", "play:TD", "play:AS", "play:AC", "marriage:KH")
    assert solve(end) == 3
    with pytest.raises(SearchLimit):
        MultiSearch(s, limit=5).value(s)
    with pytest.raises(ValueError, match="play phase"):
        MultiSearch(bauern(*STRONG))


def test_rule_bot_beats_random_in_both_games():
    for cls in (BauernState, TalonState):
        mine = theirs = 0
        for i in range(120):
            s = cls.deal("ueblich", seed=i, dealer=i % cls.N)
            seats = {i % 2, i % 2 + 2} if cls.N == 4 else {i % 3}
            bots = [MultiRuleBot() if q in seats else MultiRandomBot() for q in range(cls.N)]
            play_multi_game(s, bots, random.Random(i))
            for k, w in enumerate(s.result.written):
                owners = {k, k + 2} if cls.N == 4 else {k}
                if owners & seats:
                    mine += w
                else:
                    theirs += w / (2 if cls.N == 3 else 1)
        assert mine > 1.5 * theirs, (cls, mine, theirs)  # theirs: per random seat


def test_pimc_is_legal_and_deterministic_per_seed():
    for cls in (BauernState, TalonState):
        s = cls.deal("alles", seed=4, dealer=1)
        a = MultiPimcBot(seed=3, time_budget=0.01, max_samples=3, min_samples=2)
        b = MultiPimcBot(seed=3, time_budget=0.01, max_samples=3, min_samples=2)
        moves = 0
        while not s.is_over:
            v = s.view(s.to_move)
            x = a.choose(v)
            assert x in s.legal_actions()
            assert b.choose(v) == x, "the same seed and view give the same move"
            s.push(x)
            moves += 1
        assert moves > 10


def test_pimc_announces_a_sure_herrenschnapser_and_calls_its_suit():
    s = bauern(*ALL_HEARTS_0, rules="alles").apply("call:H")
    bot = make_multi_pimc("medium", seed=1)
    assert str(bot.choose(s.view(0))) == "bid:herrenschnapser"
    call = bauern(*ALL_HEARTS_0, rules="alles")
    assert str(bot.choose(call.view(0))) == "call:H"


def test_pimc_discards_legally_in_talonschnapsen():
    s = TalonState.deal("ueblich", seed=2, dealer=2)
    rng = random.Random(0)
    rule = MultiRuleBot()
    while s.phase_name != "talon":
        s.push("pass" if s.phase_name == "bid" else rule.choose(s.view(s.to_move), rng))
    bot = MultiPimcBot(seed=0, time_budget=0.02, max_samples=3, min_samples=2)
    a = bot.choose(s.view(s.to_move))
    assert a.kind == "discard" and a in s.legal_actions()
    assert bot.last_info["samples"] >= 2


def test_make_multi_bot_names():
    assert isinstance(make_multi_bot("rule"), MultiRuleBot)
    assert isinstance(make_multi_bot("easy"), MultiRuleBot)
    assert isinstance(make_multi_bot("random"), MultiRandomBot)
    assert make_multi_bot("strong", seed=2).name == "strong"
    # the previous strong, frozen as the arena's baseline: it does not read the auction
    v1 = make_multi_bot("strong_v1", seed=2)
    assert v1.name == "strong_v1" and not v1.announcements
    assert make_multi_bot("strong", seed=2).announcements
    with pytest.raises(ValueError, match="unknown bot"):
        make_multi_bot("grandmaster")
