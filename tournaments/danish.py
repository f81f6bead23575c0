"""The Danish system (dänische Wertung) as pure code: standings and the pairing of a round.

000 names it as the second form of Schnapsen tournaments ("seltener wird nach der
dänischen Wertung gespielt"), a Swiss-type system: every player plays every round of a
fixed number of rounds, nobody is knocked out, and each round after the first pairs the
players by the current standings, first against second, third against fourth, and so
on. The reference texts say nothing more, so every choice they leave open is a term of
the tournament (:class:`Terms`), named here with its reading:

``rematches`` (``"allowed"`` | ``"avoided"``)
    In the Danish system proper two players may meet again whenever the standings put
    them next to each other (``"allowed"``). In the Swiss system (``"avoided"``) a
    pairing that repeats an earlier match is avoided whenever a pairing without repeats
    exists: the players are paired as close to the standings' order as possible
    (the best unpaired player meets the next best he has not met; the search goes back
    when that leaves the rest unpairable).
``bye_score`` (``"match_won"`` | ``"win_only"``)
    With an odd number of players one gets a bye (Freilos); it counts as a won match.
    ``"match_won"``: as a match won to nil (the match length in Bummerl, 2:0 or 3:0);
    ``"win_only"``: the win counts, but no Bummerl.
``last_tiebreak`` (``"buchholz"`` | ``"lot"``)
    The standings order by match points (a won match 1), then Bummerl difference, then
    game points won (where the games are known: score sheets and browser matches), then
    this: the Buchholz score (the sum of the opponents' match points, the Swiss system's
    usual tie-break) and then the seeded lot, or the seeded lot alone.

The bye goes to the lowest-placed player who has had no bye yet (only when everyone
has had one does a second come round), and, where rematches are avoided, to one whose
absence leaves the others pairable. Round 1 is drawn by seeded lot: the players in a
random order from the seed, paired first with second, and so on.

Everything random comes from ``random.Random(seed)``; a round keeps its seed and the
order it paired in (``DanishRound.to_protocol``) so that it can be shown and replayed
(:func:`replay`). No Django here: the service layer applies the results to the models.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

REMATCHES = ("allowed", "avoided")
BYE_SCORES = ("match_won", "win_only")
LAST_TIEBREAKS = ("buchholz", "lot")
PROTOCOL_VERSION = 1

# search nodes before the pairing gives up looking for a pairing without repeats; far
# more than any real field needs (see bench/danish.py), a bound against pathological input
SEARCH_BUDGET = 200_000

__all__ = [
    "DanishError",
    "DanishRound",
    "Result",
    "Standing",
    "Terms",
    "lot_order",
    "pair_round",
    "replay",
    "standings",
]


class DanishError(ValueError):
    """A Danish round cannot be paired or its protocol is damaged; ``code`` names why."""

    def __init__(self, message: str, *, code: str = "invalid", params: Mapping | None = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.params = dict(params or {})


@dataclass(frozen=True)
class Terms:
    """The terms of a Danish tournament that the pairing and the standings need."""

    rounds: int = 5
    rematches: str = "allowed"
    bye_score: str = "match_won"
    last_tiebreak: str = "buchholz"
    match_bummerl: int = 2

    def __post_init__(self):
        if not 1 <= self.rounds <= 30:
            raise DanishError("A Danish tournament has 1 to 30 rounds.", code="rounds")
        for name, choices in (
            ("rematches", REMATCHES),
            ("bye_score", BYE_SCORES),
            ("last_tiebreak", LAST_TIEBREAKS),
        ):
            if getattr(self, name) not in choices:
                raise DanishError(
                    f"{name} must be one of {', '.join(choices)}", code="terms", params={}
                )


@dataclass(frozen=True)
class Result:
    """One pairing of a Danish round as the standings need it.

    ``right`` is None for a bye. ``winner`` is the winning player's key (None while the
    match is open). ``game_points`` are what each side won in the match's games, where
    the games are known (else None).
    """

    round: int
    left: int
    right: int | None
    winner: int | None = None
    winner_bummerl: int | None = None
    loser_bummerl: int | None = None
    game_points: tuple[int, int] | None = None

    @property
    def bye(self) -> bool:
        return self.right is None

    @property
    def decided(self) -> bool:
        return self.bye or self.winner is not None


@dataclass
class Standing:
    """A player's line in the Danish standings."""

    player: int
    place: int = 0
    played: int = 0
    won: int = 0
    lost: int = 0
    byes: int = 0
    match_points: int = 0
    bummerl_won: int = 0
    bummerl_lost: int = 0
    game_points: int = 0
    buchholz: int = 0
    lot: int = 0
    opponents: list[int] = field(default_factory=list)

    @property
    def bummerl_difference(self) -> int:
        return self.bummerl_won - self.bummerl_lost

    def to_dict(self) -> dict:
        """The line's figures as JSON (the API, ``tournament standings --json``)."""
        return {
            "played": self.played,
            "won": self.won,
            "lost": self.lost,
            "byes": self.byes,
            "match_points": self.match_points,
            "bummerl_won": self.bummerl_won,
            "bummerl_lost": self.bummerl_lost,
            "bummerl_difference": self.bummerl_difference,
            "game_points": self.game_points,
            "buchholz": self.buchholz,
        }


