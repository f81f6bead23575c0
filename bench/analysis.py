#!/usr/bin/env python
"""Cost of the replay's analysis (the solver's verdict on every decision of one game).

Deals --games games (seeded), plays each to its end with the engine's rule-based bot
against the random bot (so there are mistakes to find), and times
``engine.ai.analyze_record`` at the replay's budget (``games.services.
ANALYSIS_TIME_BUDGET``, 0.1 s per decision at the solver's calibrated speed, i.e. a
fixed node budget). Prints the time per game (median, 95th percentile, max), the
decisions per game and the share of decisions marked as mistakes.

    .venv/bin/python bench/analysis.py                 # 20 games at 0.1
    .venv/bin/python bench/analysis.py --games 40 --budget 0.05
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import GameState, RuleSet  # noqa: E402
from engine.ai import analyze_game  # noqa: E402
from engine.bots import RandomBot, RuleBot  # noqa: E402
from engine.deck import shuffled_deck  # noqa: E402


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--budget", type=float, default=0.1, help="seconds per decision")
    parser.add_argument("--rules", default="weich")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules = RuleSet.from_dict({"name": args.rules})
    bots = (RuleBot(), RandomBot())
    seconds, decisions, mistakes = [], [], 0
    for g in range(args.games):
        rng = random.Random(f"{args.seed}:{g}")
        deck = [c.name for c in shuffled_deck(f"{args.seed}:deal:{g}")]
        start = GameState.deal(rules, deck=deck, dealer=g % 2)
        state, actions = start.copy(), []
        while not state.is_over:
            action = bots[state.to_move].choose(state.view(state.to_move), rng)
            actions.append(action)
            state.push(action)
        t0 = time.perf_counter()
        moves = analyze_game(start, actions, seed=g, time_budget=args.budget)
        seconds.append(time.perf_counter() - t0)
        decisions.append(len(moves))
        mistakes += sum(m.is_mistake for m in moves)
    seconds.sort()
    p95 = seconds[min(len(seconds) - 1, round(0.95 * (len(seconds) - 1)))]
    print(f"analysis of {args.games} games at {args.budget} s per decision ({args.rules}):")
    print(
        f"  time per game: median {statistics.median(seconds):.2f} s, "
        f"95th percentile {p95:.2f} s, max {seconds[-1]:.2f} s"
    )
    print(
        f"  decisions per game: median {statistics.median(decisions):.0f}, "
        f"max {max(decisions)}; mistakes marked: {mistakes} of {sum(decisions)}"
    )


if __name__ == "__main__":
    main()
