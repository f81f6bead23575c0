"""Talonschnapsen on hand-built deals (reference 004 "Talonschnapsen"): the deal, the
talon and the exchange, the announcement without the talon, the raises, the Kontra games,
the scoring of one against two and the rule options. The caller is seat 0 (dealer 2)."""

import random

import pytest

from engine.multi.contracts import contracts_for
from engine.multi.sampling import sample_hidden
from engine.talon import TalonRules, TalonState

from .multi_util import card_set, legal, play_out, run, talon

NORMAL = ("AH TH KH QH AD TD", "JH KD QD JD AS TS", "KS QS JS AC TC KC", "QC JC")
# Seat 1 holds hearts A T K Q and the aces of spades and diamonds: a sure Gangl.
GANGL = ("JH KD QD JD TS KS", "AH TH KH QH AS AD", "QS JS AC TC KC QC", "TD JC")
# Seat 2 holds every club: a Farbringerl; his sixth card loses to AS if it is played.
CLUBS = ("AH TH KH AD TD KD", "QH JH QD JD AS TS", "AC TC KC QC JC QS", "KS JS")
# Seat 1 holds one ace, the talon another.
ONE_ACE = ("AH TH KH TD KD QD", "QH JH JD AS TS KS", "AC TC KC QC JC QS", "AD JS")


def test_the_deal_three_trump_talon_three():
    s = talon(*NORMAL)
    assert s.phase_name == "call" and s.to_move == 0 and s.caller == 0
    assert all(len(s.hand_of(q)) == 3 for q in range(3)) and s.talon.bit_count() == 2
    v = s.view(0).to_dict()
    assert v["hand"] == ["AH", "TH", "KH"] and v["face_down"] == 3 and v["talon_size"] == 2
    assert legal(s) == {"call:H", "call:D", "call:S", "call:C"}  # no turning up by default
    assert "turn_up:3" in legal(talon(*NORMAL, turn_up=True))
    s = s.apply("call:H")
    assert all(len(s.hand_of(q)) == 6 for q in range(3)) and s.phase_name == "bid"


def test_normal_game_the_caller_takes_the_talon_and_may_exchange():
    s = run(talon(*NORMAL), "call:H", "pass", "pass", "pass")
    assert s.phase_name == "talon" and s.to_move == 0 and s.contract.name == "normal"
    assert len(s.hand_of(0)) == 8 and len(s.legal_actions()) == 28
    assert s.view(0).to_dict()["talon_taken"] == ["QC", "JC"]
    assert s.view(1).to_dict()["talon_taken"] == []
    s = s.apply("discard:TD,JC")  # keeps QC, lays away TD: an exchange
    assert s.phase_name == "double" and s.queue == (1, 2)
    v0, v1 = s.view(0).to_dict(), s.view(1).to_dict()
    assert v0["discard"] == ["TD", "JC"] and v1["discard"] == [] and v1["discard_size"] == 2
    t = sample_hidden(s.view(1), random.Random(3))
    assert t.discard.bit_count() == 2 and t.view(1).to_dict() == v1
    s = run(s, "pass", "pass")
    assert s.to_move == 0 and s.phase_name == "play"
    end = play_out(s)
    in_hands = sum(c.points for q in range(3) for c in end.hand_of(q))
    assert end.spts[0] + end.spts[1] + in_hands == 120 - 12  # laid away: they count for nobody
    assert s.why_illegal("discard:QC,JC").code == "wrong_phase"


def test_discards_name_their_reason():
    s = run(talon(*NORMAL), "call:H", "pass", "pass", "pass")
    assert s.why_illegal("discard:AS,TS").code == "discard_not_in_hand"
    assert s.why_illegal("discard:AS").code == "action_discard_two"


def test_an_announcement_without_the_talon_goes_first():
    s = run(talon(*GANGL), "call:H", "pass", "bid:gangl")
    assert "bid:gangl:no_talon" in legal(s) and "bid:gangl" not in legal(s)
    s = run(s, "bid:gangl:no_talon")
    assert s.phase_name == "double" and s.declarer == 2 and s.no_talon
    assert s.talon.bit_count() == 2  # the talon stays face down, out of play
    s2 = run(talon(*GANGL), "call:H", "pass", "bid:gangl:no_talon")
    assert s2.why_illegal("bid:gangl").code == "bid_too_low"
    assert s2.why_illegal("bid:gangl:no_talon").code == "bid_too_low"


