"""The ``strong`` bot: PIMC where it is sound, closing and closed games over
the information set, and samples that follow the opponent's play.

Built on :class:`.pimc.PimcBot` (kept unchanged as ``strong_v1``, the frozen baseline of
the arena) with these changes:

* **Inference.** Samples of the hidden cards are kept with the probability of the
  opponent's observed decisions in them (:mod:`.inference`: a lead without exchanging
  the trump jack, a lead without announcing a marriage, an ace or ten let go), so the
  samples follow the posterior instead of the uniform deal. The view's past tricks let
  it read every decision of the game (``recall``), but on 1,000 deals that paid
  nothing (README), so by default it reads the card on the table and the last trick
  (``recall=1``), with the tendencies assumed before (the ones measured in play are
  options: ``missed_exchange``, ``missed_marriage``, ``let_go``).
* **Closing over the information set.** The value of closing the talon is not the mean
  of clairvoyant solutions of the closed game but the value of one strategy for all
  the sampled hands of the opponent (:class:`.closed.ClosedSearch`, αμ-style: the bot
  chooses one move per information set, the opponent per world, below the root by
  leave-one-out). PIMC's value of closing is an upper bound of it, so the search runs
  only when that bound beats playing on; playing on keeps its PIMC value, and closing
  must beat it by ``close_margin``. The hands searched are the exact information set
  (``close_exact``): after a close nothing is drawn, so what is hidden is only which
  unseen cards the opponent holds; every hand consistent with the view is enumerated
  (at most C(8,5) = 56 with three cards face down, C(10,5) = 252 with five), weighted
  by the likelihood of his play, and the heaviest that fit the budget are searched
  (ties in a seeded random order; at most 64, the compiled core's bound), instead of
  the at most 20 hands PIMC's samples met (``close_exact=0``, the previous way).

* **Closing only when it is sure** (``close_sure``, 0.8): the line chosen over the
  information set must win in at least 80% of the weighted hands of the opponent.
  Measured on 1,000 deals at 0.1 s a move: failed closings 4.9% against itself
  without closing (14.5% without any rule, 2.7% at 0.9), closing worth +0.332 game
  points a deal (+0.276 at 0.9); against ``strong_v1`` 1.7% and 3.2% failed on two
  sets of 1,000 deals, paired against 0.9 on the same deals +0.026 (+0.002…+0.050)
  and +0.041 (+0.013…+0.068); 0.7 gained more (+0.063) but failed 5.6%. A failed
  close is the mistake a player sees; the rule gives up the closes that lose too
  often, not the ones that pay.
* **Closed games over the information set** (``closed_search``, on): the moves of a
  closed game, by the closer and by the defender, are chosen by the same search over
  the same enumerated hands (heaviest first, as many as fit the budget), not by PIMC.
  Measured (``bench/arena.py``, 0.1 s a move, paired on the same deals): +0.028 game
  points a deal against itself with PIMC in closed games (1,000 deals, both sides
  never closing as the opponent), +0.033 against ``strong_v1`` (300 deals); before
  the compiled core and the enumeration, with the few sampled hands that fitted, it
  played no better than PIMC, and it was off.

* **A better horizon, one trick deep** (``staged``, on; ``max_depth`` 1 and
  ``target_samples`` 32 by default): while the talon is open every sample is searched
  one trick deep and the position after it scored by
  :func:`.estimate.staged_estimate` (fitted to self-play outcomes, never promising
  more game points than the game can still give) instead of two or three tricks deep
  with :func:`.estimate.estimate` over 16 samples: a second trick, whose draws each
  sample knows, bought nothing. Measured on 1,000 deals at 0.1 s a move against
  ``strong_v1``: +0.249 game points a deal (95% +0.128…+0.368), +0.097 before; paired
  on the same deals +0.065 over the same with the estimate's first 16 terms.

* **The boosted horizon** (``boosted``, on): the position after the trick is scored by
  :func:`.boosted.boosted_estimate`, the staged estimate corrected by regression trees
  over the cards, fitted to self-play outcomes; only where closing is allowed (in rules
  without closing it lost against ``RdeepBot``). Measured on 1,000 deals at 0.1 s a
  move against ``strong_v1``: +0.384 and +0.201 game points a deal on two sets of deals
  (+0.296 and +0.139 with the staged estimate alone); README "The boosted horizon".

* **The exchange at once** (``exchange_now``, on): the trump jack is exchanged as soon
  as the rules allow, not when PIMC's values say: in every sample PIMC knows when it
  will still be able to exchange, so waiting looks free. Measured on 1,000 deals at
  0.1 s a move against ``strong_v1``, paired on the same deals: +0.028 (95%
  −0.020…+0.072) and −0.001 (−0.043…+0.039) game points a deal on two sets of deals,
  against ``RdeepBot`` +0.059 (−0.008…+0.126) and +0.038 (−0.023…+0.098) (each within
  noise, together better; it is what players expect, what the inference assumes of
  the opponent, and it searches less). Announcing by the same kind of rule
  (``announce_now``: a lead with a marriage in hand announces one) lost −0.082
  (−0.120…−0.045): when to announce is left to the search.

* **The opponent's softness read off his play** (``adapt``, on): PIMC's opponent answers
  in every sample as if he saw the bot's cards, so his next decision is valued as
  ``1 - softness`` of his best move and ``softness`` of the mean (:mod:`.pimc`). The
  best softness depends on the player: 0.5 instead of 0.25 gained +0.048 and +0.039 a
  deal against ``RdeepBot`` (two sets of 1,000 deals) and lost −0.090 against
  ``strong_v1``. So the bot keeps a record of its opponent (:mod:`.opponent`): each of
  his leads once the talon is exhausted, where every card is in sight, judged by the
  exact solver (the bot judges the lead it answers; the server judges the match's
  earlier games and passes the record in, ``opponent``). A player who never gives game
  points away there (``strong_v1``) keeps 0.25; the softness rises with his error
  rate to ``soft_high`` (0.5) at 2.5% (``RdeepBot`` about 3%, ``easy`` 5%). Against
  ``RdeepBot`` +0.046 and +0.011 a deal (two sets of 1,000), against ``easy`` −0.023
  (within noise), against ``strong_v1`` the same games.

* **The opponent's reply scored before the draw** (``soft_blind``, on): the search scores
  the position at its horizon before the trick's cards are drawn (a sample's talon
  order is a guess), but the soft reply of the opponent to the bot's lead (above) was
  scored after the sample's draw, so in every sample he chose his card as if he knew
  what he would draw. Scored before the draw like the rest: against ``RdeepBot``
  +0.034 game points a deal (95% −0.005…+0.070) paired on 4,000 deals, every one of the
  four sets of 1,000 gaining (+0.028 to +0.047).

Once the talon is exhausted nothing is hidden and the exact solver decides, as before.
Work is counted in nodes (the solver's, the information-set search's node-world visits
and the deals drawn), so the bot is deterministic for a seed and budget.
"""

