"""Scenario tests on hand-built deals, one rule (or option) at a time.

Player 0 is the forehand (leads first), player 1 the dealer (see util.deal)."""

import pytest

from engine import Card, IllegalAction
from engine.game import points_table

from .util import deal, legal, play, plays

# D1: hearts trump (JH face up); forehand holds AH TH KH QH AD, dealer all spades.
D1 = ("AH TH KH QH AD", "AS TS KS QS JS", "JH", "TD KD QD JD AC TC KC QC JC")
# D2: hearts trump; forehand holds only diamonds, dealer the trump marriage.
D2 = ("AD TD KD QD JD", "AH TH KH QH AS", "JH", "TS KS QS JS AC TC KC QC JC")
# D3: clubs trump (JC face up); talon starts AS AD TS KH.
D3 = ("AH KD QD JD JS", "AC TC KC QC TH", "JC", "AS AD TS KH QH JH TD KS QS")
# D3 after two tricks: forehand won AH+TH (21), dealer trumped JD with TC (12) and leads.
D3_TWO_TRICKS = ("play:AH", "play:TH", "play:JD", "play:TC")


# ---------------------------------------------------------------- free play and drawing


def test_any_card_may_follow_while_the_talon_is_open():
    s = play(deal(*D1), "play:AH")
    assert plays(s) == {"AS", "TS", "KS", "QS", "JS"}


def test_winner_draws_first_then_loser_and_winner_leads():
    s = play(deal(*D3), "play:AH", "play:TH")
    assert s.to_move == 0 and s.card_points(0) == 21
    assert Card.AS in s.hand_of(0) and Card.AD in s.hand_of(1)
    s = play(s, "play:JD", "play:TC")  # trump wins
    assert s.to_move == 1 and s.card_points(1) == 12
    assert Card.TS in s.hand_of(1) and Card.KH in s.hand_of(0)


def test_trick_winner_by_suit_and_trump():
    s = play(deal(*D1), "play:AD", "play:AS")  # different suit, no trump: leader wins
    assert s.to_move == 0 and s.card_points(0) == 22


def test_trump_card_is_drawn_last_by_the_loser_and_is_known():
    s = deal(*D1)
    # p0 wins every trick with hearts / high cards; p1 discards.
    while s.talon_size > 0:
        lead = max((a for a in s.legal_actions() if a.kind == "play"), key=lambda a: a.card.points)
        s = s.apply(lead)
        loser = min(
            (a for a in s.legal_actions()),
            key=lambda a: (a.card.beats(s.lead_card, s.trump_suit), a.card.points),
        )
        s = s.apply(loser)
    assert s.to_move == 0
    assert Card.JH in s.hand_of(1) and s.face_up_trump is None
    assert Card.JH in s.view(0).opponent_known
    assert s.strict


# ---------------------------------------------------------------- strict phase


def test_after_closing_must_win_with_a_higher_card_of_the_suit():
    s = play(deal(*D3), *D3_TWO_TRICKS, "close", "play:KC")
    assert s.strict
    # p0 holds no clubs and no trump (clubs): any card.
    assert plays(s) == {"KD", "QD", "JS", "AS", "KH"}
    s = play(s, "play:JS", "play:TS")
    assert plays(s) == {"AS"}  # must win the trick
    with pytest.raises(IllegalAction, match="must follow suit"):
        s.apply("play:KH")


def test_after_closing_must_trump_when_unable_to_follow():
    s = play(deal(*D3), *D3_TWO_TRICKS, "close", "play:KC", "play:JS", "play:TS", "play:AS")
    s = play(s, "play:KH")
    assert plays(s) == {"AC", "QC"}  # no hearts: must trump
    with pytest.raises(IllegalAction, match="must trump"):
        s.apply("play:AD")


def test_following_suit_lower_comes_before_trumping():
    s = play(deal(*D3), *D3_TWO_TRICKS, "close", "play:KC", "play:JS", "play:TS", "play:AS")
    s = play(s, "play:KH", "play:QC", "play:AD")
    assert plays(s) == {"KD", "QD"}  # cannot win AD: follow suit lower


