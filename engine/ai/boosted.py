"""A boosted horizon: the staged estimate corrected by regression trees.

:func:`.estimate.staged_estimate` is linear in differences of per-player terms, so it
cannot say that a card's worth depends on what else is in the hand (a ten beside its
ace, a king without its queen, the last trump against two). Gradient-boosted trees
over the cards themselves can: :func:`boosted_estimate` is the staged estimate plus
the sum of the trees of ``boosted_trees.json``, fitted to the residual of self-play
outcomes (``bench/fit_estimate.py --boost``), and capped like it (never more game
points than the game can still give).

The trees read :func:`boosted_features`: for each card, with the suits turned so that
trump is the first, +1 in player 0's hand, -1 in player 1's, 0 elsewhere (played or
still in the talon: the horizon does not look at the talon order); then both scores,
the pending marriage points, the trick flags, the lead, the talon position, the rank
of the face-up trump card and the staged estimate itself. The model is antisymmetric
by construction: the trees are evaluated on the position and on the position with the
players swapped, and half their difference is added, so the value for player 1 is
exactly the negative of the value for player 0 with the seats exchanged.

Only for the rules with closing: the search of rules without closing (the outside
arena's) keeps the staged estimate. There the trees lost against ``RdeepBot``, and
trees refitted to games without closing lost more (README "The boosted horizon").

The search calls it at every leaf while the talon is open, and hundreds of trees walked
in Python cost about 150 µs a leaf, so the trees have a compiled core
(``compiled/_boosted.c``, built by ``pip install -e .`` where a C compiler is found, optional):
the same features, trees and order of additions, so the same values to the last bit
(tested); without it :func:`boosted_estimate` is the pure-Python reference.
"""

from __future__ import annotations

import json
from array import array
from pathlib import Path

from .estimate import staged_estimate, within_reach

try:  # the compiled core (engine/ai/compiled/_boosted.c, built by pip install -e .)
    from .compiled import _boosted as core
except ImportError:  # pragma: no cover - no C compiler at install time
    core = None

# ROTATION[trump][k]: the card index of the canonical card k (suit k // 5 counted from
# trump, rank k % 5), so that the trees see every trump suit alike.
ROTATION = tuple(
    tuple(((k // 5 + trump) % 4) * 5 + k % 5 for k in range(20)) for trump in range(4)
)
CARDS = 20
FEATURE_NAMES = tuple(f"card {k}" for k in range(CARDS)) + (
    "score 0",
    "score 1",
    "pending 0",
    "pending 1",
    "trick 0",
    "trick 1",
    "lead",
    "talon",
    "trump card",
    "score difference",
    "staged",
)


def boosted_features(P: tuple, trump: int, pos: int, base: float | None = None) -> list:
    """The trees' inputs for the position ``P`` (the search's tuple) with the talon at
    ``pos`` once the last trick's cards are drawn (see the module docstring)."""
    h0, h1, p0, p1, m0, m1, t0, t1 = P[:8]
    if base is None:
        base = staged_estimate(P, trump, pos)
    s0 = p0 + (m0 if t0 else 0)
    s1 = p1 + (m1 if t1 else 0)
    x = [(h0 >> b & 1) - (h1 >> b & 1) for b in ROTATION[trump]]
    x += (
        s0,
        s1,
        0 if t0 else m0,
        0 if t1 else m1,
        t0,
        t1,
        1 if P[14] == 0 else -1,
        pos,
        P[9] % 5 if P[9] >= 0 else 5,
        s0 - s1,
        base,
    )
    return x


def swapped(x: list) -> list:
    """The features of the same position with the players' seats exchanged."""
    return [-v for v in x[:CARDS]] + [
        x[21],
        x[20],
        x[23],
        x[22],
        x[25],
        x[24],
        -x[26],
        x[27],
        x[28],
        -x[29],
        -x[30],
    ]


Flat = tuple[tuple, ...]  # (feature, threshold, left, right, value, roots)


def flatten(trees) -> Flat:
    """Trees of nested nodes (``(feature, threshold, left, right)``, left when the input
    is below the threshold; a leaf is its value) as flat arrays: per node its feature
    (-1 for a leaf), threshold, left and right node and leaf value; and each tree's
    root. ``boosted_trees.json`` holds them so (``bench/fit_estimate.py --boost``)."""
    feature, threshold, lo, hi, value, roots = [], [], [], [], [], []

    def add(node) -> int:
        n = len(feature)
        feature.append(-1)
        threshold.append(0.0)
        value.append(0.0)
        lo.append(-1)
        hi.append(-1)
        if node.__class__ is tuple:
            feature[n], threshold[n] = node[0], float(node[1])
            lo[n] = add(node[2])
            hi[n] = add(node[3])
        else:
            value[n] = float(node)
        return n

    for tree in trees:
        roots.append(add(tree))
    return tuple(tuple(a) for a in (feature, threshold, lo, hi, value, roots))


TREES: Flat | None = None  # loaded on first use (a web process that plays no bot skips it)


def load() -> Flat:
    """The trees of ``boosted_trees.json`` (loaded into the compiled core too; JSON
    because it reads in 10 ms where a Python module of the same tuples compiles in
    0.4 s when no bytecode is cached)."""
    global TREES
    if TREES is None:
        data = json.loads(Path(__file__).with_name("boosted_trees.json").read_text())
        trees = tuple(tuple(a) for a in data["trees"])

        if core is not None:
            core.load(*(array(t, a).tobytes() for t, a in zip("idiidi", trees, strict=True)))
        TREES = trees
    return TREES


def tree_sum(x: list, trees: Flat) -> float:
    """The sum of the trees' leaves for the inputs ``x`` (flat arrays, see
    :func:`flatten`), added tree by tree in order as the compiled core does."""
    feature, threshold, lo, hi, value, roots = trees
    s = 0.0
    for n in roots:
        f = feature[n]
        while f >= 0:
            n = lo[n] if x[f] < threshold[n] else hi[n]
            f = feature[n]
        s += value[n]
    return s


def boosted_estimate(P: tuple, trump: int, pos: int, use_core: bool | None = None) -> float:
    """The horizon value (game points for player 0) of the position ``P`` with the talon
    at ``pos`` once the last trick's cards are drawn: the staged estimate plus the
    trees' correction, capped like it. The trees are walked by the compiled core when
    it is built (``use_core``), else in Python: the same value."""
    trees = TREES or load()
    base = staged_estimate(P, trump, pos)
    t0, t1 = P[6], P[7]
    s0 = P[2] + (P[4] if t0 else 0)
    s1 = P[3] + (P[5] if t1 else 0)
    if core is not None if use_core is None else use_core:
        v = base + core.correction(
            P[0],
            P[1],
            s0,
            s1,
            0 if t0 else P[4],
            0 if t1 else P[5],
            t0,
            t1,
            1 if P[14] == 0 else -1,
            pos,
            P[9] % 5 if P[9] >= 0 else 5,
            base,
            trump,
        )
    else:
        x = boosted_features(P, trump, pos, base)
        v = base + 0.5 * (tree_sum(x, trees) - tree_sum(swapped(x), trees))
    return within_reach(v, t0, t1, s0, s1)
