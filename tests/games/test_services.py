"""Playing and recording matches through the service layer."""

import random

import pytest

from engine import GameState
from games import services
from games.models import Game, Match, MatchAction, Status
from games.services import GameError
from tournaments.models import Outcome

from .helpers import open_pairings, play_random

pytestmark = pytest.mark.django_db


def test_friendly_match_against_the_computer_is_played_to_the_end_and_replays():
    m = services.create_friendly_match(name0="Anna", bot_level="medium", seed=11)
    assert m.bot_seat == 1 and m.name1
    m = play_random(m, random.Random(3), seats=(0,))
    assert m.status == Status.FINISHED
    assert max(m.bummerl) >= 2 and m.bummerl[m.winner] == max(m.bummerl)
    # the stored log replays under the engine to the same score
    finals, score = services.match_record(m).replay()
    assert score.winner == m.winner and list(score.bummerl_won) == m.bummerl
    assert all(s.is_over for s in finals)
    # the deal alternates and the sequence numbers are 0..n-1 without gaps
    dealers = list(m.games.order_by("index").values_list("dealer", flat=True))
    assert all(a != b for a, b in zip(dealers, dealers[1:], strict=False))
    seqs = list(m.actions.values_list("seq", flat=True))
    assert seqs == list(range(m.next_seq))


def test_same_seed_gives_the_same_deals_and_bot_moves():
    a = services.create_friendly_match(bot_level="easy", seed=99)
    b = services.create_friendly_match(bot_level="easy", seed=99)
    assert a.games.get().deck == b.games.get().deck
    assert list(a.actions.values_list("action", flat=True)) == list(
        b.actions.values_list("action", flat=True)
    )


def _snapshot(m):
    m.refresh_from_db()
    return (m.next_seq, MatchAction.objects.filter(match=m).count(), m.status)


def test_refusals_change_nothing_and_a_repeat_applies_once():
    m = services.create_friendly_match(name0="A", name1="B", seed=5)
    state = services.live_state(m).state
    mover, other = state.to_move, 1 - state.to_move
    action = str(state.legal_actions()[-1])
    before = _snapshot(m)

    with pytest.raises(GameError) as err:  # out of turn / for the opponent
        services.apply_action(m.pk, other, "play:" + state.hand_of(other)[0].name, 0)
    assert err.value.code == "turn" and "turn" in err.value.message
    with pytest.raises(GameError) as err:  # a card he does not hold
        services.apply_action(m.pk, mover, "play:" + state.hand_of(other)[0].name, 0)
    assert err.value.code == "illegal" and "do not hold" in err.value.message
    with pytest.raises(GameError) as err:  # a number from the future
        services.apply_action(m.pk, mover, action, 5)
    assert err.value.code == "future"
    with pytest.raises(GameError) as err:  # nonsense
        services.apply_action(m.pk, mover, "shuffle", 0)
    assert err.value.code == "parse"
    with pytest.raises(GameError) as err:
        services.apply_action(m.pk, mover, "revoke:1", 0)
    assert err.value.code == "revoke"
    assert _snapshot(m) == before

    first = services.apply_action(m.pk, mover, action, 0)
    assert first.applied and first.seq == 0
    after = _snapshot(m)
    again = services.apply_action(m.pk, mover, action, 0)  # double click / repeated request
    assert not again.applied
    assert _snapshot(m) == after
    with pytest.raises(GameError) as err:  # a late, different request with the old number
        services.apply_action(m.pk, mover, str(state.legal_actions()[-2]), 0)
    assert err.value.code == "stale"
    assert _snapshot(m) == after


def test_the_computer_seat_cannot_be_played_by_the_human():
    m = services.create_friendly_match(bot_level="easy", seed=3)
    with pytest.raises(GameError) as err:
        services.apply_action(m.pk, 1, "close", m.next_seq)
    assert err.value.code in ("bot", "turn")


def test_live_state_is_rebuilt_from_the_database_exactly():
    m = services.create_friendly_match(name0="A", name1="B", seed=21)
    rng = random.Random(8)
    for _ in range(9):
        state = services.live_state(m).state
        services.apply_action(
            m.pk, state.to_move, str(rng.choice(state.legal_actions())), m.next_seq
        )
        m.refresh_from_db()
    fresh = Match.objects.get(pk=m.pk)  # as a new process would read it
    live = services.live_state(fresh)
    game = Game.objects.get(match=m, index=live.game.index)
    expected = GameState.deal(services.rules_of(m), deck=game.deck, dealer=game.dealer)
    for a in MatchAction.objects.filter(match=m, game_index=game.index).order_by("seq"):
        expected.push(a.action)
    assert live.state.to_dict() == expected.to_dict()


def test_a_played_tournament_match_decides_its_pairing():
    t, pairings = open_pairings(match_bummerl=3, rule_profile="turnier")
    p = pairings[0]
    m = services.start_match_for_pairing(p, seed=4)
    p.refresh_from_db()
    assert p.started_at is not None and m.bummerl_to_win == 3 and m.rule_profile == "turnier"
    assert services.start_match_for_pairing(p) == m  # starting again returns the running match
    m = play_random(m, random.Random(1))
    p.refresh_from_db()
    assert p.outcome == Outcome.PLAYED
    assert p.winner == ("left" if m.winner == 0 else "right")
    assert p.winner_bummerl == 3 and p.loser_bummerl == m.bummerl[1 - m.winner] < 3
    assert m.result_note == ""


