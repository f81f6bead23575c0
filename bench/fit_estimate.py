"""Fit the search's horizon estimate (``engine.ai.search.estimate``) to real games.

The estimate scores a lead position with the talon open by a linear model of features
(card-point difference, pending marriages, trumps, trump aces and tens, aces, marriages
in hand, being on lead), squashed by ``S * tanh(x / S)``. This script plays games between
given bots, takes the lead positions with the talon open, and fits the model's weights by
least squares to the game points the game really ended with (for player 0). Prints the
weights and the mean squared error of the fit, of the current estimate, and of a
constant::

    .venv/bin/python bench/fit_estimate.py --games 1500 \
        --bots strong:0.05,easy medium,medium strong:0.05,strong:0.05

The boosted horizon (``engine.ai.boosted``) is fitted in two steps: ``--save``
plays the games and writes their horizon positions (taken before the trick's cards are
drawn, as the search sees them) with the outcome; ``--boost`` fits the trees to the
staged estimate's residual on the saved files, holds out the last fifth of each (whole
games) and writes ``engine/ai/boosted_trees.json``::

    .venv/bin/python bench/fit_estimate.py --games 8000 \
        --bots strong:0.03:boosted=0,strong:0.03:boosted=0 --seed 11 --save bench/out/h11.jsonl          # and --seed 12 (8000), 13 (12000)
    .venv/bin/python bench/fit_estimate.py --boost bench/out/h1[123].jsonl \
        --trees 300 --depth 6 --rate 0.1 --min-leaf 200

(the games of ``strong`` with the staged horizon, as the trees were first fitted;
109,747 positions, 6 and 9 minutes a file on two cores, the fit 2.5 minutes.)

No test asserts its figures; paste the weights into ``estimate`` and measure the change
with ``bench/arena.py --save/--against`` before keeping it. Measured on 2026-11-30 with
the command above (5,509 positions, the bots before the opponent softness): the refit's squared error 2.03 against 2.10 for the
current weights (constant: 2.97); played as ``strong:0.1`` against ``easy`` on 300 deals
it gained +0.05 game points per deal (95% -0.10..+0.19), not significant, so the
current weights were kept.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from engine import GameState, RuleSet  # noqa: E402
from engine.ai.estimate import (  # noqa: E402
    STAGED_NAMES,
    STAGED_SPREAD,
    staged_estimate,
    staged_features,
)
from engine.ai.search import estimate, estimate_features, position_of  # noqa: E402

NAMES = ["score", "pending", "trumps", "trump A/10", "aces", "marriages", "on lead"]


def blind_position(state):
    """The position as the search's horizon sees it (``Search.blind_estimate``): after the
    last trick but before its two cards were drawn (the winner's draw taken back, and
    the loser's too unless it was the known trump card). None if the last trick drew
    nothing (the talon was already exhausted)."""
    P = list(position_of(state))
    w = P[14]
    pos = state.pos
    if pos == 9:
        if state.tricks != 5:  # exhausted by an earlier trick
            return None
        P[w] &= ~(1 << state.talon[8])
    else:
        P[w] &= ~(1 << state.talon[pos - 2])
        P[1 - w] &= ~(1 << state.talon[pos - 1])
    if pos < 9 and P[0].bit_count() != P[1].bit_count():
        return None  # a drawn jack was exchanged since: not a horizon position
    return tuple(P)


def make(spec, seed):
    sys.path.insert(0, str(ROOT / "bench"))
    from arena import make_own_bot

    return make_own_bot(spec, seed)


def collect(pairs, games, rules, seed, features=estimate_features):
    rows = []
    rng = random.Random(seed)
    for g in range(games):
        a, b = pairs[g % len(pairs)]
        state = GameState.deal(rules, seed=f"fit:{seed}:{g}", dealer=g % 2)
        bots = (a, b) if g % 4 < 2 else (b, a)
        positions = []
        while not state.is_over:
            if state.lead < 0 and state.closed_by < 0 and state.tricks > 0 and state.pos >= 2:
                blind = blind_position(state)
                if blind is not None:
                    positions.append((blind, state.trump))
            state.push(bots[state.to_move].choose(state.view(state.to_move), rng))
        r = state.result
        y = r.game_points if r.winner == 0 else -r.game_points
        rows += [(features(P, t), y, P, t) for P, t in positions]
    return rows


def solve_normal(X, y, ridge=0.0):
    n = len(X[0])
    A = [
        [sum(r[i] * r[j] for r in X) + (ridge if i == j else 0) for j in range(n)] for i in range(n)
    ]
    b = [sum(r[i] * v for r, v in zip(X, y, strict=True)) for i in range(n)]
    for c in range(n):  # Gauss-Jordan with partial pivoting
        p = max(range(c, n), key=lambda i: abs(A[i][c]))
        A[c], A[p], b[c], b[p] = A[p], A[c], b[p], b[c]
        for i in range(n):
            if i != c and A[c][c]:
                f = A[i][c] / A[c][c]
                A[i] = [x - f * z for x, z in zip(A[i], A[c], strict=True)]
                b[i] -= f * b[c]
    return [b[i] / A[i][i] for i in range(n)]


def squash_fit(lin, y, spreads):
    """The (error, S, k) of ``S * tanh(k * x / S)`` that fits ``y`` best."""
    return min(
        (sum((S * math.tanh(k * v / S) - t) ** 2 for v, t in zip(lin, y, strict=True)), S, k)
        for S in spreads
        for k in [0.8 + 0.05 * i for i in range(16)]
    )


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--bots", nargs="+", default=["strong:0.05,easy"])
    parser.add_argument(
        "--rules", default="weich", help="a preset, or outside (bench/arena_outside.py's)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--spread", type=float, default=3.0, help="S of S*tanh(x/S)")
    parser.add_argument(
        "--staged",
        action="store_true",
        help="fit staged_estimate's terms (ridge, a fifth of the positions held out)",
    )
    parser.add_argument(
        "--load", nargs="+", metavar="FILE", help="fit --staged to positions saved by --save"
    )
    parser.add_argument("--ridge", type=float, default=5.0, help="ridge penalty (--staged)")
    parser.add_argument(
        "--boost",
        nargs="+",
        metavar="FILE",
        help="fit the boosted horizon's trees to the positions saved in these files "
        "(the last fifth of each held out) and write engine/ai/boosted_trees.json",
    )
    parser.add_argument("--trees", type=int, default=200, help="trees at most (--boost)")
    parser.add_argument("--depth", type=int, default=4, help="depth of a tree (--boost)")
    parser.add_argument("--rate", type=float, default=0.1, help="learning rate (--boost)")
    parser.add_argument("--min-leaf", type=int, default=100, help="positions a leaf (--boost)")
    parser.add_argument(
        "--out", help="write the trees here instead of engine/ai/boosted_trees.json (--boost)"
    )
    parser.add_argument(
        "--save", help="play the games and write their horizon positions to this file (JSON lines)"
    )
    args = parser.parse_args(argv)
    if args.boost:
        return fit_boosted(args)
    if args.staged and args.load:  # the positions saved by --save: no games, no bots
        rows = []
        for path in args.load:
            for line in open(path):
                P, t, y = json.loads(line)
                rows.append((_staged_terms(tuple(P), t), y, tuple(P), t))
        return fit_staged(rows, args)
    pairs = []
    for i, spec in enumerate(args.bots):
        a, b = spec.split(",")
        pairs.append((make(a, args.seed + i), make(b, args.seed + 100 + i)))
    if args.rules == "outside":  # the outside arena's rules (no closing: tell the bots)
        from arena_outside import outside_rules

        rules = outside_rules()
    else:
        rules = RuleSet.preset(args.rules)
    if args.save:
        return save_rows(collect(pairs, args.games, rules, args.seed, _staged_terms), args.save)
    if args.staged:
        return fit_staged(collect(pairs, args.games, rules, args.seed, _staged_terms), args)
    rows = collect(pairs, args.games, rules, args.seed)
    X = [r[0] for r in rows]
    y = [r[1] for r in rows]
    S = args.spread
    # Fit the linear part to the outcome; then scale it so that S*tanh(x/S) fits best.
    w = solve_normal(X, y)
    lin = [sum(a * b for a, b in zip(w, x, strict=True)) for x in X]
    err, _, k = squash_fit(lin, y, [S])
    mean = sum(y) / len(y)
    print(f"{len(rows)} lead positions with the talon open from {args.games} games")
    for name, v in zip(NAMES, w, strict=True):
        print(f"  {name:12s} {k * v:+.4f}")
    print(f"  squash S*tanh(x/S) with S = {S}")
    mse = err / len(y)
    cur = sum((estimate(r[2], r[3]) - r[1]) ** 2 for r in rows) / len(y)
    const = sum((t - mean) ** 2 for t in y) / len(y)
    print(f"mean squared error: fit {mse:.3f}, current estimate {cur:.3f}, constant {const:.3f}")


def save_rows(rows, path):
    """One line per horizon position: the search's tuple, the trump suit and the game
    points player 0 won in the end (what ``--boost`` fits)."""
    with open(path, "w") as f:
        for _, y, P, t in rows:
            f.write(json.dumps([list(P), t, y]) + "\n")
    print(f"{len(rows)} horizon positions written to {path}")


def fit_boosted(args):
    """The trees of :mod:`engine.ai.boosted` fitted to saved positions."""
    import numpy as np
    from boost_fit import boost

    from engine.ai import boosted

    train, test = [], []
    for path in args.boost:
        rows = [json.loads(line) for line in open(path)]
        cut = len(rows) * 4 // 5  # in game order: the held-out games are whole
        train += rows[:cut]
        test += rows[cut:]

    def table(rows):
        X = [boosted.boosted_features(tuple(P), t, P[8]) for P, t, _ in rows]
        base = np.array([x[-1] for x in X])
        y = np.array([y for _, _, y in rows], dtype=float)
        return np.array(X, dtype=float), y - base, y

    def swap(X):
        return np.array([boosted.swapped(list(x)) for x in X])

    X, r, _ = table(train)
    Xt, rt, yt = table(test)
    trees, errors = boost(
        X, r, Xt, rt, trees=args.trees, depth=args.depth, rate=args.rate,
        min_leaf=args.min_leaf, swap=swap,
    )
    base_err = float(np.mean(rt**2))
    const = float(np.mean((yt - yt.mean()) ** 2))
    print(f"{len(train)} positions to fit, {len(test)} held out (whole games)")
    print(
        f"held-out mean squared error: staged_estimate {base_err:.3f}, "
        f"boosted {min(errors):.3f} with {len(trees)} trees, constant {const:.3f}"
    )
    for n in (10, 25, 50, 100, 200, 400):
        if n <= len(errors):
            print(f"  after {n:3d} trees {errors[n - 1]:.3f}")
    out = Path(args.out) if args.out else ROOT / "engine" / "ai" / "boosted_trees.json"
    about = (
        "The trees of the boosted horizon (engine.ai.boosted) for the rules with "
        f"closing, generated by bench/fit_estimate.py --boost (depth {args.depth}, rate "
        f"{args.rate}, at least {args.min_leaf} positions a leaf) from {len(train)} "
        f"self-play positions; held-out squared error {min(errors):.3f} against "
        f"{base_err:.3f} for the staged estimate."
    )
    out.write_text(json.dumps({"about": about, "names": NODE_ARRAYS, "trees": _flat(trees)}))
    print(f"written {out}")


NODE_ARRAYS = ("feature", "threshold", "left", "right", "value", "roots")


def _flat(trees):
    from engine.ai.boosted import flatten

    arrays = list(flatten(trees))
    arrays[4] = tuple(round(v, 6) for v in arrays[4])  # the leaf values
    return arrays


def _staged_terms(P, trump):
    return staged_features(P, trump, P[8])  # a blind position keeps the talon after the draw


def fit_staged(rows, args):
    """Ridge least squares of the staged terms on four fifths of the positions (in a
    seeded order), the squash fitted on them too; errors on the fifth held out."""
    order = list(range(len(rows)))
    random.Random(args.seed).shuffle(order)
    cut = len(order) * 4 // 5
    train = [rows[i] for i in order[:cut]]
    test = [rows[i] for i in order[cut:]]
    X = [r[0] for r in train]
    y = [r[1] for r in train]
    w = solve_normal(X, y, ridge=args.ridge)
    lin = [sum(a * b for a, b in zip(w, x, strict=True)) for x in X]
    _, S, k = squash_fit(lin, y, [2.5, 3.0, 3.5])
    print(f"{len(rows)} lead positions with the talon open, {len(test)} held out")
    for name, v in zip(STAGED_NAMES, w, strict=True):
        print(f"  {name:14s} {k * v:+.4f}")
    print(f"  squash S*tanh(x/S) with S = {S} (staged_estimate uses {STAGED_SPREAD})")
    mean = sum(y) / len(y)

    def mse(f):
        return sum((f(r) - r[1]) ** 2 for r in test) / len(test)

    def fitted(r):
        return S * math.tanh(k * sum(a * b for a, b in zip(w, r[0], strict=True)) / S)

    print(
        "held-out mean squared error: "
        f"fit {mse(fitted):.3f}, "
        f"staged_estimate {mse(lambda r: staged_estimate(r[2], r[3], r[2][8])):.3f}, "
        f"estimate {mse(lambda r: estimate(r[2], r[3])):.3f}, "
        f"constant {mse(lambda r: mean):.3f}"
    )


if __name__ == "__main__":
    main()
