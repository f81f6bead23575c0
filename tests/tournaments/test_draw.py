"""Scenario tests for the two-pot draw (tournaments/draw.py)."""

import json

import pytest

from tournaments.draw import (
    COMPUTED,
    LEFT,
    RIGHT,
    TRANSCRIBED,
    DrawError,
    DrawResult,
    Holder,
    check_transcript,
    draw_round,
    drawing_order,
    replay,
)


def holders_from(counts):
    """{player: entry count} -> holders with entry keys player*100 + i."""
    return [Holder(p, tuple(p * 100 + i for i in range(n))) for p, n in counts.items()]


def kept_draws(result):
    return [(s.player, s.pot, s.number) for s in result.steps if s.kept]


def all_draws(result):
    return [(s.player, s.pot, s.number) for s in result.steps]


# --------------------------------------------------------------------------- computed draws


def test_reference_example_three_entries_draw_three_from_the_left_pot():
    # 64 entries, 32 pairings: two pots with 1..32. The first player bought three
    # entries and draws three numbers from the left pot.
    counts = {1: 3, **{p: 1 for p in range(2, 63)}}
    holders = holders_from(counts)
    order = list(counts)
    result = draw_round(holders, pot_size=32, seed=7, multi_first=False, order=order)
    first = result.steps[:3]
    assert [(s.player, s.pot, s.kept) for s in first] == [(1, LEFT, True)] * 3
    assert [s.entry for s in first] == [100, 101, 102]
    assert len({s.number for s in first}) == 3
    # The left pot is emptied by player 30 (the 32nd number); then the right pot.
    pots = [s.pot for s in result.steps if s.kept]
    assert pots == [LEFT] * 32 + [RIGHT] * 32
    assert result.order == tuple(order)
    assert result.byes() == ()
    assert len(result.pairings) == 32
    assert [p.number for p in result.pairings] == list(range(1, 33))


def test_first_round_byes_are_the_unsold_entries():
    # Field of 16, 11 entries sold: pots of 8, 5 numbers stay in the right pot.
    holders = holders_from({1: 3, 2: 2, 3: 1, 4: 1, 5: 2, 6: 1, 7: 1})
    result = draw_round(holders, pot_size=8, seed=2024, multi_first=False)
    assert len(result.byes()) == 16 - 11
    right_numbers = {s.number for s in result.steps if s.pot == RIGHT and s.kept}
    bye_numbers = {p.number for p in result.pairings if p.right is None}
    assert bye_numbers == set(range(1, 9)) - right_numbers
    assert len(result.matches()) + len(result.self_meetings()) == 3
    # Every entry is in exactly one pairing.
    placed = [p.left for p in result.pairings] + [p.right for p in result.pairings if p.right]
    assert sorted(placed) == sorted(e for h in holders for e in h.entries)


def test_exactly_half_the_field_sold_gives_only_byes():
    holders = holders_from({1: 2, 2: 2, 3: 4})
    result = draw_round(holders, pot_size=8, seed=1, multi_first=False)
    assert all(s.pot == LEFT for s in result.steps)
    assert sorted(result.byes()) == sorted(e for h in holders for e in h.entries)


def test_straddler_redraws_a_number_he_holds_from_the_left_pot():
    # Pots of 4; players 1-3 hold one entry, player 4 holds three. When he
    # comes last he empties the left pot and draws twice from the right pot,
    # often hitting the number he holds from the left. Find such draws.
    holders = holders_from({1: 1, 2: 1, 3: 1, 4: 3})
    with_redraws = 0
    for seed in range(60):
        result = draw_round(holders, pot_size=4, seed=seed, multi_first=False, order=[1, 2, 3, 4])
        own_left = {s.number for s in result.steps if s.player == 4 and s.pot == LEFT}
        assert len(own_left) == 1
        for step in result.redraws():
            assert step.player == 4 and step.pot == RIGHT and step.number in own_left
            assert step.entry is None
        assert not result.self_meetings()  # 3 entries <= 4 numbers: he never meets himself
        with_redraws += bool(result.redraws())
    assert with_redraws > 10


def test_semifinal_player_with_three_of_four_entries_meets_himself_once():
    holders = [Holder(1, (11, 12, 13)), Holder(2, (21,))]
    for seed in range(40):
        result = draw_round(holders, pot_size=2, seed=seed, multi_first=True)
        assert result.order == (1, 2)  # multi_first: the player with several entries first
        meetings = result.self_meetings()
        assert len(meetings) == 1
        meeting = meetings[0]
        assert {meeting.left, meeting.right} <= {11, 12, 13}
        other = next(p for p in result.pairings if not p.self_meeting)
        assert 21 in (other.left, other.right)
        assert result.byes() == ()


