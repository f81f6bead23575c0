"""Bauernschnapsen on hand-built deals (reference 004): the deal, the call, the bidding,
every special game, doubling, the normal game and the rule options.

The caller is seat 0 (dealer 3), his partner seat 2, the opponents seats 1 and 3."""

import json

import pytest

from engine.bauern import BauernRules, BauernState
from engine.messages import RuleViolation

from .multi_util import bauern, bauern_deck, card_set, legal, play_out, run

# Seat 1 holds four hearts and the ace of spades: a sure Gangl.
GANGL = ("JH KD QD JD TS", "AH TH KH QH AS", "AD TD KS QS JS", "AC TC KC QC JC")
# Seat 1's Gangl falls to his own partner: seat 3 must head the last trick with AS.
GANGL_PARTNER = ("JH KD QD JD TS", "AH TH KH QH KS", "AD TD QS JS KC", "AS AC TC QC JC")
# Seat 1 holds only low cards: a sure Bettler (his partner, seat 3, sits out).
BETTLER = ("AH TH KH AD TD", "JH QH JD QD JS", "KD AS TS KS QS", "AC TC KC QC JC")
# The same but seat 1 must take the first trick with AS.
BETTLER_LOST = ("AH TH KH AD JS", "JH QH JD QD AS", "KD TD TS KS QS", "AC TC KC QC JC")
# Seat 1 holds the four aces and JH: made as an Assenbettler, lost as a Bettler.
ACES = ("TH KH QH TD KD", "AH AD AS AC JH", "QD JD TS KS QS", "JS TC KC QC JC")
# The caller holds hearts A T K Q and AD.
STRONG = ("AH TH KH QH AD", "JH TD KD QD JD", "AS TS KS QS JS", "AC TC KC QC JC")
# The caller's partner holds the spades: he can take a trick in the caller's Schnapser.
PARTNER_SPADES = ("AH TH KH QH JS", "TD KD QD JD AD", "AS TS KS QS JH", "AC TC KC QC JC")
# Seat 3 can trump the caller's AD with JH.
TRUMPED = ("AH TH KH QH AD", "TD KD QD JD JC", "AS TS KS QS JS", "JH AC TC KC QC")
# Seat 1 holds hearts A T K Q and AD against the caller's low cards (Kontra games).
KONTRA = ("JD QD KD JS QS", "AH TH KH QH AD", "JH TD AS TS KS", "AC TC KC QC JC")
# Seat 1 holds every heart: a sure Kontrabauernschnapser once hearts are trump.
ALL_HEARTS_1 = ("JD QD KD JS QS", "AH TH KH QH JH", "AD TD AS TS KS", "AC TC KC QC JC")
# The caller's first three and his two further cards are the five hearts.
ALL_HEARTS_0 = ("AH TH KH QH JH", "JD QD KD JS QS", "AD TD AS TS KS", "AC TC KC QC JC")
# A normal game: seat 1 trumps the first trick with JH.
NORMAL = ("AH TH KH QH JS", "TD KD QD JD JH", "AS TS KS QS AD", "AC TC KC QC JC")
# Trumping: seat 2 holds only trumps below seat 1's AH.
TRUMPS = ("JS KD QD JD KC", "AH TD AD QC JC", "TH AC TC KH QH", "AS TS KS QS JH")
# Seat 1 holds hearts T K Q J and TS: all tricks with the ace lowest, not with it highest.
TENS = ("AH KD QD JD AS", "TH KH QH JH TS", "AD TD KS QS JS", "AC TC KC QC JC")
# The caller's partner holds hearts A T K Q and AD: a Schnapser zusammen.
TOGETHER = ("JH JD QD KD JS", "TD AS TS KS QS", "AH TH KH QH AD", "AC TC KC QC JC")
THREE_JACKS = ("JH JD JS AD TD", "AH TH KH QH AS", "KD QD KS QS TS", "AC TC KC QC JC")


def bid_round(state, *bids):
    return run(state, *bids)


