import random

import pytest

from engine import GameState, RuleSet
from engine.match import (
    Bummerl,
    Match,
    ScoreSheetError,
    draw_first_dealer,
    validate_score_sheet,
)

WEICH, TURNIER = RuleSet.preset("weich"), RuleSet.preset("turnier")


def test_bummerl_counts_down_from_seven_and_ends_at_seven():
    b = Bummerl(WEICH)
    b.add(0, 3)
    assert b.remaining == (4, 7) and not b.is_over
    b.add(1, 2)
    b.add(0, 3)
    assert b.remaining == (1, 5)
    b.add(0, 3)  # 9 points: more than enough
    assert b.is_over and b.winner == 0 and b.remaining == (0, 5) and b.value == 1
    with pytest.raises(ValueError, match="already won"):
        b.add(1, 1)


def test_schneider_counts_double_except_in_tournament_play():
    for rules, value in ((WEICH, 2), (TURNIER, 1)):
        b = Bummerl(rules)
        for _ in range(3):
            b.add(1, 3)
        assert b.schneider and b.value == value


def test_match_to_two_bummerl_with_schneider_and_alternating_dealer():
    m = Match(WEICH, first_dealer=1)
    assert m.next_dealer == 1
    m.add_game(0, 3)
    assert m.next_dealer == 0
    m.add_game(0, 3)
    m.add_game(0, 1)  # 7:0 Schneider -> two Bummerl: match over
    assert m.bummerl_won == (2, 0) and m.is_over and m.winner == 0
    with pytest.raises(ValueError, match="already won"):
        m.add_game(1, 1)
    t = Match(TURNIER)
    for _ in range(3):
        t.add_game(0, 3)
    assert t.bummerl_won == (1, 0) and not t.is_over


def test_match_to_three_bummerl():
    m = Match(WEICH, bummerl_to_win=3)
    for _ in range(3):
        m.add_game(1, 3)
        m.add_game(0, 1)
        m.add_game(1, 3)
        m.add_game(1, 1)
    assert m.bummerl_won == (0, 3) and m.winner == 1
    assert m.to_dict()["bummerls"][0]["remaining"] == [6, 0]


def test_revoke_gives_the_opponent_three():
    m = Match(WEICH)
    m.add_revoke(0)
    assert m.current.points == [0, 3] and m.revokes == [(0, 0)]


def test_game_results_feed_the_match():
    m = Match(WEICH)
    s = GameState.deal(WEICH, seed=3, dealer=m.next_dealer)
    while not s.is_over:
        s = s.apply(s.legal_actions()[0])
    m.add_result(s.result)
    assert m.current.points[s.result.winner] == s.result.game_points


def test_first_dealer_is_drawn_by_the_higher_card():
    seen = set()
    for seed in range(40):
        dealer, (a, b) = draw_first_dealer(random.Random(seed))
        assert a.rank != b.rank
        assert dealer == (0 if a.rank < b.rank else 1)  # lower rank index = higher card
        seen.add(dealer)
    assert seen == {0, 1}


# ---------------------------------------------------------------- score sheets

GOOD = [
    [(0, 3), (1, 1), (0, 2), (0, 2)],
    [(1, 3), (1, 3), (0, 1), (1, 2)],
    [(0, 3), (0, 3), (0, 1)],
]


def test_a_correct_sheet_is_scored():
    m = validate_score_sheet(WEICH, 2, GOOD)
    # the third Bummerl is 7:0: Schneider counts double -> 0 has 3 Bummerl, 1 has 1
    assert m.bummerl_won == (3, 1) and m.winner == 0


def test_schneider_per_profile_on_a_sheet():
    sheet = [[(1, 3), (1, 3), (1, 1)]]
    assert validate_score_sheet(WEICH, 2, sheet).winner == 1
    with pytest.raises(ScoreSheetError, match="not decided"):
        validate_score_sheet(TURNIER, 2, sheet)
    assert validate_score_sheet(TURNIER, 2, sheet, complete=False).bummerl_won == (0, 1)


@pytest.mark.parametrize(
    "sheet,bummerl,game,reason",
    [
        ([[(0, 4)]], 0, 0, "1, 2 or 3"),
        ([[(0, 0)]], 0, 0, "1, 2 or 3"),
        ([[(2, 1)]], 0, 0, "winner must be player 0 or 1"),
        ([[(0, "2")]], 0, 0, "whole number"),
        ([[(0, 3), (0, 3), (0, 1), (1, 1)]], 0, 3, "already won by player 0"),
        ([[(0, 3), (0, 3)], [(1, 3)]], 0, 1, "ends at 1:7 before a player was down to 0"),
        ([[(0,)]], 0, 0, "pair"),
        ([[]], 0, None, "at least one game"),
        (GOOD + [[(1, 3)]], 3, None, "match was already won"),
    ],
)
def test_wrong_sheets_name_the_first_wrong_line(sheet, bummerl, game, reason):
    with pytest.raises(ScoreSheetError, match=reason) as info:
        validate_score_sheet(WEICH, 2, sheet)
    assert (info.value.bummerl, info.value.game) == (bummerl, game)
    assert str(info.value).startswith(f"Bummerl {bummerl + 1}")


def test_running_sheet_may_end_in_the_middle_of_a_bummerl():
    m = validate_score_sheet(WEICH, 3, [[(0, 3), (1, 2)]], complete=False)
    assert m.current.remaining == (4, 5) and not m.is_over
    with pytest.raises(ScoreSheetError, match="ends at 4:5 before a player was down to 0"):
        validate_score_sheet(WEICH, 3, [[(0, 3), (1, 2)]])
