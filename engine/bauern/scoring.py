"""Bauernschnapsen scoring: the Bummerl of two teams from 24, Schneider and
Retourschneider, the match, and the score-sheet validator.

Reference 004 "Allgemeines": each team writes down from 24 to 0 (or up, rule option
``count``); the team that did not get there gets a Bummerl; "falls es während des
Spieles gar keine Punkte geschrieben hat, also noch auf 24 ('auf Luft') steht, erhält es
ein geschneidertes Bummerl ('Schneider'), welches zwei normalen entspricht"; a team that
stood at 23 : 0 (counted up: one point short, the other team on Luft) and then loses
gets a Retourschneider, four Bummerl (rule option ``return_schneider``).

Score sheets (:func:`validate_score_sheet`): the lines as players write them, one per
game, each either the game (the team that wrote, the game, for the normal game its 1, 2
or 3 points, how often it was doubled) or the running figures after it (``21:24``), or
both (then they must agree). A new Bummerl starts after the line that ends one; a line
with the starting figures (``24:24``) at the top of a Bummerl may be written and is
skipped. The first wrong line is named (:class:`SheetError`, a ``ScoreSheetError`` with a
code). :func:`parse_sheet_text` reads the same lines from text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import ClassVar

from ..match import ScoreSheetError
from ..messages import Reason
from ..multi.contracts import CONTRACT_NAMES, GERMAN_NAMES, contracts_for
from ..multi.match import MultiBummerl, MultiMatch, figures_of
from ..multi.rules import TARGET
from .rules import BauernRules


@dataclass
class BauernBummerl(MultiBummerl):
    scorers: int = 2
    return_marks: set = field(default_factory=set)  # teams that stood at 23 : 0

    def _after_game(self) -> None:
        for t in (0, 1):
            if self.points[t] == TARGET - 1 and self.points[1 - t] == 0:
                self.return_marks.add(t)

    @property
    def winner(self) -> int | None:
        w = self.winners
        return w[0] if w else None

    @property
    def schneider(self) -> bool:
        w = self.winner
        return w is not None and self.points[1 - w] == 0

    @property
    def return_schneider(self) -> bool:
        w = self.winner
        return (
            w is not None
            and getattr(self.rules, "return_schneider", True)
            and (1 - w) in self.return_marks
        )

    def losers(self) -> dict[int, int]:
        w = self.winner
        if w is None:
            return {}
        value = 4 if self.return_schneider else 2 if self.schneider else 1
        return {1 - w: value}

    def to_dict(self) -> dict:
        d = MultiBummerl.to_dict(self)
        d.update(
            winner=self.winner, schneider=self.schneider, return_schneider=self.return_schneider
        )
        return d


@dataclass
class BauernMatch(MultiMatch):
    """Games of Bauernschnapsen scored into Bummerl (scorers are the teams 0 and 1)."""

    BUMMERL: ClassVar[type] = BauernBummerl
    N: ClassVar[int] = 4
    SCORERS: ClassVar[int] = 2


# ---------------------------------------------------------------------- score sheets
class SheetError(ScoreSheetError):
    """The first wrong line of a sheet: ``line`` (0-based over the whole sheet),
    ``bummerl`` and ``game`` (0-based), ``code``/``params`` (see messages.py)."""

    def __init__(self, line: int, bummerl: int, game: int | None, reason: Reason):
        self.line = line
        self.code = reason.code
        self.params = reason.params
        super().__init__(bummerl, game, reason)  # .reason: the Reason (a str with a code)
        self.args = (f"line {line + 1}: {reason}",)

    def __str__(self) -> str:
        return self.args[0]

    def to_dict(self) -> dict:
        return {
            "line": self.line,
            "bummerl": self.bummerl,
            "game": self.game,
            **self.reason.to_dict(),
        }


@dataclass(frozen=True)
class SheetLine:
    """One line of a sheet: the game (``team``, ``game``, ``points`` for the normal game,
    ``doubles``) and/or the running ``figures`` after it."""

    team: int | None = None
    game: str | None = None
    points: int | None = None
    doubles: int = 0
    figures: tuple[int, int] | None = None

    @classmethod
    def of(cls, value) -> SheetLine:
        if isinstance(value, SheetLine):
            return value
        if isinstance(value, str):
            return _parse_line(value)
        if isinstance(value, dict):
            figs = value.get("figures")
            return cls(
                value.get("team"),
                value.get("game"),
                value.get("points"),
                value.get("doubles", 0),
                None if figs is None else tuple(figs),
            )
        if isinstance(value, list | tuple) and len(value) in (2, 3, 4):
            if len(value) == 2 and all(isinstance(x, int) for x in value):
                return cls(figures=tuple(value))
            team, game, *rest = value
            doubles = rest[-1] if rest else 0
            points = rest[0] if len(rest) == 2 else None
            return cls(team, game, points, doubles)
        raise ValueError(repr(value))


_GAME_NAMES = {n: n for n in CONTRACT_NAMES} | {v.lower(): k for k, v in GERMAN_NAMES.items()}
_GAME_NAMES |= {"normales": "normal", "ass-bettler": "ass_bettler", "fechter": "bettler"}
_DOUBLE_WORDS = {"x2": 1, "x4": 2, "x8": 3, "gefleckt": 1, "f": 1, "retour": 2, "re": 3}


def _parse_line(text: str) -> SheetLine:
    t = text.strip()
    fig = re.fullmatch(r"(\d+)\s*[:\-]\s*(\d+)", t)
    if fig:
        return SheetLine(figures=(int(fig.group(1)), int(fig.group(2))))
    head, _, tail = t.partition("=")
    figures = None
    if tail:
        fig = re.fullmatch(r"\s*(\d+)\s*[:\-]\s*(\d+)\s*", tail)
        if not fig:
            raise ValueError(text)
        figures = (int(fig.group(1)), int(fig.group(2)))
    words = head.split()
    if len(words) < 2:
        raise ValueError(text)
    team = {"0": 0, "1": 1, "a": 0, "b": 1}.get(words[0].lower(), words[0])
    game = _GAME_NAMES.get(words[1].lower(), words[1])
    points = None
    doubles = 0
    for w in words[2:]:
        lw = w.lower()
        if lw.isascii() and lw.isdigit() and points is None:
            points = int(lw)
        elif lw in _DOUBLE_WORDS:
            doubles = _DOUBLE_WORDS[lw]
        else:
            raise ValueError(text)
    return SheetLine(team, game, points, doubles, figures)


def parse_sheet_text(text: str) -> list[SheetLine]:
    """Lines such as ``0 gangl``, ``1 normal 2``, ``0 schnapser x2 = 18:24`` or ``18:24``
    (team 0/1 or A/B; a game name as in code or in German; the normal game's points;
    ``x2``/``f``/``gefleckt``, ``x4``/``retour``, ``x8``/``re``). Blank lines and lines
    starting with ``#`` are skipped. Raises :class:`SheetError` for a line it cannot read."""
    out = []
    for i, raw in enumerate(text.splitlines()):
        if not raw.strip() or raw.strip().startswith("#"):
            continue
        try:
            out.append(_parse_line(raw))
        except ValueError:
            raise SheetError(i, 0, None, Reason("sheet_bad_line", text=raw.strip())) from None
    return out


