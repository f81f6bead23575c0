"""Hypothesis properties of the two-pot draw, for fields of 16 to 1024 entries."""

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.draw import (
    LEFT,
    RIGHT,
    DrawError,
    DrawResult,
    Holder,
    check_transcript,
    draw_round,
    drawing_order,
    replay,
)

FIELD_SIZES = (16, 32, 64, 128, 256, 512, 1024)
FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def split(total: int, most: int, rng: random.Random) -> list[int]:
    counts = []
    while total:
        n = rng.randint(1, min(most, total))
        counts.append(n)
        total -= n
    return counts


@st.composite
def draw_inputs(draw, round_one: bool | None = None):
    """(holders, pot_size, seed, multi_first): round 1 of a field, or a later round.

    Later rounds have exactly 2 * pot_size entries; small pots (the prize stage)
    are drawn often, since only there a player can hold more entries than a pot
    has numbers.
    """
    if round_one is None:
        round_one = draw(st.booleans())
    if round_one:
        pot_size = draw(st.sampled_from(FIELD_SIZES)) // 2
        total = draw(st.integers(pot_size, 2 * pot_size))
    else:
        pot_size = draw(
            st.one_of(st.integers(1, 4), st.sampled_from([f // 2 for f in FIELD_SIZES]))
        )
        total = 2 * pot_size
    most = draw(st.integers(1, 4))
    rng = random.Random(draw(st.integers(0, 2**32)))
    counts = split(total, most, rng)
    players = rng.sample(range(1, 10 * len(counts) + 1), len(counts))
    entries = rng.sample(range(1, 10 * total + 1), total)
    holders, i = [], 0
    for player, n in zip(players, counts, strict=True):
        holders.append(Holder(player, tuple(entries[i : i + n])))
        i += n
    seed = draw(st.integers(0, 2**63 - 1))
    multi_first = draw(st.booleans()) if round_one else True
    return holders, pot_size, seed, multi_first


def owners(holders):
    return {e: h.player for h in holders for e in h.entries}


@FAST
@given(draw_inputs())
def test_every_entry_in_exactly_one_pairing_or_a_bye(inputs):
    holders, pot_size, seed, multi_first = inputs
    result = draw_round(holders, pot_size=pot_size, seed=seed, multi_first=multi_first)
    total = sum(len(h.entries) for h in holders)
    placed = [p.left for p in result.pairings] + [
        p.right for p in result.pairings if p.right is not None
    ]
    assert sorted(placed) == sorted(owners(holders))  # each entry once
    assert [p.number for p in result.pairings] == list(range(1, pot_size + 1))
    # Byes: exactly the numbers nobody drew from the right pot, as many as unsold entries.
    assert len(result.byes()) == 2 * pot_size - total
    if total == 2 * pot_size:
        assert result.byes() == ()
    # A player's draws go to his entries in order.
    for holder in holders:
        mine = [s.entry for s in result.steps if s.player == holder.player and s.kept]
        assert tuple(mine) == holder.entries


@FAST
@given(draw_inputs(round_one=False))
def test_later_rounds_have_no_byes(inputs):
    holders, pot_size, seed, multi_first = inputs
    result = draw_round(holders, pot_size=pot_size, seed=seed, multi_first=multi_first)
    assert result.byes() == ()
    assert all(p.right is not None for p in result.pairings)


@FAST
@given(draw_inputs())
def test_self_meetings_exactly_the_entries_beyond_pot_size(inputs):
    holders, pot_size, seed, multi_first = inputs
    result = draw_round(holders, pot_size=pot_size, seed=seed, multi_first=multi_first)
    owner = owners(holders)
    meetings = Counter(owner[p.left] for p in result.self_meetings())
    for holder in holders:
        assert meetings[holder.player] == max(0, len(holder.entries) - pot_size)
    for p in result.pairings:
        assert p.self_meeting == (p.right is not None and owner[p.left] == owner[p.right])


@FAST
@given(draw_inputs())
def test_pot_procedure_is_followed(inputs):
    holders, pot_size, seed, multi_first = inputs
    result = draw_round(holders, pot_size=pot_size, seed=seed, multi_first=multi_first)
    assert result.order == drawing_order(holders, seed=seed, multi_first=multi_first)
    assert [s.seq for s in result.steps] == list(range(1, len(result.steps) + 1))
    # Each player draws all his numbers in a row, in the drawing order.
    runs = [
        s.player
        for i, s in enumerate(result.steps)
        if i == 0 or result.steps[i - 1].player != s.player
    ]
    assert tuple(runs) == result.order
    # Left pot first, emptied; each number kept once per pot.
    kept = [s for s in result.steps if s.kept]
    pots = [s.pot for s in kept]
    assert pots == [LEFT] * pot_size + [RIGHT] * (len(kept) - pot_size)
    assert sorted(s.number for s in kept if s.pot == LEFT) == list(range(1, pot_size + 1))
    rights = [s.number for s in kept if s.pot == RIGHT]
    assert len(set(rights)) == len(rights)
    # Only the straddler (who emptied the left pot) redraws, and only his own left numbers.
    straddler = kept[pot_size - 1].player
    own = {s.number for s in kept if s.player == straddler and s.pot == LEFT}
    for s in result.redraws():
        assert s.player == straddler and s.pot == RIGHT and s.number in own and s.entry is None
    if multi_first:
        counts = {h.player: len(h.entries) for h in holders}
        sizes = [counts[p] > 1 for p in result.order]
        assert sizes == sorted(sizes, reverse=True)


@FAST
@given(draw_inputs())
def test_same_seed_same_draw(inputs):
    holders, pot_size, seed, multi_first = inputs
    a = draw_round(holders, pot_size=pot_size, seed=seed, multi_first=multi_first)
    b = draw_round(list(holders), pot_size=pot_size, seed=seed, multi_first=multi_first)
    assert a == b
    # Renamed keys (export and import) give the same draw under the new names.
    player = {h.player: -h.player for h in holders}
    renamed = [Holder(-h.player, tuple(-e for e in h.entries)) for h in holders]
    c = draw_round(renamed, pot_size=pot_size, seed=seed, multi_first=multi_first)
    assert c.order == tuple(player[p] for p in a.order)
    assert [(p.number, -p.left, p.right and -p.right) for p in c.pairings] == [
        (p.number, p.left, p.right) for p in a.pairings
    ]


@FAST
@given(draw_inputs())
def test_transcript_gives_the_same_pairings(inputs):
    holders, pot_size, seed, multi_first = inputs
    result = draw_round(holders, pot_size=pot_size, seed=seed, multi_first=multi_first)
    every = [(s.player, s.pot, s.number) for s in result.steps]
    kept = [(s.player, s.pot, s.number) for s in result.steps if s.kept]
    full = check_transcript(holders, pot_size=pot_size, draws=every)
    short = check_transcript(holders, pot_size=pot_size, draws=kept)
    assert full.pairings == short.pairings == result.pairings
    assert full.steps == result.steps and full.order == short.order == result.order


@FAST
@given(draw_inputs())
def test_protocol_round_trip(inputs):
    holders, pot_size, seed, multi_first = inputs
    result = draw_round(holders, pot_size=pot_size, seed=seed, multi_first=multi_first)
    protocol = json.loads(json.dumps(result.to_protocol()))
    assert DrawResult.from_protocol(protocol) == result
    assert DrawResult.from_protocol(result.to_protocol()).to_protocol() == result.to_protocol()
    assert replay(protocol) == result


@settings(max_examples=80, deadline=None)
@given(draw_inputs(), st.data())
def test_a_corrupted_transcript_is_refused_at_the_corrupted_line(inputs, data):
    holders, pot_size, seed, multi_first = inputs
    result = draw_round(holders, pot_size=pot_size, seed=seed, multi_first=multi_first)
    kept = [(s.player, s.pot, s.number) for s in result.steps if s.kept]
    # Give one line a number already drawn from its pot earlier: always wrong.
    candidates = [i for i in range(1, len(kept)) if any(kept[j][1] == kept[i][1] for j in range(i))]
    if not candidates:
        return
    i = data.draw(st.sampled_from(candidates))
    earlier = [kept[j][2] for j in range(i) if kept[j][1] == kept[i][1]]
    player, pot, _ = kept[i]
    corrupted = kept[:i] + [(player, pot, data.draw(st.sampled_from(earlier)))] + kept[i + 1 :]
    with pytest.raises(DrawError) as info:
        check_transcript(holders, pot_size=pot_size, draws=corrupted)
    assert info.value.step == i + 1
    assert info.value.code == "number_drawn_twice"


@st.composite
def prize_stage(draw):
    """Quarterfinal, semifinal or final (pots of 4, 2, 1), some players with several entries."""
    pot_size = draw(st.sampled_from([1, 2, 4]))
    counts: list[int] = []
    while sum(counts) < 2 * pot_size:
        counts.append(draw(st.integers(1, min(4, 2 * pot_size - sum(counts)))))
    holders = [
        Holder(player, tuple(player * 10 + i for i in range(n)))
        for player, n in enumerate(counts, start=1)
    ]
    return holders, pot_size, draw(st.integers(0, 2**63 - 1))


@settings(max_examples=200, deadline=None)
@given(prize_stage())
def test_prize_stage_self_meetings(inputs):
    holders, pot_size, seed = inputs
    result = draw_round(holders, pot_size=pot_size, seed=seed, multi_first=True)
    owner = owners(holders)
    meetings = Counter(owner[p.left] for p in result.self_meetings())
    for holder in holders:
        assert meetings[holder.player] == max(0, len(holder.entries) - pot_size)
    assert result.byes() == ()
    # The surrendered (right) entries plus the entries going on cover the field once.
    placed = [p.left for p in result.pairings] + [p.right for p in result.pairings]
    assert sorted(placed) == sorted(owner)
    every = [(s.player, s.pot, s.number) for s in result.steps]
    assert check_transcript(holders, pot_size=pot_size, draws=every).pairings == result.pairings
