"""Figures for the Danish system's pure pairing, at 1024 players.

    .venv/bin/python bench/danish.py [--players 1024] [--rounds 9] [--repeat 3]

Plays a whole tournament of random results and times, for every round, the standings
and the pairing (rematches allowed, and avoided), best of ``--repeat``. The baseline
measured in the same run is the pot draw of a 1024-entry Preisschnapsen round
(``tournaments.draw.draw_round``), so the figures read as ratios to it. Prints the
search nodes the rematch-free pairing needed at most (its budget is
``danish.SEARCH_BUDGET``).
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments import danish  # noqa: E402
from tournaments.danish import Result, Terms, pair_round, standings  # noqa: E402
from tournaments.draw import Holder, draw_round  # noqa: E402


def best(repeat: int, fn, *args, **kwargs):
    """The shortest of ``repeat`` runs of ``fn(*args, **kwargs)``, and its value."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        value = fn(*args, **kwargs)
        times.append(time.perf_counter() - t0)
    return min(times), value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1024)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    players = list(range(1, args.players + 1))
    holders = [Holder(player=p, entries=(p,)) for p in players]
    base, _ = best(args.repeat, draw_round, holders, pot_size=len(players) // 2, seed=1,
                   multi_first=False)  # fmt: skip
    print(f"baseline: pot draw of a {len(players)}-entry round {base * 1000:.1f} ms")
    rng = random.Random(7)
    for rule in ("allowed", "avoided"):
        terms = Terms(rounds=args.rounds, rematches=rule)
        results: list[Result] = []
        worst_pair = worst_table = 0.0
        repeats = nodes = 0
        for number in range(1, args.rounds + 1):
            took, _ = best(args.repeat, standings, players, results, terms, 1)
            worst_table = max(worst_table, took)
            took, rnd = best(args.repeat, pair_round, number, players, results, terms,
                             seed=number)  # fmt: skip
            worst_pair = max(worst_pair, took)
            repeats += len(rnd.rematches)
            nodes = max(nodes, rnd.search_nodes)
            results += [
                Result(number, a, b, rng.choice((a, b)), 2, rng.randrange(2))
                for a, b in rnd.pairings
            ]
        print(
            f"rematches {rule}: {args.rounds} rounds of {len(players)} players; per round at "
            f"most: standings {worst_table * 1000:.1f} ms ({worst_table / base:.2f}x the "
            f"draw), pairing {worst_pair * 1000:.1f} ms ({worst_pair / base:.2f}x), "
            f"{nodes} search nodes (budget {danish.SEARCH_BUDGET}); repeated pairings {repeats}"
        )


if __name__ == "__main__":
    main()
