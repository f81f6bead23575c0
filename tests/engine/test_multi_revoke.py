"""A Renonce called at a table of three or four (issue 32): checked against the recorded
play, and the game lost by the side at fault.

004 "Spielablauf": "Beim Bauernschnapsen herrscht Farb- und Stichzwang"; "Besitzt ein
Spieler keine Karte der gespielten Farbe, so muss er mit Atout stechen". 004 names no
penalty; 000 "Renonce" (two players): "Ein Verstoß gegen diese Regel wird Renonce genannt
und mit dem sofortigen Verlust des Spiels bestraft, der Gegner gewinnt in diesem Fall drei
Punkte" (rule option ``revoke``: ``game``, the game being played at its value, the normal
game 3; ``three``, 000's three as they stand).

The engine refuses a card that breaks the rule when it is played, so a game played
through it holds no Renonce; a card entered without the check (``push(check=False)``, a
record of play not made through the engine) may, and a call finds it."""

import random

import pytest

from engine.bauern import BauernRules, BauernState
from engine.messages import RuleViolation
from engine.multi.actions import Action
from engine.tables.record import MultiGameRecord
from engine.tables.table import MultiTable
from engine.talon import TalonRules, TalonState

from .multi_util import bauern, play_out, run
from .test_bauern_scenarios import NORMAL

# Bauernschnapsen, hearts trump, the normal game: seat 0 leads AH; seat 1 holds TD KD QD
# JD JH and must follow with JH.
LEAD_AH = ("call:H", "pass", "pass", "pass", "pass", "pass", "pass", "play:AH")


def normal_game(**options):
    return run(bauern(*NORMAL, **options), *LEAD_AH)


def revoked(state, seat_card):
    """The state after ``seat_card`` (the player to move) is played unchecked."""
    s = state.copy()
    s.push(Action.parse(f"play:{seat_card}"), check=False)
    return s


def test_a_card_that_broke_farbzwang_is_found_by_a_call_from_any_seat():
    s = normal_game()
    assert s.to_move == 1 and s.why_illegal("play:TD").code == "must_follow_suit"
    s = revoked(s, "TD")  # seat 1 held JH and played TD
    found = s.find_revoke(1)
    assert found.trick == 1 and found.card == Action.parse("play:TD").card
    assert found.rule.code == "must_follow_suit" and found.rule.params == {"suit": "H"}
    assert s.find_revoke(0) is None and s.find_revoke(2) is None
    # any seat may call it, not only the one to move (seat 2 is to move)
    assert s.to_move == 2 and s.why_illegal("revoke:1", seat=3) is None
    assert s.why_illegal("revoke:0", seat=1).code == "revoke_not_found"
    # found after the trick: the play went on
    s = run(s, "play:AS", "play:AC")
    assert s.history[-1].winner == 0 and s.find_revoke(1).trick == 1
    end = s.apply("revoke:1")
    r = end.result
    assert r.reason.code == "result_revoke"
    assert r.reason.params == {"seat": 1, "card": "TD", "trick": 1}
    assert r.declarer_won and r.contract == "normal" and r.written == (3, 0)


@pytest.mark.parametrize("option, value", [("game", 12), ("three", 3)])
def test_the_side_at_fault_loses_the_game_with_the_options_points(option, value):
    s = run(
        bauern(*NORMAL, rules="alles", revoke=option),
        "call:H", "bid:bauernschnapser", "pass", "pass", "pass", "pass", "pass",
        "play:AH",
    )  # fmt: skip
    assert s.contract.name == "bauernschnapser" and s.declarer == 0
    # an opponent's Renonce: the declaring side wins the game
    assert revoked(s, "TD").apply("revoke:1").result.written == (value, 0)
    # the declarer's partner's: JS led, seat 2 holds spades and plays AD
    s = run(s, "play:JH", "play:AS", "play:AC", "play:JS", "play:TD")
    assert s.to_move == 2 and s.why_illegal("play:AD").code == "must_follow_suit"
    s = revoked(s, "AD")
    assert s.find_revoke(2).trick == 2 and s.find_revoke(2).rule.code == "must_follow_suit"
    r = s.apply("revoke:2").result
    assert not r.declarer_won and r.written == (0, value) and r.base_value == value