def test_final_between_two_entries_of_one_player():
    result = draw_round([Holder(9, (91, 92))], pot_size=1, seed=3, multi_first=True)
    assert [(s.pot, s.number, s.kept, s.entry) for s in result.steps] == [
        (LEFT, 1, True, 91),
        (RIGHT, 1, True, 92),
    ]
    (final,) = result.pairings
    assert final.self_meeting and final.left == 91 and final.right == 92


def test_same_seed_same_draw_and_another_seed_another_draw():
    holders = holders_from({p: 1 + p % 4 for p in range(1, 26)})
    total = sum(len(h.entries) for h in holders)
    assert 32 <= total <= 64
    a = draw_round(holders, pot_size=32, seed=99, multi_first=False)
    b = draw_round(holders, pot_size=32, seed=99, multi_first=False)
    c = draw_round(holders, pot_size=32, seed=100, multi_first=False)
    assert a == b
    assert a.pairings != c.pairings


def test_replay_after_renaming_keys():
    # Export and import give players and entries new keys; the draw still replays.
    holders = holders_from({1: 2, 2: 1, 3: 3, 4: 1, 5: 1})
    result = draw_round(holders, pot_size=4, seed=31, multi_first=True)
    player = {1: 50, 2: 40, 3: 30, 4: 20, 5: 10}.get
    protocol = result.to_protocol()
    protocol["order"] = [player(p) for p in protocol["order"]]
    protocol["holders"] = [
        {"player": player(h["player"]), "entries": [-e for e in h["entries"]]}
        for h in protocol["holders"]
    ]
    for s in protocol["steps"]:
        s["player"] = player(s["player"])
        s["entry"] = None if s["entry"] is None else -s["entry"]
    for p in protocol["pairings"]:
        p["left"] = -p["left"]
        p["right"] = None if p["right"] is None else -p["right"]
    again = replay(protocol)
    assert [(p.number, -p.left, -p.right) for p in again.pairings] == [
        (p.number, p.left, p.right) for p in result.pairings
    ]


def test_drawing_order_multi_first_and_given_order():
    holders = holders_from({1: 1, 2: 3, 3: 1, 4: 2, 5: 1, 6: 2})
    order = drawing_order(holders, seed=5, multi_first=True)
    assert set(order[:3]) == {2, 4, 6} and set(order[3:]) == {1, 3, 5}
    assert order == drawing_order(holders, seed=5, multi_first=True)
    plain = drawing_order(holders, seed=5, multi_first=False)
    assert sorted(plain) == [1, 2, 3, 4, 5, 6]
    assert drawing_order(holders, seed=5, multi_first=False, given_order=[6, 5, 4, 3, 2, 1]) == (
        6,
        5,
        4,
        3,
        2,
        1,
    )
    # The computed draw uses the same order.
    result = draw_round(holders, pot_size=5, seed=5, multi_first=True)
    assert result.order == order


def test_transcript_with_and_without_redraws_gives_the_same_pairings():
    holders = holders_from({1: 1, 2: 1, 3: 1, 4: 2})
    # Player 4 empties the left pot with 4 and draws 4 from the right: a redraw.
    with_redraw = [
        (1, LEFT, 1),
        (2, LEFT, 3),
        (3, LEFT, 2),
        (4, LEFT, 4),
        (4, RIGHT, 4),
        (4, RIGHT, 4),
        (4, RIGHT, 2),
    ]
    result = check_transcript(holders, pot_size=4, draws=with_redraw)
    assert result.method == TRANSCRIBED and result.seed is None
    assert [s.kept for s in result.steps] == [True, True, True, True, False, False, True]
    assert [s.entry for s in result.steps] == [100, 200, 300, 400, None, None, 401]
    assert result.order == (1, 2, 3, 4)
    assert [(p.number, p.left, p.right) for p in result.pairings] == [
        (1, 100, None),
        (2, 300, 401),
        (3, 200, None),
        (4, 400, None),
    ]
    assert result.byes() == (100, 200, 400)
    without = check_transcript(
        holders, pot_size=4, draws=[d for d in with_redraw if d[2] != 4 or d[1] == LEFT]
    )
    assert without.pairings == result.pairings


