"""Series standings (pure code) against tables computed by hand."""

import pytest

from series.scoring import (
    PLACES,
    ROUNDS,
    EntryResult,
    PointsRule,
    RuleError,
    parse_points,
    standings,
)

A, B, C, D, E = 1, 2, 3, 4, 5
T1, T2, T3 = 101, 102, 103
NAMES = {A: "Anna", B: "Bert", C: "Cilli", D: "Dora", E: "Emil"}


def placed(t, player, place, reached=1):
    return EntryResult(tournament=t, player=player, place=place, round_reached=reached)


# T1: A 1st (and 5th with a second entry: counts once), B 2nd, C 3rd, D 4th, E 6th
# T2: B 1st, C 2nd, A 3rd, E 4th
# T3: C 1st, D 2nd, B 4th, A 5th
RESULTS = [
    placed(T1, A, 1), placed(T1, A, 5), placed(T1, B, 2), placed(T1, C, 3), placed(T1, D, 4),
    placed(T1, E, 6),
    placed(T2, B, 1), placed(T2, C, 2), placed(T2, A, 3), placed(T2, E, 4),
    placed(T3, C, 1), placed(T3, D, 2), placed(T3, B, 4), placed(T3, A, 5),
]
RULE = PointsRule(kind=PLACES, points=(10, 7, 5, 3), rest=1, best_of=2)


def table(rows):
    return [(r.rank, NAMES[r.player], r.points) for r in rows]


def test_best_two_of_three_by_hand():
    # by hand: A 10,5,1 -> 15 | B 7,10,3 -> 17 | C 5,7,10 -> 17 | D 3,7 -> 10 | E 1,3 -> 4
    # B and C: 17 each, countback 10,7 against 10,7: equal; all points: C 22, B 20 -> C first
    rows = standings([T1, T2, T3], RESULTS, RULE, names=NAMES)
    assert table(rows) == [
        (1, "Cilli", 17),
        (2, "Bert", 17),
        (3, "Anna", 15),
        (4, "Dora", 10),
        (5, "Emil", 4),
    ]
    anna = next(r for r in rows if r.player == A)
    assert [(x.tournament, x.place, x.points, x.counted) for x in anna.results] == [
        (T1, 1, 10, True),  # the better of her two entries, once
        (T2, 3, 5, True),
        (T3, 5, 1, False),  # her worst: not counted
    ]
    assert anna.all_points == 16 and not anna.shared


def test_all_results_count_without_best_of():
    rule = PointsRule(kind=PLACES, points=(10, 7, 5, 3), rest=1)
    rows = standings([T1, T2, T3], RESULTS, rule, names=NAMES)
    # A 16, B 20, C 22, D 10, E 4
    assert table(rows) == [
        (1, "Cilli", 22),
        (2, "Bert", 20),
        (3, "Anna", 16),
        (4, "Dora", 10),
        (5, "Emil", 4),
    ]


def test_countback_decides_equal_points():
    # P: 10 + 5 = 15, Q: 7 + 7 + 1 = 15 -> countback: P's best (10) beats Q's best (7)
    results = [
        placed(T1, A, 1), placed(T2, A, 3),
        placed(T1, B, 2), placed(T2, B, 2), placed(T3, B, 5),
    ]
    rule = PointsRule(kind=PLACES, points=(10, 7, 5, 3), rest=1)
    assert table(standings([T1, T2, T3], results, rule, names=NAMES)) == [
        (1, "Anna", 15),
        (2, "Bert", 15),
    ]


def test_a_tie_on_every_rule_shares_the_place():
    results = [placed(T1, A, 2), placed(T2, B, 2), placed(T1, C, 1), placed(T2, D, 4)]
    rule = PointsRule(kind=PLACES, points=(10, 7, 5, 3))
    rows = standings([T1, T2], results, rule, names=NAMES)
    assert table(rows) == [(1, "Cilli", 10), (2, "Anna", 7), (2, "Bert", 7), (4, "Dora", 3)]
    assert [r.shared for r in rows] == [False, True, True, False]


def test_a_changed_result_changes_the_standings():
    before = standings([T1, T2, T3], RESULTS, RULE, names=NAMES)
    # T3 corrected: D won the final, C second
    changed = [r for r in RESULTS if r.tournament != T3] + [
        placed(T3, D, 1), placed(T3, C, 2), placed(T3, B, 4), placed(T3, A, 5),
    ]
    after = standings([T1, T2, T3], changed, RULE, names=NAMES)
    # by hand: C 5,7,7 -> 14; D 3,10 -> 13; B 17; A 15
    assert table(before)[0] == (1, "Cilli", 17)
    assert table(after) == [
        (1, "Bert", 17),
        (2, "Anna", 15),
        (3, "Cilli", 14),
        (4, "Dora", 13),
        (5, "Emil", 4),
    ]


def test_points_per_round_reached():
    # a 16 field: rounds 1..4 (4 = the final); the winner counts as round 5
    rule = PointsRule(kind=ROUNDS, points=(1, 2, 4, 8, 12))
    results = [
        placed(T1, A, 1, reached=4),  # winner: 12
        placed(T1, B, 2, reached=4),  # lost the final: 8
        placed(T1, C, 3, reached=3),  # semifinal: 4
        placed(T1, D, 9, reached=1),  # round 1: 1
        placed(T1, D, 6, reached=2),  # his second entry reached the quarterfinal: 2 (counts)
    ]
    rows = standings([T1], results, rule, names=NAMES)
    assert table(rows) == [(1, "Anna", 12), (2, "Bert", 8), (3, "Cilli", 4), (4, "Dora", 2)]
    # rounds beyond the table score its last value
    assert PointsRule(kind=ROUNDS, points=(1, 2)).score(None, 7) == 2


def test_other_tournaments_and_unplaced_entries_are_ignored():
    results = [placed(T1, A, 1), placed(T2, B, 1), placed(T1, C, None)]
    rows = standings([T1], results, PointsRule(points=(5,)), names=NAMES)
    assert table(rows) == [(1, "Anna", 5)]


@pytest.mark.parametrize(
    "rule, code",
    [
        (PointsRule(kind="bogus"), "kind"),
        (PointsRule(points=()), "empty"),
        (PointsRule(points=(5, 7)), "places_order"),
        (PointsRule(kind=ROUNDS, points=(5, 3)), "rounds_order"),
        (PointsRule(points=(5, 3), rest=4), "rest"),
        (PointsRule(points=(5, -1)), "value"),
        (PointsRule(points=(5,), best_of=0), "best_of"),
        (PointsRule(points=tuple(range(100, 0, -1))), "too_long"),
    ],
)
def test_bad_rules_are_named(rule, code):
    with pytest.raises(RuleError) as info:
        rule.validate()
    assert info.value.code == code


def test_points_tables_are_read_from_text():
    assert parse_points("25, 20,16;13 11") == (25, 20, 16, 13, 11)
    with pytest.raises(RuleError):
        parse_points("25, zwanzig")
    with pytest.raises(RuleError):
        parse_points("  ")


def test_the_scoring_module_needs_no_django():
    import ast
    from pathlib import Path

    import series.scoring

    tree = ast.parse(Path(series.scoring.__file__).read_text())
    imported = {
        (node.module or "") if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert not any(name.startswith("django") for name in imported)