def test_strict_rules_after_the_talon_is_exhausted():
    s = deal(*D1)
    while s.talon_size > 0:
        s = s.apply([a for a in s.legal_actions() if a.kind == "play"][0])
    assert s.strict and not s.talon_closed
    lead = s.legal_actions()[-1]
    s2 = s.apply(lead) if lead.kind == "play" else s
    follower_hand = s2.hand_of(s2.to_move)
    same = [c for c in follower_hand if c.suit == s2.lead_card.suit]
    higher = [c for c in same if c.beats(s2.lead_card, s2.trump_suit)]
    trumps = [c for c in follower_hand if c.suit == s2.trump_suit]
    expected = higher or same or trumps or list(follower_hand)
    assert plays(s2) == {c.name for c in expected}


# ---------------------------------------------------------------- exchange


def _exchange_deal(rules="weich"):
    # spades trump (AS face up); p0 holds JS and strong hearts, p1 weak diamonds/clubs.
    return deal("JS AH TH KH QH", "JD QD KD JC QC", "AS", "JH AD TD AC TC KC KS QS TS", rules)


def test_exchange_before_the_first_lead_in_weich_not_in_scharf():
    s = _exchange_deal()
    assert "exchange" in legal(s)
    s = s.apply("exchange")
    assert s.to_move == 0 and s.lead_card is None  # still on lead
    assert Card.AS in s.hand_of(0) and Card.JS not in s.hand_of(0)
    assert s.face_up_trump is Card.JS
    assert Card.AS in s.view(1).opponent_known
    assert "exchange" not in legal(s)
    scharf = _exchange_deal("scharf")
    assert "exchange" not in legal(scharf)
    assert "first lead" in scharf.why_illegal("exchange")


def _play_until_one_talon_card(s):
    # p0 leads its best non-jack card, p1 throws a card that loses the trick.
    while s.talon_size > 1:
        assert s.to_move == 0
        lead = max(
            (a for a in s.legal_actions() if a.kind == "play" and a.card != Card.JS),
            key=lambda a: a.card.points,
        )
        s = s.apply(lead)
        follow = min(
            s.legal_actions(),
            key=lambda a: (a.card.beats(s.lead_card, s.trump_suit), a.card.points),
        )
        s = s.apply(follow)
    return s


def test_exchange_with_one_face_down_card_left_in_weich_only():
    s = _play_until_one_talon_card(_exchange_deal())
    assert s.talon_size == 1 and Card.JS in s.hand_of(0)
    assert "exchange" in legal(s)
    assert "close" not in legal(s)  # closing needs two face-down cards (both profiles)
    assert "two face-down" in s.why_illegal("close")
    t = _play_until_one_talon_card(_exchange_deal("scharf"))
    assert "exchange" not in legal(t) and "close" not in legal(t)
    assert "one face-down" in t.why_illegal("exchange")


def test_no_exchange_after_closing():
    s = _exchange_deal().apply("close")
    assert "exchange" not in legal(s)
    assert "closed" in s.why_illegal("exchange")


def test_exchange_needs_the_trump_jack():
    s = deal(*D1)
    assert "trump jack" in s.why_illegal("exchange")


# ---------------------------------------------------------------- marriages


def test_marriage_is_20_or_40_in_trump_and_leads_its_card():
    s = deal(*D1)
    assert {"marriage:KH", "marriage:QH"} <= legal(s)
    s = s.apply("marriage:QH")
    assert s.lead_card is Card.QH and s.marriages == ((0, 0),)
    s = play(s, "play:JS")
    assert s.score(0) == 40 + 5
    s2 = play(deal(*D2), "marriage:QD", "play:AS")  # 20 in diamonds, won by the leader
    assert s2.score(0) == 20 + 3 + 11
    t = play(deal(*D3), *D3_TWO_TRICKS)
    t = t.apply("marriage:KC")
    assert t.score(1) == 12 + 40  # clubs are trump


def test_marriage_counts_only_after_a_trick():
    s = play(deal(*D2), "marriage:QD")  # 20 announced with the first lead (weich)
    s = play(s, "play:QH")  # dealer trumps
    assert s.score(0) == 0 and s.pending_marriage_points(0) == 20
    assert s.view(1).to_dict()["pending_marriage_points"] == [20, 0]