def test_transcript_keeps_own_number_when_only_own_numbers_are_left():
    # Semifinal: player 1 draws both left numbers and then must take one of them
    # from the right pot: he meets himself and no redraw is demanded.
    holders = [Holder(1, (11, 12, 13)), Holder(2, (21,))]
    result = check_transcript(
        holders, pot_size=2, draws=[(1, LEFT, 2), (1, LEFT, 1), (1, RIGHT, 1), (2, RIGHT, 2)]
    )
    assert all(s.kept for s in result.steps)
    assert [(p.number, p.left, p.right, p.self_meeting) for p in result.pairings] == [
        (1, 12, 13, True),
        (2, 11, 21, False),
    ]


def test_computed_draw_checks_as_transcript_with_and_without_redraws():
    holders = holders_from({1: 1, 2: 1, 3: 1, 4: 3})
    for seed in range(30):
        result = draw_round(holders, pot_size=4, seed=seed, multi_first=False)
        full = check_transcript(holders, pot_size=4, draws=all_draws(result))
        short = check_transcript(holders, pot_size=4, draws=kept_draws(result))
        assert full.pairings == short.pairings == result.pairings
        assert full.steps == result.steps


def test_protocol_round_trip_is_json_and_replays():
    holders = holders_from({1: 2, 2: 1, 3: 4, 4: 1, 5: 3})
    result = draw_round(holders, pot_size=8, seed=123456789, multi_first=True)
    protocol = json.loads(json.dumps(result.to_protocol()))
    assert protocol["seed"] == 123456789 and protocol["pot_size"] == 8
    assert protocol["method"] == COMPUTED and protocol["multi_first"] is True
    assert len(protocol["steps"]) == len(result.steps)
    assert DrawResult.from_protocol(protocol) == result
    assert replay(protocol) == result


def test_replay_of_a_given_order_and_of_a_transcript():
    holders = holders_from({1: 1, 2: 2, 3: 1, 4: 1})
    result = draw_round(holders, pot_size=4, seed=8, multi_first=False, order=[3, 1, 4, 2])
    assert replay(result.to_protocol()) == result
    transcribed = check_transcript(holders, pot_size=4, draws=all_draws(result))
    assert replay(json.loads(json.dumps(transcribed.to_protocol()))) == transcribed


# --------------------------------------------------------------------------- errors


def error(call, *args, **kwargs) -> DrawError:
    with pytest.raises(DrawError) as info:
        call(*args, **kwargs)
    return info.value


@pytest.mark.parametrize(
    ("holders", "pot_size", "message"),
    [
        ([Holder(1, (1, 2))], 0, "The pot size must be a whole number of at least 1, not 0."),
        (
            [Holder(1, (1,)), Holder(1, (2,))],
            1,
            "Player 1 is listed twice; list each player once with all his entries.",
        ),
        (
            [Holder(1, (1, 2)), Holder(2, ())],
            1,
            "Player 2 holds no entry; leave him out of the draw.",
        ),
        (
            [Holder(1, (1, 2)), Holder(2, (2,))],
            2,
            "Entry 2 is listed twice (players 1 and 2).",
        ),
        (
            [Holder(1, (1,)), Holder(2, (2,))],
            4,
            "2 entries cannot be drawn into pots of 4 numbers: a draw needs between 4 and 8 entries.",
        ),
        (
            [Holder(1, (1, 2, 3)), Holder(2, (4, 5))],
            2,
            "5 entries cannot be drawn into pots of 2 numbers: a draw needs between 2 and 4 entries.",
        ),
    ],
)
def test_invalid_draws_are_refused_with_a_clear_message(holders, pot_size, message):
    for call in (
        lambda: draw_round(holders, pot_size=pot_size, seed=1, multi_first=False),
        lambda: check_transcript(holders, pot_size=pot_size, draws=[]),
    ):
        exc = error(call)
        assert str(exc) == message
        assert exc.step is None


def test_seed_must_be_a_whole_number():
    exc = error(draw_round, [Holder(1, (1, 2))], pot_size=1, seed="x", multi_first=False)
    assert str(exc) == "The seed must be a whole number, not 'x'."


@pytest.mark.parametrize(
    ("given", "message", "step"),
    [
        (
            [1, 7, 2, 3],
            "Position 2 of the drawing order names player 7, who holds no entry in this draw.",
            2,
        ),
        ([1, 2, 1, 3], "Position 3 of the drawing order names player 1 a second time.", 3),
        ([3, 1], "The drawing order leaves out player(s) 2; every player must draw.", None),
        (
            [1, 2, 3],
            "Position 1 of the drawing order: player 1 holds one entry but comes before a "
            "player holding several; players with several entries draw first.",
            1,
        ),
    ],
)
def test_given_order_errors(given, message, step):
    holders = holders_from({1: 1, 2: 2, 3: 1})
    exc = error(drawing_order, holders, seed=1, multi_first=True, given_order=given)
    assert (str(exc), exc.step) == (message, step)
    exc = error(draw_round, holders, pot_size=2, seed=1, multi_first=True, order=given)
    assert (str(exc), exc.step) == (message, step)


