"""Bummerl from 24, Schneider, Retourschneider, the Talonschnapsen Bummerl rules, the
dealer order and the Bauernschnapsen score-sheet validator (reference 004)."""

import pytest

from engine.bauern import BauernRules
from engine.bauern.scoring import (
    BauernBummerl,
    BauernMatch,
    SheetError,
    SheetLine,
    parse_sheet_text,
    possible_values,
    validate_score_sheet,
)
from engine.match import ScoreSheetError
from engine.messages import Reason
from engine.multi.outcome import MultiResult
from engine.talon import TalonRules
from engine.talon.scoring import TalonBummerl, TalonMatch

RULES = BauernRules.preset("alles")


def result(written, game="bauernschnapsen"):
    return MultiResult(game, "normal", 0, True, 1, 0, tuple(written), Reason("result_caller_66"))


def test_bauern_bummerl_counts_down_from_24():
    b = BauernBummerl(RULES)
    b.add((3, 0))
    b.add((0, 9))
    assert b.figures == (21, 15) and not b.is_over
    b.add((24, 0))
    assert b.is_over and b.figures == (0, 15) and b.winner == 0
    assert b.losers() == {1: 1} and not b.schneider
    up = BauernBummerl(RULES.replace(count="up"))
    up.add((3, 0))
    assert up.figures == (3, 0)


def test_schneider_when_the_loser_never_wrote():
    b = BauernBummerl(RULES)
    for _ in range(8):
        b.add((3, 0))
    assert b.schneider and b.losers() == {1: 2}


def test_retourschneider_from_23_to_0():
    b = BauernBummerl(RULES)
    b.add((12, 0))
    b.add((9, 0))
    b.add((2, 0))  # 23 : 0 counted up, the other team on Luft
    assert b.figures == (1, 24)
    b.add((0, 24))  # and the team on Luft wins
    assert b.return_schneider and b.losers() == {0: 4}
    plain = BauernBummerl(RULES.replace(return_schneider=False))
    for w in ((12, 0), (9, 0), (2, 0), (0, 24)):
        plain.add(w)
    assert plain.losers() == {0: 1}
    near = BauernBummerl(RULES)
    for w in ((12, 0), (10, 0), (0, 24)):  # 22 : 0 is not the text's 23 : 0
        near.add(w)
    assert near.losers() == {0: 1}


def test_match_dealer_moves_on_and_stays_after_a_new_deal():
    m = BauernMatch(RULES, first_dealer=3, bummerls=1)
    assert m.next_dealer == 3
    m.add_result(result((1, 0)))
    assert m.next_dealer == 0  # the caller of the last game deals
    redeal = MultiResult("bauernschnapsen", None, None, None, 0, 0, (0, 0), Reason("result_redeal"))
    m.add_result(redeal)
    assert m.next_dealer == 0 and m.redeals == 1 and m.games_played == 1
    m.add_result(result((24, 0)))
    assert m.is_over and m.bummerl_count == (0, 2)  # team 1 never wrote: Schneider
    with pytest.raises(ValueError, match="over"):
        m.add_result(result((1, 0)))
    d = m.to_dict()
    assert d["bummerls"][0]["running_figures"] == [[23, 24], [0, 24]]


@pytest.mark.parametrize(
    ("rule", "games", "losers"),
    [
        ("lowest", [(0, 9, 0), (24, 0, 0)], {2: 2}),  # seat 2 never wrote: Schneider
        ("lowest", [(3, 0, 3), (0, 24, 0)], {0: 1, 2: 1}),  # two share the fewest
        ("below_target", [(3, 0, 5), (0, 24, 0)], {0: 1, 2: 1}),
        ("below_target", [(0, 24, 24)], {0: 2}),
    ],
)
def test_talon_bummerl(rule, games, losers):
    b = TalonBummerl(TalonRules().replace(bummerl=rule))
    for g in games:
        b.add(g)
    assert b.is_over and b.losers() == losers


def test_talon_match_three_seats():
    m = TalonMatch(TalonRules(), first_dealer=2, bummerls=None)
    m.add_result(result((0, 6, 0), "talonschnapsen"))
    assert m.next_dealer == 0 and m.figures == (24, 18, 24) and not m.is_over


