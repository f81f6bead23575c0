"""Glicko-2 (Mark E. Glickman, "Example of the Glicko-2 system", 2013), pure Python.

A player's strength is a rating ``r`` with a deviation ``rd`` (how uncertain it is) and a
volatility ``sigma`` (how erratic his results are). All matches of one rating period are
rated together against the opponents' ratings at the start of the period (steps 1–8 of the
paper); a player who does not play in a period only grows in deviation (step 6 alone).

Team matches (Bauernschnapsen, two against two): each partner is rated as if he had played
one match against a single opponent with the opposing team's mean rating and the root mean
square of its deviations (``team_opponent``). Both partners win or lose the match.

No Django, no app: deterministic arithmetic on floats, same input same output.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

#: the Glicko-2 scale factor (400 / ln 10)
SCALE = 173.7178
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
#: the system constant: how much the volatility may change (Glickman: 0.3 to 1.2)
DEFAULT_TAU = 0.5
#: the convergence tolerance of the volatility iteration (the paper's epsilon)
EPSILON = 0.000001
#: a deviation never grows beyond the one of a new player
MAX_DEVIATION = DEFAULT_DEVIATION


@dataclass(frozen=True)
class Rating:
    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY


@dataclass(frozen=True)
class Result:
    """One match of the period from the player's side: the opponent's rating and
    deviation at the start of the period, and the score (1 won, 0 lost, 0.5 drawn)."""

    opponent_rating: float
    opponent_deviation: float
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The expected score of ``player`` against ``opponent`` (the paper's E)."""
    return _expected(
        (player.rating - DEFAULT_RATING) / SCALE,
        (opponent.rating - DEFAULT_RATING) / SCALE,
        opponent.deviation / SCALE,
    )


def idle(player: Rating, periods: int = 1) -> Rating:
    """The player after ``periods`` rating periods without a match (step 6 alone)."""
    if periods <= 0:
        return player
    phi = player.deviation / SCALE
    phi = math.sqrt(phi * phi + periods * player.volatility * player.volatility)
    return Rating(player.rating, min(phi * SCALE, MAX_DEVIATION), player.volatility)


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the Illinois algorithm of the paper."""
    a = math.log(sigma * sigma)
    phi2 = phi * phi

    def f(x: float) -> float:
        ex = math.exp(x)
        num = ex * (delta * delta - phi2 - v - ex)
        den = 2.0 * (phi2 + v + ex) ** 2
        return num / den - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi2 + v:
        big_b = math.log(delta * delta - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(200):  # converges in a handful; the bound keeps it total
        if abs(big_b - big_a) <= EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, results: Iterable[Result], tau: float = DEFAULT_TAU) -> Rating:
    """The player's rating after one period with these matches (steps 2–8)."""
    results = list(results)
    if not results:
        return idle(player)
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.deviation / SCALE
    inverse_v = 0.0
    improvement = 0.0
    for result in results:
        mu_j = (result.opponent_rating - DEFAULT_RATING) / SCALE
        g = _g(result.opponent_deviation / SCALE)
        e = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
        inverse_v += g * g * e * (1.0 - e)
        improvement += g * (result.score - e)
    v = 1.0 / inverse_v
    delta = v * improvement
    sigma = _new_volatility(phi, player.volatility, delta, v, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement
    return Rating(
        mu_new * SCALE + DEFAULT_RATING,
        min(phi_new * SCALE, MAX_DEVIATION),
        sigma,
    )


def team_opponent(players: Iterable[Rating]) -> tuple[float, float]:
    """(rating, deviation) of the single opponent a team stands for: the mean rating and
    the root mean square of the deviations."""
    players = list(players)
    n = len(players)
    rating = sum(p.rating for p in players) / n
    deviation = math.sqrt(sum(p.deviation * p.deviation for p in players) / n)
    return rating, deviation


@dataclass(frozen=True)
class Match:
    """A match of the period between two sides of one or two players each (keys of any
    hashable kind); ``left_won`` says who won."""

    left: tuple
    right: tuple
    left_won: bool


def rate_period(
    ratings: dict, matches: Iterable[Match], tau: float = DEFAULT_TAU
) -> dict[object, tuple[Rating, int, int]]:
    """One rating period: every player who played -> (new rating, matches won, lost).

    ``ratings`` holds each player's rating at the start of the period (missing: a new
    player). Players who did not play are not in the answer. The order of the matches
    does not matter (Glicko rates a period against its start)."""
    start = lambda key: ratings.get(key) or Rating()  # noqa: E731
    results: dict[object, list[Result]] = {}
    won: dict[object, int] = {}
    lost: dict[object, int] = {}
    for match in matches:
        for side, other, score in (
            (match.left, match.right, 1.0 if match.left_won else 0.0),
            (match.right, match.left, 0.0 if match.left_won else 1.0),
        ):
            opponent_rating, opponent_deviation = team_opponent(start(k) for k in other)
            for key in side:
                results.setdefault(key, []).append(
                    Result(opponent_rating, opponent_deviation, score)
                )
                if score >= 1.0:
                    won[key] = won.get(key, 0) + 1
                else:
                    lost[key] = lost.get(key, 0) + 1
    return {
        key: (rate(start(key), player_results, tau), won.get(key, 0), lost.get(key, 0))
        for key, player_results in results.items()
    }