# ---------------------------------------------------------------------- the deal
def test_cut_deals_three_then_two_and_the_caller_sees_only_three():
    s = bauern(*GANGL)
    assert s.phase_name == "call" and s.to_move == 0 and s.deal_mode == "cut"
    assert {c.name for c in s.hand_of(0)} == card_set("JH KD QD")
    assert [c for c in s.later[0]] and len(s.later[0]) == 2
    assert all(len(s.hand_of(q)) == 5 for q in (1, 2, 3))
    v = s.view(0)
    assert v.to_dict()["hand"] == ["JH", "KD", "QD"] and v.to_dict()["face_down"] == 2
    # nobody sees the caller's two further cards (JD TS), not even the caller
    for q in range(4):
        text = json.dumps(s.view(q).to_dict())
        assert '"JD"' not in text and '"TS"' not in text
    s = s.apply("call:H")
    assert {c.name for c in s.hand_of(0)} == card_set(GANGL[0]) and s.phase_name == "bid"


def test_the_cutter_cuts_or_knocks_before_anything_is_dealt():
    deck = bauern_deck(*GANGL)
    s = BauernState.deal("ueblich", deck=deck, dealer=3)
    assert s.phase_name == "cut" and s.to_move == 2 and legal(s) == {"cut", "knock"}
    assert not any(s.hand)
    assert s.why_illegal("call:H").code == "wrong_phase"
    knocked = bauern(*GANGL, mode="knock")
    cut = bauern(*GANGL, mode="cut")
    assert knocked.deal_mode == "knock"
    # the same hands from the two deck orders: the caller 3 + 2, the others five at once
    assert knocked.hand == cut.hand and knocked.later == cut.later


def test_calls_and_turning_up():
    s = bauern(*GANGL)
    assert legal(s) == {"call:H", "call:D", "call:S", "call:C", "turn_up:1", "turn_up:2"}
    only = bauern(*GANGL, call_from_hand=True)
    assert legal(only) == {"call:H", "call:D", "turn_up:1", "turn_up:2"}
    assert only.why_illegal("call:S").code == "call_needs_suit_in_hand"
    up = s.apply("turn_up:1")  # the first face-down card is JD
    assert up.trump == 1 and up.turned_up == 9
    for q in (1, 2, 3):
        assert up.view(q).to_dict()["known_cards"][0] == ["JD"]
        assert up.view(q).to_dict()["turned_up"] == "JD"
    assert s.apply("turn_up:2").trump == 2  # TS: spades
    no = bauern(*GANGL, turn_up=False)
    assert (
        "turn_up:1" not in legal(no) and no.why_illegal("turn_up:1").code == "turn_up_not_allowed"
    )


def test_three_jacks_may_demand_a_new_deal():
    s = bauern(*THREE_JACKS)
    assert "redeal" in legal(s)
    over = s.apply("redeal")
    assert over.is_over and over.result.is_redeal and over.result.written == (0, 0)
    assert over.result.reason.code == "result_redeal"
    assert "redeal" not in legal(bauern(*THREE_JACKS, three_jacks=False))
    assert bauern(*GANGL).why_illegal("redeal").code == "redeal_needs_three_jacks"


# ---------------------------------------------------------------------- the bidding
def test_bidding_once_round_from_the_caller_and_who_may_announce_what():
    s = bauern(*GANGL).apply("call:H")
    assert legal(s) == {"pass", "bid:schnapser", "bid:gangl", "bid:bauernschnapser"}
    s = s.apply("pass")
    assert s.to_move == 1 and legal(s) == {"pass", "bid:gangl"}
    why = s.why_illegal("bid:schnapser")
    assert why.code == "bid_only_caller" and why.params == {"caller": 0, "contract": "schnapser"}
    assert s.why_illegal("bid:bettler").code == "bid_not_in_catalogue"
    s = run(s, "bid:gangl", "pass", "pass")
    assert s.phase_name == "double" and s.contract.name == "gangl" and s.declarer == 1
    assert [tuple(b)[:2] for b in s.bids] == [(0, None), (1, "gangl"), (2, None), (3, None)]