def test_given_order_without_multi_first_may_start_with_anyone():
    holders = holders_from({1: 1, 2: 2, 3: 1})
    assert drawing_order(holders, seed=1, multi_first=False, given_order=[1, 2, 3]) == (1, 2, 3)


TRANSCRIPT_HOLDERS = holders_from({1: 1, 2: 1, 3: 1, 4: 2})
GOOD = [(1, LEFT, 1), (2, LEFT, 3), (3, LEFT, 2), (4, LEFT, 4), (4, RIGHT, 2)]


@pytest.mark.parametrize(
    ("draws", "message", "step", "code"),
    [
        (
            [(1, LEFT, 1), ("x", LEFT, 2)],
            "Line 2: player 'x' holds no entry in this draw.",
            2,
            "unknown_player",
        ),
        (
            [(1, LEFT)],
            "Line 1: expected player, pot and number, got (1, 'left').",
            1,
            "malformed_line",
        ),
        (
            [(1, "middle", 1)],
            "Line 1: the pot must be 'left' or 'right', not 'middle'.",
            1,
            "unknown_pot",
        ),
        (
            [(1, LEFT, 5)],
            "Line 1: number 5 is not in the pots; they hold 1 to 4.",
            1,
            "number_out_of_range",
        ),
        (
            [(1, LEFT, 0)],
            "Line 1: number 0 is not in the pots; they hold 1 to 4.",
            1,
            "number_out_of_range",
        ),
        (
            [(1, LEFT, "2")],
            "Line 1: the number must be a whole number, not '2'.",
            1,
            "number_not_integer",
        ),
        (
            [(1, LEFT, 1), (2, LEFT, 1)],
            "Line 2: number 1 was already drawn from the left pot (line 1).",
            2,
            "number_drawn_twice",
        ),
        (
            [(1, LEFT, 1), (1, LEFT, 2)],
            "Line 2: player 1 has already drawn all his 1 number(s), one per entry.",
            2,
            "too_many_draws",
        ),
        (
            [(4, LEFT, 1), (1, LEFT, 2)],
            "Line 2: player 4 drew 1 number(s) but holds 2 entries; each player draws one "
            "number per entry, all in a row.",
            2,
            "too_few_draws",
        ),
        (
            [(1, LEFT, 1), (2, LEFT, 2), (3, LEFT, 3), (4, LEFT, 4)],
            "Line 4: player 4 drew 1 number(s) but holds 2 entries; each player draws one "
            "number per entry, all in a row.",
            4,
            "too_few_draws",
        ),
        (
            [(4, LEFT, 1), (4, RIGHT, 2)],
            "Line 2: player 4 drew from the right pot while the left pot still had 3 number(s); "
            "the left pot is emptied first.",
            2,
            "right_before_left",
        ),
        (
            [(1, LEFT, 1), (2, LEFT, 3), (1, LEFT, 2)],
            "Line 3: player 1 drew earlier and then let others draw; a player draws all his "
            "numbers in a row.",
            3,
            "not_consecutive",
        ),
        (
            [(1, LEFT, 1), (2, LEFT, 3), (3, LEFT, 2), (4, LEFT, 4), (4, RIGHT, 4)],
            "Line 5: player 4 drew number 4 from the right pot, which he holds from the left pot, "
            "while the right pot still had other numbers; he must put it back and draw again.",
            5,
            "kept_own_number",
        ),
        (
            [(1, LEFT, 1), (2, LEFT, 3), (3, LEFT, 2), (4, LEFT, 4), (4, RIGHT, 4), (1, RIGHT, 2)],
            "Line 5: player 4 drew number 4 from the right pot, which he holds from the left pot, "
            "while the right pot still had other numbers; he must put it back and draw again.",
            5,
            "kept_own_number",
        ),
        (
            [(1, LEFT, 1), (2, LEFT, 3), (3, LEFT, 2), (4, LEFT, 4)],
            "Line 4: player 4 drew 1 number(s) but holds 2 entries; each player draws one "
            "number per entry, all in a row.",
            4,
            "too_few_draws",
        ),
        (
            [(1, LEFT, 1), (2, LEFT, 3), (4, LEFT, 2), (4, LEFT, 4)],
            "Player(s) 3 drew no numbers; every player draws one number per entry.",
            None,
            "missing_player",
        ),
    ],
)
def test_transcript_errors_name_the_first_offending_line(draws, message, step, code):
    exc = error(check_transcript, TRANSCRIPT_HOLDERS, pot_size=4, draws=draws)
    assert (str(exc), exc.step, exc.code) == (message, step, code)


