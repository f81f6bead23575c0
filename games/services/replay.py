"""A played match as an engine record, its replay, and the solver's analysis of a game."""

from __future__ import annotations

import random

from django.utils.translation import gettext as _

from engine import Action, GameState, IllegalAction
from engine.ai import analyze_record
from engine.record import GameRecord, MatchRecord

from ..models import Game, Match, Mode
from .common import (
    GameError,
    rules_of,
)

# --------------------------------------------------------------------------- records


def match_record(match: Match) -> MatchRecord:
    """The engine's match record (for replay and ``python -m engine replay``)."""
    rules = rules_of(match)
    games = list(match.games.order_by("index"))
    actions: dict[int, list[str]] = {}
    for gi, text in match.actions.order_by("seq").values_list("game_index", "action"):
        actions.setdefault(gi, []).append(text)
    records = tuple(
        GameRecord(
            rules,
            tuple(GameState.deal(rules, deck=g.deck, dealer=g.dealer).deck),
            g.dealer,
            tuple(Action.parse(a) for a in actions.get(g.index, [])),
            f"{match.seed}:{g.index}",
        )
        for g in games
    )
    first = games[0].dealer if games else 0
    return MatchRecord(rules, first, records, match.bummerl_to_win)


def replay_states(match: Match, *, hide_running: bool = False) -> list[dict]:
    """Every game, every state, the whole table (for the step-through view).

    ``hide_running``: a game that is not over yet (the running match's current one)
    shows its moves but not its hidden cards: the hands and the talon as backs, no legal
    moves (they would tell a hand); its cards show once the game is over."""
    out = []
    for i, rec in enumerate(match_record(match).games):
        try:
            states = rec.replay(game=i)
        except (IllegalAction, ValueError) as exc:  # pragma: no cover - the log is checked
            raise GameError(str(exc), "replay") from None
        hidden = hide_running and bool(states) and states[-1].result is None
        out.append(
            {
                "game": i + 1,
                "dealer": rec.dealer,
                "actions": [str(a) for a in rec.actions],
                "states": [_concealed(s.to_dict()) if hidden else s.to_dict() for s in states],
                "hidden": hidden,
            }
        )
    return out


def _concealed(state: dict) -> dict:
    """A state of a running game as its hidden cards' backs: what was played, announced
    and turned up stays (the moves, the tricks, the trump card, the points)."""
    return {
        **state,
        "hands": [[None] * len(hand) for hand in state["hands"]],
        "talon": [None] * len(state["talon"]),
        "legal_actions": [],
    }


# --------------------------------------------------------------------------- analysis

#: Thinking budget per decision of the replay analysis (seconds at the solver's
#: calibrated speed, turned into a node budget: the result does not depend on the
#: machine). ``bench/analysis.py``: 0.9 s per game (median), 1.4 s at most, 20 games.
ANALYSIS_TIME_BUDGET = 0.1
ANALYSIS_VERSION = 1


def analysis_seed(match: Match, game: Game) -> int:
    """The seed of a game's analysis, derived from the match's seed (stored with it)."""
    return random.Random(f"{match.seed}:analysis:{game.index}").randrange(2**31)


def game_analysis(game: Game, *, time_budget: float | None = None) -> dict:
    """The solver's verdict at every decision of a finished game of a played match,
    computed once (``engine.ai.analyze_record``) and stored on the game row.

    Returns ``{"version", "seed", "time_budget", "moves": [MoveAnalysis.to_dict()]}``.
    No lock is held while the solver thinks; two requests at once compute the same
    (seeded, node-limited) result and the first stored one is kept."""
    if game.analysis is not None:
        return game.analysis
    match = game.match
    if match.mode != Mode.PLAYED or game.winner is None:
        raise GameError(_("Only a finished game can be analysed."), "not_finished")

    budget = ANALYSIS_TIME_BUDGET if time_budget is None else time_budget
    seed = analysis_seed(match, game)
    record = match_record(match).games[game.index]
    moves = analyze_record(record, seed=seed, time_budget=budget)
    data = {
        "version": ANALYSIS_VERSION,
        "seed": seed,
        "time_budget": budget,
        "moves": [m.to_dict() for m in moves],
    }
    Game.objects.filter(pk=game.pk, analysis__isnull=True).update(analysis=data)
    game.refresh_from_db(fields=["analysis"])
    return game.analysis