# ---------------------------------------------------------------------- score sheets
def test_sheet_of_games_and_figures():
    lines = [
        "24:24",
        "0 gangl",
        "0 normal 2 = 13:24",
        "1 schnapser x2 = 13:12",
        "13:9",
        "A Bauernschnapser",
        {"team": 0, "game": "normal", "points": 1},
    ]
    m = validate_score_sheet(RULES, lines)
    b = m.sheets[0]
    assert b.is_over and b.winner == 0 and b.figures == (0, 9)
    assert [list(g) for g in b.games] == [[9, 0], [2, 0], [0, 12], [0, 3], [12, 0], [1, 0]]
    assert m.bummerl_count == (0, 1)


def test_sheet_tuples_and_several_bummerl():
    lines = [(1, "gangl", 3), (0, "normal", 3, 0), (1, "normal", 1, 0)]  # 72 ends Bummerl 1
    m = validate_score_sheet(RULES, lines, complete=False)
    assert len(m.sheets) == 2 and m.sheets[0].winner == 1 and m.sheets[0].schneider
    assert m.sheets[0].losers() == {0: 2}
    with pytest.raises(SheetError) as info:
        validate_score_sheet(RULES, lines, complete=True)
    assert info.value.code == "sheet_bummerl_unfinished" and info.value.line == 2
    assert m.sheets[1].figures == (21, 23)


@pytest.mark.parametrize(
    ("lines", "code", "line"),
    [
        ([], "sheet_empty", 0),
        (["0 gangl", "15:13"], "sheet_figures_impossible", 1),  # 11 points: no game gives 11
        (["0 gangl", "14:20"], "sheet_figures_both", 1),
        (["0 gangl", "15:24"], "sheet_figures_none", 1),
        (["0 gangl", "18:24"], "sheet_figures_wrong_way", 1),
        (["0 gangl = 14:24"], "sheet_figures_mismatch", 0),
        (["2 gangl"], "sheet_bad_team", 0),
        (["0 solo"], "sheet_unknown_game", 0),
        (["0 normal 4"], "sheet_bad_normal_points", 0),
        (["0 normal"], "sheet_bad_normal_points", 0),
        (["0 gangl 2"], "sheet_points_only_normal", 0),
        ([(0, "gangl", 4)], "sheet_bad_doubles", 0),
        (["0 gangl", "30:24"], "sheet_bad_figures", 1),
        (["what is this"], "sheet_bad_line", 0),
        ([{"team": 0}], "sheet_unknown_game", 0),
    ],
)
def test_sheet_errors_name_the_first_wrong_line(lines, code, line):
    with pytest.raises(SheetError) as info:
        validate_score_sheet(RULES, lines)
    err = info.value
    assert err.code == code and err.line == line
    assert isinstance(err, ScoreSheetError) and str(err).startswith(f"line {line + 1}: ")
    assert err.to_dict()["code"] == code


def test_sheet_catalogue_and_counting_up():
    with pytest.raises(SheetError) as info:
        validate_score_sheet(BauernRules.preset("ueblich"), ["0 bettler"])
    assert info.value.code == "sheet_game_not_allowed" and info.value.params == {"game": "bettler"}
    up = BauernRules.preset("ueblich").replace(count="up")
    m = validate_score_sheet(up, ["0:0", "0 gangl = 9:0", "9:12", "21:12", "24:12"])
    assert m.sheets[0].winner == 0 and m.sheets[0].figures == (24, 12)
    with pytest.raises(SheetError) as info:
        validate_score_sheet(up, ["9:0", "8:0"])
    assert info.value.code == "sheet_figures_wrong_way" and info.value.params["direction"] == "up"


def test_sheet_retourschneider():
    m = validate_score_sheet(RULES, ["12:24", "3:24", "1:24", "1:0"])
    assert m.sheets[0].return_schneider and m.bummerl_count == (4, 0)


def test_parse_sheet_text_and_values():
    lines = parse_sheet_text("# our table\n24:24\n\n0 gangl gefleckt\n1 normal 3 retour = 6:12\n")
    assert lines == [
        SheetLine(figures=(24, 24)),
        SheetLine(0, "gangl", None, 1),
        SheetLine(1, "normal", 3, 2, (6, 12)),
    ]
    with pytest.raises(SheetError) as info:
        parse_sheet_text("0 gangl\n0 gangl xx\n")
    assert info.value.line == 1 and info.value.code == "sheet_bad_line"
    assert 5 not in possible_values(BauernRules.preset("ueblich"))
    assert {1, 2, 3, 4, 6, 8, 9, 12, 18, 24, 36, 48, 72, 96} <= possible_values(
        BauernRules.preset("ueblich")
    )