def test_catalogue_alles_conditions_and_outranking():
    s = bauern(*GANGL, rules="alles").apply("call:H")
    s = s.apply("pass")
    # seat 1: two aces, so no Ass-Bettler; Kontra games are his (an opponent of the caller)
    assert s.why_illegal("bid:ass_bettler").code == "bid_needs_one_ace"
    assert {"bid:kontraschnapser", "bid:kontrabauernschnapser"} <= legal(s)
    assert s.why_illegal("bid:farbringerl").code == "bid_needs_five_of_a_suit"
    s = s.apply("bid:gangl")
    # seat 2, the caller's partner: no Kontra game, and a Schnapser zusammen is too low now
    assert s.why_illegal("bid:kontraschnapser").code == "bid_only_opponent"
    why = s.why_illegal("bid:schnapser_zusammen")
    assert why.code == "bid_too_low" and why.params["current"] == "gangl"
    s = s.apply("pass")
    assert "bid:farbringerl" in legal(s)  # seat 3 holds every club
    assert (
        bauern(*GANGL, rules="alles").apply("call:H").why_illegal("bid:herrenschnapser").code
        == "bid_needs_all_trumps"
    )


def test_schnapser_zusammen_is_the_partners():
    s = run(bauern(*GANGL, rules="alles"), "call:H", "pass", "pass")
    assert "bid:schnapser_zusammen" in legal(s)
    assert "schnapser_zusammen" not in BauernRules.preset("ueblich").catalogue


@pytest.mark.parametrize(
    ("rank", "second", "allowed"),
    [("above_gangl", "bid:zehnergang", True), ("equal_gangl", "bid:zehnergang", False)],
)
def test_zehnergang_against_gangl(rank, second, allowed):
    s = run(
        bauern(*GANGL, rules="alles", zehnergang_rank=rank), "call:H", "pass", "bid:gangl", "pass"
    )
    assert (second in legal(s)) is allowed
    if not allowed:
        assert s.why_illegal(second).code == "bid_too_low"


# ---------------------------------------------------------------------- special games
def gangl_state(deal=GANGL, **options):
    return run(bauern(*deal, **options), "call:H", "pass", "bid:gangl", "pass", "pass")


def test_gangl_made_by_the_announcer_who_leads_without_trump():
    s = gangl_state()
    assert s.to_move == 2 and s.queue == (2, 0)  # the caller's team may double
    s = run(s, "pass", "pass")
    assert s.phase_name == "play" and s.to_move == 1 and s.trump_in_play == -1
    end = play_out(s)
    r = end.result
    assert r.contract == "gangl" and r.declarer_won and r.written == (0, 9)
    assert r.reason.code == "result_all_tricks_made" and r.side_tricks == (5, 0)


def test_gangl_lost_by_a_trick_of_the_partner():
    s = run(gangl_state(GANGL_PARTNER), "pass", "pass", "play:KS")
    assert legal(s) == {"play:QS", "play:JS"}  # cannot head KS: any spade
    s = run(s, "play:QS")
    assert legal(s) == {"play:AS"}  # the partner must head the trick: Stichzwang
    r = s.apply("play:AS").apply("play:TS").result
    assert not r.declarer_won and r.written == (9, 0)
    assert r.reason.code == "result_all_tricks_lost" and r.reason.params["seat"] == 3


def test_flecken_retour_re_multiply_by_eight():
    s = gangl_state()
    s = s.apply("double")  # seat 2 flecks
    assert s.doubles == 1 and s.to_move == 1 and s.queue == (1, 3)  # Retour: the declaring side
    assert s.view(1).label("double").code == "action_retour"
    s = run(s, "double")
    assert s.queue == (2, 0) and s.view(2).label("double").code == "action_re"
    s = run(s, "pass", "double")  # the caller says Re
    assert s.doubles == 3 and s.phase_name == "play"
    r = play_out(s).result
    assert r.game_points == 72 and r.written == (0, 72)


def test_zehnergang_all_tricks_with_the_ace_lowest():
    s = run(
        bauern(*TENS, rules="alles"),
        "call:H",
        "pass",
        "bid:zehnergang",
        "pass",
        "pass",
        "pass",
        "pass",
    )
    assert s.ace_low and s.trump_in_play == -1 and s.to_move == 1
    s = s.apply("play:TH")
    assert legal(s) == {"play:AD", "play:TD", "play:KS", "play:QS", "play:JS"}  # seat 2: no hearts
    r = play_out(s).result
    assert r.declarer_won and r.written == (0, 10) and r.side_tricks == (5, 0)
    # with the ace high (a Gangl) the caller's AH must head TH and wins it
    g = run(
        bauern(*TENS, rules="alles"), "call:H", "pass", "bid:gangl", "pass", "pass", "pass", "pass"
    )
    g = run(g, "play:TH", "play:AD", "play:AC")
    assert legal(g) == {"play:AH"}
    assert g.apply("play:AH").result.reason.code == "result_all_tricks_lost"


