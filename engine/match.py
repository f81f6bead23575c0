"""Bummerl and match (Partie) scoring, the first dealer, revokes, score-sheet checking.

A Bummerl goes to the first player with 7 game points; players write it counting down
from 7 (``Bummerl.remaining``). The deal alternates every game, across Bummerl too
(reference 000 "Bummerl und Partien"). A 7:0 Bummerl (Schneider) gives the loser two
Bummerl when ``rules.schneider_double`` (not in tournament play). A match is won by the
first to hang 2 (or 3) Bummerl on the opponent.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .cards import ALL_CARDS, Card
from .messages import Reason
from .outcome import GameResult
from .rules import RuleSet

TARGET = 7


class ScoreSheetError(ValueError):
    """A wrong line on a score sheet. ``bummerl`` and ``game`` are 0-based indices
    (``game`` is None when the whole Bummerl or match is wrong); the message counts from 1.

    ``reason`` is a :class:`~engine.messages.Reason` (``code``, ``params``; the
    figures in it are those written on the sheet), so the web layer translates it."""

    def __init__(self, bummerl: int, game: int | None, reason):
        if not isinstance(reason, Reason):
            reason = Reason("bad_action", error=str(reason))
        self.bummerl, self.game, self.reason = bummerl, game, reason
        self.code, self.params = reason.code, reason.params
        where = f"Bummerl {bummerl + 1}" + (f", game {game + 1}" if game is not None else "")
        super().__init__(f"{where}: {reason}")


@dataclass
class Bummerl:
    rules: RuleSet = field(default_factory=RuleSet)
    games: list[tuple[int, int]] = field(default_factory=list)
    points: list[int] = field(default_factory=lambda: [0, 0])

    @property
    def remaining(self) -> tuple[int, int]:
        """Points each player still needs, as written on the sheet (7 down to 0)."""
        return tuple(max(0, TARGET - p) for p in self.points)

    @property
    def winner(self) -> int | None:
        for p in (0, 1):
            if self.points[p] >= TARGET:
                return p
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def schneider(self) -> bool:
        w = self.winner
        return w is not None and self.points[1 - w] == 0

    @property
    def value(self) -> int:
        """Bummerl the loser gets: 2 for Schneider when the rules count it double."""
        if self.winner is None:
            return 0
        return 2 if self.schneider and self.rules.schneider_double else 1

    def add(self, winner: int, game_points: int) -> None:
        if self.is_over:
            raise ValueError("this Bummerl is already won")
        _check_game(winner, game_points)
        self.games.append((winner, game_points))
        self.points[winner] += game_points


@dataclass
class Match:
    rules: RuleSet = field(default_factory=RuleSet)
    first_dealer: int = 0
    bummerl_to_win: int | None = None
    bummerls: list[Bummerl] = field(default_factory=list)
    revokes: list[tuple[int, int]] = field(default_factory=list)  # (game number, offender)

    def __post_init__(self):
        if self.bummerl_to_win is None:
            self.bummerl_to_win = self.rules.bummerl_to_win_match
        if self.bummerl_to_win not in (2, 3):
            raise ValueError("a match goes to 2 or 3 Bummerl")
        if self.first_dealer not in (0, 1):
            raise ValueError("the first dealer is player 0 or 1")

    @property
    def games_played(self) -> int:
        return sum(len(b.games) for b in self.bummerls)

    @property
    def next_dealer(self) -> int:
        return (self.first_dealer + self.games_played) % 2

    @property
    def bummerl_won(self) -> tuple[int, int]:
        """Bummerl each player has hung on the opponent (Schneider counts per the rules)."""
        won = [0, 0]
        for b in self.bummerls:
            if b.winner is not None:
                won[b.winner] += b.value
        return tuple(won)

    @property
    def winner(self) -> int | None:
        won = self.bummerl_won
        for p in (0, 1):
            if won[p] >= self.bummerl_to_win:
                return p
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def current(self) -> Bummerl:
        if not self.bummerls or self.bummerls[-1].is_over:
            self.bummerls.append(Bummerl(self.rules))
        return self.bummerls[-1]

    def add_game(self, winner: int, game_points: int) -> None:
        if self.is_over:
            raise ValueError("the match is already won")
        self.current.add(winner, game_points)

    def add_result(self, result: GameResult) -> None:
        self.add_game(result.winner, result.game_points)

    def add_revoke(self, offender: int) -> None:
        """A revoke (Renonce) recorded by a referee: the opponent wins the game with 3."""
        if offender not in (0, 1):
            raise ValueError("the offender is player 0 or 1")
        self.revokes.append((self.games_played, offender))
        self.add_game(1 - offender, 3)

    def to_dict(self) -> dict:
        return {
            "bummerl_to_win": self.bummerl_to_win,
            "bummerls": [
                {
                    "games": [list(g) for g in b.games],
                    "remaining": list(b.remaining),
                    "winner": b.winner,
                    "schneider": b.schneider,
                    "value": b.value,
                }
                for b in self.bummerls
            ],
            "bummerl_won": list(self.bummerl_won),
            "next_dealer": self.next_dealer,
            "winner": self.winner,
        }


def draw_first_dealer(rng: random.Random) -> tuple[int, tuple[Card, Card]]:
    """Each player draws a card; the higher card deals the first game (reference 000
    "Das Teilen"). Cards of equal rank draw again. Returns (dealer, (card0, card1))."""
    while True:
        a, b = rng.sample(ALL_CARDS, 2)
        if a % 5 != b % 5:
            return (0 if a % 5 < b % 5 else 1), (a, b)


def _game_error(winner, game_points) -> Reason | None:
    """Why a written game (winner, game points) is wrong, or None."""
    if isinstance(winner, bool) or winner not in (0, 1):
        return Reason("sheet_bad_winner", value=str(winner))
    if isinstance(game_points, bool) or not isinstance(game_points, int) or not (
        1 <= game_points <= 3
    ):
        return Reason("sheet_bad_game_points", points=str(game_points))
    return None


def _check_game(winner, game_points) -> None:
    if isinstance(winner, bool) or winner not in (0, 1):
        raise ValueError(f"the winner must be player 0 or 1, not {winner!r}")
    if isinstance(game_points, bool) or not isinstance(game_points, int):
        raise ValueError(f"game points must be a whole number 1, 2 or 3, not {game_points!r}")
    if not 1 <= game_points <= 3:
        raise ValueError(f"a game gives 1, 2 or 3 game points, not {game_points}")


def validate_score_sheet(
    rules: RuleSet,
    match_bummerl: int | None,
    bummerls,
    *,
    complete: bool = True,
) -> Match:
    """Check a hand-written score sheet and return the scored :class:`Match`.

    ``bummerls`` is a list of Bummerl, each a list of games ``(winner, game_points)`` with
    winner 0 or 1. Checks: every game gives 1-3 points; a Bummerl ends exactly with the
    game in which a player reaches 7 (no game after it, none missing); the match ends when
    a player has won ``match_bummerl`` (2 or 3; default from the rules) Bummerl, counting a
    Schneider double when the rules say so, with no Bummerl after that. With
    ``complete=False`` the last Bummerl and the match may still be running.
    Raises :class:`ScoreSheetError` naming the first wrong line.
    """
    match = Match(rules, bummerl_to_win=match_bummerl)
    if not isinstance(bummerls, list | tuple):
        raise ScoreSheetError(0, None, Reason("sheet_not_a_list"))
    if not bummerls:
        if complete:
            raise ScoreSheetError(0, None, Reason("sheet_no_bummerl"))
        return match
    for bi, games in enumerate(bummerls):
        if match.is_over:
            won = match.bummerl_won
            raise ScoreSheetError(
                bi,
                None,
                Reason(
                    "sheet_match_already_won",
                    winner=match.winner,
                    won=won[match.winner],
                    lost=won[1 - match.winner],
                ),
            )
        if not isinstance(games, list | tuple) or not games:
            raise ScoreSheetError(bi, None, Reason("sheet_bummerl_needs_game"))
        bummerl = Bummerl(rules)
        match.bummerls.append(bummerl)
        for gi, game in enumerate(games):
            if bummerl.is_over:
                left, right = bummerl.remaining  # as written: still needed, down from 7
                raise ScoreSheetError(
                    bi,
                    gi,
                    Reason(
                        "sheet_bummerl_already_won", winner=bummerl.winner, left=left, right=right
                    ),
                )
            try:
                winner, game_points = game
            except (TypeError, ValueError):
                raise ScoreSheetError(bi, gi, Reason("sheet_game_not_a_pair")) from None
            reason = _game_error(winner, game_points)
            if reason is not None:
                raise ScoreSheetError(bi, gi, reason)
            bummerl.add(winner, game_points)
        last = bi == len(bummerls) - 1
        if not bummerl.is_over and (complete or not last):
            left, right = bummerl.remaining
            raise ScoreSheetError(
                bi, len(games) - 1, Reason("sheet_bummerl_open", left=left, right=right)
            )
    if complete and not match.is_over:
        won = match.bummerl_won
        raise ScoreSheetError(
            len(bummerls) - 1,
            None,
            Reason(
                "sheet_match_undecided", left=won[0], right=won[1], goal=match.bummerl_to_win
            ),
        )
    return match
