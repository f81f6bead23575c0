"""The opponent as seen over a match (engine/ai/opponent.py): his leads judged where
every card is in sight, and the softness that follows from them."""

import random

import pytest

from engine import GameState, RuleSet
from engine.actions import MARRIAGE, PLAY
from engine.ai import InfoSetBot
from engine.ai.opponent import FULL_RATE, PRIOR_DECISIONS, Record, judge_game, judge_lead
from engine.bots import RandomBot, RuleBot

from .helpers import is_right, minimax


def _random_games(n, seed, rules="weich"):
    """(deal, actions) of ``n`` games of random moves."""
    rng = random.Random(seed)
    bot = RandomBot()
    out = []
    for i in range(n):
        state = GameState.deal(RuleSet.preset(rules), seed=f"opp:{seed}:{i}", dealer=i % 2)
        start = state.copy()
        log = []
        while not state.is_over:
            a = bot.choose(state.view(state.to_move), rng)
            log.append(a)
            state.push(a)
        out.append((start, log))
    return out


def _minimax_errors(start, log, player):
    """The same judgement by a plain minimax: (decisions, errors) of ``player``'s plain
    leads with the talon exhausted (not closed) and more than one card or marriage."""
    state = start.copy()
    decisions = errors = 0
    for a in log:
        married = a.kind == PLAY and any(
            m.player == player and m.suit == a.card // 5 and a.card % 5 in (2, 3)
            for m in state.marriages
        )
        if (
            state.to_move == player
            and state.lead < 0
            and a.kind == PLAY
            and not married
            and state.pos >= 9
            and state.closed_by < 0
        ):
            sign = 1 if player == 0 else -1
            values = {}
            for b in state.legal_actions():
                if b.kind in (PLAY, MARRIAGE) and is_right(state, b):
                    s = state.copy()
                    s.push(b, check=False)
                    values[b] = sign * minimax(s)
            if len(values) > 1:
                decisions += 1
                errors += values[a] < max(values.values())
        state.push(a)
    return decisions, errors


def test_a_lead_is_judged_as_a_plain_minimax_judges_it():
    judged = seen = 0
    for start, log in _random_games(60, seed=1):
        for player in (0, 1):
            got = judge_game(start.copy(), log, player)
            assert (got.decisions, got.errors) == _minimax_errors(start, log, player)
            judged += got.decisions
            seen += got.errors
    assert judged > 50 and 0 < seen < judged  # random play errs, but not always


def test_the_follower_judges_the_lead_on_the_table_as_the_replay_does():
    """What the bot sees from its seat (``judge_lead``, on its own views) counts the same
    as the whole game judged afterwards (``judge_game``, the server's count)."""
    for start, log in _random_games(40, seed=2):
        state = start.copy()
        by_view = {0: Record(), 1: Record()}
        for a in log:
            if state.lead >= 0:
                follower = state.to_move
                by_view[1 - follower] = by_view[1 - follower].add(judge_lead(state.view(follower)))
            state.push(a)
        for player in (0, 1):
            assert by_view[player] == judge_game(start.copy(), log, player)


def test_nothing_is_judged_while_cards_are_hidden():
    state = GameState.deal("weich", seed="opp:hidden")
    state.push(state.legal_actions()[0])  # a lead with the talon open
    assert judge_lead(state.view(state.to_move)) is None
    assert judge_game(GameState.deal("weich", seed="opp:hidden"), [], 0) == Record()


def test_the_softness_rises_from_the_base_with_the_errors_seen():
    assert Record().softness(0.25, 0.5) == 0.25
    assert Record(200, 0).softness(0.25, 0.5) == 0.25  # a player who never errs
    half = round(FULL_RATE * (100 + PRIOR_DECISIONS) / 2)
    assert 0.25 < Record(100, half).softness(0.25, 0.5) < 0.5
    assert Record(10, 5).softness(0.25, 0.5) == 0.5  # capped at high
    steps = [Record(100, k).softness(0.25, 0.5) for k in range(10)]
    assert steps == sorted(steps)
    assert Record(10, 5).softness(0.25, 0.25) == 0.25  # high at the base: no change
    assert Record(3, 1) + Record(4, 2) == Record(7, 3)
    assert Record(3, 1).add(None) == Record(3, 1) and Record(3, 1).add(True) == Record(4, 2)


def _views(n, seed):
    """Views of the player to move, some in the open game, some at the end."""
    out = []
    rng = random.Random(seed)
    for start, log in _random_games(n, seed):
        state = start.copy()
        for a in log:
            if not state.is_over and rng.random() < 0.25:
                out.append(state.view(state.to_move))
            state.push(a)
    return out


def test_a_bot_that_saw_no_error_plays_as_one_that_does_not_adapt():
    for view in _views(6, seed=3):
        seen = InfoSetBot(seed=1, time_budget=0.01, opponent=Record(40, 0))
        fixed = InfoSetBot(seed=1, time_budget=0.01, adapt=False)
        assert seen.choose(view) == fixed.choose(view)


def test_a_bot_that_saw_errors_takes_his_replies_softer():
    bot = InfoSetBot(seed=1, time_budget=0.01, opponent=Record(20, 10))
    assert bot.current_softness() == bot.soft_high == 0.5
    assert InfoSetBot(seed=1, time_budget=0.01).current_softness() == 0.25
    assert InfoSetBot(seed=1, adapt=False, opponent=Record(20, 10)).current_softness() == 0.25
    differ = 0
    for view in _views(8, seed=4):
        if view.talon_size == 0 or len(view.legal) < 2:
            continue
        soft = bot.evaluate(view)
        base = InfoSetBot(seed=1, time_budget=0.01).evaluate(view)
        differ += any(abs(soft[a] - base[a]) > 1e-9 for a in base)
    assert differ > 0


@pytest.mark.parametrize("opponent", ["easy", "random"])
def test_the_bot_keeps_what_it_saw_from_game_to_game(opponent):
    """One bot over a few games (as in a match): its record is every game's judged."""
    bot = InfoSetBot(seed=2, time_budget=0.01)
    other = RuleBot() if opponent == "easy" else RandomBot()
    rng = random.Random(5)
    expected = Record()
    for g in range(16):
        state = GameState.deal("weich", seed=f"opp:keep:{g}", dealer=g % 2)
        start = state.copy()
        log = []
        bots = {g % 2: bot, 1 - g % 2: other}
        while not state.is_over:
            a = bots[state.to_move].choose(state.view(state.to_move), rng)
            log.append(a)
            state.push(a)
        expected += judge_game(start, log, 1 - g % 2)
    assert bot.opponent == expected and expected.decisions > 0