def test_doubles_count_and_talon_scoring():
    s = run(
        bauern(*NORMAL),
        "call:H", "pass", "pass", "pass", "pass", "double", "pass", "pass", "play:AH",
    )  # fmt: skip
    r = revoked(s, "TD").apply("revoke:1").result
    assert r.doubles == 1 and r.game_points == 6 and r.written == (6, 0)
    # Talonschnapsen: a defender's Renonce, the declarer writes alone; his own, each other
    t = TalonState.deal(TalonRules.preset("keine"), seed=5, dealer=2)
    t = run(t, "call:H", "pass", "pass", "pass")
    t = run(t, str(t.legal_actions()[0]), "pass", "pass")
    for _ in range(60):
        bad = [
            c
            for c in t.hand_of(t.to_move)
            if t.trick and Action.parse(f"play:{c.name}") not in t.legal_actions()
        ]
        if bad:
            break
        t = t.apply(t.legal_actions()[0])
    offender = t.to_move
    t.push(Action.parse(f"play:{bad[0].name}"), check=False)
    r = t.apply(f"revoke:{offender}").result
    if offender == t.declarer:
        assert not r.declarer_won and sorted(r.written) == [0, 3, 3]
    else:
        assert r.declarer_won and r.written[t.declarer] == 3 and sum(r.written) == 3


@pytest.mark.parametrize("cls", [BauernState, TalonState])
def test_a_game_played_through_the_engine_holds_no_renonce(cls):
    rules = cls.RULES.preset("alles")
    for seed in range(25):
        rng = random.Random(seed)
        s = cls.deal(rules, seed=seed, dealer=seed % cls.N)
        while not s.is_over:
            if s.phase_name == "play":
                for q in range(cls.N):
                    assert s.find_revoke(q) is None
                    assert s.why_illegal(f"revoke:{q}").code == "revoke_not_found"
            elif s.phase_name != "cut":
                assert s.why_illegal("revoke:0").code == "revoke_not_in_play"
            s = s.apply(rng.choice(s.legal_actions()))
        assert s.why_illegal("revoke:0").code == "game_over"
    t = TalonState.deal("ueblich", seed=1)
    assert t.why_illegal("revoke:3").code == "revoke_no_such_seat"
    assert "revoke:1" not in {str(a) for a in play_out(normal_game()).legal_actions()}


def test_calls_are_parsed_recorded_and_replayed():
    assert str(Action.parse("revoke:2")) == "revoke:2"
    for bad in ("revoke", "revoke:x", "revoke:4"):
        with pytest.raises(ValueError) as err:
            Action.parse(bad)
        assert err.value.code == "action_revoke_seat"
    s = revoked(normal_game(), "TD")
    with pytest.raises(RuleViolation) as err:
        s.apply("revoke:2")
    assert err.value.code == "revoke_not_found"
    end = s.apply("revoke:1")
    # a record keeps the call like any action and replays it (the unchecked card aside)
    rec = MultiGameRecord.of(end, ())
    assert rec.with_action("revoke:1").actions[-1] == Action.parse("revoke:1")
    # at a table anyone may call, out of turn; a call that finds nothing changes nothing
    table = MultiTable("bauernschnapsen", BauernRules(), seed=3)
    while table.state.phase_name != "play":
        table.act(table.to_move, table.state.legal_actions()[0])
    table.act(table.to_move, table.state.legal_actions()[0])
    before = table.record.to_json()
    other = (table.to_move + 1) % 4
    assert table.why_illegal(other, "revoke:0").code == "revoke_not_found"
    with pytest.raises(RuleViolation):
        table.act(other, "revoke:0")
    assert table.record.to_json() == before