def test_schnapser_zusammen_played_together_the_caller_leads():
    s = run(
        bauern(*TOGETHER, rules="alles"), "call:H", "pass", "pass", "bid:schnapser_zusammen", "pass"
    )
    assert s.queue == (3, 1)
    s = run(s, "pass", "pass")
    assert s.to_move == 0 and s.declarer == 2
    s = run(s, "play:JH", "play:AS", "play:AH", "play:AC")  # the partner takes it: 35
    assert not s.is_over and s.counted(0) == 35
    s = s.apply("marriage:KH")
    r = s.result
    assert r.declarer_won and r.reason.code == "result_schnapser_made" and r.written == (6, 0)


def test_bettler_partner_sits_out_and_no_trick_wins():
    s = run(bauern(*BETTLER, rules="alles"), "call:H", "pass", "bid:bettler", "pass", "pass")
    assert s.active == (0, 1, 2) and s.trump_in_play == -1
    s = run(s, "pass", "pass")
    assert s.to_move == 0  # bettler_lead "caller"
    seen = set()
    while not s.is_over:
        seen.add(s.to_move)
        s = s.apply(s.legal_actions()[0])
    assert 3 not in seen and len(s.hand_of(3)) == 5
    r = s.result
    assert r.declarer_won and r.written == (0, 4) and r.reason.code == "result_bettler_clean"
    assert all(len(t.cards) == 3 for t in s.history)


def test_bettler_lost_with_a_forced_trick_and_the_announcer_may_lead():
    s = run(
        bauern(*BETTLER_LOST, rules="alles"),
        "call:H",
        "pass",
        "bid:bettler",
        "pass",
        "pass",
        "pass",
        "pass",
    )
    s = run(s, "play:JS")
    assert legal(s) == {"play:AS"}  # must follow, and AS heads the trick
    s = run(s, "play:AS", "play:TS")
    assert s.result.reason.code == "result_bettler_trick" and s.result.written == (4, 0)
    lead = run(
        bauern(*BETTLER_LOST, rules="alles", bettler_lead="announcer"),
        "call:H",
        "pass",
        "bid:bettler",
        "pass",
        "pass",
        "pass",
        "pass",
    )
    assert lead.to_move == 1


def test_assenbettler_ranks_the_ace_lowest():
    s = run(
        bauern(*ACES, rules="alles"),
        "call:H",
        "pass",
        "bid:assenbettler",
        "pass",
        "pass",
        "pass",
        "pass",
    )
    s = run(s, "play:TH")
    assert legal(s) == {"play:AH", "play:JH"}  # JH does not beat TH with the ace low
    assert play_out(s).result.written == (0, 5)
    # as a plain Bettler the aces are high: AH must head TH and takes the trick
    b = run(
        bauern(*ACES, rules="alles"),
        "call:H",
        "pass",
        "bid:bettler",
        "pass",
        "pass",
        "pass",
        "pass",
    )
    b = run(b, "play:TH")
    assert legal(b) == {"play:AH"}
    b = run(b, "play:AH", "play:QD")
    assert b.result.reason.code == "result_bettler_trick"


def test_ass_bettler_needs_exactly_one_ace():
    s = run(bauern(*BETTLER_LOST, rules="alles"), "call:H", "pass")
    assert "bid:ass_bettler" in legal(s)  # AS is his only ace
    s = run(s, "bid:ass_bettler", "pass", "pass", "pass", "pass")
    assert s.contract.name == "ass_bettler" and s.contract.value == 5


