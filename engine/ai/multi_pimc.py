"""The ``medium`` and ``strong`` players of Bauernschnapsen and Talonschnapsen:
perfect-information Monte Carlo over the exact open-card search of :mod:`.multi_search`.

For every decision the bot deals the cards it cannot see (``multi.sampling``: uniformly
among the deals consistent with its view: the known cards, the suits others could not
follow, the sizes of the face-down piles), plays each candidate action on every sample
and scores it by the exact value of the open-card game that follows, and takes the
action with the best mean, in game points for its side (doubles included). Once the
play starts five or six tricks are a small search: a few thousand nodes for the normal
game, a few hundred for the games decided by tricks alone.

* **Calling trump** (``call:S``, ``turn_up:i``): each call is followed by the normal game
  with the caller's side declaring and scored over the samples (the turned-up card is
  whatever the sample has face down); the three-jacks redeal is worth 0.
* **Bidding** (and the Talonschnapsen raises): ``pass`` is worth the game that is then
  played (the highest bid so far, or the normal game), each announcement the game with
  this bot as declarer, everyone after passing and nobody doubling; an announcement must
  beat passing by ``bid_margin`` of its value (open-card values flatter the declarer).
* **The talon**: the declarer's discards are scored the same way, the most promising
  ``discard_candidates`` by a quick rule (for the normal game: lay away low cards).
* **Doubling**: double (or Retour, Re) when the side's mean result in the samples is at
  least ``double_margin`` of the game's value.
* **Play**: every legal card, on samples kept with the likelihood of what the others
  chose not to do (:mod:`.multi_inference`: a king or queen led without announcing
  its marriage makes the partner card in his hand unlikely; ``inference``, on).
* **The auction read** (``announcements``, on in ``strong``, off in ``strong_v1``, the
  previous ``strong`` frozen as the arena's baseline): while doubling and in play the
  samples are kept with the likelihood of the announcements in them
  (:func:`.multi_inference.announcement_likelihood`: an announced game's declarer holds
  a hand that makes it, the caller of trump some cards of his suit). Measured
  (``bench/arena_multi.py``, 500 deals, seats rotated): Bauernschnapsen, two ``strong``
  against two ``strong_v1``, +1.00 points a game (95% +0.56…+1.47), 55.5% of the
  points.

Work is measured in search nodes, not seconds, so a bot is deterministic: the samples
come from ``seed`` and the view alone; ``time_budget`` (seconds a move) becomes a node
budget with :data:`NODES_PER_SECOND`: at least ``min_samples`` samples until the budget is
spent, but past two samples never more than three budgets (a decision whose samples are
costly, such as a call valued by whole normal games, stops early). ``last_info`` tells what the last
decision cost.
"""

from __future__ import annotations

import hashlib
import json
import random

from ..cards import CARD_POINTS
from ..multi.actions import BID, CALL, CUT, DISCARD, REDEAL, TURN_UP, Action
from ..multi.contracts import ALL_TRICKS, BETTLER, SHOWN
from ..multi.phases import BID as P_BID
from ..multi.phases import CALL as P_CALL
from ..multi.phases import CUT_PHASE as P_CUT
from ..multi.phases import DOUBLE as P_DOUBLE
from ..multi.phases import PLAY as P_PLAY
from ..multi.phases import RAISE as P_RAISE
from ..multi.phases import RAISE_AFTER as P_RAISE_AFTER
from ..multi.phases import TALON as P_TALON
from ..multi.rule_bots import MultiRuleBot
from ..multi.sampling import sample_hidden
from ..multi.tricks import strength
from .multi_inference import (
    announcement_evidence,
    announcement_likelihood,
    evidence,
    likelihood,
)
from .multi_search import MultiSearch

MAX_TRIES = 20  # deals drawn per kept sample at most (rejection sampling by inference)
TRY_NODES = 4  # a deal drawn and judged: about 14 us (measured), some 4 nodes of time
NODES_PER_SECOND = (
    250_000  # bench/arena_multi.py --calibrate (normal games ~330,000; trick games ~120,000)
)


