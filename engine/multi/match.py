"""Bummerl and match scoring shared by Bauernschnapsen and Talonschnapsen.

A Bummerl is played to 24 (reference 004 "Allgemeines", "Talonschnapsen"). Every game's
result says what each *scorer* writes (a team in Bauernschnapsen, a player in
Talonschnapsen, ``MultiResult.written``). Internally points count up; ``figures`` are the
numbers on the sheet: from 24 down to 0 (004: "von 24 Punkten auf Null
herunterschreibt", the default) or from 0 up to 24 (rule option ``count = "up"``). A
Bummerl ends with the game in which a scorer reaches 24 (the last game may overshoot;
the sheet shows 0, or 24). Who gets the Bummerl and how many it counts is the variant's
(``bauern/scoring.py``, ``talon/scoring.py``).

The next game is dealt by the caller of the last one, ``dealer + 1`` (004: "Am Ende des
Spiels wird der Rufer zum Geber"); after a new deal for three jacks the same dealer deals
again (the game did not take place).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from .rules import TARGET


@dataclass
class MultiBummerl:
    rules: object
    scorers: int
    games: list[tuple[int, ...]] = field(default_factory=list)
    points: list[int] = field(default_factory=list)

    def __post_init__(self):
        if not self.points:
            self.points = [0] * self.scorers

    @property
    def figures(self) -> tuple[int, ...]:
        """The running figures as written (24 down to 0, or 0 up to 24)."""
        return figures_of(self.points, self.rules)

    @property
    def is_over(self) -> bool:
        return any(p >= TARGET for p in self.points)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(i for i, p in enumerate(self.points) if p >= TARGET)

    def add(self, written) -> None:
        written = tuple(written)
        if self.is_over:
            raise ValueError("this Bummerl is already over")
        if len(written) != self.scorers or any(w < 0 for w in written):
            raise ValueError(f"a game writes {self.scorers} non-negative numbers")
        self.games.append(written)
        for i, w in enumerate(written):
            self.points[i] += w
        self._after_game()

    def _after_game(self) -> None:
        pass

    def losers(self) -> dict[int, int]:  # pragma: no cover - every variant overrides it
        """Scorer -> Bummerl it gets (once the Bummerl is over)."""
        raise NotImplementedError

    def to_dict(self) -> dict:
        running = []
        pts = [0] * self.scorers
        for g in self.games:
            pts = [a + b for a, b in zip(pts, g, strict=True)]
            running.append(list(figures_of(pts, self.rules)))
        return {
            "games": [list(g) for g in self.games],
            "running_figures": running,
            "figures": list(self.figures),
            "points": list(self.points),
            "over": self.is_over,
            "winners": list(self.winners),
            "losers": {str(k): v for k, v in self.losers().items()} if self.is_over else {},
        }


def figures_of(points, rules) -> tuple[int, ...]:
    if rules.count == "up":
        return tuple(min(TARGET, p) for p in points)
    return tuple(max(0, TARGET - p) for p in points)


@dataclass
class MultiMatch:
    """A sequence of games scored into Bummerl. ``bummerls`` is how many Bummerl the
    match lasts (None: open-ended, a table that plays on); ``first_to``, if set, ends
    the match as soon as a scorer has got that many Bummerl (a tournament's match to
    N Bummerl: the first team to hang N on the other wins)."""

    rules: object
    first_dealer: int = 0
    bummerls: int | None = 1
    sheets: list = field(default_factory=list)
    dealer_now: int = -1
    games_played: int = 0
    redeals: int = 0
    first_to: int | None = None

    BUMMERL: ClassVar[type] = MultiBummerl  # set by the variant
    N: ClassVar[int] = 4
    SCORERS: ClassVar[int] = 2

    def __post_init__(self):
        if isinstance(self.first_dealer, bool) or self.first_dealer not in range(self.N):
            raise ValueError(f"the first dealer is a seat 0..{self.N - 1}")
        if self.bummerls is not None and self.bummerls < 1:
            raise ValueError("a match lasts at least one Bummerl")
        if self.first_to is not None and self.first_to < 1:
            raise ValueError("a match is played to at least one Bummerl")
        if self.dealer_now < 0:
            self.dealer_now = self.first_dealer

    @property
    def next_dealer(self) -> int:
        return self.dealer_now

    @property
    def current(self):
        if not self.sheets or self.sheets[-1].is_over:
            self.sheets.append(self.BUMMERL(self.rules, self.SCORERS))
        return self.sheets[-1]

    @property
    def finished_bummerls(self) -> int:
        return sum(1 for b in self.sheets if b.is_over)

    @property
    def is_over(self) -> bool:
        if self.first_to is not None and max(self.bummerl_count) >= self.first_to:
            return True
        return self.bummerls is not None and self.finished_bummerls >= self.bummerls

    @property
    def figures(self) -> tuple[int, ...]:
        """The running figures of the Bummerl being played (24:24 before its first game)."""
        if not self.sheets or self.sheets[-1].is_over:
            return figures_of([0] * self.SCORERS, self.rules)
        return self.sheets[-1].figures

    @property
    def bummerl_count(self) -> tuple[int, ...]:
        """Bummerl each scorer has got (Schneider and Retourschneider counted)."""
        out = [0] * self.SCORERS
        for b in self.sheets:
            if b.is_over:
                for k, v in b.losers().items():
                    out[k] += v
        return tuple(out)

    def add_result(self, result) -> None:
        """Score a finished game (:class:`~engine.multi.outcome.MultiResult`)."""
        if self.is_over:
            raise ValueError("the match is already over")
        if result.is_redeal:
            self.redeals += 1
            return
        self.current.add(result.written)
        self.games_played += 1
        self.dealer_now = (self.dealer_now + 1) % self.N

    def to_dict(self) -> dict:
        return {
            "first_dealer": self.first_dealer,
            "bummerls_to_play": self.bummerls,
            "first_to": self.first_to,
            "bummerls": [b.to_dict() for b in self.sheets],
            "figures": list(self.figures),
            "bummerl_count": list(self.bummerl_count),
            "games_played": self.games_played,
            "redeals": self.redeals,
            "next_dealer": self.next_dealer,
            "over": self.is_over,
        }