@pytest.mark.parametrize("variant", ["a", "b", "c"])
def test_plauderer_variants_open_the_cards(variant):
    s = run(
        bauern(*BETTLER, rules="alles", plauderer=variant),
        "call:H",
        "pass",
        "bid:plauderer",
        "pass",
        "pass",
        "pass",
        "pass",
    )
    v0 = s.view(0).to_dict()["known_cards"]
    v1 = s.view(1).to_dict()["known_cards"]
    if variant == "a":  # the opponents look into each other's cards before the first lead
        assert set(v0[2]) == card_set(BETTLER[2]) and v1[0] == [] and v1[2] == []
    else:
        assert v0[2] == [] and v1[0] == []
    s = play_out_trick(s.apply(s.legal_actions()[0]))
    after = [s.view(q).to_dict()["known_cards"] for q in range(4)]
    if variant == "b":  # the opponents' cards lie open after the first trick
        assert set(after[1][0]) == {c.name for c in s.hand_of(0)}
        assert set(after[3][2]) == {c.name for c in s.hand_of(2)}
    if variant == "c":  # the announcer's cards lie open after the first trick
        assert set(after[0][1]) == {c.name for c in s.hand_of(1)} and after[1][0] == []
    assert s.contract.value == 7


def play_out_trick(s):
    while s.trick and not s.is_over:
        s = s.apply(s.legal_actions()[0])
    return s


def schnapser_state(deal=STRONG, **options):
    return run(
        bauern(*deal, **options), "call:H", "bid:schnapser", "pass", "pass", "pass", "pass", "pass"
    )


def test_schnapser_made_with_the_forty():
    s = schnapser_state()
    assert s.contract.name == "schnapser" and s.to_move == 0
    end = play_out(s)  # marriage:KH first, then AH: 66 after two tricks
    r = end.result
    assert r.declarer_won and r.written == (6, 0) and r.reason.code == "result_schnapser_made"
    assert r.side_tricks == (1, 0) and r.side_points[0] == 68  # 4 + 2 + 11 + 11 and the forty


def test_schnapser_without_66_in_three_tricks_is_lost():
    s = schnapser_state()
    s = run(s, "play:AD", "play:JD", "play:JS", "play:JC")
    s = run(s, "play:QH", "play:JH", "play:QS", "play:QC")
    s = run(s, "play:KH", "play:KD", "play:KS", "play:KC")
    r = s.result
    assert r.side_points[0] == 44 and not r.declarer_won and r.written == (0, 6)
    assert r.reason.code == "result_schnapser_short" and r.reason.params["tricks"] == 3


def test_schnapser_lost_by_an_opponents_trick():
    s = schnapser_state(TRUMPED)
    s = run(s, "play:AD", "play:TD", "play:AS", "play:JH")
    assert (
        s.result.reason.code == "result_schnapser_trick_lost"
        and s.result.reason.params["seat"] == 3
    )


@pytest.mark.parametrize("with_partner", [False, True])
def test_schnapser_mit_mann(with_partner):
    s = schnapser_state(PARTNER_SPADES, schnapser_with_partner=with_partner)
    s = run(s, "play:JS", "play:AD", "play:AS", "play:JC")
    if with_partner:
        assert not s.is_over and s.to_move == 2 and s.counted(0) == 26
    else:
        assert s.result.reason.code == "result_schnapser_trick_lost"
        assert s.result.reason.params["seat"] == 2


@pytest.mark.parametrize("rule", ["any", "after_one_trick"])
def test_schnapser_forty_after_two_tricks(rule):
    s = schnapser_state(schnapser_forty=rule)
    s = run(s, "play:AD", "play:JD", "play:JS", "play:JC")
    s = run(s, "play:AH", "play:JH", "play:QS", "play:QC")
    assert s.strk[0] == 2 and s.counted(0) == 36
    if rule == "any":
        s = s.apply("marriage:KH")  # two tricks and the forty: 76, won without a third lead
        assert s.result.declarer_won and s.result.reason.code == "result_schnapser_made"
        assert s.result.side_tricks == (2, 0)
    else:
        assert "marriage:KH" not in legal(s)
        assert s.why_illegal("marriage:KH").code == "marriage_forty_after_one_trick"


# Issue 32, defect 2. 004 "Schnapser": "Alternative Regeln existieren, wonach die Verwendung
# des Vierzigers nur zulässig ist, wenn zusammen mit nur einem Stich 66 erreicht werden
# können (da es ... unmöglich ist, mit 2 Stichen weniger als 26 Punkte anzusammeln)".
FORTY_DECK = "KH QS KD JH KC QH TH TC QC JD TD AS QD AD JC TS JS AC KS AH"


