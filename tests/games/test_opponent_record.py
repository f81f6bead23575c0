"""What the strong computer has seen of the person it plays (games/services/opponent.py):
his leads judged where every card was in sight, over the match's stored games."""

import random

import pytest
from django.core.cache import cache

from engine import GameState
from engine import ai as engine_ai
from engine.ai.opponent import Record, judge_game
from engine.bots import RandomBot
from games import services
from games.models import MatchAction
from games.services import play as play_service
from games.services.opponent import opponent_record

from .helpers import play_random

pytestmark = pytest.mark.django_db


def _judged_from_the_log(m, seat):
    """The same count from the stored action log, game by game."""
    live = services.live_state(m)
    total = Record()
    for g in m.games.order_by("index"):
        actions = MatchAction.objects.filter(match=m, game_index=g.index).order_by("seq")
        state = GameState.deal(live.rules, deck=g.deck, dealer=g.dealer)
        total += judge_game(state, list(actions.values_list("action", flat=True)), seat)
    return total


def _judged_before(m, live, running_actions):
    """The finished games from the log, and the running game up to ``running_actions``."""
    seat = live.state.leader
    total = Record()
    for g in m.games.exclude(winner=None).order_by("index"):
        actions = MatchAction.objects.filter(match=m, game_index=g.index).order_by("seq")
        state = GameState.deal(live.rules, deck=g.deck, dealer=g.dealer)
        total += judge_game(state, list(actions.values_list("action", flat=True)), seat)
    deal = GameState.deal(live.rules, deck=live.game.deck, dealer=live.game.dealer)
    return total + judge_game(deal, running_actions, seat)


def test_the_record_counts_every_game_of_the_match_and_keeps_finished_ones(
    django_assert_num_queries,
):
    m = services.create_friendly_match(name0="Anna", name1="Bert", seed=21)
    m = play_random(m, random.Random(4))
    live = services.live_state(m)
    for seat in (0, 1):
        got = opponent_record(m, live, seat)
        assert got == _judged_from_the_log(m, seat)
        assert got.decisions > 0
    # random play gives game points away where every card is in sight
    assert opponent_record(m, live, 0).errors + opponent_record(m, live, 1).errors > 0
    # a finished game is judged once: then it comes from the cache, no query
    with django_assert_num_queries(0):
        opponent_record(m, live, 0)
    # not yet counted: every finished game's actions in one query
    cache.clear()
    assert m.games.exclude(winner=None).count() > 1
    with django_assert_num_queries(1):
        again = opponent_record(m, live, 0)
    assert again == _judged_from_the_log(m, 0)


def test_the_running_game_counts_up_to_the_lead_on_the_table():
    m = services.create_friendly_match(name0="Anna", name1="Bert", seed=22)
    rng = random.Random(6)
    checked = 0
    for _ in range(3000):
        m.refresh_from_db()
        live = services.live_state(m)
        if live.state is None:
            break
        state = live.state
        if state.lead >= 0 and state.pos >= 9:
            # the lead on the table is left to the computer's own judgement
            before = live.actions[:-1]
            deal = GameState.deal(live.rules, deck=live.game.deck, dealer=live.game.dealer)
            running = judge_game(deal, before, state.leader)
            assert opponent_record(m, live, state.leader).decisions >= running.decisions
            assert opponent_record(m, live, state.leader) == _judged_before(m, live, before)
            checked += 1
        action = RandomBot().choose(state.view(state.to_move), rng)
        services.apply_action(m.pk, state.to_move, str(action), m.next_seq)
    assert checked > 0


def test_the_strong_computer_is_made_with_what_it_has_seen(monkeypatch):
    seen = []

    def quick_bot(level, seed=0, opponent=None):
        seen.append(opponent)
        return engine_ai.make_bot(level, seed=seed, time_budget=0.005, opponent=opponent)

    monkeypatch.setattr(play_service, "make_bot", quick_bot)
    m = services.create_friendly_match(name0="Anna", bot_level="strong", seed=23)
    rng = random.Random(8)
    for _ in range(2000):
        m.refresh_from_db()
        if m.status != "playing" or (seen and seen[-1].decisions >= 3):
            break
        state = services.live_state(m).state
        action = RandomBot().choose(state.view(0), rng)
        services.apply_action(m.pk, 0, str(action), m.next_seq)
    assert seen and all(isinstance(r, Record) for r in seen)
    counts = [r.decisions for r in seen]
    assert counts == sorted(counts) and counts[-1] > 0  # it grows over the match
    assert seen[-1].decisions <= _judged_from_the_log(m, 0).decisions