def test_marriage_only_after_a_trick_in_scharf():
    s = deal(*D1, rules="scharf")
    assert not any(a.startswith("marriage") for a in legal(s))
    assert "after winning a trick" in s.why_illegal("marriage:KH")
    s = play(s, "play:AD", "play:JS")
    assert "marriage:KH" in legal(s)


def test_scharf_must_lead_the_king_after_a_marriage():
    s = play(deal(*D1, rules="scharf"), "play:AD", "play:JS")
    assert "marriage:QH" not in legal(s)
    assert "king must be led" in s.why_illegal("marriage:QH")
    assert "marriage:QH" in legal(play(deal(*D1), "play:AD", "play:JS"))


def test_marriage_needs_both_cards():
    s = deal(*D3)
    assert "marriage:KD" in legal(s)
    assert "king and queen" in s.why_illegal("marriage:KH")


# ---------------------------------------------------------------- declaring 66


def test_right_declaration_scores_by_the_opponents_points():
    s = play(deal(*D1), "marriage:KH", "play:JS", "play:AH", "play:QS", "play:TH", "play:KS")
    assert s.score(0) == 74
    s = s.apply("declare")
    assert (s.result.winner, s.result.game_points, s.result.reason) == (0, 3, "declared")
    assert s.legal_actions() == []


def test_declaration_right_after_a_marriage():
    s = play(deal(*D1), "play:AH", "play:JS", "play:TH", "play:QS", "play:AD", "play:KS")
    assert s.score(0) == 41 and "declare:KH" in legal(s)
    s = s.apply("declare:KH")
    assert (s.result.winner, s.result.game_points, s.result.reason) == (0, 3, "declared")
    assert Card.KH in s.hand_of(0)  # the game ends with the announcement


@pytest.mark.parametrize(
    "option,points", [("as_if_right", 1), ("as_if_right_at_least_two", 2), ("three", 3)]
)
def test_wrong_declaration_penalty_options(option, points):
    s = play(deal(*D3, wrong_declaration=option), *D3_TWO_TRICKS)
    s = play(s, "marriage:KC", "play:JS", "play:TS", "play:AS")  # p1 58, p0 42
    assert (s.score(0), s.score(1)) == (42, 58)
    s = s.apply("declare")
    r = s.result
    assert (r.winner, r.game_points, r.reason, r.declarer) == (1, points, "wrong_declaration", 0)


def test_declaring_is_offered_only_after_a_trick_won():
    s = deal(*D1)  # the forehand's opening lead: his points cannot count yet
    assert not any(a.startswith("declare") for a in legal(s))
    assert "trick" in s.why_illegal("declare")
    with pytest.raises(IllegalAction):
        s.apply("declare")
    s = play(s, "play:AH", "play:JS")  # forehand wins a trick: now he may declare
    assert {"declare", "declare:KH"} <= legal(s)
    s = s.apply("declare")  # 11 + 2 points: a wrong declaration
    assert (s.result.winner, s.result.reason) == (1, "wrong_declaration")


def test_a_closer_who_declares_without_66_pays_like_a_failed_closer():
    # the deal: seat 1 wins a trick, closes and declares at once with 26 points
    from engine import GameState

    s = GameState.deal(
        "weich", deck="AC AH TC JH KC JD TH QS AS KH TD JC QD QC QH JS AD KS TS KD", dealer=1
    )
    s = play(s, "play:AC", "play:JD", "play:AH", "play:TD", "play:QC", "play:JH")
    assert s.to_move == 1 and s.won[0] and s.won[1]
    s = play(s, "close", "declare")
    assert s.result.winner == 0 and s.result.reason == "wrong_declaration"
    assert s.result.game_points == 2  # the opponent had a trick at the close; not 1


def test_a_closer_declaring_too_early_when_the_opponent_had_no_trick_pays_three():
    s = play(deal(*D1), "play:AH", "play:JS", "close")  # dealer has no trick at the close
    s = s.apply("declare")  # 13 points
    assert (s.result.winner, s.result.game_points) == (1, 3)


