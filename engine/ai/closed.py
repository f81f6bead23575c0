"""Closed-talon play decided over the information set, not per sample (αμ-style).

Once the talon is closed nothing is drawn any more: what the player cannot see is only
which of the unseen cards the opponent holds. PIMC solves every sample as if the player
saw them, so after closing it would play each sample with a different, clairvoyant
strategy ("strategy fusion") and overrate closing. This module searches the closed game
over a set of *worlds* (the opponent's possible hands, with weights from
:mod:`.inference`) at once, as αμ does (Cazenave and Ventos, "The αμ Search Algorithm
for the Game of Bridge", 2019): at the player's own decisions one move is chosen for all
worlds he cannot tell apart (the one with the best weighted mean), at the opponent's
decisions the opponent chooses per world (the "best defence" model of Frank and Basin:
he is assumed to see the cards, the pessimistic side, so a close must really pay).
After every trick the player has seen the opponent's card, and only the worlds in which
that card was legal go on: the tree is the player's tree of information sets.

It is αμ with one vector per node instead of a Pareto front: the player's strategy at
an information set maximises the mean over the worlds of that set, also those in which
a clairvoyant opponent would have avoided it (the opponent is not clairvoyant, so this
is the realistic side). Searched to the end of the game (a closed game has at most five
tricks), values are exact game points of that model.

Values are game points for ``me`` (the player this search decides for), one per world.
"""

from __future__ import annotations

from .search import DECLARE, MARRIAGE, PLAY, Search, SearchLimit

try:  # the compiled core (engine/ai/compiled/_closed.c, built by pip install -e .)
    from .compiled import _closed as core
except ImportError:  # pragma: no cover - no compiler where installed: Python alone
    core = None

NODE_OVERHEAD = 4  # work of one node beyond its worlds, in solver nodes (measured)
# The compiled core does a node in about 1/27 of the Python time (measured on 149
# positions, same values and nodes): its nodes count as 1/CORE_SPEEDUP solver nodes of
# time, so the same time budget searches about that many more hands of the opponent.
CORE_SPEEDUP = 20
MAX_WORLDS = 64  # hands the compiled core searches at most (a 64-bit set of worlds)