def test_a_match_finished_after_staff_entered_a_result_keeps_a_note():
    from tournaments import services as core

    _t, pairings = open_pairings()
    p = pairings[1]
    m = services.start_match_for_pairing(p, seed=2)
    core.record_result(p, winner="right", score=(2, 1))
    m = play_random(m, random.Random(2))
    assert m.status == Status.FINISHED and m.result_note
    p.refresh_from_db()
    assert (p.winner, p.winner_bummerl, p.loser_bummerl) == ("right", 2, 1)


def test_quick_record_decides_the_pairing_and_a_wrong_score_stores_nothing():
    _t, pairings = open_pairings()
    p = pairings[0]
    count = Match.objects.count()
    with pytest.raises(GameError) as err:
        services.record_quick(p, winner=0, score=(3, 0))
    assert "3:0" in err.value.message
    with pytest.raises(GameError):
        services.record_quick(p, winner=0, score=("zwei", 0))
    assert Match.objects.count() == count
    p.refresh_from_db()
    assert p.outcome == Outcome.OPEN
    m = services.record_quick(p, winner=1, score=(2, 1))
    p.refresh_from_db()
    assert (p.outcome, p.winner, p.winner_bummerl, p.loser_bummerl) == ("played", "right", 2, 1)
    assert m.mode == "recorded" and m.bummerl == [1, 2]
    with pytest.raises(GameError):  # decided: a second record is refused
        services.record_quick(p, winner=0, score=(2, 0))
    assert Match.objects.count() == count + 1


def test_score_sheet_is_read_counting_down_from_seven():
    sheet = "7:4 7:2 5:2 3:2 0:2\n4:7 4:5 1:5 0:5"
    assert services.parse_score_sheet(sheet) == [
        [(1, 3), (1, 2), (0, 2), (0, 2), (0, 3)],
        [(0, 3), (1, 2), (0, 3), (0, 1)],
    ]
    assert services.parse_score_sheet("A3 B1 A3 A1 | B2") == [
        [(0, 3), (1, 1), (0, 3), (0, 1)],
        [(1, 2)],
    ]
    with pytest.raises(GameError) as err:
        services.parse_score_sheet("7:4\n5:5 x")
    assert "Line 2" in err.value.message


def test_a_wrong_score_sheet_is_refused_with_its_line_and_nothing_is_stored():
    _t, pairings = open_pairings()
    p = pairings[0]
    count = Match.objects.count()
    # Bummerl 1 is won 7:0 with game 3, but the sheet goes on with more games in it.
    bad = [[(0, 3), (0, 2), (0, 2), (1, 1), (0, 1), (1, 2)], [(0, 3), (0, 3), (0, 1)]]
    with pytest.raises(GameError) as err:
        services.record_score_sheet(p, bad)
    assert "Bummerl 1, game 4" in err.value.message and "already won" in err.value.message
    with pytest.raises(GameError) as err:  # a game of 4 points
        services.record_score_sheet(p, "7:3 0:3\n7:0")
    assert "Bummerl 1, game 1" in err.value.message and "not 4" in err.value.message
    with pytest.raises(GameError) as err:  # the match is not decided
        services.record_score_sheet(p, "4:7 1:7 1:5 0:5")
    assert "not decided" in err.value.message
    assert Match.objects.count() == count
    p.refresh_from_db()
    assert p.outcome == Outcome.OPEN


def test_a_right_score_sheet_decides_the_pairing():
    _t, pairings = open_pairings()
    p = pairings[2]
    m = services.record_score_sheet(p, "7:4 7:2 5:2 3:2 0:2\n4:7 4:5 1:5 0:5")
    assert m.winner == 0 and m.bummerl == [2, 0]
    assert m.score_sheet[0][0] == [1, 3]
    p.refresh_from_db()
    assert (p.winner, p.winner_bummerl, p.loser_bummerl) == ("left", 2, 0)


def test_schneider_counts_double_by_the_profile():
    _t, pairings = open_pairings(rule_profile="weich")
    # weich: a 7:0 Bummerl is two Bummerl, so one Schneider ends a match to 2
    m = services.record_score_sheet(pairings[0], "4:7 1:7 0:7")
    assert m.winner == 0 and m.bummerl == [2, 0]
    _t2, pairings2 = open_pairings(rule_profile="turnier", name="Turnier")
    with pytest.raises(GameError) as err:  # turnier: Schneider is single, match not decided
        services.record_score_sheet(pairings2[0], "4:7 1:7 0:7")
    assert "not decided" in err.value.message


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_same_move_sent_twice_at_once_applies_once():
    import threading

    from django.db import connection

    m = services.create_friendly_match(name0="A", name1="B", seed=44)
    state = services.live_state(m).state
    action = str(state.legal_actions()[-1])
    results, errors = [], []
    barrier = threading.Barrier(4)

    def send():
        try:
            barrier.wait()
            results.append(services.apply_action(m.pk, state.to_move, action, 0).applied)
        except GameError as exc:
            errors.append(exc.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [False, False, False, True] and not errors
    assert MatchAction.objects.filter(match=m).count() == 1
