"""Arena for Bauernschnapsen and Talonschnapsen bots: the same deals, the seats rotated.

    .venv/bin/python bench/arena_multi.py --game bauernschnapsen --bots strong,rule,strong,rule \
        --deals 100 --seed 1 [--budget 0.1] [--rules ueblich] [--jobs 1] [--json FILE]
    .venv/bin/python bench/arena_multi.py --game bauernschnapsen \
        --bots strong,strong:inference=0,strong,strong:inference=0 --deals 100
    .venv/bin/python bench/arena_multi.py --calibrate     # search nodes per second

Every deal (a seeded deck and dealer) is played once for each rotation of the line-up
(``--bots`` names one bot per seat; rotation ``k`` moves every bot ``k`` seats on), so
each bot holds every seat's cards. For each bot name it prints the share of all points
written that went to the seats it held (in Bauernschnapsen a team's points count once, for
the bot of that team; a team of two different bots splits them), with a 95% bootstrap
interval over the deals (2,000 resamples), and the mean points a game. For the PIMC bots
it prints the time a move (mean and max, decisions with more than one legal action) and
the nodes searched. With an even line-up the fair share is 50% (Bauernschnapsen) or a
third per seat (Talonschnapsen).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.tables.bots import make_multi_bot  # noqa: E402
from engine.tables.record import state_class  # noqa: E402


def make_bot(spec: str, *, seed: int, budget: float | None):
    """A bot from ``name[:option=value...]``: ``strong:inference=0`` sets an attribute
    of the bot, for experiments (the spec is the bot's name in the report)."""
    name, *options = spec.split(":")
    bot = make_multi_bot(name, seed=seed, time_budget=budget)
    for part in options:
        key, eq, value = part.partition("=")
        if not eq or not hasattr(bot, key):
            raise SystemExit(f"bad bot spec {spec!r}: {name} has no option {key!r}")
        setattr(bot, key, float(value) if "." in value else int(value))
    return bot


def play_deal(args_tuple):
    game, rules_name, lineup, seed, deal_index, budget = args_tuple
    cls = state_class(game)
    n = cls.N
    rules = cls.RULES.from_dict(
        json.loads(rules_name) if rules_name.startswith("{") else rules_name
    )
    out = []
    for k in range(n):
        names = [lineup[(q - k) % n] for q in range(n)]
        bots = [make_bot(x, seed=seed * 1000 + q, budget=budget) for q, x in enumerate(names)]
        state = cls.deal(rules, seed=f"{seed}/{deal_index}", dealer=deal_index % n)
        rng = random.Random(f"{seed}/{deal_index}/{k}")
        times = defaultdict(list)
        nodes = defaultdict(int)
        while state.result is None:
            p = state.to_move
            view = state.view(p)
            t = time.perf_counter()
            a = bots[p].choose(view, rng)
            dt = time.perf_counter() - t
            if len(view.legal) > 1 and hasattr(bots[p], "last_info"):
                times[names[p]].append(dt)
                nodes[names[p]] += bots[p].last_info.get("nodes", 0)
            state.push(a)
        r = state.result
        points = defaultdict(float)
        for scorer, w in enumerate(r.written):
            seats = [scorer, scorer + 2] if n == 4 else [scorer]
            for q in seats:
                points[names[q]] += w / len(seats)
        out.append(
            {
                "rotation": k,
                "points": dict(points),
                "total": sum(r.written),
                "contract": r.contract,
                "declarer_bot": None if r.declarer is None else names[r.declarer],
                "declarer_won": r.declarer_won,
                "times": dict(times),
                "nodes": dict(nodes),
            }
        )
    return out


def bootstrap_share(per_deal, name, rng, resamples=2000):
    pts = [sum(g["points"].get(name, 0.0) for g in d) for d in per_deal]
    tot = [sum(g["total"] for g in d) for d in per_deal]
    share = sum(pts) / max(1e-9, sum(tot))
    shares = []
    n = len(per_deal)
    for _ in range(resamples):
        idx = [rng.randrange(n) for _ in range(n)]
        t = sum(tot[i] for i in idx)
        shares.append(sum(pts[i] for i in idx) / t if t else 0.0)
    shares.sort()
    return share, shares[int(0.025 * resamples)], shares[int(0.975 * resamples) - 1]


def bootstrap_difference(per_deal, x, y, rng, resamples=2000):
    """``x``'s points a game minus ``y``'s, per deal (the same deals, every seat held by
    each in turn: a paired comparison), with a 95% bootstrap interval over the deals."""
    diffs = []
    for d in per_deal:
        px = sum(g["points"].get(x, 0.0) for g in d)
        py = sum(g["points"].get(y, 0.0) for g in d)
        diffs.append((px - py) / len(d))
    n = len(diffs)
    means = sorted(sum(diffs[rng.randrange(n)] for _ in range(n)) / n for _ in range(resamples))
    return sum(diffs) / n, means[int(0.025 * resamples)], means[int(0.975 * resamples) - 1]


def calibrate(seconds: float) -> int:
    from engine.ai.multi_search import MultiSearch
    from engine.bauern import BauernState
    from engine.multi.phases import PLAY
    from engine.multi.rule_bots import MultiRuleBot
    from engine.talon import TalonState

    nodes = 0
    t0 = time.perf_counter()
    i = 0
    bot = MultiRuleBot()
    while time.perf_counter() - t0 < seconds:
        cls = (BauernState, TalonState)[i % 2]
        s = cls.deal("alles" if i % 3 == 0 else "ueblich", seed=i, dealer=i % cls.N)
        while s.result is None and s.phase != PLAY:
            s.push(bot.choose(s.view(s.to_move)))
        if s.result is None:
            se = MultiSearch(s)
            se.value(s)
            nodes += se.nodes
        i += 1
    rate = nodes / (time.perf_counter() - t0)
    print(
        f"open-card search: {rate:,.0f} nodes/s over {i} deals (NODES_PER_SECOND in ai/multi_pimc.py)"
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--game", default="bauernschnapsen", choices=("bauernschnapsen", "talonschnapsen")
    )
    parser.add_argument(
        "--bots", default=None, help="one bot per seat: random, rule, medium, strong"
    )
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--budget", type=float, default=None, help="seconds a move for medium/strong"
    )
    parser.add_argument("--rules", default="ueblich")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", help="write every game's outcome to this file")
    parser.add_argument("--calibrate", action="store_true")
    args = parser.parse_args()
    if args.calibrate:
        return calibrate(10.0)
    cls = state_class(args.game)
    lineup = (args.bots or ("strong,rule,strong,rule" if cls.N == 4 else "strong,rule,rule")).split(
        ","
    )
    if len(lineup) != cls.N:
        parser.error(f"--bots needs {cls.N} names for {args.game}")
    tasks = [(args.game, args.rules, lineup, args.seed, i, args.budget) for i in range(args.deals)]
    t0 = time.perf_counter()
    if args.jobs > 1:
        from multiprocessing import Pool

        with Pool(args.jobs) as pool:
            per_deal = pool.map(play_deal, tasks)
    else:
        per_deal = [play_deal(t) for t in tasks]
    wall = time.perf_counter() - t0
    rng = random.Random(0)
    games = sum(len(d) for d in per_deal)
    print(
        f"{args.game}, rules {args.rules}, line-up {','.join(lineup)}, {args.deals} deals x "
        f"{cls.N} rotations = {games} games, seed {args.seed}, budget "
        f"{args.budget if args.budget is not None else 'default'}; {wall:.0f} s on "
        f"{os.cpu_count()} cores"
    )
    names = list(dict.fromkeys(lineup))
    seats_of = {x: lineup.count(x) for x in names}
    for x in names:
        share, lo, hi = bootstrap_share(per_deal, x, rng)
        fair = seats_of[x] / cls.N
        per_game = sum(g["points"].get(x, 0.0) for d in per_deal for g in d) / games
        print(
            f"  {x:8} seats {seats_of[x]}: {100 * share:5.1f}% of the points "
            f"(95% {100 * lo:.1f}..{100 * hi:.1f}; even {100 * fair:.0f}%), {per_game:.2f} points a game"
        )
    for i, x in enumerate(names):
        for y in names[i + 1 :]:
            m, lo, hi = bootstrap_difference(per_deal, x, y, rng)
            print(
                f"  paired: {x} minus {y}: {m:+.3f} points a game "
                f"(95% {lo:+.3f}..{hi:+.3f})"
            )
    times = defaultdict(list)
    nodes = defaultdict(int)
    for d in per_deal:
        for g in d:
            for x, ts in g["times"].items():
                times[x].extend(ts)
            for x, k in g["nodes"].items():
                nodes[x] += k
    for x, ts in times.items():
        if not ts:
            continue
        print(
            f"  {x:8} time a move: mean {statistics.mean(ts) * 1000:.0f} ms, max "
            f"{max(ts) * 1000:.0f} ms over {len(ts)} decisions, {nodes[x] / len(ts):,.0f} nodes a decision"
        )
    declared = defaultdict(lambda: [0, 0])
    for d in per_deal:
        for g in d:
            if g["declarer_bot"] is not None and g["contract"] != "normal":
                declared[g["declarer_bot"]][0] += 1
                declared[g["declarer_bot"]][1] += bool(g["declarer_won"])
    for x, (k, won) in declared.items():
        print(f"  {x:8} announced {k} special games, made {won}")
    if args.json:
        Path(args.json).write_text(json.dumps(per_deal))
    return 0


if __name__ == "__main__":
    sys.exit(main())