def possible_values(rules) -> set[int]:
    """Every number of points one game can write under ``rules``."""
    table = contracts_for(rules)
    bases = {1, 2, 3} | {table[n].value for n in rules.catalogue}
    return {b << d for b in bases for d in range(4)}


class _LineError(Exception):
    def __init__(self, code: str, **params):
        self.reason = Reason(code, **params)


def validate_score_sheet(rules, lines, *, complete: bool = True) -> BauernMatch:
    """Check a Bauernschnapsen score sheet and return the scored :class:`BauernMatch`.

    ``lines``: :class:`SheetLine` values, dicts (``{"team": 0, "game": "gangl",
    "doubles": 1}``, ``{"figures": [15, 24]}``), tuples (``(team, game, doubles)``,
    ``(team, "normal", points, doubles)``, ``(figures0, figures1)``) or text (see
    :func:`parse_sheet_text`). With ``complete=False`` the last Bummerl may still be
    running. Raises :class:`SheetError` naming the first wrong line."""
    rules = BauernRules.from_dict(rules)
    if isinstance(lines, str):
        lines = parse_sheet_text(lines)
    if not lines:
        raise SheetError(0, 0, None, Reason("sheet_empty"))
    match = BauernMatch(rules, bummerls=None)
    ctx = (rules, contracts_for(rules), possible_values(rules))
    bi = gi = 0
    for li, raw in enumerate(lines):
        bummerl = match.current
        try:
            written = _check_line(ctx, bummerl, raw, gi)
        except _LineError as exc:
            raise SheetError(li, bi, gi, exc.reason) from None
        if written is None:
            continue  # the starting figures of a Bummerl
        bummerl.add(written)
        gi += 1
        if bummerl.is_over:
            bi += 1
            gi = 0
    last = match.sheets[-1]
    if complete and not last.is_over:
        raise SheetError(
            len(lines) - 1,
            len(match.sheets) - 1,
            len(last.games) - 1,
            Reason(
                "sheet_bummerl_unfinished",
                figures=_fmt(last.figures),
                goal=TARGET if rules.count == "up" else 0,
            ),
        )
    return match


