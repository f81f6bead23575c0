"""Gradient-boosted trees over the horizon positions of self-play (``--boost``).

Squared loss, trees of a given depth grown greedily on binned inputs (at most 32
thresholds a feature, the quantiles), each leaf the mean residual times the learning
rate; the players' seats are swapped in a copy of every training position (the model
is antisymmetric). The number of trees is the one best on the held-out positions.
"""

from __future__ import annotations

import numpy as np


def _bins(col: np.ndarray, most: int = 32) -> np.ndarray:
    values = np.unique(col)
    if len(values) <= most:
        return values[1:]  # thresholds: a value goes right when >= threshold
    qs = np.unique(np.quantile(col, np.linspace(0, 1, most + 1)[1:-1]))
    return qs[qs > values[0]]


def _grow(B, g, idx, thresholds, depth, min_leaf, rate):
    if depth == 0 or len(idx) < 2 * min_leaf:
        return float(rate * g[idx].mean())
    gi = g[idx]
    total, n = gi.sum(), len(idx)
    best = (0.0, None, None)
    for f, thr in enumerate(thresholds):
        if not len(thr):
            continue
        b = B[idx, f]
        sums = np.bincount(b, weights=gi, minlength=len(thr) + 1)
        counts = np.bincount(b, minlength=len(thr) + 1)
        ls = np.cumsum(sums)[:-1]
        ln = np.cumsum(counts)[:-1]
        rs, rn = total - ls, n - ln
        ok = (ln >= min_leaf) & (rn >= min_leaf)
        if not ok.any():
            continue
        with np.errstate(divide="ignore", invalid="ignore"):
            gain = np.where(ok, ls * ls / ln + rs * rs / rn - total * total / n, -1.0)
        k = int(np.argmax(gain))
        if gain[k] > best[0]:
            best = (float(gain[k]), f, k)
    _, f, k = best
    if f is None:
        return float(rate * gi.mean())
    left = idx[B[idx, f] <= k]
    right = idx[B[idx, f] > k]
    return (
        f,
        float(thresholds[f][k]),
        _grow(B, g, left, thresholds, depth - 1, min_leaf, rate),
        _grow(B, g, right, thresholds, depth - 1, min_leaf, rate),
    )


def _predict(tree, X):
    if not isinstance(tree, tuple):
        return np.full(len(X), tree)
    f, t, lo, hi = tree
    out = np.empty(len(X))
    m = X[:, f] < t
    out[m] = _predict(lo, X[m])
    out[~m] = _predict(hi, X[~m])
    return out


def boost(X, r, Xtest, rtest, *, trees=200, depth=4, rate=0.1, min_leaf=100, swap=None):
    """Fit trees to the residuals ``r`` of ``X``; ``swap(X)`` gives the inputs with the
    seats exchanged (their residuals are ``-r``). Returns the trees up to the one best
    on the held-out ``Xtest``/``rtest`` (antisymmetrised as the model is used) and the
    held-out squared error after each tree."""
    Xa = np.vstack([X, swap(X)])
    ra = np.concatenate([r, -r])
    thresholds = [_bins(Xa[:, f]) for f in range(Xa.shape[1])]
    B = np.stack(
        [np.searchsorted(thr, Xa[:, f], side="right") for f, thr in enumerate(thresholds)], axis=1
    )
    idx = np.arange(len(Xa))
    pred = np.zeros(len(Xa))
    St = swap(Xtest)
    ptest = np.zeros(len(Xtest))
    out, errors = [], []
    for _ in range(trees):
        tree = _grow(B, ra - pred, idx, thresholds, depth, min_leaf, rate)
        out.append(tree)
        pred += _predict(tree, Xa)
        ptest += 0.5 * (_predict(tree, Xtest) - _predict(tree, St))
        errors.append(float(np.mean((rtest - ptest) ** 2)))
    n = int(np.argmin(errors)) + 1
    return out[:n], errors