from __future__ import annotations

import dataclasses
import itertools
import random

from ..actions import CLOSE, DECLARE, EXCHANGE, MARRIAGE, PLAY, Action
from ..sampling import sample_hidden
from ..view import PlayerView
from . import twotrick
from .boosted import load as load_trees
from .closed import MAX_WORLDS, ClosedSearch
from .inference import DEFAULT, Tendencies, evidence, likelihood
from .opponent import Record, judge_lead
from .pimc import PimcBot, _tricks_left, _view_key, candidate_actions
from .search import CLOSE as S_CLOSE
from .search import EXACT_DEPTH, Search, SearchLimit, position_of
from .search import MARRIAGE as S_MARRIAGE
from .search import PLAY as S_PLAY

MAX_TRIES = 20  # candidate deals drawn per kept sample at most (rejection sampling)
TRY_NODES = 12  # a drawn and judged deal costs about as much time as this many nodes
PIMC_SHARE = 0.6  # of the node budget for PIMC when closing is to be judged too
CAP = 1.25  # no move searches more than this many budgets
SAMPLE_NODES = 40  # with ``anytime``: a sample's drawing and setting up, counted as nodes
ANYTIME_CAP = 100_000  # with ``anytime``: samples a move at most (the budget stops it first)
WORK_EXPONENT = 0.9  # the closed search's work grows about as (hands) ** this