def test_transcript_right_number_drawn_twice():
    holders = holders_from({1: 2, 2: 1, 3: 1})
    draws = [(1, LEFT, 1), (1, LEFT, 2), (2, RIGHT, 1), (3, RIGHT, 1)]
    exc = error(check_transcript, holders, pot_size=2, draws=draws)
    assert str(exc) == "Line 4: number 1 was already drawn from the right pot (line 3)."
    assert exc.step == 4


def test_transcript_left_pot_empty():
    holders = holders_from({1: 2, 2: 1})
    exc = error(
        check_transcript, holders, pot_size=2, draws=[(1, LEFT, 1), (1, LEFT, 2), (2, LEFT, 1)]
    )
    assert str(exc) == "Line 3: number 1 was already drawn from the left pot (line 1)."


def test_good_transcript_passes():
    result = check_transcript(TRANSCRIPT_HOLDERS, pot_size=4, draws=GOOD)
    assert [(p.number, p.left, p.right) for p in result.pairings] == [
        (1, 100, None),
        (2, 300, 401),
        (3, 200, None),
        (4, 400, None),
    ]


@pytest.mark.parametrize(
    ("protocol", "message"),
    [
        ([], "The draw protocol is not a JSON object."),
        ({"method": "guess"}, "The draw protocol has an unknown method 'guess'."),
        (
            {"method": "computed"},
            "The draw protocol is incomplete or malformed (KeyError: 'seed').",
        ),
    ],
)
def test_malformed_protocols(protocol, message):
    assert str(error(DrawResult.from_protocol, protocol)) == message
    assert str(error(replay, protocol)) == message


def test_replay_detects_a_tampered_protocol():
    holders = holders_from({1: 1, 2: 1, 3: 2, 4: 3})
    result = draw_round(holders, pot_size=4, seed=77, multi_first=True)
    protocol = result.to_protocol()
    protocol["steps"][1]["number"], protocol["steps"][2]["number"] = (
        protocol["steps"][2]["number"],
        protocol["steps"][1]["number"],
    )
    exc = error(replay, protocol)
    assert exc.code == "replay_differs"
    assert str(exc).startswith("The replayed draw differs from the stored one at step 2:")

    protocol = result.to_protocol()
    protocol["seed"] = 78
    assert error(replay, protocol).code == "replay_differs"

    protocol = result.to_protocol()
    protocol["seed"] = None
    assert str(error(replay, protocol)) == "The computed draw's protocol has no seed."

    protocol = result.to_protocol()
    protocol["holders"] = []
    assert str(error(replay, protocol)) == "The draw protocol does not list the holders."

    protocol = result.to_protocol()
    protocol["steps"][0]["kept"] = "yes"
    assert str(error(DrawResult.from_protocol, protocol)) == (
        "The draw protocol is incomplete or malformed (ValueError: expected true or false, got 'yes')."
    )


def test_transcript_accepts_pot_names_in_any_case_and_rejects_odd_players():
    draws = [(p, pot.upper() if i % 2 else f" {pot} ", n) for i, (p, pot, n) in enumerate(GOOD)]
    result = check_transcript(TRANSCRIPT_HOLDERS, pot_size=4, draws=draws)
    assert result == check_transcript(TRANSCRIPT_HOLDERS, pot_size=4, draws=GOOD)
    for odd in ([1], True, "1", None):
        exc = error(check_transcript, TRANSCRIPT_HOLDERS, pot_size=4, draws=[(odd, LEFT, 1)])
        assert str(exc) == f"Line 1: player {odd!r} holds no entry in this draw."


def test_keys_must_be_whole_numbers_and_lists_are_taken_as_tuples():
    exc = error(draw_round, [Holder(1, (1, "b"))], pot_size=1, seed=1, multi_first=False)
    assert str(exc) == "Player and entry keys must be whole numbers; player 1 has the key 'b'."
    result = draw_round([Holder(1, [5, 6])], pot_size=1, seed=1, multi_first=False)
    assert result.holders == (Holder(1, (5, 6)),)
    assert DrawResult.from_protocol(result.to_protocol()) == result
