"""The search's horizon estimates: what a lead position with the talon open is worth,
in game points for player 0, where the open-card search (:mod:`.search`) stops.

Two models, both linear in per-player differences of features of the position, squashed
into a few game points by ``S * tanh(x / S)``:

:func:`estimate`
    the first model, kept for ``medium`` and for ``strong_v1``, the arena's frozen
    baseline: counted score, pending marriages, trumps, trump aces and
    tens, aces, marriages in hand, being on lead.
:func:`staged_estimate`
    the model of ``strong``: the same kinds of terms and what the first model could
    not say. How much a trump or the lead is worth depends on the stage of the game
    (the lead counts for more near the end, a trump for less once few cards are
    left to draw), a score of 33
    saves a game point, a player without a trick risks three, the trump jack is
    worth the card it exchanges for, and every rank of the side suits has its own
    weight (a low card in hand is a trick given away). And it never
    promises more than the game can still give: three game points only while the
    loser has no trick, two only while he has fewer than 33 (reference 000). Fitted
    (ridge least squares, ``bench/fit_estimate.py --staged``) to the outcomes of
    self-play games of ``strong`` at 0.03 s a move, 17,295 positions: mean
    squared error on the fifth held out 1.49, against 1.69 for :func:`estimate` and
    2.59 for a constant. Gradient boosting over the cards themselves reaches 1.40, so
    a richer model has more to find.

Both are called at every leaf of the search while the talon is open, so they compute
their terms inline; ``estimate_features``/``staged_features`` list the same terms for
fitting, and the tests check that the two agree.
"""

from __future__ import annotations

import math

from ..cards import SUIT_MASKS

KINGS = sum(1 << (s * 5 + 2) for s in range(4))
ACES = sum(1 << (s * 5) for s in range(4))
TENS = sum(1 << (s * 5 + 1) for s in range(4))
QUEENS = sum(1 << (s * 5 + 3) for s in range(4))
JACKS = sum(1 << (s * 5 + 4) for s in range(4))
ESTIMATE_SCALE = 2.0
ESTIMATE_SPREAD = 3.0


def estimate_features(P: tuple, trump: int) -> tuple[int, ...]:
    """The terms of :func:`estimate` (player 0 minus player 1): counted score, pending
    marriage points, trumps, trump aces and tens, aces, marriages in hand (the trump
    marriage twice), being on lead (+1/-1). ``estimate`` computes the same terms inline
    (it is the search's hot path); ``bench/fit_estimate.py`` fits weights to these."""
    h0, h1, p0, p1, m0, m1, t0, t1 = P[:8]
    tm = SUIT_MASKS[trump]
    hi = 3 << (trump * 5)
    k0 = h0 & (h0 >> 1) & KINGS
    k1 = h1 & (h1 >> 1) & KINGS
    tk = 1 << (trump * 5 + 2)
    return (
        (p0 + (m0 if t0 else 0)) - (p1 + (m1 if t1 else 0)),
        (0 if t0 else m0) - (0 if t1 else m1),
        (h0 & tm).bit_count() - (h1 & tm).bit_count(),
        (h0 & hi).bit_count() - (h1 & hi).bit_count(),
        (h0 & ACES).bit_count() - (h1 & ACES).bit_count(),
        k0.bit_count() - k1.bit_count() + (k0 & tk).bit_count() - (k1 & tk).bit_count(),
        1 if P[14] == 0 else -1,
    )


ESTIMATE_WEIGHTS = (0.038, 0.028, 0.64, 0.27, 0.37, 0.3, 0.33)  # per estimate_features term