def lot_order(players: Iterable[int], seed: int) -> list[int]:
    """The players in the order of a seeded lot (the same seed, the same order)."""
    order = sorted(set(players))
    random.Random(seed).shuffle(order)
    return order


def standings(players: Iterable[int], results: Iterable[Result], terms: Terms, seed: int):
    """The standings after ``results`` (decided ones count), best first, places 1..n.

    Ties on every criterion of :class:`Terms` up to the lot cannot remain: the lot, drawn
    once from ``seed`` for the whole tournament, orders them.
    """
    rows = {p: Standing(player=p) for p in players}
    for r in results:
        if not r.decided:
            continue
        for p in (r.left, r.right):
            if p is not None and p not in rows:
                raise DanishError(
                    f"a result names player {p}, who is not in the field",
                    code="unknown_player",
                    params={"player": p},
                )
        if r.bye:
            s = rows[r.left]
            s.byes += 1
            s.won += 1
            s.match_points += 1
            if terms.bye_score == "match_won":
                s.bummerl_won += terms.match_bummerl
            continue
        loser = r.right if r.winner == r.left else r.left
        w, lo = rows[r.winner], rows[loser]
        for s, other in ((w, lo), (lo, w)):
            s.played += 1
            s.opponents.append(other.player)
        w.won += 1
        w.match_points += 1
        lo.lost += 1
        w.bummerl_won += r.winner_bummerl or 0
        w.bummerl_lost += r.loser_bummerl or 0
        lo.bummerl_won += r.loser_bummerl or 0
        lo.bummerl_lost += r.winner_bummerl or 0
        if r.game_points is not None:
            rows[r.left].game_points += r.game_points[0]
            rows[r.right].game_points += r.game_points[1]
    for s in rows.values():
        s.buchholz = sum(rows[o].match_points for o in s.opponents)
    for i, p in enumerate(lot_order(rows, seed)):
        rows[p].lot = i
    buchholz = terms.last_tiebreak == "buchholz"
    ordered = sorted(
        rows.values(),
        key=lambda s: (
            -s.match_points,
            -s.bummerl_difference,
            -s.game_points,
            -s.buchholz if buchholz else 0,
            s.lot,
        ),
    )
    for place, s in enumerate(ordered, start=1):
        s.place = place
    return ordered


@dataclass(frozen=True)
class DanishRound:
    """A paired round: ``pairings`` (left, right) by table, best first, and the bye.

    ``order`` is the order the players were paired in (the standings, or the lot in round
    1); ``rematches`` lists the pairings that repeat an earlier match (none where they are
    avoided and a pairing without them exists).
    """

    number: int
    seed: int
    order: tuple[int, ...]
    pairings: tuple[tuple[int, int], ...]
    bye: int | None
    rematches: tuple[tuple[int, int], ...] = ()
    rematch_rule: str = "allowed"
    search_nodes: int = field(default=0, compare=False)  # the work of avoiding repeats

    def to_protocol(self) -> dict:
        return {
            "version": PROTOCOL_VERSION,
            "system": "danish",
            "number": self.number,
            "seed": self.seed,
            "rematch_rule": self.rematch_rule,
            "order": list(self.order),
            "pairings": [list(p) for p in self.pairings],
            "bye": self.bye,
            "rematches": [list(p) for p in self.rematches],
        }

    @classmethod
    def from_protocol(cls, data) -> DanishRound:
        try:
            if data.get("system") != "danish":
                raise KeyError("system")
            return cls(
                number=int(data["number"]),
                seed=int(data["seed"]),
                order=tuple(int(p) for p in data["order"]),
                pairings=tuple((int(a), int(b)) for a, b in data["pairings"]),
                bye=None if data["bye"] is None else int(data["bye"]),
                rematches=tuple((int(a), int(b)) for a, b in data.get("rematches", [])),
                rematch_rule=str(data.get("rematch_rule", "allowed")),
            )
        except (KeyError, TypeError, ValueError, AttributeError):
            raise DanishError("The pairing protocol is damaged.", code="protocol") from None