class InfoSetBot(PimcBot):
    """``strong``: see the module docstring. Options beyond :class:`PimcBot`'s:
    ``inference`` (weight samples by the opponent's play), ``recall`` (the last tricks
    whose decisions it reads: 1, the card on the table and the last trick; 10 all),
    ``missed_exchange``, ``missed_marriage`` and ``let_go`` (the opponent's tendencies
    the inference assumes, :class:`.inference.Tendencies`), ``closed_worlds`` (sampled
    hands of the opponent the information-set search uses at most, when it samples),
    ``closed_search`` (play closed games by that search, on; off is PIMC),
    ``close_blend`` (the value of closing as that share of PIMC's value and the rest
    of the information-set value: 0 is best defence, 1 is PIMC), ``close_budget``
    (budgets the decision to close may use, for experiments: what a faster search
    would buy), ``close_draws`` (deals of the hidden cards the decision to close draws
    at least, PIMC's samples included; only with ``close_exact`` off), ``close_exact``
    (search the close over the enumerated information set, not PIMC's samples),
    ``close_sure`` (close only if the chosen line wins in at least this weighted share
    of the hands searched: 0.8; 0 is off) and ``close_bound`` (take PIMC's value of
    closing as an upper bound of the searched one); ``exchange_now`` (exchange the trump
    jack as soon as it may be, on) and ``announce_now`` (a lead with a marriage in hand
    announces one, off); ``adapt`` (the softness from the opponent's record, on),
    ``soft_high`` (the softness against a player who errs often, 0.5) and ``opponent``
    (his :class:`.opponent.Record` so far, from the match's earlier games);
    ``two_trick`` (off: two tricks deep, the first drawing nothing, the bot's move in the
    second one for all the samples, :mod:`.twotrick`; measured against ``RdeepBot``
    −0.080 and −0.070 a deal paired, so one trick stays);
    ``staged`` (score the horizon by the staged estimate) and
    ``boosted`` (by the staged estimate corrected by trees) are :class:`PimcBot`'s, both
    on here."""

    def __init__(
        self,
        *,
        inference: bool = True,
        recall: int = 1,
        missed_exchange: float = DEFAULT.missed_exchange,
        missed_marriage: float = DEFAULT.missed_marriage,
        let_go: float = DEFAULT.let_go,
        closed_worlds: int = 20,
        closed_search: bool = True,
        close_blend: float = 0.0,
        close_budget: float = 1.0,
        close_draws: int = 0,
        close_margin: float = 0.0,
        close_exact: bool = True,
        close_sure: float = 0.8,
        close_bound: bool = True,
        exchange_now: bool = True,
        announce_now: bool = False,
        adapt: bool = True,
        soft_high: float = 0.5,
        two_trick: bool = False,
        anytime: bool = False,
        sample_nodes: int = SAMPLE_NODES,
        opponent: Record | None = None,
        staged: bool = True,
        boosted: bool = True,
        name: str = "strong",
        **options,
    ):
        # One trick deep and more samples: with the staged estimate at the horizon a
        # second trick, whose draws each sample knows, buys nothing (README, "How
        # strong is the computer").
        options.setdefault("max_depth", 1)
        options.setdefault("target_samples", 32)
        # The opponent's soft reply scored before the draw, as the horizon is: else he
        # answers in every sample as if he knew what he will draw (module docstring).
        options.setdefault("soft_blind", True)
        super().__init__(
            close_margin=close_margin, staged=staged, boosted=boosted, name=name, **options
        )
        self.inference = inference
        self.recall = recall
        self.missed_exchange = missed_exchange
        self.missed_marriage = missed_marriage
        self.let_go = let_go
        self.closed_worlds = closed_worlds
        self.closed_search = closed_search
        self.close_blend = close_blend
        self.close_budget = close_budget
        self.close_draws = close_draws
        self.close_exact = close_exact
        self.close_sure = close_sure
        self.close_bound = close_bound
        self.exchange_now = exchange_now
        self.announce_now = announce_now
        self.adapt = adapt
        self.soft_high = soft_high
        self.two_trick = two_trick
        self.anytime = anytime
        self.sample_nodes = sample_nodes
        self.opponent = opponent or Record()  # the opponent's play judged so far
        self._judged = None  # the view whose lead was judged last (judged once)
        if boosted:
            load_trees()  # once a process, when the bot is made, not inside a move
        self.close_won = 0.0  # weighted share of the hands the last close line won
        self.close_worlds = 0  # hands the last close decision was searched over
        self.tries = 0  # deals drawn for the current decision (counted as work)
        self.close_info = None  # (face-down, hands, PIMC value, value, best other)

    @property
    def tendencies(self) -> Tendencies:
        """The opponent's tendencies the inference assumes (the options)."""
        return dataclasses.replace(
            DEFAULT,
            missed_exchange=self.missed_exchange,
            missed_marriage=self.missed_marriage,
            let_go=self.let_go,
        )

    # ------------------------------------------------------------------ samples
    def _sampler(self, view: PlayerView, rng: random.Random):
        decisions = evidence(view, self.recall) if self.inference else []
        tendencies = self.tendencies
        o = 1 - view.player

        def draw():
            state = None
            for _ in range(MAX_TRIES):
                self.tries += 1
                state = sample_hidden(view, rng)
                if not decisions:
                    return state
                if rng.random() < likelihood(view, decisions, state.hand[o], tendencies):
                    return state
            return state  # evidence contradicted by every try: take the last deal

        return draw

    # ------------------------------------------------------------------ the opponent
    def observe(self, view: PlayerView) -> None:
        """Judge the opponent's lead on the table when every card is in sight (once a
        view): his record grows, and with it the softness (``adapt``)."""
        if not self.adapt or view.lead_index < 0 or view.talon_size > 0:
            return
        key = _view_key(view)
        if key != self._judged:
            self._judged = key
            self.opponent = self.opponent.add(judge_lead(view, self.declare_on_announce))

    def current_softness(self) -> float:
        """``softness`` against a player seen making no error, up to ``soft_high``
        against one who gives game points away (:mod:`.opponent`)."""
        if not self.adapt:
            return self.softness
        return self.opponent.softness(self.softness, self.soft_high)

    # ------------------------------------------------------------------ interface
    def evaluate(self, view: PlayerView, acts=None) -> dict[Action, float]:
        if not view.my_turn:
            raise ValueError("it is not this player's turn")
        self.observe(view)
        if acts is None:
            acts = candidate_actions(view, allow_close=self.allow_close)
            if any(a.kind == DECLARE for a in acts):
                return self._declaration_choice(view, acts)
            acts = self._settled(acts)
        acts = list(dict.fromkeys(acts))
        if len(acts) == 1:
            self.last_info = {"samples": 0, "depth": 0, "nodes": 0}
            return {acts[0]: 0.0}
        rng = random.Random(f"{self.seed}:{_view_key(view)}")
        self.tries = 0
        draw = self._sampler(view, rng)
        self.spent = 0
        if (
            self.closed_search
            and view.closed_by >= 0
            and all(a.kind in (PLAY, MARRIAGE) for a in acts)
        ):
            got = self._closed_values(view, acts, draw)
            if got is not None:
                return got
        return self._pimc(view, acts, draw)

    def _settled(self, acts: list[Action]) -> list[Action]:
        """The candidates left once the decisions PIMC cannot time are taken by rule:
        with ``exchange_now`` the trump jack is exchanged as soon as it may be, with
        ``announce_now`` a lead with a marriage in hand announces one."""
        if self.exchange_now:
            exchange = [a for a in acts if a.kind == EXCHANGE]
            if exchange:
                return exchange
        if self.announce_now and any(a.kind == MARRIAGE for a in acts):
            return [a for a in acts if a.kind != PLAY]
        return acts

    # ------------------------------------------------------------------ closed games
    def _worlds(self, view, draw, n):
        o = 1 - view.player
        hands: dict[int, int] = {}
        states = {}
        for _ in range(n):
            st = draw()
            h = st.hand[o]
            hands[h] = hands.get(h, 0) + 1
            states.setdefault(h, st)
        ranked = sorted(hands, key=lambda h: -hands[h])  # most frequent first (stable)
        return ranked, [hands[h] for h in ranked], states

    def _widening(self, search, view, hands, weights, limit, run, *, jump=False):
        """Run ``run(cs)`` on a :class:`ClosedSearch` over the first hands, as many as
        fit in ``limit`` nodes (at most :data:`~.closed.MAX_WORLDS`, the compiled core's
        bound); the result over the most hands that fitted, its number of hands and the
        nodes used (result None if not even the first run fitted).

        Without ``jump``: over the first 4 hands, then 8, 16, ... while the next (about
        twice the cost of the last) fits. With ``jump``: over 8, then over as many as
        the cost of the last run predicts to fit (the work grows about as
        ``hands ** WORK_EXPONENT``, measured), and so on (the doubling spends about
        half the limit on the smaller runs before it)."""
        top = min(len(hands), MAX_WORLDS)
        used = 0
        n = min(8 if jump else 4, top)
        got = None
        done = 0
        while True:
            cs = ClosedSearch(search, view.player, hands[:n], weights[:n], limit=limit - used)
            try:
                out = run(cs)
            except SearchLimit:
                used += cs.work
                break
            used += cs.work
            got, done = out, n
            if n >= top:
                break
            if not jump:
                if used + 2.5 * cs.work > limit:
                    break
                n = min(2 * n, top)
                continue
            room = (limit - used) * n**WORK_EXPONENT / max(cs.work, 1.0)
            m = min(top, int(0.9 * room ** (1 / WORK_EXPONENT))) if room > 0 else 0
            if m <= n:
                break
            n = m
        return got, done, int(used)

    def _closed_values(self, view, acts, draw):
        """The talon is closed: values of ``acts`` by the information-set search over
        the hands the opponent can hold (enumerated with ``close_exact``, else sampled),
        heaviest first, as many as fit in the budget; None if not even the first run
        fits (then PIMC decides, within what is left)."""
        if self.close_exact:
            # the exact information set, heaviest hands first (as for the close)
            state = draw()
            got, judged = self._exact_hands(view)
            hands = sorted(got, key=lambda h: -got[h])
            weights = [got[h] for h in hands]
            used = TRY_NODES * self.tries + judged
            if not hands:  # (no hand has a positive weight: PIMC decides)
                self.spent = used
                return None
        else:
            hands, weights, states = self._worlds(view, draw, self.closed_worlds)
            state = states[hands[0]]
            used = TRY_NODES * self.tries
        search = Search.of(state)
        P = position_of(state)
        self.tries = 0
        limit = int(self.node_budget) - used

        def run(cs):
            if view.lead_index >= 0:
                L = list(P)
                L[1 - view.player] = 0
                per = cs.follow_values(tuple(L), view.lead_index)
                vals = {c: cs.mean(v) for c, v in per.items()}
                return {a: vals[int(a.card)] for a in acts}
            per = cs.lead_values(P)
            vals = {m: cs.mean(v) for m, v in per.items()}
            return {a: vals[(S_PLAY if a.kind == PLAY else S_MARRIAGE, int(a.card))] for a in acts}

        out, n, spent = self._widening(
            search, view, hands, weights, limit, run, jump=self.close_exact
        )
        self.spent = used + spent
        if out is not None:
            self.last_info = {"samples": n, "depth": EXACT_DEPTH, "nodes": used + spent}
        return out

    def _close_value(self, view, opp_hands, base_state, limit):
        """The value of closing now over the sampled hands of the opponent (see
        :mod:`.closed`), most frequent hands first, as many as fit in ``limit`` nodes;
        -3 (do not close) if not even four fit."""
        search = Search.of(base_state)
        Q, _ = search.after_lead_move(position_of(base_state), (S_CLOSE, -1))
        ranked = sorted(opp_hands, key=lambda h: -opp_hands[h])  # heaviest first (stable)
        if not self.close_exact:
            ranked = ranked[: self.closed_worlds]

        def run(cs):
            best = max(cs.lead_values(Q).values(), key=cs.mean)  # first of equals
            won = sum(w for w, x in zip(cs.weights, best, strict=True) if x > 0)
            return cs.mean(best), won / sum(cs.weights)

        got, n, used = self._widening(
            search, view, ranked, [opp_hands[h] for h in ranked], limit, run, jump=self.close_exact
        )
        self.close_worlds = n
        if got is None:
            self.close_won = 0.0
            return -3.0, used
        value, self.close_won = got
        if self.close_sure and self.close_won < self.close_sure:
            return -3.0, used  # the chosen line fails in too many of the hands
        return value, used

    def _exact_hands(self, view):
        """Every hand the opponent can hold (after a close nothing is drawn: the hidden
        thing is only which unseen cards he holds), consistent with the view as
        :func:`~engine.sampling.sample_hidden` deals them (known cards, cards he
        cannot hold), each weighted by the likelihood of his observed play. Each hand
        stands for the same number of talon orders, so these are the posterior weights.
        Returned as ``{hand: weight}`` in a seeded random order (ties among equal
        weights are then broken at random, not by card order), zero weights left out."""
        decisions = evidence(view, self.recall) if self.inference else []
        tendencies = self.tendencies
        unseen = view.unseen_mask()
        known = view.opponent_known_mask
        need = view.opponent_hand_size - known.bit_count()
        cands = [
            c for c in range(20) if unseen >> c & 1 and not view.opponent_excluded_mask >> c & 1
        ]
        hands = []
        for comb in itertools.combinations(cands, need):
            h = known
            for c in comb:
                h |= 1 << c
            hands.append(h)
        random.Random(f"{self.seed}:{_view_key(view)}:exact").shuffle(hands)
        out = {}
        for h in hands:
            w = likelihood(view, decisions, h, tendencies) if decisions else 1.0
            if w > 0:
                out[h] = w
        return out, len(hands)

    # ------------------------------------------------------------------ open talon
    def _two_trick(self, view, acts, draw, budget) -> dict[Action, float]:
        """Two tricks deep, the first drawing nothing and the bot's second move one for
        all the samples (:mod:`.twotrick`); samples until the budget is spent."""
        got = []
        nodes = 0
        while len(got) < self.max_samples:
            state = draw()
            search = self._search(state, skip_draws=True)
            got.append(twotrick.tables(search, state, acts, view.player))
            nodes += search.nodes + TRY_NODES * self.tries
            self.tries = 0
            if len(got) >= self.min_samples and nodes >= budget:
                break
        self.last_info = {"samples": len(got), "depth": 2, "nodes": nodes}
        return twotrick.values(got, acts, view.player, self.current_softness())

    def _pimc(self, view, acts, draw) -> dict[Action, float]:
        """PIMC as :meth:`PimcBot.evaluate` (same depth and budget rules), on samples
        kept by inference; closing valued by :meth:`_close_value`."""
        perfect = view.talon_size == 0 and view.closed_by < 0
        sign = 1 if view.player == 0 else -1
        close = next((a for a in acts if a.kind == CLOSE), None)
        totals = dict.fromkeys(acts, 0.0)
        nodes = samples = 0
        depth = EXACT_DEPTH
        target = 1 if perfect else self.target_samples
        # With closing to judge, PIMC gets part of the budget and the information-set
        # search of the close the rest; the whole move stays within CAP budgets.
        budget = self.node_budget if close is None else int(self.node_budget * PIMC_SHARE)
        budget = max(1, budget - self.spent)  # after a closed search that did not fit
        cap = int(CAP * budget)
        opp_hands: dict[int, int] = {}
        first_state = None
        o = 1 - view.player
        if (
            self.two_trick
            and close is None
            and view.talon_size >= 2
            and view.closed_by < 0
            and all(a.kind in (PLAY, MARRIAGE) for a in acts)
        ):
            return self._two_trick(view, acts, draw, budget)
        # With ``anytime`` the budget alone stops the sampling (no ``max_samples``), and
        # each sample costs ``sample_nodes`` besides its search, so that a move of many
        # cheap samples (a follow, one trick deep) stays within its time.
        most = ANYTIME_CAP if self.anytime else self.max_samples
        extra = self.sample_nodes if self.anytime else 0
        while samples < (1 if perfect else most):
            state = draw()
            if first_state is None:
                first_state = state
            search = self._search(state)
            if samples == 0:
                strict = view.closed_by >= 0 or view.talon_size <= self.exact_talon
                if strict:
                    vals = self._values(search, state, acts, EXACT_DEPTH)
                else:
                    remaining = _tricks_left(view)
                    d = 1
                    vals = self._values(search, state, acts, d)
                    search.limit = max(budget // target, search.nodes)
                    while d < remaining and d < self.max_depth:
                        try:
                            vals = self._values(search, state, acts, d + 1)
                        except SearchLimit:
                            break
                        d += 1
                    search.limit = None
                    depth = EXACT_DEPTH if d >= remaining else d
            else:
                search.limit = max(1, cap - nodes)
                try:
                    vals = self._values(search, state, acts, depth)
                except SearchLimit:
                    nodes += search.nodes + TRY_NODES * self.tries + extra
                    break
            nodes += search.nodes + TRY_NODES * self.tries + extra
            self.tries = 0
            samples += 1
            h = state.hand[o]
            opp_hands[h] = opp_hands.get(h, 0) + 1
            for a, v in vals.items():
                if isinstance(v, dict):
                    sub = totals[a] if isinstance(totals[a], dict) else {}
                    for m, x in v.items():
                        sub[m] = sub.get(m, 0.0) + sign * x
                    totals[a] = sub
                else:
                    totals[a] += sign * v
            if samples >= self.min_samples and nodes >= budget:
                break
        out = {
            a: (max(t.values()) if isinstance(t, dict) else t) / samples for a, t in totals.items()
        }
        if close is not None:
            # PIMC's value of closing is an upper bound of its value over the
            # information set (clairvoyance never hurts): search only if it could win.
            others = max(v for a, v in out.items() if a is not close)
            if out[close] > others + self.close_margin:
                # more hands than PIMC's samples: drawing one is cheap next to solving it
                self.tries = 0
                if self.close_exact:
                    opp_hands, judged = self._exact_hands(view)
                    nodes += judged  # a hand judged costs about a node (measured: 4 us)
                else:
                    for _ in range(max(0, self.close_draws - samples)):
                        h = draw().hand[o]
                        opp_hands[h] = opp_hands.get(h, 0) + 1
                    nodes += TRY_NODES * self.tries
                value, used = self._close_value(
                    view,
                    opp_hands,
                    first_state,
                    max(1, int(CAP * self.node_budget * self.close_budget) - nodes),
                )
                nodes += used
                self.close_info = (view.talon_size, self.close_worlds, out[close], value, others)
                if self.close_bound:
                    value = min(value, out[close])
                b = self.close_blend
                out[close] = (1 - b) * value + b * out[close]
        self.last_info = {"samples": samples, "depth": depth, "nodes": nodes}
        return out