def estimate(P: tuple, trump: int) -> float:
    """A heuristic value (game points for player 0) of a lead position with the talon
    open. A linear model of the exact open-card value, fitted by least squares on about
    a thousand positions after 1, 3 and 5 tricks of rule-bot games (mean squared error
    1.0 against 3.8 for a constant), squashed into -3..3. Per point of counted score
    difference 0.038; pending marriage points 0.028; per trump in hand 0.64, per trump
    ace or ten 0.27 more; per ace 0.37; per point of marriages in hand 0.015; being on
    lead 0.33. The squashing is flatter than the least-squares fit (2 tanh(x / 3)
    instead of 3 tanh(x / 2)): the fit learns open-card values, which are more extreme
    than real play, and a too gloomy estimate made the bot close the talon in despair.
    """
    h0, h1, p0, p1, m0, m1, t0, t1 = P[:8]
    tm = SUIT_MASKS[trump]
    hi = 3 << (trump * 5)
    k0 = h0 & (h0 >> 1) & KINGS
    k1 = h1 & (h1 >> 1) & KINGS
    tk = 1 << (trump * 5 + 2)
    e = (
        0.038 * ((p0 + (m0 if t0 else 0)) - (p1 + (m1 if t1 else 0)))
        + 0.028 * ((0 if t0 else m0) - (0 if t1 else m1))
        + 0.64 * ((h0 & tm).bit_count() - (h1 & tm).bit_count())
        + 0.27 * ((h0 & hi).bit_count() - (h1 & hi).bit_count())
        + 0.37 * ((h0 & ACES).bit_count() - (h1 & ACES).bit_count())
        + 0.3 * (k0.bit_count() - k1.bit_count() + (k0 & tk).bit_count() - (k1 & tk).bit_count())
        + (0.33 if P[14] == 0 else -0.33)
    )
    return ESTIMATE_SCALE * math.tanh(e / ESTIMATE_SPREAD)


STAGED_NAMES = (
    "score",
    "pending",
    "trumps",
    "trump ace",
    "trump ten",
    "aces",
    "tens",
    "marriages",
    "on lead",
    "score 33",
    "score over 45",
    "has a trick",
    "exchange",
    "on lead, late",
    "trumps, late",
    "score, late",
    "kings",
    "queens",
    "jacks",
)
STAGED_WEIGHTS = (
    0.0393,
    0.0295,
    0.0736,
    0.3955,
    0.0714,
    -0.1533,
    -0.4861,
    0.3717,
    -0.0288,
    0.187,
    0.016,
    0.1414,
    0.2073,
    0.108,
    -0.0982,
    -0.0207,
    -0.4423,
    -0.5156,
    -0.6797,
)  # per staged_features term
STAGED_SPREAD = 3.5
EXCHANGE_WORTH = (1.1, 1.0, 0.4, 0.3, 0.0)  # the trump card by rank (A T K Q J), / 10


def _stage(pos: int) -> float:
    """0 right after the first trick's draw, rising to 1 when the talon is gone (``pos``
    is the talon position once the trick's cards are drawn)."""
    return 1 - (10 - pos) / 8  # staged_estimate computes the same inline


def staged_features(P: tuple, trump: int, pos: int) -> tuple[float, ...]:
    """The terms of :func:`staged_estimate` (player 0 minus player 1), in
    :data:`STAGED_NAMES` order; ``pos`` as in :func:`staged_estimate`."""
    h0, h1, p0, p1, m0, m1, t0, t1 = P[:8]
    tm = SUIT_MASKS[trump]
    nt = ~tm
    s0 = p0 + (m0 if t0 else 0)
    s1 = p1 + (m1 if t1 else 0)
    late = _stage(pos)
    k0 = h0 & (h0 >> 1) & KINGS
    k1 = h1 & (h1 >> 1) & KINGS
    tk = 1 << (trump * 5 + 2)
    ta = 1 << (trump * 5)
    tt = ta << 1
    jack = 1 << (trump * 5 + 4)
    ex = 0.0
    if pos < 8 and P[9] >= 0:
        ex = EXCHANGE_WORTH[P[9] % 5] * ((1 if h0 & jack else 0) - (1 if h1 & jack else 0))
    lead = 1 if P[14] == 0 else -1
    trumps = (h0 & tm).bit_count() - (h1 & tm).bit_count()
    return (
        s0 - s1,
        (0 if t0 else m0) - (0 if t1 else m1),
        trumps,
        (1 if h0 & ta else 0) - (1 if h1 & ta else 0),
        (1 if h0 & tt else 0) - (1 if h1 & tt else 0),
        (h0 & ACES & nt).bit_count() - (h1 & ACES & nt).bit_count(),
        (h0 & TENS & nt).bit_count() - (h1 & TENS & nt).bit_count(),
        k0.bit_count() - k1.bit_count() + (k0 & tk).bit_count() - (k1 & tk).bit_count(),
        lead,
        (1 if s0 >= 33 else 0) - (1 if s1 >= 33 else 0),
        max(0, s0 - 45) - max(0, s1 - 45),
        t0 - t1,
        ex,
        lead * late,
        trumps * late,
        (s0 - s1) * late,
        (h0 & KINGS & nt).bit_count() - (h1 & KINGS & nt).bit_count(),
        (h0 & QUEENS & nt).bit_count() - (h1 & QUEENS & nt).bit_count(),
        (h0 & JACKS & nt).bit_count() - (h1 & JACKS & nt).bit_count(),
    )


