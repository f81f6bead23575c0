"""The two-pot draw (Auslosung) of a Preisschnapsen, as pure code.

Two pots, left and right, hold the numbers 1..pot_size each. The players come to
the pots one after the other (the drawing order) and each draws one number per
entry he holds, all his draws in a row: from the left pot while it has numbers,
then from the right pot. The same number from both pots is a pairing; the
numbers left in the right pot when everyone has drawn are byes (Freilose) for
the entries that hold them from the left pot.

Only the player who empties the left pot (the "straddler") holds numbers in both
pots. When he draws from the right pot a number he already holds from the left
pot, he puts it back and draws again (a redraw, recorded in the protocol). He
keeps such a number only when every number left in the right pot is one he holds
from the left pot; he then meets himself: his left entry goes on and the right
one is surrendered. This happens only to a player holding more entries than a
pot has numbers, and then in exactly (entries - pot_size) pairings.

Everything random comes from ``random.Random(seed)``; a computed draw stores its
seed and the whole sequence of draws (``DrawResult.to_protocol``) so that it can
be shown and replayed (``replay``). A draw done with real pots at the venue can
be typed in and checked (``check_transcript``). The values a draw produces and their
protocol are in ``draw_record`` (exported here too).

No Django here: the service layer applies results of this module to the models.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from .draw_record import (
    COMPUTED,
    LEFT,
    POTS,
    RIGHT,
    TRANSCRIBED,
    DrawError,
    DrawnPairing,
    DrawResult,
    DrawStep,
    Holder,
)

__all__ = [
    "COMPUTED",
    "LEFT",
    "RIGHT",
    "TRANSCRIBED",
    "DrawError",
    "DrawResult",
    "DrawStep",
    "DrawnPairing",
    "Holder",
    "check_transcript",
    "draw_round",
    "drawing_order",
    "replay",
]


# --------------------------------------------------------------------------- validation


def _validate(holders: Sequence[Holder], pot_size: int) -> tuple[Holder, ...]:
    if isinstance(pot_size, bool) or not isinstance(pot_size, int) or pot_size < 1:
        raise DrawError(
            f"The pot size must be a whole number of at least 1, not {pot_size!r}.",
            code="pot_size",
            params={"pot_size": pot_size},
        )
    normalized = []
    for holder in holders:
        player, entries = holder.player, tuple(holder.entries)
        for key in (player, *entries):
            if isinstance(key, bool) or not isinstance(key, int):
                raise DrawError(
                    f"Player and entry keys must be whole numbers; player {player!r} "
                    f"has the key {key!r}.",
                    code="key_type",
                    params={"player": player, "key": key},
                )
        normalized.append(Holder(player, entries))
    holders = tuple(normalized)
    seen_players: set[int] = set()
    seen_entries: dict[int, int] = {}
    for holder in holders:
        if holder.player in seen_players:
            raise DrawError(
                f"Player {holder.player} is listed twice; list each player once with all his entries.",
                code="duplicate_player",
                params={"player": holder.player},
            )
        seen_players.add(holder.player)
        if not holder.entries:
            raise DrawError(
                f"Player {holder.player} holds no entry; leave him out of the draw.",
                code="empty_holder",
                params={"player": holder.player},
            )
        for entry in holder.entries:
            if entry in seen_entries:
                raise DrawError(
                    f"Entry {entry} is listed twice (players {seen_entries[entry]} and {holder.player}).",
                    code="duplicate_entry",
                    params={"entry": entry},
                )
            seen_entries[entry] = holder.player
    total = len(seen_entries)
    if not pot_size <= total <= 2 * pot_size:
        raise DrawError(
            f"{total} entries cannot be drawn into pots of {pot_size} numbers: "
            f"a draw needs between {pot_size} and {2 * pot_size} entries.",
            code="entry_count",
            params={"entries": total, "pot_size": pot_size},
        )
    return holders


# --------------------------------------------------------------------------- order


def _order(
    holders: Sequence[Holder],
    rng: random.Random,
    multi_first: bool,
    given_order: Sequence[int] | None,
) -> tuple[int, ...]:
    counts = {h.player: len(h.entries) for h in holders}
    if given_order is not None:
        given = tuple(given_order)
        seen: set[int] = set()
        for pos, player in enumerate(given, start=1):
            if player not in counts:
                raise DrawError(
                    f"Position {pos} of the drawing order names player {player!r}, "
                    "who holds no entry in this draw.",
                    step=pos,
                    code="order_unknown_player",
                    params={"player": player},
                )
            if player in seen:
                raise DrawError(
                    f"Position {pos} of the drawing order names player {player} a second time.",
                    step=pos,
                    code="order_duplicate_player",
                    params={"player": player},
                )
            seen.add(player)
        missing = [h.player for h in holders if h.player not in seen]
        if missing:
            names = ", ".join(str(p) for p in missing)
            raise DrawError(
                f"The drawing order leaves out player(s) {names}; every player must draw.",
                code="order_missing_player",
                params={"players": missing},
            )
        if multi_first:
            for pos, player in enumerate(given, start=1):
                if counts[player] == 1 and any(counts[p] > 1 for p in given[pos:]):
                    raise DrawError(
                        f"Position {pos} of the drawing order: player {player} holds one entry "
                        "but comes before a player holding several; players with several "
                        "entries draw first.",
                        step=pos,
                        code="order_multi_first",
                        params={"player": player},
                    )
        return given
    # Shuffle the players as listed (the protocol keeps that list), never by key
    # value: a protocol whose keys were renamed (export and import) still replays.
    players = [h.player for h in holders]
    if not multi_first:
        rng.shuffle(players)
        return tuple(players)
    multi = [p for p in players if counts[p] > 1]
    single = [p for p in players if counts[p] == 1]
    rng.shuffle(multi)
    rng.shuffle(single)
    return tuple(multi + single)


def drawing_order(
    holders: Sequence[Holder],
    *,
    seed: int,
    multi_first: bool,
    given_order: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """The order in which the players come to the pots.

    ``given_order`` (the order staff saw at the venue) must name every player
    once. Otherwise a seeded shuffle; with ``multi_first`` the players holding
    more than one entry draw first, each group shuffled. The shuffle starts from
    the order in which ``holders`` are listed and does not look at key values.
    """
    return _order(tuple(holders), random.Random(seed), multi_first, given_order)


# --------------------------------------------------------------------------- pairings


def _pairings(
    pot_size: int, steps: Sequence[DrawStep], owner: Mapping[int, int]
) -> tuple[DrawnPairing, ...]:
    left: dict[int, int] = {}
    right: dict[int, int] = {}
    for s in steps:
        if s.kept:
            assert s.entry is not None
            (left if s.pot == LEFT else right)[s.number] = s.entry
    pairings = []
    for number in range(1, pot_size + 1):
        lentry = left[number]
        rentry = right.get(number)
        pairings.append(
            DrawnPairing(
                number=number,
                left=lentry,
                right=rentry,
                self_meeting=rentry is not None and owner[lentry] == owner[rentry],
            )
        )
    return tuple(pairings)


def _owners(holders: Sequence[Holder]) -> dict[int, int]:
    return {e: h.player for h in holders for e in h.entries}


# --------------------------------------------------------------------------- computed draw


def draw_round(
    holders: Sequence[Holder],
    *,
    pot_size: int,
    seed: int,
    multi_first: bool,
    order: Sequence[int] | None = None,
) -> DrawResult:
    """Draw one round with the two pots, reproducibly from ``seed``.

    ``order`` is the drawing order given by staff; without it the order is
    ``drawing_order(holders, seed=seed, multi_first=multi_first)``.
    """
    holders = _validate(holders, pot_size)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise DrawError(f"The seed must be a whole number, not {seed!r}.", code="seed")
    rng = random.Random(seed)
    by_player = {h.player: h for h in holders}
    drawn_order = _order(holders, rng, multi_first, order)

    left_pot = list(range(1, pot_size + 1))
    right_pot = list(range(1, pot_size + 1))
    steps: list[DrawStep] = []
    for player in drawn_order:
        own_left: set[int] = set()
        for entry in by_player[player].entries:
            if left_pot:
                number = left_pot.pop(rng.randrange(len(left_pot)))
                own_left.add(number)
                steps.append(DrawStep(len(steps) + 1, player, LEFT, number, True, entry))
                continue
            # Right pot. A number he holds from the left goes back unless only such
            # numbers are left; the redraw is a fresh draw from the whole pot.
            avoidable = any(n not in own_left for n in right_pot)
            while True:
                index = rng.randrange(len(right_pot))
                number = right_pot[index]
                if number in own_left and avoidable:
                    steps.append(DrawStep(len(steps) + 1, player, RIGHT, number, False, None))
                    continue
                right_pot.pop(index)
                steps.append(DrawStep(len(steps) + 1, player, RIGHT, number, True, entry))
                break
    return DrawResult(
        pot_size=pot_size,
        seed=seed,
        order=drawn_order,
        steps=tuple(steps),
        pairings=_pairings(pot_size, steps, _owners(holders)),
        method=COMPUTED,
        holders=holders,
        multi_first=bool(multi_first),
        order_given=order is not None,
    )


# --------------------------------------------------------------------------- transcribed draw


def check_transcript(
    holders: Sequence[Holder],
    *,
    pot_size: int,
    draws: Sequence[tuple[int, str, int]],
) -> DrawResult:
    """Check a draw done with real pots and return the pairings it gave.

    ``draws`` are (player, pot, number) in the order drawn, pot being "left" or
    "right" (case and surrounding blanks do not matter). Redraw attempts may be
    given or left out: a right-pot number the player holds from the left pot
    counts as a redraw while the right pot still has a number he does not hold,
    and as kept otherwise. The first offending line (1-based) is named in a
    DrawError whose ``step`` is that line.
    """
    holders = _validate(holders, pot_size)
    by_player = {h.player: h for h in holders}
    left_pot = set(range(1, pot_size + 1))
    right_pot = set(range(1, pot_size + 1))
    left_line: dict[int, int] = {}  # number -> line it was drawn from the left pot
    right_line: dict[int, int] = {}
    order: list[int] = []
    done: set[int] = set()
    steps: list[DrawStep] = []
    current: int | None = None
    own_left: set[int] = set()
    kept = 0
    last_line = 0

    def short_error(line: int) -> DrawError:
        holder = by_player[current]
        need = len(holder.entries)
        last = steps[-1]
        if not last.kept:
            return DrawError(
                f"Line {last.seq}: player {current} drew number {last.number} from the right pot, "
                "which he holds from the left pot, while the right pot still had other numbers; "
                "he must put it back and draw again.",
                step=last.seq,
                code="kept_own_number",
                params={"player": current, "number": last.number},
            )
        return DrawError(
            f"Line {line}: player {current} drew {kept} number(s) but holds {need} entries; "
            "each player draws one number per entry, all in a row.",
            step=line,
            code="too_few_draws",
            params={"player": current, "drawn": kept, "entries": need},
        )

    for line, item in enumerate(draws, start=1):
        last_line = line
        try:
            player, pot, number = item
        except (TypeError, ValueError):
            raise DrawError(
                f"Line {line}: expected player, pot and number, got {item!r}.",
                step=line,
                code="malformed_line",
            ) from None
        if isinstance(player, bool) or not isinstance(player, int) or player not in by_player:
            raise DrawError(
                f"Line {line}: player {player!r} holds no entry in this draw.",
                step=line,
                code="unknown_player",
                params={"player": player},
            )
        if isinstance(pot, str):
            pot = pot.strip().lower()
        if pot not in POTS:
            raise DrawError(
                f"Line {line}: the pot must be 'left' or 'right', not {pot!r}.",
                step=line,
                code="unknown_pot",
                params={"pot": pot},
            )
        if isinstance(number, bool) or not isinstance(number, int):
            raise DrawError(
                f"Line {line}: the number must be a whole number, not {number!r}.",
                step=line,
                code="number_not_integer",
                params={"number": number},
            )
        if not 1 <= number <= pot_size:
            raise DrawError(
                f"Line {line}: number {number!r} is not in the pots; they hold 1 to {pot_size}.",
                step=line,
                code="number_out_of_range",
                params={"number": number, "pot_size": pot_size},
            )
        if player != current:
            if current is not None:
                if kept < len(by_player[current].entries):
                    raise short_error(line)
                done.add(current)
            if player in done:
                raise DrawError(
                    f"Line {line}: player {player} drew earlier and then let others draw; "
                    "a player draws all his numbers in a row.",
                    step=line,
                    code="not_consecutive",
                    params={"player": player},
                )
            current, own_left, kept = player, set(), 0
            order.append(player)
        entries = by_player[player].entries
        if kept >= len(entries):
            raise DrawError(
                f"Line {line}: player {player} has already drawn all his {len(entries)} "
                "number(s), one per entry.",
                step=line,
                code="too_many_draws",
                params={"player": player, "entries": len(entries)},
            )
        if pot == LEFT:
            if number in left_line:
                raise DrawError(
                    f"Line {line}: number {number} was already drawn from the left pot "
                    f"(line {left_line[number]}).",
                    step=line,
                    code="number_drawn_twice",
                    params={"number": number, "pot": LEFT, "line": left_line[number]},
                )
            left_pot.discard(number)
            left_line[number] = line
            own_left.add(number)
            steps.append(DrawStep(line, player, LEFT, number, True, entries[kept]))
            kept += 1
            continue
        if left_pot:
            raise DrawError(
                f"Line {line}: player {player} drew from the right pot while the left pot "
                f"still had {len(left_pot)} number(s); the left pot is emptied first.",
                step=line,
                code="right_before_left",
                params={"player": player, "left": len(left_pot)},
            )
        if number in right_line:
            raise DrawError(
                f"Line {line}: number {number} was already drawn from the right pot "
                f"(line {right_line[number]}).",
                step=line,
                code="number_drawn_twice",
                params={"number": number, "pot": RIGHT, "line": right_line[number]},
            )
        if number in own_left and any(n not in own_left for n in right_pot):
            steps.append(DrawStep(line, player, RIGHT, number, False, None))
            continue
        right_pot.discard(number)
        right_line[number] = line
        steps.append(DrawStep(line, player, RIGHT, number, True, entries[kept]))
        kept += 1

    if current is not None and kept < len(by_player[current].entries):
        raise short_error(last_line)
    missing = [h.player for h in holders if h.player not in order]
    if missing:
        names = ", ".join(str(p) for p in missing)
        raise DrawError(
            f"Player(s) {names} drew no numbers; every player draws one number per entry.",
            code="missing_player",
            params={"players": missing},
        )
    # Every player drew all his entries and nobody used the right pot early, so
    # the left pot is empty: every number has a left holder.
    return DrawResult(
        pot_size=pot_size,
        seed=None,
        order=tuple(order),
        steps=tuple(steps),
        pairings=_pairings(pot_size, steps, _owners(holders)),
        method=TRANSCRIBED,
        holders=holders,
    )


# --------------------------------------------------------------------------- replay


def replay(protocol: dict) -> DrawResult:
    """Re-run a stored draw and return it; DrawError if it differs from the record.

    A computed draw is drawn again from its holders, pot size, seed, order and
    ``multi_first``; a transcribed draw is checked again from its steps.
    """
    stored = DrawResult.from_protocol(protocol)
    if not stored.holders:
        raise DrawError("The draw protocol does not list the holders.", code="protocol")
    if stored.method == COMPUTED:
        if stored.seed is None:
            raise DrawError("The computed draw's protocol has no seed.", code="protocol")
        again = draw_round(
            stored.holders,
            pot_size=stored.pot_size,
            seed=stored.seed,
            multi_first=bool(stored.multi_first),
            order=stored.order if stored.order_given else None,
        )
    else:
        again = check_transcript(
            stored.holders,
            pot_size=stored.pot_size,
            draws=[(s.player, s.pot, s.number) for s in stored.steps],
        )
    if again != stored:
        raise DrawError(_difference(stored, again), code="replay_differs")
    return again


def _difference(stored: DrawResult, again: DrawResult) -> str:
    if stored.order != again.order:
        return "The replayed draw differs from the stored one: the drawing order is not the same."
    for a, b in zip(stored.steps, again.steps, strict=False):
        if a != b:
            return (
                f"The replayed draw differs from the stored one at step {a.seq}: stored "
                f"player {a.player} {a.pot} {a.number}, replayed player {b.player} {b.pot} {b.number}."
            )
    if len(stored.steps) != len(again.steps):
        return (
            f"The replayed draw differs from the stored one: {len(stored.steps)} steps stored, "
            f"{len(again.steps)} replayed."
        )
    for a, b in zip(stored.pairings, again.pairings, strict=False):
        if a != b:
            return f"The replayed draw differs from the stored one in pairing {a.number}."
    return "The replayed draw differs from the stored one."