def forty_state(rule):
    r = BauernRules.preset("ueblich").replace(schnapser_forty=rule)
    s = BauernState.deal(r, deck=FORTY_DECK, dealer=3)
    s = run(s, "cut", "call:D", "bid:schnapser", "pass", "pass", "pass", "pass", "pass")
    return run(s, "play:AD", "play:JC", "play:JS", "play:TD")  # the caller has 25


@pytest.mark.parametrize("rule", ["any", "after_one_trick"])
def test_schnapser_forty_counts_with_one_trick_only_under_the_alternative_rule(rule):
    s = forty_state(rule)
    assert s.strk[0] == 1 and s.counted(0) == 25
    if rule == "any":  # 25 + 40 = 65, then a second trick: two tricks "und 40" make it
        s = run(s, "marriage:KD", "play:JH", "play:AC", "play:JD")
        r = s.result
        assert r.declarer_won and r.reason.code == "result_schnapser_made"
        assert r.side_points == (84, 0) and r.side_tricks == (2, 0)
    else:  # one trick and the forty make 65, not 66: the forty may not be used
        assert "marriage:KD" not in legal(s) and "marriage:QD" not in legal(s)
        assert s.why_illegal("marriage:KD").code == "marriage_forty_after_one_trick"
        s = run(s, "play:KD", "play:JH", "play:AC", "play:JD")
        assert not s.is_over and s.counted(0) == 44 and s.strk[0] == 2  # play goes on


@pytest.mark.parametrize("rule", ["any", "after_one_trick"])
def test_a_forty_before_the_first_trick_counts_only_with_that_trick(rule):
    s = schnapser_state(schnapser_forty=rule)
    s = run(s, "marriage:KH", "play:JH", "play:JS", "play:JC")  # 10 and the forty: 50
    assert s.counted(0) == 50 and not s.is_over
    s = run(s, "play:AH", "play:QD", "play:QS", "play:QC")  # the second trick: 20 more
    if rule == "any":
        assert s.result.declarer_won and s.result.side_points[0] == 70
    else:
        assert not s.is_over and s.counted(0) == 30  # the forty fell with the second trick
        assert [m.points for m in s.marriages] == [40]  # announced, as the record says
        s = run(s, "play:TH", "play:KD", "play:KS", "play:KC")
        r = s.result
        assert not r.declarer_won and r.reason.code == "result_schnapser_short"
        assert r.side_points[0] == 52


def test_bauernschnapser_all_tricks_with_trump():
    s = run(
        bauern(*STRONG), "call:H", "bid:bauernschnapser", "pass", "pass", "pass", "pass", "pass"
    )
    assert s.trump_in_play == 0 and "marriage:KH" not in legal(
        s
    )  # marriages count for nothing here
    r = play_out(s).result
    assert r.declarer_won and r.written == (12, 0)
    lost = run(
        bauern(*TRUMPED), "call:H", "bid:bauernschnapser", "pass", "pass", "pass", "pass", "pass"
    )
    lost = run(lost, "play:AD", "play:TD", "play:AS", "play:JH")
    assert lost.result.reason.code == "result_all_tricks_lost" and lost.result.written == (0, 12)


def test_kontraschnapser_the_caller_leads():
    s = run(bauern(*KONTRA, rules="alles"), "call:H", "pass", "bid:kontraschnapser", "pass", "pass")
    s = run(s, "pass", "pass")
    assert s.to_move == 0 and s.declarer == 1
    s = run(s, "play:JD", "play:AD", "play:TD", "play:JC")
    assert s.counted(0) == 25  # side 0 is the declaring side: seat 1 and his partner
    s = s.apply("marriage:KH")  # 25 + 40 = 65: not yet, the king is led
    assert not s.is_over and s.trick
    s = run(s, "play:JH", "play:QC", "play:QD")
    r = s.result
    assert r.declarer_won and r.written == (0, 12) and r.reason.code == "result_schnapser_made"