def _check_line(ctx, bummerl, raw, gi: int) -> tuple[int, int] | None:
    """What one line writes, or None for a starting line; raises _LineError."""
    rules, table, values = ctx
    up = rules.count == "up"
    try:
        line = SheetLine.of(raw)
    except (ValueError, TypeError):
        raise _LineError("sheet_bad_line", text=str(raw)) from None
    before = bummerl.figures
    written = None
    if line.game is not None or line.team is not None:
        if line.team not in (0, 1) or isinstance(line.team, bool):
            raise _LineError("sheet_bad_team", team=str(line.team))
        game = line.game
        if game not in table:
            raise _LineError("sheet_unknown_game", game=str(game))
        if game != "normal" and game not in rules.catalogue:
            raise _LineError("sheet_game_not_allowed", game=game)
        if game == "normal":
            if line.points not in (1, 2, 3) or isinstance(line.points, bool):
                raise _LineError("sheet_bad_normal_points", points=str(line.points))
            base = line.points
        else:
            if line.points is not None:
                raise _LineError("sheet_points_only_normal")
            base = table[game].value
        if line.doubles not in (0, 1, 2, 3) or isinstance(line.doubles, bool):
            raise _LineError("sheet_bad_doubles", doubles=str(line.doubles))
        v = base << line.doubles
        written = (v, 0) if line.team == 0 else (0, v)
    if line.figures is not None:
        figs = line.figures
        if (
            len(figs) != 2
            or not all(isinstance(f, int) and not isinstance(f, bool) for f in figs)
            or not all(0 <= f <= TARGET for f in figs)
        ):
            raise _LineError("sheet_bad_figures", goal=TARGET, text=str(figs))
        figs = tuple(figs)
        if written is None and gi == 0 and figs == figures_of([0, 0], rules):
            return None
        if written is not None:
            after = figures_of([p + w for p, w in zip(bummerl.points, written, strict=True)], rules)
            if after != figs:
                raise _LineError("sheet_figures_mismatch", expected=_fmt(after), figures=_fmt(figs))
            return written
        step = [(a - b) if up else (b - a) for a, b in zip(figs, before, strict=True)]
        changed = [t for t in (0, 1) if step[t]]
        if len(changed) == 2:
            raise _LineError("sheet_figures_both", before=_fmt(before), after=_fmt(figs))
        if not changed:
            raise _LineError("sheet_figures_none", figures=_fmt(figs))
        t = changed[0]
        s = step[t]
        if s < 0:
            raise _LineError(
                "sheet_figures_wrong_way",
                direction="up" if up else "down",
                before=_fmt(before),
                after=_fmt(figs),
            )
        ends = figs[t] == (TARGET if up else 0)
        if not ends and s not in values:
            raise _LineError("sheet_figures_impossible", points=s)
        written = (s, 0) if t == 0 else (0, s)
    if written is None:
        raise _LineError("sheet_bad_line", text=str(raw))
    return written


def _fmt(figs) -> str:
    return ":".join(str(f) for f in figs)