@pytest.mark.parametrize("option, points", [("as_declared", 1), ("one", 1)])
def test_last_trick_option_scores_the_game_nobody_declared(option, points):
    """The game nobody declared goes to the last trick: 000 "Der letzte Stich" ("es
    gewinnt derjenige das Spiel, der den letzten Stich erzielt"), 001 ("der Spieler, der
    den letzten Stich macht, gewinnt das Spiel"), 002 ("oder den letzten Stich macht,
    gewinnt das Spiel"), none with a figure: ``as_declared`` scores it as a declaration, by
    the loser's points; 003's table gives one figure: "Niemand erreicht 66 | Gewinner des
    letzten Stichs erhält 1 Punkt" (``one``). With 120 card points both give 1."""
    import random

    from engine import GameState, RuleSet

    rules = RuleSet().replace(last_trick=option)
    seen = 0
    for seed in range(300):
        s = GameState.deal(rules, seed=seed, dealer=0)
        rng = random.Random(seed)
        while not s.is_over:  # never declare, never close: the last trick decides
            moves = [a for a in s.legal_actions() if a.kind not in ("declare", "close")]
            s = s.apply(rng.choice(moves))
        if s.result.reason == "last_trick":
            seen += 1
            assert s.result.game_points == points  # 120 card points: the loser has > 54
    assert seen > 20


@pytest.mark.parametrize("option, points", [("as_declared", 2), ("one", 1)])
def test_last_trick_option_reads_the_figure_of_its_source(option, points):
    """The two readings apart, on a state no deck can reach (the loser of the last trick
    below 33): by the loser's points like a declaration (000: 2 below 33), or 003's 1."""
    import random

    from engine import GameState, RuleSet

    rules = RuleSet().replace(last_trick=option)
    for seed in range(100):
        s = GameState.deal(rules, seed=seed, dealer=0)
        rng = random.Random(seed)
        while len(s.hand_of(0)) + len(s.hand_of(1)) > 1:
            moves = [a for a in s.legal_actions() if a.kind not in ("declare", "close")]
            s = s.apply(rng.choice(moves))
        last = s.legal_actions()[0] if not s.is_over else None
        if last is None or s.apply(last).result.reason != "last_trick":
            continue
        winner = s.apply(last).result.winner
        s.pts[1 - winner] = 20  # the loser's points cut below 33
        r = s.apply(last).result
        assert r.reason == "last_trick" and r.winner == winner and r.game_points == points
        return
    raise AssertionError("no deal ends by the last trick")


def test_auto_declare_ends_the_game_at_66_and_offers_no_declare():
    s = deal(*D1, auto_declare=True)
    assert not any(a.startswith("declare") for a in legal(s))
    s = play(s, "marriage:KH", "play:JS", "play:AH", "play:QS", "play:TH")
    assert not s.is_over
    s = s.apply("play:KS")
    assert (s.result.winner, s.result.game_points, s.result.reason) == (0, 3, "declared")
    assert "auto_declare" in deal(*D1, auto_declare=True).why_illegal("declare")


def test_auto_declare_after_a_marriage_that_reaches_66():
    s = play(
        deal(*D1, auto_declare=True),
        "play:AH", "play:JS", "play:TH", "play:QS", "play:AD", "play:KS",
    )  # fmt: skip
    s = s.apply("marriage:KH")
    assert (s.result.winner, s.result.game_points) == (0, 3)


def test_without_declaration_66_is_not_enough_the_player_must_declare():
    s = play(deal(*D1), "marriage:KH", "play:JS", "play:AH", "play:QS", "play:TH", "play:KS")
    assert not s.is_over and s.score(0) >= 66


def test_last_trick_wins_when_nobody_declares():
    s = deal(*D2)
    while not s.is_over:  # nobody declares
        s = s.apply([a for a in s.legal_actions() if a.kind != "declare"][-1])
    r = s.result
    assert r.winner == s.last_trick[3]
    if r.reason == "last_trick":
        assert r.game_points == points_table(r.scores[1 - r.winner], True)
        assert r.scores[r.winner] < 66
    else:
        assert r.reason == "declared" and r.scores[r.winner] >= 66


# ---------------------------------------------------------------- closing


def test_close_needs_the_player_on_lead_and_stops_drawing():
    s = deal(*D3)
    assert "close" in legal(s)
    s = play(s, "close")
    assert s.talon_closed and s.to_move == 0 and "close" not in legal(s)
    s = play(s, "play:AH", "play:TH")
    assert s.talon_size == 9 and len(s.hand_of(0)) == 4
    t = play(deal(*D3), "play:AH")
    assert "only the player on lead" in t.why_illegal("close")