def test_kontraschnapser_the_leading_caller_announces_no_marriage():
    """004 "Kontraschnapser": "Die Regeln sind also die gleichen wie beim Schnapser, mit
    der Ausnahme, dass nicht der Spieler, sondern der Rufer die allererste Karte
    ausspielt." In the Schnapser the other side never leads and its points decide
    nothing: the caller leads the first card of a Kontraschnapser without a marriage."""
    deal = ("KD QD JD JS QS", "AH TH KH QH AD", "JH TD AS TS KS", "AC TC KC QC JC")
    s = run(bauern(*deal, rules="alles"), "call:D", "pass", "bid:kontraschnapser", "pass", "pass")
    s = run(s, "pass", "pass")
    assert s.to_move == 0 and s.side[0] == 1  # the caller leads, for the other side
    assert not any(a.kind == "marriage" for a in s.legal_actions())
    assert s.why_illegal("marriage:KD").code == "marriage_not_for_this_side"
    assert "play:KD" in legal(s)
    # the declaring side's own marriages count as in the Schnapser
    s = run(s, "play:JS", "play:AD", "play:TS", "play:JC")
    assert s.to_move == 1 and "marriage:KH" in legal(s)


def test_kontrabauernschnapser_and_herrenschnapser_and_farbringerl():
    s = run(
        bauern(*ALL_HEARTS_1, rules="alles"),
        "call:H",
        "pass",
        "bid:kontrabauernschnapser",
        "pass",
        "pass",
        "pass",
        "pass",
    )
    assert s.to_move == 0
    r = play_out(s).result
    assert r.declarer_won and r.written == (0, 24)
    h = run(
        bauern(*ALL_HEARTS_0, rules="alles"),
        "call:H",
        "bid:herrenschnapser",
        "pass",
        "pass",
        "pass",
    )
    assert h.phase_name == "double"
    h = run(h, "pass", "pass")
    assert h.result.reason.code == "result_shown" and h.result.written == (24, 0)
    assert set(h.view(1).to_dict()["known_cards"][0]) == card_set(ALL_HEARTS_0[0])
    f = run(
        bauern(*GANGL, rules="alles"),
        "call:H",
        "pass",
        "pass",
        "pass",
        "bid:farbringerl",
        "pass",
        "pass",
    )
    assert f.result.contract == "farbringerl" and f.result.written == (0, 18)


# ---------------------------------------------------------------------- the normal game
def normal_state(deal=NORMAL, **options):
    return run(bauern(*deal, **options), "call:H", "pass", "pass", "pass", "pass", "pass", "pass")


def test_normal_game_the_caller_leads_and_doubling_is_offered():
    s = run(bauern(*NORMAL), "call:H", "pass", "pass", "pass", "pass")
    assert s.contract.name == "normal" and s.phase_name == "double" and s.queue == (1, 3)
    s = run(s, "pass", "pass")
    assert s.to_move == 0 and s.phase_name == "play"


def test_normal_game_two_points():
    s = normal_state()
    s = run(s, "play:JS", "play:JH", "play:QS", "play:JC")  # seat 1 trumps: 9 for his team
    s = run(s, "play:JD", "play:AD", "play:QC", "play:QH")
    s = run(s, "play:AH", "play:TD", "play:TS", "play:TC")
    assert s.counted(0) == 60 and not s.is_over
    s = run(s, "play:TH", "play:KD", "play:KS", "play:KC")
    r = s.result
    assert r.reason.code == "result_caller_66" and r.side_points == (82, 9) and r.written == (2, 0)


def test_normal_game_one_point_with_the_opponents_marriage():
    s = normal_state()
    s = run(s, "play:JS", "play:JH", "play:AS", "play:AC")  # 26 for team 1
    s = s.apply("marriage:KD")  # 20 for team 1, counted: it has a trick
    s = run(s, "play:AD", "play:QC", "play:QH")
    s = run(s, "play:AH", "play:TD", "play:TS", "play:TC")
    s = run(s, "play:TH", "play:QD", "play:KS", "play:KC")
    r = s.result
    assert r.side_points == (83, 46) and r.written == (1, 0)


def test_normal_game_three_points_and_a_marriage_ends_it_at_once():
    s = normal_state(STRONG)
    s = run(s, "play:AD", "play:TD", "play:AS", "play:AC")
    assert s.counted(0) == 43
    s = s.apply("marriage:KH")
    r = s.result
    assert r.reason.code == "result_caller_66" and r.written == (3, 0) and not s.trick
    assert "KH" in {c.name for c in s.hand_of(0)}  # not led: the game ended with the forty


