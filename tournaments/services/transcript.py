"""A draw done with real pots, typed in: what the organiser has on the table.

One draw per line, in the order drawn: who drew, the pot, the number drawn. Who drew is
written as it stands on the table: the number of one of his Teilnahmekarten (entry
numbers of this tournament, "17" or "#17") or his name as registered ("Resi Huber").
Register numbers are not asked for (nobody sees them), and a number never names a player
of another tournament. The pot is L or R (left/right, links/rechts), the number a number
of the pots.

Every line that cannot be read, names nobody of this draw or a number not in the pots is
reported at once, each with its line number and what to do (``TournamentError.lines``);
only a transcript without such lines goes on to the check of the pot rules
(``draw.check_transcript``, which follows the draw in order), whose first offending draw
is named by its line in the text.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.utils.translation import gettext as _

from core.numbers import parse_digits

from ..models import Entry
from .common import TournamentError

POTS = {
    "l": "left",
    "left": "left",
    "links": "left",
    "r": "right",
    "right": "right",
    "rechts": "right",
}


@dataclass(frozen=True)
class Draw:
    """One typed line: its number in the text, who drew as typed, the pot, the number
    drawn; or, for a line that cannot be read, what is wrong with it (``problems``)."""

    line: int
    who: str
    pot: str | None
    number: int | None
    problems: tuple[str, ...] = ()


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _refuse(errors: list[str]) -> TournamentError:
    error = TournamentError(" ".join(errors), "transcript")
    error.lines = errors
    return error


def parse_transcript(text: str) -> list[Draw]:
    """The typed lines, blank ones left out; a line that cannot be read carries its
    ``problems`` (reported with the others' by ``resolve``). No line at all is refused."""
    draws: list[Draw] = []
    for index, raw in enumerate((text or "").splitlines(), start=1):
        values = raw.replace(",", " ").replace(";", " ").split()
        if not values:
            continue
        if len(values) < 3:
            problem = _(
                "Line %(line)s: write who drew (entry number or name), L or R for the "
                "pot, and the number drawn, e.g. “17 L 5” or “Resi Huber R 3”."
            ) % {"line": index}
            draws.append(Draw(index, " ".join(values), None, None, (problem,)))
            continue
        *who, pot, number = values
        side = POTS.get(pot.lower())
        drawn = parse_digits(number)
        problems = []
        if side is None:
            problems.append(
                _("Line %(line)s: “%(pot)s” is not a pot; write L (left) or R (right).")
                % {"line": index, "pot": pot[:20]}
            )
        if drawn is None:
            problems.append(
                _("Line %(line)s: “%(number)s” is not a number drawn from a pot.")
                % {"line": index, "number": number[:20]}
            )
        draws.append(Draw(index, " ".join(who).removeprefix("#"), side, drawn, tuple(problems)))
    if not draws:
        raise TournamentError(_("No draws entered."), "transcript")
    return draws


def resolve(tournament, draws: list[Draw], holders, *, pot_size: int) -> list[tuple]:
    """``(player id, pot, number)`` for each draw, against the ``holders`` of this draw
    (``draw.Holder``: a player and his entries in play). Every line that cannot be read,
    names nobody of this draw or a number not in the pots is reported, all at once."""
    in_draw = {entry: h.player for h in holders for entry in h.entries}
    entries = {
        e.number: e
        for e in Entry.objects.filter(tournament=tournament).select_related(
            "player", "team__first", "team__second"
        )
    }
    by_name: dict[str, list[Entry]] = defaultdict(list)
    for e in entries.values():
        by_name[_key(e.player.name)].append(e)
        if e.team_id is not None:  # a team: either player's name, or both as written
            by_name[_key(e.team.second.name)].append(e)
            by_name[_key(e.holder_name)].append(e)
    resolved: list[tuple] = []
    errors: list[str] = []
    for d in draws:
        if d.pot is None and d.number is None:  # not even three values: nothing to look up
            errors.extend(d.problems)
            continue
        player, problem = _who(d, entries, by_name, in_draw)
        if problem:
            errors.append(problem)
        if d.problems:
            errors.extend(d.problems)
        elif not 1 <= d.number <= pot_size:
            errors.append(
                _("Line %(line)s: number %(number)s is not in the pots (1 to %(pot_size)s).")
                % {"line": d.line, "number": d.number, "pot_size": pot_size}
            )
        elif player is not None:
            resolved.append((player, d.pot, d.number))
    if errors:
        raise _refuse(errors)
    return resolved


def _who(d: Draw, entries, by_name, in_draw) -> tuple[int | None, str]:
    """The player a line names, or a message of what is wrong with it."""
    number = parse_digits(d.who)
    if number is not None:
        entry = entries.get(number)
        if entry is None:
            return None, _(
                "Line %(line)s: this tournament has no entry number %(number)s; write the "
                "number of a Teilnahmekarte or the player's name."
            ) % {"line": d.line, "number": number}
        if entry.cancelled_at is not None:
            return None, _(
                "Line %(line)s: entry %(number)s (%(player)s) was cancelled; write the "
                "number of a Teilnahmekarte still in play."
            ) % {"line": d.line, "number": number, "player": entry.player.name}
        if entry.pk not in in_draw:
            return None, _(
                "Line %(line)s: entry %(number)s (%(player)s) is not in this draw (it is "
                "out); write the number of a Teilnahmekarte still in play."
            ) % {"line": d.line, "number": number, "player": entry.player.name}
        return in_draw[entry.pk], ""
    named = by_name.get(_key(d.who), [])
    players = {e.player_id for e in named if e.pk in in_draw}
    if len(players) == 1:
        return players.pop(), ""
    if len(players) > 1:
        numbers = ", ".join(str(e.number) for e in sorted(named, key=lambda e: e.number))
        return None, _(
            "Line %(line)s: several players are called “%(name)s” (entries %(numbers)s); "
            "write the entry number instead."
        ) % {"line": d.line, "name": d.who, "numbers": numbers}
    if named:
        return None, _(
            "Line %(line)s: %(name)s holds no entry in this draw (his entries are out "
            "or cancelled)."
        ) % {"line": d.line, "name": named[0].player.name}
    return None, _(
        "Line %(line)s: nobody called “%(name)s” holds an entry of this tournament; write "
        "the entry number or the name as registered."
    ) % {"line": d.line, "name": d.who[:60]}


def holders_table(tournament, holders) -> list[dict]:
    """Who draws in this round, for the page: each player with his entry numbers."""
    ids = [entry for h in holders for entry in h.entries]
    found = {e.pk: e for e in Entry.objects.filter(pk__in=ids).select_related("player")}
    rows = []
    for h in holders:
        es = [found[pk] for pk in h.entries if pk in found]
        if es:
            rows.append({"player": es[0].player, "numbers": sorted(e.number for e in es)})
    return sorted(rows, key=lambda r: (_key(r["player"].name), r["numbers"]))
