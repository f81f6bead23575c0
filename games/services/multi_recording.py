"""Bauernschnapsen score sheets: checked by the engine, the wrong line named.

:func:`check_bauern_sheet` takes the sheet as the players wrote it (text, one line per
game: ``A gangl``, ``B normal 2``, ``A schnapser gefleckt``, or the running figures
``15:24``; or the engine's line values), the table's rules (a preset name or rule
options) and the two team names, and returns the Bummerl result: every game with the
running figures, who got each Bummerl (Schneider, Retourschneider counted) and the totals.
A team tournament (issue 14) records its tables through the same function.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import pgettext

from engine.bauern.rules import BauernRules
from engine.bauern.scoring import SheetError, parse_sheet_text, validate_score_sheet
from engine.messages import reason_of
from engine.multi.contracts import CONTRACT_NAMES
from games.multi_text import contract_text, reason_text

from .common import GameError

EXAMPLE = "A normal 2\nB gangl\n12:15\nA schnapser gefleckt\nB bauernschnapser\nA normal 3"


class SheetRefused(GameError):
    """A wrong sheet: ``line`` is the 1-based line of the text (None: the sheet as a whole)."""

    def __init__(self, message: str, line: int | None, code: str):
        super().__init__(message, code)
        self.line = line


@dataclass
class BummerlResult:
    number: int
    figures: list[int]
    winner: int | None  # team 0 (A) or 1 (B)
    loser: int | None
    bummerl: int  # how many Bummerl the loser gets: 1, 2 (Schneider), 4 (Retourschneider)
    schneider: bool
    return_schneider: bool
    games: list[dict] = field(default_factory=list)


@dataclass
class SheetResult:
    teams: tuple[str, str]
    rules: BauernRules
    bummerls: list[BummerlResult]
    bummerl_count: tuple[int, int]  # Bummerl each team got
    complete: bool

    @property
    def winner(self) -> int | None:
        """The team with fewer Bummerl (None when even)."""
        a, b = self.bummerl_count
        return None if a == b else (0 if a < b else 1)

    def to_dict(self) -> dict:
        return {
            "teams": list(self.teams),
            "bummerl_count": list(self.bummerl_count),
            "winner": self.winner,
            "bummerls": [b.__dict__ for b in self.bummerls],
        }


def sheet_games() -> list[tuple[str, str]]:
    """The games a line may name, as (what the line says, label), for the page's
    line builder: the normal game with its points, then every special game."""
    out = [(f"normal {n}", pgettext("table", "normal game, %(n)d") % {"n": n}) for n in (1, 2, 3)]
    return out + [(name, contract_text(name)) for name in CONTRACT_NAMES if name != "normal"]


def _rules(rules, count: str | None) -> BauernRules:
    try:
        r = BauernRules.from_dict(rules)
        if count in ("down", "up"):
            r = r.replace(count=count)
        return r
    except (ValueError, TypeError) as exc:
        # the engine's reason (a rule option it does not know, a bad value) in words
        raise GameError(
            pgettext("table", "Unknown rules: %(e)s") % {"e": reason_text(reason_of(exc))}, "rules"
        ) from None


def _text_lines(text: str) -> tuple[list, list[int]]:
    """The sheet's lines and, for each, its number in the text (1-based): blank lines and
    comments are skipped, so the engine's line index maps back through this list."""
    numbers = [
        i + 1
        for i, raw in enumerate(text.splitlines())
        if raw.strip() and not raw.strip().startswith("#")
    ]
    return parse_sheet_text(text), numbers


def check_bauern_sheet(
    sheet, *, rules="ueblich", teams=("", ""), count: str | None = None, complete: bool = True
) -> SheetResult:
    """Check a Bauernschnapsen sheet; the Bummerl result, or :class:`SheetRefused`
    naming the first wrong line (translated)."""
    r = _rules(rules, count)
    names = (
        (teams[0] or "").strip()[:100] or pgettext("table", "Team A"),
        (teams[1] or "").strip()[:100] or pgettext("table", "Team B"),
    )
    numbers = None
    try:
        if isinstance(sheet, str):
            # team letters A/B as the players write them; "A"/"B" or 0/1 both read
            lines, numbers = _text_lines(sheet)
        else:
            lines = list(sheet)
        match = validate_score_sheet(r, lines, complete=complete)
    except SheetError as exc:
        if numbers is None and isinstance(sheet, str):
            line = exc.line + 1  # parse_sheet_text counts raw lines
        elif numbers is not None and 0 <= exc.line < len(numbers):
            line = numbers[exc.line]
        else:
            line = exc.line + 1
        text = reason_text(exc.reason, list(names))
        raise SheetRefused(
            pgettext("table", "Line %(n)d: %(why)s") % {"n": line, "why": text}, line, exc.code
        ) from None
    out = []
    for i, b in enumerate(match.sheets):
        d = b.to_dict()
        losers = b.losers() if b.is_over else {}
        loser = next(iter(losers), None)
        games = []
        for written, figs in zip(d["games"], d["running_figures"], strict=True):
            t = 0 if written[0] else 1
            games.append({"team": names[t], "points": written[t], "figures": figs})
        out.append(
            BummerlResult(
                number=i + 1,
                figures=d["figures"],
                winner=b.winner,
                loser=loser,
                bummerl=losers.get(loser, 0) if loser is not None else 0,
                schneider=bool(b.is_over and b.schneider),
                return_schneider=bool(b.is_over and b.return_schneider),
                games=games,
            )
        )
    return SheetResult(names, r, out, tuple(match.bummerl_count), match.sheets[-1].is_over)


__all__ = ["SheetRefused", "SheetResult", "check_bauern_sheet", "contract_text"]