def test_normal_game_decided_by_the_last_trick():
    deck = "JC KD QS KS QC KC AS QD JD TD JS AD JH TH TC AH AC KH QH TS"
    s = BauernState.deal("keine", deck=deck, dealer=3)
    actions = (
        "cut call:H pass pass pass pass pass pass play:TH play:AH play:KH play:QH play:KS play:AS "
        "play:TS play:QS play:QD play:AD play:KD play:TC play:TD play:JH play:KC play:JD play:JC "
        "play:QC play:AC play:JS"
    ).split()
    s = run(s, *actions)
    r = s.result
    assert r.reason.code == "result_caller_last_trick" and r.side_points == (64, 56)
    assert r.written == (1, 0)


def test_flecked_normal_game_doubles_its_points():
    s = run(
        bauern(*STRONG),
        "call:H",
        "pass",
        "pass",
        "pass",
        "pass",
        "double",
        "double",
        "pass",
        "pass",
    )
    assert s.doubles == 2 and s.phase_name == "play"
    s = run(s, "play:AD", "play:TD", "play:AS", "play:AC", "marriage:KH")
    assert s.result.written == (12, 0)


# ---------------------------------------------------------------------- play rules
@pytest.mark.parametrize("must", [True, False])
def test_trump_when_beaten(must):
    s = run(normal_state(TRUMPS, trump_when_beaten=must), "play:JS", "play:AH")
    if must:
        assert legal(s) == {"play:TH", "play:KH", "play:QH"}
        assert s.why_illegal("play:AC").code == "must_trump"
    else:
        assert legal(s) == {f"play:{c}" for c in TRUMPS[2].split()}
    s = s.apply("play:TH")
    assert legal(s) == {"play:AS", "play:TS", "play:KS", "play:QS"}  # trumped: any spade
    why = s.why_illegal("play:JH")
    assert why.code == "must_follow_suit" and why.params == {"suit": "S"}


def test_heading_and_errors():
    s = normal_state(TRUMPS).apply("play:QD")
    assert legal(s) == {"play:AD", "play:TD"}
    s2 = s.apply("play:TD")
    # seat 2: no diamonds, trumps TH KH QH: any trump beats a diamond
    assert legal(s2) == {"play:TH", "play:KH", "play:QH"}
    assert s.why_illegal("play:JC").code == "must_follow_suit"
    assert s.why_illegal("play:KS").code == "not_in_hand"
    assert s.why_illegal("marriage:KH").code == "marriage_only_on_lead"
    assert s.why_illegal("bid:gangl").code == "wrong_phase"
    assert s.why_illegal("play:AD", seat=3).code == "not_your_turn"
    assert s.why_illegal("fly").code == "action_unknown"  # a parse error with its code
    with pytest.raises(RuleViolation) as info:
        s.apply("play:JC")
    assert info.value.code == "must_follow_suit" and "must follow suit" in str(info.value)


def test_first_trick_of_each_team_stays_visible():
    s = normal_state()
    s = run(s, "play:JS", "play:JH", "play:QS", "play:JC")
    s = run(s, "play:JD", "play:AD", "play:QC", "play:QH")
    s = run(s, "play:AH", "play:TD", "play:TS", "play:TC")
    d = s.view(3).to_dict()
    first = d["first_tricks"]
    assert first[1]["winner"] == 1 and [x["card"] for x in first[1]["cards"]] == [
        "JS",
        "JH",
        "QS",
        "JC",
    ]
    assert first[0]["winner"] == 0 and [x["card"] for x in first[0]["cards"]] == [
        "JD",
        "AD",
        "QC",
        "QH",
    ]
    assert d["trick_counts"] == [2, 1, 0, 0]


def test_rules_round_trip_and_reject_unknown_options():
    r = BauernRules.preset("alles").replace(plauderer="c", count="up")
    assert BauernRules.from_dict(r.to_dict()) == r
    assert BauernRules.from_dict({"catalogue": "ueblich", "name": "x"}).catalogue == (
        "schnapser",
        "gangl",
        "bauernschnapser",
    )
    with pytest.raises(ValueError, match="plauderer"):
        BauernRules(plauderer="d")
    with pytest.raises(ValueError, match="unknown rule option"):
        BauernRules.from_dict({"nope": 1})
    with pytest.raises(ValueError, match="unknown special game"):
        BauernRules(catalogue=("gangl", "solo"))