def test_gangl_made_alone_writes_for_the_declarer_only():
    s = run(talon(*GANGL), "call:H", "pass", "bid:gangl", "pass")
    assert s.phase_name == "talon" and s.to_move == 1
    s = run(s, "discard:TD,JC", "pass", "pass")
    assert s.to_move == 1  # the announcer leads
    r = play_out(s).result
    assert r.declarer_won and r.written == (0, 9, 0) and r.side_tricks == (6, 0)


def test_gangl_lost_each_other_player_writes():
    s = run(talon(*GANGL), "call:H", "pass", "pass", "bid:gangl:no_talon", "pass", "pass")
    assert s.to_move == 2
    r = play_out(s).result
    assert not r.declarer_won and r.written == (9, 9, 0)


def test_kontra_games_the_announcer_takes_the_talon_the_caller_leads():
    s = run(talon(*GANGL, rules="alles"), "call:H", "pass", "bid:kontraschnapser", "pass")
    assert s.phase_name == "talon" and s.to_move == 1
    s = run(s, "discard:TD,JC", "pass", "pass")
    assert s.to_move == 0 and s.contract.tricks == 4  # the Schnapser has four tricks here
    assert contracts_for(TalonRules())["schnapser"].tricks == 4


@pytest.mark.parametrize("option", [False, True])
def test_raise_when_outbid(option):
    s = run(talon(*GANGL, raise_when_outbid=option), "call:H", "bid:schnapser", "bid:gangl", "pass")
    if option:
        assert s.phase_name == "raise" and s.to_move == 0
        # a Gangl without the talon would outrank the Gangl with it, too
        assert legal(s) == {
            "pass",
            "bid:gangl:no_talon",
            "bid:bauernschnapser",
            "bid:bauernschnapser:no_talon",
        }
        s = s.apply("bid:bauernschnapser")
        assert (
            s.declarer == 0 and s.contract.name == "bauernschnapser" and s.bids[-1].stage == "raise"
        )
    else:
        assert s.phase_name == "talon" and s.declarer == 1


def test_raise_after_the_talon():
    s = run(
        talon(*NORMAL, raise_after_talon=True), "call:H", "pass", "pass", "pass", "discard:QC,JC"
    )
    assert s.phase_name == "raise_after_talon" and s.to_move == 0
    assert legal(s) == {"pass", "bid:schnapser", "bid:gangl", "bid:bauernschnapser"}
    s = s.apply("bid:schnapser")
    assert s.contract.name == "schnapser" and s.phase_name == "double"
    assert s.bids[-1].stage == "after_talon"


LAST_DECK = "TS QH AS QS TC AH TD AC TH KH KS JH KD JD AD KC JS JC QC QD"
LAST_ACTIONS = (
    "call:H pass pass pass discard:KH,QH pass pass play:JH play:AH play:TH play:AD play:TD "
    "play:KD play:QS play:QD play:AS play:JD play:JS play:AC play:TS play:TC play:QC play:KS "
    "play:KC play:JC"
).split()


@pytest.mark.parametrize("option", [False, True])
def test_normal_game_the_caller_needs_66_or_the_last_trick(option):
    rules = TalonRules.preset("keine").replace(normal_last_trick=option)
    s = run(TalonState.deal(rules, deck=LAST_DECK, dealer=2), *LAST_ACTIONS)
    r = s.result
    assert s.history[-1].winner == 0 and r.side_points == (65, 48)
    if option:
        assert (
            r.declarer_won
            and r.reason.code == "result_caller_last_trick"
            and r.written == (1, 0, 0)
        )
    else:
        assert (
            not r.declarer_won and r.reason.code == "result_caller_short" and r.written == (0, 1, 1)
        )


@pytest.mark.parametrize("shown", ["shown", "played"])
def test_farbringerl_shown_or_played(shown):
    s = run(
        talon(*CLUBS, rules="alles", shown_games=shown), "call:H", "pass", "pass", "bid:farbringerl"
    )
    assert s.phase_name == "talon" and s.to_move == 2
    assert s.why_illegal("discard:AC,QS").code == "discard_breaks_condition"
    s = run(s, "discard:QS,JS", "pass", "pass")
    if shown == "shown":
        assert s.result.reason.code == "result_shown" and s.result.written == (0, 0, 18)
    else:
        r = play_out(s).result  # KS, his sixth card, falls to AS
        assert not r.declarer_won and r.written == (18, 18, 0)


def test_ass_bettler_discards_keep_exactly_one_ace():
    s = run(talon(*ONE_ACE, rules="alles"), "call:H", "pass", "bid:ass_bettler", "pass")
    assert s.phase_name == "talon"
    acts = s.legal_actions()
    assert len(acts) == 12 and all(sum(c % 5 == 0 for c in a.cards) == 1 for a in acts)
    assert s.why_illegal("discard:AS,AD").code == "discard_breaks_condition"
    assert s.why_illegal("discard:QH,JH").code == "discard_breaks_condition"