def staged_estimate(P: tuple, trump: int, pos: int) -> float:
    """The horizon value of ``strong`` (see the module docstring) of the position ``P``
    (the search's tuple) with the talon at ``pos`` once the last trick's cards are
    drawn: :data:`STAGED_WEIGHTS` times :func:`staged_features`, squashed by
    ``S * tanh(x / S)`` with ``S`` = :data:`STAGED_SPREAD`. The terms are computed
    inline (this is the search's hot path)."""
    h0, h1, p0, p1, m0, m1, t0, t1 = P[:8]
    tm = SUIT_MASKS[trump]
    nt = ~tm
    s0 = p0 + (m0 if t0 else 0)
    s1 = p1 + (m1 if t1 else 0)
    late = 1 - (10 - pos) / 8
    k0 = h0 & (h0 >> 1) & KINGS
    k1 = h1 & (h1 >> 1) & KINGS
    tk = 1 << (trump * 5 + 2)
    ta = 1 << (trump * 5)
    w = STAGED_WEIGHTS
    trumps = (h0 & tm).bit_count() - (h1 & tm).bit_count()
    lead = 1 if P[14] == 0 else -1
    d = s0 - s1
    x = (
        (w[0] + w[15] * late) * d
        + w[1] * ((0 if t0 else m0) - (0 if t1 else m1))
        + (w[2] + w[14] * late) * trumps
        + w[3] * ((1 if h0 & ta else 0) - (1 if h1 & ta else 0))
        + w[4] * ((1 if h0 & ta << 1 else 0) - (1 if h1 & ta << 1 else 0))
        + w[5] * ((h0 & ACES & nt).bit_count() - (h1 & ACES & nt).bit_count())
        + w[6] * ((h0 & TENS & nt).bit_count() - (h1 & TENS & nt).bit_count())
        + w[7] * (k0.bit_count() - k1.bit_count() + (k0 & tk).bit_count() - (k1 & tk).bit_count())
        + (w[8] + w[13] * late) * lead
        + w[9] * ((1 if s0 >= 33 else 0) - (1 if s1 >= 33 else 0))
        + w[10] * (max(0, s0 - 45) - max(0, s1 - 45))
        + w[11] * (t0 - t1)
        + w[16] * ((h0 & KINGS & nt).bit_count() - (h1 & KINGS & nt).bit_count())
        + w[17] * ((h0 & QUEENS & nt).bit_count() - (h1 & QUEENS & nt).bit_count())
        + w[18] * ((h0 & JACKS & nt).bit_count() - (h1 & JACKS & nt).bit_count())
    )
    if pos < 8 and P[9] >= 0:
        jack = 1 << (trump * 5 + 4)
        x += w[12] * EXCHANGE_WORTH[P[9] % 5] * ((1 if h0 & jack else 0) - (1 if h1 & jack else 0))
    return within_reach(STAGED_SPREAD * math.tanh(x / STAGED_SPREAD), t0, t1, s0, s1)


def within_reach(v: float, t0: int, t1: int, s0: int, s1: int) -> float:
    """The estimate ``v`` (for player 0) capped by what the game can still give
    (reference 000: three game points only if the loser has no trick, two only below
    33): an estimate must not promise more. ``t``: the trick flags, ``s``: the scores."""
    top = 3 if not t1 else (2 if s1 <= 32 else 1)
    if v > top:
        return float(top)
    bottom = 3 if not t0 else (2 if s0 <= 32 else 1)
    if v < -bottom:
        return float(-bottom)
    return v