class ClosedSearch:
    """Information-set search of a closed game for player ``me`` over ``hands`` (the
    opponent's hand in each world) with ``weights``. ``P`` positions are the search's
    compact tuples; the opponent's hand in them is a placeholder (0). ``limit`` caps the
    work (node-world visits, the same unit as the solver's nodes; :attr:`work`) and
    raises :class:`~.search.SearchLimit` past it. The roots run in the compiled core
    when it is built (``use_core``), else in Python; both search the same tree."""

    def __init__(
        self,
        search: Search,
        me: int,
        hands,
        weights,
        *,
        limit: int | None = None,
        use_core: bool | None = None,
    ):
        self.use_core = core is not None if use_core is None else use_core
        if self.use_core and core is None:
            raise RuntimeError("the compiled core engine.ai.compiled._closed is not built")
        self.s = search
        self.me = me
        self.o = 1 - me
        self.sign = 1 if me == 0 else -1
        self.hands = tuple(hands)
        self.weights = tuple(weights)
        # ``limit`` is in solver nodes of time: the core's nodes are cheaper
        self.limit = limit if limit is None or not self.use_core else limit * CORE_SPEEDUP
        self.nodes = 0
        self.memo: dict = {}

    # ------------------------------------------------------------------ helpers
    def _with(self, P, h):
        return (P[0], h) + P[2:] if self.o == 1 else (h,) + P[1:]

    def _public(self, P):
        return self._with(P, 0)

    def _count(self, n):
        # a node costs about one solver node per world plus the grouping around them
        self.nodes += n + NODE_OVERHEAD
        if self.limit is not None and self.nodes > self.limit:
            raise SearchLimit

    def _best(self, options, ws):
        """The player's choice below the root, for each world without looking at it:
        in world ``w`` he plays the move with the best weighted mean over the *other*
        worlds of the node (leave-one-out). A few sampled worlds stand for the many
        hands the player cannot tell apart; choosing by the mean over all of them,
        ``w`` included, would tailor the choice to ``w`` (clairvoyance through the back
        door: deeper in the tree a node holds only a world or two, and a close looked
        safer than it was). A node of one world keeps its best move. Ties go to the
        first move in the search's order."""
        vecs = list(options.values())
        if len(vecs) == 1:
            return vecs[0]
        w = self.weights
        n = len(ws)
        if n == 1:
            return max(vecs, key=lambda v: v[0])
        totals = []
        for vec in vecs:
            t = 0.0
            for i, x in zip(ws, vec, strict=True):
                t += w[i] * x
            totals.append(t)
        out = []
        for j in range(n):
            wj = w[ws[j]]
            best_k = 0
            best_t = None
            for k, vec in enumerate(vecs):
                t = totals[k] - wj * vec[j]
                if best_t is None or t > best_t + 1e-12:
                    best_k, best_t = k, t
            out.append(vecs[best_k][j])
        return out

    # ------------------------------------------------------------------ roots
    def _core(self, P, lead):
        """The root by the compiled core: the same vectors and node count as the Python
        search (``use_core=False``, the reference; tests compare them)."""
        r = self.s.rules
        rules = (
            self.s.trump,
            int(r.auto_declare),
            int(r.successful_close == "two_or_three"),
            int(r.failed_close == "closer_value_at_least_two"),
            int(r.closed_points_at_end),
            int(r.marriage_lead_king_only),
            int(r.marriage_before_first_trick),
            NODE_OVERHEAD,
        )
        limit = -1 if self.limit is None else int(self.limit)
        got, nodes = core.values(
            self.me, P, lead, self.hands, [float(w) for w in self.weights], rules, limit
        )
        self.nodes += nodes
        if got is None:
            raise SearchLimit
        return {(kind, card) if lead < 0 else card: vec for kind, card, vec in got}

    @property
    def work(self) -> float:
        """The time of the nodes searched so far, in solver nodes."""
        return self.nodes / CORE_SPEEDUP if self.use_core else self.nodes

    def lead_values(self, P, ws=None, hands=None) -> dict:
        """The player is on lead in ``P``: vector per lead move (search moves)."""
        if self.use_core and ws is None and hands is None:
            return self._core(self._public(P), -1)
        ws = tuple(range(len(self.hands))) if ws is None else ws
        hands = tuple(self.hands[i] for i in ws) if hands is None else hands
        return self._lead_options(self._public(P), ws, hands)

    def follow_values(self, P, lead: int, ws=None, hands=None) -> dict:
        """The opponent has led ``lead`` (already out of his hand in ``hands``; ``P`` as
        after the lead): vector per follow card of the player."""
        if self.use_core and ws is None and hands is None:
            return self._core(self._public(P), lead)
        ws = tuple(range(len(self.hands))) if ws is None else ws
        hands = tuple(self.hands[i] for i in ws) if hands is None else hands
        return self._follow_options(self._public(P), lead, ws, hands)

    def mean(self, vec, ws=None) -> float:
        ws = tuple(range(len(self.hands))) if ws is None else ws
        w = self.weights
        total = sum(w[i] for i in ws)
        return sum(w[i] * x for i, x in zip(ws, vec, strict=True)) / total

    # ------------------------------------------------------------------ the player
    def _lead_options(self, P, ws, hands) -> dict:
        s = self.s
        self._count(len(ws))
        out = {}
        Pw = self._with(P, hands[0])
        for m in s.lead_moves(Pw):
            kind, card = m
            if kind == DECLARE:
                out[m] = [self.sign * s.declare_value(Pw, self.me)] * len(ws)
            elif kind == PLAY:
                out[m] = self._opp_follows(P, card, ws, hands)
            elif kind == MARRIAGE:
                Q, v = s.announce(Pw, card - card % 5 + 2)
                if v is not None:
                    out[m] = [self.sign * v] * len(ws)
                else:
                    out[m] = self._opp_follows(self._public(Q), card, ws, hands)
            # closing and exchanging cannot happen once the talon is closed
        return out

    def _my_lead(self, P, ws, hands):
        key = (P, -1, ws, hands[0])
        got = self.memo.get(key)
        if got is None:
            got = self._best(self._lead_options(P, ws, hands), ws)
            self.memo[key] = got
        return got

    def _follow_options(self, P, lead, ws, hands) -> dict:
        """The opponent led ``lead`` (P[14] is the opponent, ``lead`` still counted in
        neither hand: P as the search has it before the trick, but his hand in
        ``hands`` no longer holds it)."""
        s = self.s
        self._count(len(ws))
        out = {}
        bit = 1 << lead
        P0 = self._with(P, hands[0] | bit)
        for c in s.follow_cards(P0, lead):
            Q, v = s.trick(P0, lead, c)
            if v is not None:
                out[c] = [self.sign * v] * len(ws)
            else:
                out[c] = self._after_trick(self._public(Q), ws, hands)
        return out

    def _my_follow(self, P, lead, ws, hands):
        key = (P, lead, ws, hands[0])
        got = self.memo.get(key)
        if got is None:
            got = self._best(self._follow_options(P, lead, ws, hands), ws)
            self.memo[key] = got
        return got

    def _after_trick(self, Q, ws, hands):
        if Q[14] == self.me:
            return self._my_lead(Q, ws, hands)
        return self._opp_lead(Q, ws, hands)

    # ------------------------------------------------------------------ the opponent
    def _opp_follows(self, P, lead, ws, hands):
        """The player led ``lead``: the opponent answers per world with his worst card
        for the player; the player sees the card, so each card's worlds go on alone."""
        s = self.s
        self._count(len(ws))
        groups: dict[int, list[int]] = {}
        for j, h in enumerate(hands):
            for c in s.follow_cards(self._with(P, h), lead):
                groups.setdefault(c, []).append(j)
        result = [None] * len(ws)
        for c, js in groups.items():
            sub_ws = tuple(ws[j] for j in js)
            bit = 1 << c
            sub_hands = tuple(hands[j] & ~bit for j in js)
            Q, v = s.trick(self._with(P, hands[js[0]]), lead, c)
            if v is not None:
                vec = [self.sign * v] * len(js)
            else:
                vec = self._after_trick(self._public(Q), sub_ws, sub_hands)
            for j, x in zip(js, vec, strict=True):
                if result[j] is None or x < result[j]:
                    result[j] = x
        return result

    def _opp_lead(self, P, ws, hands):
        key = (P, -2, ws, hands[0])
        got = self.memo.get(key)
        if got is not None:
            return got
        s = self.s
        self._count(len(ws))
        groups: dict[tuple, list[int]] = {}
        for j, h in enumerate(hands):
            for m in s.lead_moves(self._with(P, h)):
                groups.setdefault(m, []).append(j)
        result = [None] * len(ws)
        for m, js in groups.items():
            kind, card = m
            sub_ws = tuple(ws[j] for j in js)
            Pw = self._with(P, hands[js[0]])
            if kind == DECLARE:
                vec = [self.sign * s.declare_value(Pw, self.o)] * len(js)
            else:
                Q = P
                v = None
                if kind == MARRIAGE:
                    Qw, v = s.announce(Pw, card - card % 5 + 2)
                    Q = self._public(Qw)
                if v is not None:
                    vec = [self.sign * v] * len(js)
                elif kind in (PLAY, MARRIAGE):
                    bit = 1 << card
                    sub_hands = tuple(hands[j] & ~bit for j in js)
                    vec = self._my_follow(Q, card, sub_ws, sub_hands)
                else:  # pragma: no cover - no exchange or close in a closed game
                    continue
            for j, x in zip(js, vec, strict=True):
                if result[j] is None or x < result[j]:
                    result[j] = x
        self.memo[key] = result
        return result