def _view_key(view) -> str:
    text = json.dumps(view.to_dict(), sort_keys=True)
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def _quick_discard_order(state, acts):
    """Discards, most promising first (a rule of thumb to choose which to search)."""
    c = state.contract
    trump = state.trump_in_play

    def cost(a):
        x, y = a.cards
        if c.kind == BETTLER:
            return sum(strength(z, c.ace_low) for z in (x, y))
        if c.kind in (ALL_TRICKS, SHOWN):
            return -sum(strength(z, c.ace_low) for z in (x, y))
        return sum(CARD_POINTS[z] + (30 if z // 5 == trump else 0) for z in (x, y))

    return sorted(acts, key=cost)


class MultiPimcBot:
    """PIMC over the exact open-card search. ``choose(view, rng) -> Action``; ``rng`` is
    not used (the samples come from ``seed`` and the view)."""

    def __init__(
        self,
        *,
        seed: int = 0,
        time_budget: float | None = 0.3,
        max_samples: int = 40,
        min_samples: int = 4,
        bid_margin: float = 0.15,
        double_margin: float = 0.4,
        discard_candidates: int = 6,
        inference: bool = True,
        announcements: bool = False,
        name: str = "strong",
    ):
        self.seed = seed
        self.time_budget = time_budget
        self.node_budget = int((time_budget or 0.3) * NODES_PER_SECOND)
        self.max_samples = max_samples
        self.min_samples = min_samples
        self.bid_margin = bid_margin
        self.double_margin = double_margin
        self.discard_candidates = discard_candidates
        self.inference = inference
        self.announcements = announcements
        self.name = name
        self.last_info: dict = {}
        self._rule = MultiRuleBot()

    # ------------------------------------------------------------------ interface
    def choose(self, view, rng: random.Random | None = None) -> Action:
        acts = view.legal
        if len(acts) == 1:
            self.last_info = {"samples": 0, "nodes": 0}
            return acts[0]
        kinds = {a.kind for a in acts}
        if CUT in kinds:  # cut or knock: the deal is random either way
            self.last_info = {"samples": 0, "nodes": 0}
            return next(a for a in acts if a.kind == CUT)
        values = self.evaluate(view)
        ph = view.phase
        if ph in (P_BID, P_RAISE, P_RAISE_AFTER):
            pass_value = values.get(_PASS, -1e9)
            for a in list(values):
                if a.kind == BID:
                    c = view.contracts[a.contract]
                    values[a] -= self.bid_margin * c.value * (1 << view.doubles)
            values[_PASS] = pass_value
        if ph == P_DOUBLE:
            info = self.last_info
            if info["mean"] >= self.double_margin * info["scale"] and info["mean"] > 0:
                return _DOUBLE
            return _PASS
        best = max(values.values())
        for a in acts:  # ties: the engine's legal order
            if a in values and values[a] >= best - 1e-9:
                return a
        raise AssertionError("no action")  # pragma: no cover

    def evaluate(self, view) -> dict[Action, float]:
        """Mean value in game points for this seat's side of each candidate action."""
        if not view.my_turn:
            raise ValueError("it is not this seat's turn")
        acts = list(view.legal)
        ph = view.phase
        if ph == P_TALON and len(acts) > self.discard_candidates:
            acts = _quick_discard_order(view, acts)[: self.discard_candidates]
        rng = random.Random(f"{self.seed}:{_view_key(view)}")
        me = view.seat
        if ph == P_DOUBLE:
            acts = [_PASS]  # a double doubles the same outcomes: one valuation decides
        totals = dict.fromkeys(acts, 0.0)
        nodes = samples = 0
        scale = 0.0
        decisions = evidence(view) if self.inference and ph == P_PLAY else []
        if self.announcements and ph in (P_PLAY, P_DOUBLE):
            found = announcement_evidence(view)
        else:
            found = []
        while samples < self.max_samples:
            state, tries = self.draw(view, rng, decisions, found)
            nodes += TRY_NODES * (tries - 1)
            for a in acts:
                if a.kind == REDEAL:
                    continue  # a new deal is worth nothing to either side
                v, n = self._value_after(state.apply(a, check=False), me)
                totals[a] += v
                scale += abs(v)
                nodes += n
            samples += 1
            if samples >= self.min_samples and nodes >= self.node_budget:
                break
            if samples >= 2 and nodes >= 3 * self.node_budget:
                break  # a hard cap: a decision with costly samples stops early
        values = {a: t / samples for a, t in totals.items()}
        self.last_info = {"samples": samples, "nodes": nodes}
        if ph == P_DOUBLE:
            # Passing now leaves the game as it is; doubling doubles every outcome.
            m = values[_PASS]
            self.last_info.update(mean=m, scale=scale / samples)
            values = {_PASS: m, _DOUBLE: 2 * m}
        return values

    def draw(self, view, rng, decisions, found=()):
        """A deal of the hidden cards kept with the likelihood of the others' choices in
        it (``decisions``, and the announcements ``found``: rejection sampling, at most
        :data:`MAX_TRIES` deals; then the last one), and the number of deals drawn."""
        state = sample_hidden(view, rng)
        tries = 1
        while (decisions or found) and tries < MAX_TRIES:
            w = likelihood(decisions, state) if decisions else 1.0
            if found:
                w *= announcement_likelihood(found, state)
            if rng.random() < w:
                break
            state = sample_hidden(view, rng)
            tries += 1
        return state, tries

    # ------------------------------------------------------------------ values
    def _value_after(self, state, me: int) -> tuple[float, int]:
        """The value for ``me``'s side of a full state after an action: the rest of the
        auction with everyone passing (the talon laid away by the quick rule), then the
        exact open-card play."""
        nodes = 0
        if state.phase != P_PLAY and state.result is None:
            state, nodes = self._finish_auction(state)
        return self._solve_for(state, me, nodes)

    def _finish_auction(self, state):
        s = state.copy()
        nodes = 0
        while s.result is None and s.phase != P_PLAY:
            ph = s.phase
            if ph == P_CUT:
                s.push(_CUT, check=False)
            elif ph == P_CALL:  # the caller calls as the rule bot would
                s.push(self._rule.choose(s.view(s.to_move)), check=False)
            elif ph == P_TALON:
                acts = s.legal_actions()
                s.push(_quick_discard_order(s, acts)[0], check=False)
            else:
                s.push(_PASS, check=False)
        return s, nodes

    def _solve_for(self, state, me: int, nodes: int = 0) -> tuple[float, int]:
        if state.result is not None:
            r = state.result
            if r.is_redeal:
                return 0.0, nodes
            v = r.game_points if r.declarer_won else -r.game_points
        else:
            search = MultiSearch(state)
            v = search.value(state) << state.doubles
            nodes += search.nodes
        return (v if state.side[me] == 0 else -v), nodes


_PASS = Action.parse("pass")
_DOUBLE = Action.parse("double")
_CUT = Action.parse("cut")
_CALL_KINDS = (CALL, TURN_UP, REDEAL)


def make_multi_pimc(level: str, *, seed: int = 0, time_budget: float | None = None) -> MultiPimcBot:
    """``medium`` (0.05 s a move, at most 8 samples), ``strong`` (0.3 s a move, samples
    following the announcements: ``announcements``) or ``strong_v1`` (the previous
    ``strong``, frozen as the arena's baseline)."""
    if level == "medium":
        return MultiPimcBot(
            seed=seed, time_budget=time_budget or 0.05, max_samples=8, min_samples=3, name="medium"
        )
    if level == "strong":
        return MultiPimcBot(
            seed=seed, time_budget=time_budget or 0.3, announcements=True, name="strong"
        )
    if level == "strong_v1":
        return MultiPimcBot(seed=seed, time_budget=time_budget or 0.3, name="strong_v1")
    raise ValueError(f"unknown level {level!r}: use medium, strong or strong_v1")


__all__ = ["MultiPimcBot", "NODES_PER_SECOND", "make_multi_pimc", "DISCARD"]
