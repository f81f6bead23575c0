"""The computer opponents beyond the engine's rule-based bot, and game analysis.

Pure Python, no Django. ``make_bot(level, seed=..., time_budget=...)`` gives a bot with
the engine's interface ``choose(view, rng) -> Action``:

``easy``
    the engine's :class:`~engine.bots.RuleBot`.
``medium``
    PIMC (:mod:`.pimc`) with a small budget (a few samples, shallow search).
``strong``
    :class:`.infoset.InfoSetBot` with ``time_budget`` seconds per move (default 0.5),
    converted to a node budget so that the bot is deterministic for a given seed and
    budget: PIMC while the talon is open, one trick deep with the boosted horizon
    estimate (:mod:`.boosted`: the staged estimate of :mod:`.estimate` corrected by
    trees), on samples weighted by the opponent's play
    (:mod:`.inference`), closing and closed games decided over the information set
    (:mod:`.closed`), his replies taken as softer the more game points he was seen
    to give away where every card was in sight (:mod:`.opponent`). Up to the browser's
    default of :data:`STRONG_BUDGET` (0.5 s) it stops at ``max_samples`` (48) as it
    always did, so the level plays at its old speed; with a larger budget it is
    *anytime* (``anytime``): the budget alone stops the sampling, so more time buys
    more samples (hundreds while the talon is open at 1 s instead of 48), more hands
    of the opponent in the information-set search of closing and of closed games, and
    every sample searched to the end of the game from three face-down cards on
    (``exact_talon`` 3, :data:`ANYTIME_EXACT_TALON`; one below). Measured at 1 s against
    0.1 s (300 deals, docs/developers/arena.md): +0.113 game points a deal, of which the
    samples beyond 48 bought −0.003 and the exact search from three cards +0.047
    (both within noise).
``master``
    ``strong`` with :data:`MASTER_BUDGET` (2 s) a move, anytime: see below.
``strong_v1``
    the previous ``strong`` (plain :class:`.pimc.PimcBot`), frozen as the arena's
    baseline.
``ismcts``
    information-set Monte Carlo tree search (:mod:`.ismcts`), an opponent for the arena.

Exact endgame: :func:`.search.solve` (alpha-beta with a transposition table, values in
signed game points for player 0). Game analysis for the replay view:
:func:`.analysis.analyze_game` / :func:`.analysis.analyze_record` (one
:class:`.analysis.MoveAnalysis` per decision: value of the move made and of the best
move, in game points for the player who moved; ``to_dict()`` for JSON).
``PimcBot.evaluate(view)`` gives the value of every candidate action (a hint for the UI).
Strength figures and how they are measured: README "How strong is the computer" and
``bench/arena.py``.
"""

from __future__ import annotations

from ..bots import RuleBot
from .analysis import MoveAnalysis, analyze_game, analyze_record
from .infoset import InfoSetBot
from .ismcts import IsmctsBot
from .pimc import PimcBot, candidate_actions, is_right_declaration
from .search import Search, solve

LEVELS = ("easy", "medium", "strong", "master")  # the levels offered in the browser
STRONG_BUDGET = 0.5  # seconds a move of ``strong`` in the browser (a node budget)
MASTER_BUDGET = 2.0  # seconds a move of ``master`` ("Meister") in the browser
ANYTIME_EXACT_TALON = 3  # anytime: searched to the end with this many face-down cards
EXTRA_LEVELS = ("strong_v1", "ismcts")  # for the arena


def make_bot(level: str, *, seed: int = 0, time_budget: float | None = None, opponent=None):
    """A bot for a UI level: ``easy``, ``medium``, ``strong`` or ``master``; ``opponent``
    (an :class:`.opponent.Record` of the opponent's play in the match so far) lets
    ``strong`` and ``master`` start from what they have seen of him. ``strong`` with a
    budget above :data:`STRONG_BUDGET` is anytime, as ``master`` is."""
    if level == "easy":
        return RuleBot()
    if level == "medium":
        return PimcBot(
            seed=seed,
            time_budget=time_budget or 0.05,
            max_samples=8,
            min_samples=4,
            max_depth=2,
            name="medium",
        )
    if level in ("strong", "master"):
        budget = time_budget or (STRONG_BUDGET if level == "strong" else MASTER_BUDGET)
        return InfoSetBot(
            seed=seed,
            time_budget=budget,
            anytime=budget > STRONG_BUDGET,
            exact_talon=ANYTIME_EXACT_TALON if budget > STRONG_BUDGET else 1,
            opponent=opponent,
            name=level,
        )
    if level == "strong_v1":  # the previous strong, frozen: the arena's baseline
        return PimcBot(seed=seed, time_budget=time_budget or 0.5, name="strong_v1")
    if level == "ismcts":
        return IsmctsBot(seed=seed, time_budget=time_budget or 0.5)
    raise ValueError(f"unknown bot level {level!r}: use one of {', '.join(LEVELS + EXTRA_LEVELS)}")


__all__ = [
    "EXTRA_LEVELS",
    "InfoSetBot",
    "LEVELS",
    "MASTER_BUDGET",
    "STRONG_BUDGET",
    "MoveAnalysis",
    "PimcBot",
    "Search",
    "analyze_game",
    "analyze_record",
    "candidate_actions",
    "is_right_declaration",
    "make_bot",
    "solve",
]