def _met(results: Iterable[Result]) -> set[frozenset]:
    return {frozenset((r.left, r.right)) for r in results if r.right is not None}


def _pair_in_order(order: Sequence[int], met: set[frozenset], budget: list[int]):
    """Pair ``order`` (even length, best first) without repeats, as close to the order as
    possible: the best unpaired player takes the next best he has not met; when the rest
    cannot be paired the search goes back. None if no such pairing exists (or the budget
    ran out)."""
    n = len(order)
    if n == 0:
        return []
    paired = [False] * n
    pairs: list[tuple[int, int]] = []
    # a frame: (index of the player to pair, index of the partner to try next)
    stack: list[list[int]] = []

    def first_unpaired() -> int:
        for i in range(n):
            if not paired[i]:
                return i
        return -1

    i = first_unpaired()
    stack.append([i, i + 1])
    paired[i] = True
    while stack:
        budget[0] -= 1
        if budget[0] < 0:
            return None
        frame = stack[-1]
        i, j = frame
        a = order[i]
        while j < n and (paired[j] or frozenset((a, order[j])) in met):
            j += 1
        if j >= n:  # no partner left for a: undo the pairing before it
            stack.pop()
            paired[i] = False
            if not pairs:
                return None
            pi, pj = pairs.pop()
            paired[pj] = False
            stack[-1][1] = pj + 1
            continue
        paired[j] = True
        pairs.append((i, j))
        frame[1] = j
        nxt = first_unpaired()
        if nxt < 0:
            return [(order[x], order[y]) for x, y in pairs]
        paired[nxt] = True
        stack.append([nxt, nxt + 1])
    return None


def pair_round(
    number: int,
    players: Iterable[int],
    results: Sequence[Result],
    terms: Terms,
    *,
    seed: int,
    tournament_seed: int = 0,
) -> DanishRound:
    """Pair round ``number`` of the present ``players`` after the earlier ``results``.

    Round 1 pairs in the order of a lot from ``seed``; later rounds in the order of the
    standings (with the tournament's lot, ``tournament_seed``, as the last tie-break).
    """
    present = sorted(set(players))
    if len(present) < 2:
        raise DanishError(
            "At least two players are needed to pair a round.",
            code="too_few",
            params={"players": len(present)},
        )
    if number == 1 or not results:
        order = lot_order(present, seed)
    else:
        # the standings of everyone who played (results of players who left still count
        # for their opponents), in which the present players are paired
        everyone = set(present) | {p for r in results for p in (r.left, r.right) if p is not None}
        here = set(present)
        table = standings(everyone, results, terms, tournament_seed)
        order = [s.player for s in table if s.player in here]
    byes_had: dict[int, int] = {}
    for r in results:
        if r.bye:
            byes_had[r.left] = byes_had.get(r.left, 0) + 1
    met = _met(results)
    avoid = terms.rematches == "avoided"
    budget = [SEARCH_BUDGET]
    bye = None
    candidates: list[int | None] = [None]
    if len(order) % 2:
        # the lowest placed of those with the fewest byes so far
        fewest = min(byes_had.get(p, 0) for p in order)
        candidates = [p for p in reversed(order) if byes_had.get(p, 0) == fewest]
        candidates += [p for p in reversed(order) if byes_had.get(p, 0) != fewest]
    pairs = None
    if avoid:
        for candidate in candidates:
            rest = [p for p in order if p != candidate]
            pairs = _pair_in_order(rest, met, budget)
            if pairs is not None:
                bye = candidate
                break
            if budget[0] < 0:
                break
    if pairs is None:  # repeats allowed, or none can be avoided: the plain order
        bye = candidates[0]
        rest = [p for p in order if p != bye]
        pairs = [(rest[k], rest[k + 1]) for k in range(0, len(rest), 2)]
    repeats = tuple(p for p in pairs if frozenset(p) in met)
    return DanishRound(
        number=number,
        seed=seed,
        order=tuple(order),
        pairings=tuple(pairs),
        bye=bye,
        rematches=repeats,
        rematch_rule=terms.rematches,
        search_nodes=SEARCH_BUDGET - budget[0],
    )


def replay(protocol: Mapping, results: Sequence[Result], terms: Terms, *, tournament_seed=0):
    """Pair the round of ``protocol`` again from its seed and the same earlier results;
    DanishError if the stored pairing differs (a tampered or damaged protocol)."""
    stored = DanishRound.from_protocol(protocol)
    players = list(stored.order)
    again = pair_round(
        stored.number, players, results, terms, seed=stored.seed, tournament_seed=tournament_seed
    )
    if again.pairings != stored.pairings or again.bye != stored.bye:
        raise DanishError(
            "The stored pairing differs from the pairing its seed gives.", code="mismatch"
        )
    return again