def _d3_closed_by_dealer(rules="weich", **options):
    s = play(deal(*D3, rules=rules, **options), *D3_TWO_TRICKS, "close")
    return play(s, "marriage:KC", "play:JS", "play:TS", "play:AS", "play:KH", "play:QC")


def test_successful_close_scores_the_opponents_points_at_closing():
    s = _d3_closed_by_dealer()
    s = play(s, "play:AD", "play:QD")
    assert s.score(1) == 79 and s.score(0) == 42
    s = s.apply("declare")
    assert (s.result.winner, s.result.game_points, s.result.reason) == (1, 2, "closed")


def test_turnier_close_scores_the_opponents_points_at_the_end():
    s = play(_d3_closed_by_dealer("turnier"), "play:AD", "play:QD", "declare")
    assert (s.result.winner, s.result.game_points, s.result.reason) == (1, 1, "closed")


def test_successful_close_two_or_three_option():
    s = play(_d3_closed_by_dealer(successful_close="two_or_three"), "play:AD", "play:QD", "declare")
    assert s.result.game_points == 2


def test_closing_at_once_against_an_opponent_without_trick_gives_three():
    s = play(deal(*D1), "close", "marriage:KH", "play:JS", "play:AH", "play:QS")
    s = play(s, "play:TH", "play:KS", "declare")
    assert (s.result.winner, s.result.game_points, s.result.reason) == (0, 3, "closed")


def test_failed_closer_opponent_with_trick_gets_two():
    s = play(deal(*D3), *D3_TWO_TRICKS, "close")
    s = play(s, "play:TS", "play:AS", "play:KH", "play:QC", "play:AC", "play:JS")
    s = play(s, "play:AD", "play:KD", "play:KC", "play:QD")
    r = s.result
    assert (r.winner, r.game_points, r.reason) == (0, 2, "close_failed")
    assert r.scores[1] < 66


def test_failed_closer_opponent_without_trick_gets_three_when_he_declares():
    s = play(deal(*D2), "close", "play:AD", "play:AH", "marriage:KH", "play:JD")
    assert s.score(1) == 22 + 40 + 6
    s = s.apply("declare")
    r = s.result
    assert (r.winner, r.game_points, r.reason, r.declarer) == (1, 3, "close_failed", 1)


def test_failed_close_scoring_options():
    # The closer would have got 1 (turnier: the opponent ends with 68), at least 2 -> 2;
    # the default gives 3 because the opponent had no trick when the talon was closed.
    line = ("close", "play:AD", "play:AH", "marriage:KH", "play:JD", "declare")
    s = play(deal(*D2, rules="turnier", failed_close="closer_value_at_least_two"), *line)
    assert s.result.game_points == 2
    s = play(deal(*D2, rules="turnier"), *line)
    assert s.result.game_points == 3


def test_wrong_declaration_of_the_closers_opponent():
    s = play(deal(*D3), *D3_TWO_TRICKS, "close", "play:TS", "play:AS")
    s = s.apply("declare")  # p0 has 42
    assert (s.result.winner, s.result.game_points, s.result.reason) == (
        1,
        2,
        "wrong_declaration",
    )


# ---------------------------------------------------------------- revoke, errors


def test_revoke_recorded_by_a_referee_gives_the_opponent_three():
    s = play(deal(*D1), "play:AH", "revoke:1")
    assert (s.result.winner, s.result.game_points, s.result.reason) == (0, 3, "revoke")


def test_illegal_actions_name_the_rule():
    s = deal(*D1)
    assert "does not hold" in s.why_illegal("play:AS")
    with pytest.raises(IllegalAction, match="does not hold"):
        s.apply("play:AS")
    s = play(s, "play:AH", "play:JS")
    over = play(s, "declare")
    assert over.why_illegal("play:TH") == "the game is already over"
    assert "unknown action" in s.why_illegal("jump")


def test_points_table():
    assert points_table(0, False) == 3
    assert points_table(32, True) == 2
    assert points_table(33, True) == 1
    assert points_table(0, True) == 2
