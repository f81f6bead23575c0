"""Parse a list of teams from CSV (pure: no Django), for a team tournament's desk.

One team per row: two name columns are required (``Spieler 1``/``Spieler 2``, or
``Name 1``/``Name 2``, ``Partner``), the towns (one ``Ort`` for both, or ``Ort 1``/``Ort 2``),
the number of entries (``Karten``) and whether they are paid (``bezahlt``: ja/nein, x, 1/0)
are optional. Separators, encodings and the reporting of every bad row are as for the
player list (``player_csv.py``); nothing is imported unless the file is clean.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field

from core.numbers import parse_int

from .player_csv import MAX_LENGTH, MAX_ROWS, Problem, decode, open_table

__all__ = ["HEADER_ALIASES", "ParsedTeams", "Problem", "TeamRow", "decode", "parse_teams"]

HEADER_ALIASES = {
    **{k: "name1" for k in ("spieler 1", "spieler1", "name 1", "name1", "player 1", "player1")},
    **{
        k: "name2"
        for k in ("spieler 2", "spieler2", "name 2", "name2", "player 2", "player2", "partner")
    },
    **{k: "town" for k in ("ort", "verein", "ort/verein", "town", "club", "town or club")},
    **{k: "town1" for k in ("ort 1", "ort1", "town 1", "town1", "verein 1")},
    **{k: "town2" for k in ("ort 2", "ort2", "town 2", "town2", "verein 2")},
    **{k: "entries" for k in ("karten", "teilnahmekarten", "anzahl", "entries", "lose")},
    **{k: "paid" for k in ("bezahlt", "paid")},
}
YES = {"ja", "j", "x", "1", "yes", "y", "true", "bezahlt", "paid"}
NO = {"", "nein", "n", "0", "no", "false"}
MAX_ENTRIES = 16


@dataclass(frozen=True)
class TeamRow:
    line: int
    first: str
    first_town: str
    second: str
    second_town: str
    entries: int = 1
    paid: bool = False


@dataclass
class ParsedTeams:
    rows: list[TeamRow] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not self.problems and bool(self.rows)


def _normalise(text: str) -> str:
    return " ".join(text.split())


def parse_teams(text: str) -> ParsedTeams:
    """Rows of teams, or every problem of the file (codes as for the player list, and
    ``no_partner_column``, ``same_player``, ``player_twice``, ``bad_entries``,
    ``bad_paid``)."""
    result = ParsedTeams()
    if not text.strip():
        result.problems.append(Problem(0, "empty"))
        return result
    opened = open_table(text, HEADER_ALIASES, result.problems)  # as the player list
    if opened is None:
        return result
    reader, columns = opened
    if "name1" not in columns:
        result.problems.append(Problem(1, "no_name_column"))
    if "name2" not in columns:
        result.problems.append(Problem(1, "no_partner_column"))
    if "name1" not in columns or "name2" not in columns:
        return result
    seen: dict[tuple[str, str], int] = {}
    try:
        for record in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in record):
                continue
            if len(result.rows) >= MAX_ROWS:
                result.problems.append(Problem(line, "too_many_rows", str(MAX_ROWS)))
                break
            if len(record) > len(columns):
                result.problems.append(Problem(line, "too_many_cells", str(len(record))))
                continue
            v = dict.fromkeys(("name1", "name2", "town", "town1", "town2", "entries", "paid"), "")
            for key, cell in zip(columns, record, strict=False):
                if key:
                    v[key] = _normalise(cell)
            problems = []
            if not v["name1"] or not v["name2"]:
                problems.append(Problem(line, "no_name"))
            for key in ("name1", "name2", "town", "town1", "town2"):
                if len(v[key]) > MAX_LENGTH:
                    problems.append(Problem(line, "too_long", key))
            entries = 1
            if v["entries"]:
                count = parse_int(v["entries"], min=1, max=MAX_ENTRIES)
                if count is None:
                    problems.append(Problem(line, "bad_entries", v["entries"]))
                else:
                    entries = count
            paid = v["paid"].lower()
            if paid not in YES | NO:
                problems.append(Problem(line, "bad_paid", v["paid"]))
            town1 = v["town1"] or v["town"]
            town2 = v["town2"] or v["town"]
            people = [
                (v["name1"].casefold(), town1.casefold()),
                (v["name2"].casefold(), town2.casefold()),
            ]
            if not problems and people[0] == people[1]:
                problems.append(Problem(line, "same_player"))
            for identity in people if not problems else ():
                if identity in seen:
                    problems.append(Problem(line, "player_twice", str(seen[identity])))
                    break
            if problems:
                result.problems.extend(problems)
                continue
            for identity in people:
                seen[identity] = line
            result.rows.append(
                TeamRow(line, v["name1"], town1, v["name2"], town2, entries, paid in YES)
            )
    except csv.Error as exc:
        result.problems.append(Problem(reader.line_num, "malformed", str(exc)))
    if not result.rows and not result.problems:
        result.problems.append(Problem(0, "no_rows"))
    return result