def test_plauderer_a_lets_both_opponents_see_each_other():
    s = run(
        talon(*ONE_ACE, rules="alles"),
        "call:H",
        "bid:plauderer:no_talon",
        "pass",
        "pass",
        "pass",
        "pass",
    )
    assert s.phase_name == "play" and s.declarer == 0
    k1 = s.view(1).to_dict()["known_cards"]
    assert set(k1[2]) == card_set(ONE_ACE[2]) and k1[0] == []
    assert s.view(0).to_dict()["known_cards"] == [[], [], []]


def test_talon_rules_know_no_schnapser_zusammen():
    with pytest.raises(ValueError, match="schnapser_zusammen"):
        TalonRules(catalogue=("schnapser_zusammen",))
    assert "schnapser_zusammen" not in TalonRules.preset("alles").catalogue
    assert TalonRules.from_dict(TalonRules.preset("alles").to_dict()) == TalonRules.preset("alles")


# Issue 32, defect 1: the ace below the jack only in the Zehnergang and the Assenbettler
# (004 "Zehnergang": "Das Ass mutiert von der höchsten zur niedrigsten Karte"); a
# Bauernschnapser is played with the normal order ("Atout gilt, im Gegensatz zum Gangl").
RAISED_DECK = "TS KD KH TH JD AH AC JH JS QS AD JC TD QD AS KC KS QH QC TC"


def test_a_raise_after_the_talon_from_a_zehnergang_plays_the_ace_high_again():
    rules = TalonRules.preset("alles").replace(raise_after_talon=True)
    s = TalonState.deal(rules, deck=RAISED_DECK, dealer=2)
    s = run(s, "call:D", "bid:zehnergang", "pass", "pass")
    assert s.phase_name == "talon" and s.ace_low  # the Zehnergang: T K Q J A
    s = run(s, "discard:AD,TS", "bid:bauernschnapser", "pass", "pass", "play:KH")
    assert s.contract.name == "bauernschnapser" and not s.ace_low
    assert legal(s) == {"play:AH", "play:TH"}  # both head the king: the ace is high again
    # and the other way: a normal game raised to a Zehnergang plays the ace low
    low = run(
        TalonState.deal(rules, deck=RAISED_DECK, dealer=2),
        "call:D", "pass", "pass", "pass", "discard:AD,TS", "bid:zehnergang",
    )  # fmt: skip
    assert low.contract.name == "zehnergang" and low.ace_low


# Issue 32: the normal game of three when the caller's opponents reach 66 first. 004
# "Talonschnapsen": "Wenn niemand ein Spiel ansagt, wird wie oben beschrieben ein normales
# Spiel gespielt"; "Normales Spiel": "Ziel ist es, zusammen mit dem Partner 66 Punkte zu
# erreichen" (rule option opponents_66, default "ends"); "Bei einem normalen Spiel muss
# der Rufer auf mindestens 66 Punkte kommen" names only the caller's ("plays_on").
RACE_DECK = "TS JH JD JS QS TH TD QC AH JC AS TC KC AC QH KS KD AD KH QD"
RACE_ACTIONS = (
    "call:S pass pass pass discard:JH,JD pass pass play:AC play:JS play:QC marriage:QS "
    "play:AH play:TS play:JC play:KS play:AD play:QH play:KH play:AS play:KC play:KD "
    "play:QD play:TC play:TH play:TD"
).split()


@pytest.mark.parametrize("option", ["ends", "plays_on"])
def test_normal_game_the_opponents_66_ends_it_or_play_goes_on(option):
    rules = TalonRules.preset("keine").replace(opponents_66=option)
    s = run(TalonState.deal(rules, deck=RACE_DECK, dealer=2), *RACE_ACTIONS[:16])
    assert s.counted(0) == 24 and s.counted(1) == 73  # their forty (QS) and two tricks
    if option == "ends":
        r = s.result
        assert not r.declarer_won and r.reason.code == "result_opponents_66"
        assert r.written == (0, 2, 2)  # the caller has a trick and 24, below 33: 2 each
    else:
        assert not s.is_over
        r = run(s, *RACE_ACTIONS[16:]).result  # the caller gets to 66 later and wins
        assert r.declarer_won and r.reason.code == "result_caller_66" and r.written == (1, 0, 0)
    assert TalonRules().opponents_66 == "ends"
    with pytest.raises(ValueError, match="opponents_66"):
        TalonRules(opponents_66="never")
