"""Open-card (perfect information) search: alpha-beta with a transposition table.

The search plays the engine's rules on a compact position (a tuple of ints) for speed;
``tests/engine/ai`` checks it against a plain minimax over :class:`GameState` (the
engine's own ``legal_actions()``/``apply()``), move for move and value for value.

Values are **signed game points for player 0**: +3 means player 0 wins 3 game points,
-2 means player 1 wins 2. Player 0 maximises, player 1 minimises. Only right
declarations of 66 are searched (a wrong one is never a good idea for a bot to make
and the issue forbids it), so the solver's game is the engine's game without wrong
declarations.

Once the talon is exhausted or closed every line is searched to the end of the game:
the value is exact. While the talon is open a ``depth`` (in tricks) can cut the search,
and positions at the cut are scored by a heuristic in game points (:mod:`.estimate`:
``estimate``, ``staged_estimate`` for a search made with ``staged=True``, or
``boosted_estimate`` (:mod:`.boosted`) with ``boosted=True``).

A position (``Pos``) is the tuple
``(h0, h1, p0, p1, m0, m1, t0, t1, pos, tc, closed, cop, cot, first, leader)``:
hands (card masks), card points, announced marriage points, whether each player has a
trick (0/1), the talon position (0..9), the trump card index (-1 once drawn), who closed
(-1), the opponent's score and trick flag at closing, whether the first lead happened,
and the player on lead. The talon order and the trump suit are fixed per search.
"""

from __future__ import annotations

from ..cards import CARD_POINTS, SUIT_MASKS
from ..game import STRONGER, GameState, points_table
from .boosted import boosted_estimate
from .estimate import (  # noqa: F401  (re-exported: the estimates used to live here)
    ACES,
    ESTIMATE_SCALE,
    ESTIMATE_SPREAD,
    ESTIMATE_WEIGHTS,
    KINGS,
    estimate,
    estimate_features,
    staged_estimate,
)

INF = 1000.0
EXACT_DEPTH = 100  # depth recorded for positions searched to the end

# Kinds of moves (small ints; a move is (kind, card)).
PLAY, MARRIAGE, EXCHANGE, CLOSE, DECLARE = 0, 1, 2, 3, 4

_CARDS: dict[int, tuple[int, ...]] = {}


def cards(mask: int) -> tuple[int, ...]:
    got = _CARDS.get(mask)
    if got is None:
        got = tuple(i for i in range(20) if mask >> i & 1)
        if len(_CARDS) < 1 << 18:
            _CARDS[mask] = got
    return got


def position_of(state: GameState) -> tuple:
    """The compact position of a full game state (at a lead or a follow)."""
    s = state
    return (
        s.hand[0],
        s.hand[1],
        s.pts[0],
        s.pts[1],
        s.mar[0],
        s.mar[1],
        1 if s.won[0] else 0,
        1 if s.won[1] else 0,
        s.pos,
        s.trump_card,
        s.closed_by,
        s.close_opp_pts,
        1 if s.close_opp_trick else 0,
        1 if s.first_lead_done else 0,
        s.leader if s.lead >= 0 else s.to_move,
    )


class SearchLimit(Exception):
    """Raised when a search passes its node limit (``Search.limit``)."""


class Search:
    """Alpha-beta over one fully known deal (the talon order is known too).

    ``allow_close=False`` plays without closing (for rules that have none).
    ``nodes`` counts the positions visited (the deterministic measure of work).
    """

    def __init__(
        self,
        rules,
        trump: int,
        talon: tuple[int, ...],
        *,
        allow_close: bool = True,
        staged: bool = False,
        boosted: bool = False,
        skip_draws: bool = False,
        declare_on_announce: bool = True,
    ):
        self.rules = rules
        self.trump = trump
        self.talon = talon
        self.allow_close = allow_close
        self.auto = rules.auto_declare
        self.ex_limit = 8 if rules.exchange_with_one_talon_card else 7
        self.ex_first = rules.exchange_before_first_lead
        self.mar_first = rules.marriage_before_first_trick
        self.king_only = rules.marriage_lead_king_only
        self.tt: dict = {}
        self.nodes = 0
        self.limit: int | None = None  # raise SearchLimit past this many nodes
        self._order: dict[int, tuple[int, ...]] = {}
        # Tricks searched before the horizon while the talon is open are played without
        # their draws (the cards drawn stay unknown, as to the players, who cannot see
        # the talon's order; the horizon's estimate counts them): a search two tricks
        # deep then plays the second trick with the cards in hand, not knowing the draw.
        # The last draw (the face-up trump card) is made: after it nothing is hidden.
        self.skip_draws = skip_draws
        # With automatic declaring, a marriage that brings a player who has a trick to 66
        # ends the game at once. The outside arena's package (PyPI ``schnapsen``) keeps a
        # marriage's points pending until its announcer wins a trick: there 66 is reached
        # only by winning one (``declare_on_announce=False``, told by the arena).
        self.declare_on_announce = declare_on_announce
        self.blind_cut = True  # estimate at the horizon before the draw (blind_estimate)
        self.staged = staged  # the horizon is scored by staged_estimate, not estimate
        # ... or by boosted_estimate (the staged one corrected), only where closing is
        # allowed: the trees were fitted to games with closing, and without it
        # (the outside arena's rules) they lost, refitted too (README).
        self.boosted = boosted and allow_close

    @classmethod
    def of(
        cls,
        state: GameState,
        *,
        allow_close: bool = True,
        staged: bool = False,
        boosted: bool = False,
        skip_draws: bool = False,
        declare_on_announce: bool = True,
    ) -> Search:
        return cls(
            state.rules,
            state.trump,
            tuple(state.talon),
            allow_close=allow_close,
            staged=staged,
            boosted=boosted,
            skip_draws=skip_draws,
            declare_on_announce=declare_on_announce,
        )

    # ------------------------------------------------------------------ scoring
    def _closer_value(self, P) -> int:
        cl = P[10]
        o = 1 - cl
        if self.rules.closed_points_at_end:
            opp_pts = P[2 + o] + (P[4 + o] if P[6 + o] else 0)
            opp_trick = P[6 + o]
        else:
            opp_pts, opp_trick = P[11], P[12]
        if self.rules.successful_close == "two_or_three":
            return 2 if opp_trick else 3
        return points_table(opp_pts, bool(opp_trick))

    def _failed_close_value(self, P) -> int:
        if self.rules.failed_close == "closer_value_at_least_two":
            return max(2, self._closer_value(P))
        return 2 if P[12] else 3

    def declare_value(self, P, p: int) -> int:
        """Signed value of a right declaration by ``p`` (it does not depend on p's score)."""
        cl = P[10]
        if cl < 0:
            o = 1 - p
            v = points_table(P[2 + o] + (P[4 + o] if P[6 + o] else 0), bool(P[6 + o]))
        elif cl == p:
            v = self._closer_value(P)
        else:
            v = self._failed_close_value(P)
        return v if p == 0 else -v

    def _last_trick_value(self, P, w: int) -> int:
        if P[2 + w] + (P[4 + w] if P[6 + w] else 0) >= 66:
            return self.declare_value(P, w)
        cl = P[10]
        if cl >= 0:
            v = self._failed_close_value(P)
            return v if cl == 1 else -v
        if self.rules.last_trick == "one":
            v = 1
        else:
            lo = 1 - w
            v = points_table(P[2 + lo] + (P[4 + lo] if P[6 + lo] else 0), bool(P[6 + lo]))
        return v if w == 0 else -v

    # ------------------------------------------------------------------ moves
    def lead_moves(self, P) -> list[tuple[int, int]]:
        """The moves of the player on lead, in search order (right declarations first)."""
        p = P[14]
        h = P[p]
        moves: list[tuple[int, int]] = []
        has_trick = P[6 + p]
        kq = h & (h >> 1) & KINGS if (has_trick or self.mar_first) else 0
        if not self.auto and has_trick:
            sc = P[2 + p] + P[4 + p]
            if sc >= 66:
                moves.append((DECLARE, -1))
            else:
                for k in cards(kq):
                    if sc + (40 if k // 5 == self.trump else 20) >= 66:
                        moves.append((DECLARE, k))
                        break
        cl = P[10]
        pos = P[8]
        if cl < 0:
            jack = self.trump * 5 + 4
            if pos <= self.ex_limit and h >> jack & 1 and (P[13] or self.ex_first):
                moves.append((EXCHANGE, -1))
            if pos <= 7 and self.allow_close:
                moves.append((CLOSE, -1))
        for k in cards(kq):
            moves.append((MARRIAGE, k))
            if not self.king_only:
                moves.append((MARRIAGE, k + 1))
        for c in cards(h):
            moves.append((PLAY, c))
        return moves

    def lead_move_values(self, P, depth: int = EXACT_DEPTH) -> dict:
        """The value of every lead move in ``P`` (full window each: exact values)."""
        out = {}
        for m in self.lead_moves(P):
            kind, card = m
            if kind == PLAY:
                out[m] = self._follow(P, card, depth, -INF, INF)
            elif kind == MARRIAGE:
                Q, v = self.announce(P, card - card % 5 + 2)
                out[m] = v if v is not None else self._follow(Q, card, depth, -INF, INF)
            else:
                Q, v = self.after_lead_move(P, m)
                out[m] = v if v is not None else self._lead(Q, depth, -INF, INF)
        return out

    def _winners_first(self, follows, lead: int) -> tuple[int, ...]:
        m = 0
        for c in follows:
            m |= 1 << c
        win = STRONGER[lead]
        if lead // 5 != self.trump:
            win |= SUIT_MASKS[self.trump]
        return cards(m & win) + cards(m & ~win)

    def follow_cards(self, P, lead: int) -> tuple[int, ...]:
        h = P[1 - P[14]]
        if P[10] >= 0 or P[8] >= 9:
            same = h & SUIT_MASKS[lead // 5]
            if same:
                return cards((same & STRONGER[lead]) or same)
            return cards((h & SUIT_MASKS[self.trump]) or h)
        return cards(h)

    # ------------------------------------------------------------------ transitions
    def after_lead_move(self, P, move):
        """Apply a lead move that is not a play/marriage: returns (position, value) where
        value is not None if the game ended."""
        kind, card = move
        p = P[14]
        if kind == DECLARE:
            return P, self.declare_value(P, p)
        L = list(P)
        if kind == EXCHANGE:
            jack = self.trump * 5 + 4
            L[p] = P[p] ^ (1 << jack) ^ (1 << P[9])
            L[9] = jack
        elif kind == CLOSE:
            o = 1 - p
            L[10] = p
            L[11] = P[2 + o] + (P[4 + o] if P[6 + o] else 0)
            L[12] = P[6 + o]
        return tuple(L), None

    def announce(self, P, k: int):
        """Announce the marriage of king ``k``'s suit: (position, value or None)."""
        p = P[14]
        L = list(P)
        L[4 + p] = P[4 + p] + (40 if k // 5 == self.trump else 20)
        Q = tuple(L)
        if self.auto and self.declare_on_announce and Q[6 + p] and Q[2 + p] + Q[4 + p] >= 66:
            return Q, self.declare_value(Q, p)
        return Q, None

    def trick(self, P, lead: int, card: int, draw: bool = True):
        """Play the trick ``lead`` (by the leader P[14]) and ``card`` (by the other):
        returns (position after it, value if the game ended else None). With
        ``draw=False`` nobody draws from the talon (for :meth:`blind_estimate`); with
        ``skip_draws`` nobody draws but the last draw, and the talon moves on."""
        p = P[14]
        o = 1 - p
        trump = self.trump
        if card // 5 == lead // 5:
            w = o if card < lead else p
        else:
            w = o if card // 5 == trump else p
        L = list(P)
        L[p] = P[p] ^ (1 << lead)
        L[o] = P[o] ^ (1 << card)
        L[2 + w] = P[2 + w] + CARD_POINTS[lead] + CARD_POINTS[card]
        L[6 + w] = 1
        L[13] = 1
        L[14] = w
        pos = P[8]
        if draw and self.skip_draws and P[10] < 0 and pos < 8:
            L[8] = pos + 2  # the draws left out (see skip_draws), the talon moves on
        elif draw and P[10] < 0 and pos < 9:
            talon = self.talon
            L[w] |= 1 << talon[pos]
            if pos == 8:
                L[1 - w] |= 1 << P[9]
                L[9] = -1
                L[8] = 9
            else:
                L[1 - w] |= 1 << talon[pos + 1]
                L[8] = pos + 2
        Q = tuple(L)
        if self.auto:
            if Q[2 + w] + Q[4 + w] >= 66:
                return Q, self.declare_value(Q, w)
        if not Q[0] and not Q[1]:
            return Q, self._last_trick_value(Q, w)
        return Q, None

    # ------------------------------------------------------------------ search
    def value(self, P, depth: int = EXACT_DEPTH, alpha: float = -INF, beta: float = INF):
        """The value of the lead position ``P`` (player P[14] on lead)."""
        return self._lead(P, depth, alpha, beta)

    def follow_value(self, P, lead: int, depth: int = EXACT_DEPTH, alpha=-INF, beta=INF):
        """The value once ``lead`` has been led from position ``P`` (``lead`` still in the
        leader's hand in ``P``; announced marriage points already in ``P``)."""
        return self._follow(P, lead, depth, alpha, beta)

    def _lead(self, P, depth, alpha, beta):
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise SearchLimit
        strict = P[10] >= 0 or P[8] >= 9
        if strict:
            depth = EXACT_DEPTH
        tt = self.tt
        entry = tt.get(P)
        best_move = None
        if entry is not None:
            edepth, lo, hi, best_move = entry
            if edepth >= depth:
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
        a0, b0 = alpha, beta
        p = P[14]
        maxing = p == 0
        best = -INF if maxing else INF
        moves = self.lead_moves(P)
        if best_move is not None and best_move in moves:
            moves.remove(best_move)
            moves.insert(0, best_move)
        chosen = None
        if depth <= 0 and not strict:
            # Cut: the heuristic, unless a right declaration is better.
            if self.boosted:
                best = boosted_estimate(P, self.trump, P[8])
            elif self.staged:
                best = staged_estimate(P, self.trump, P[8])
            else:
                best = estimate(P, self.trump)
            for m in moves:
                if m[0] == DECLARE:
                    v = self.declare_value(P, p)
                    best = max(best, v) if maxing else min(best, v)
            tt[P] = (depth, best, best, None)
            return best
        for m in moves:
            kind, card = m
            if kind == PLAY:
                v = self._follow(P, card, depth, alpha, beta)
            elif kind == MARRIAGE:
                Q, v = self.announce(P, card - card % 5 + 2)
                if v is None:
                    v = self._follow(Q, card, depth, alpha, beta)
            else:
                Q, v = self.after_lead_move(P, m)
                if v is None:
                    v = self._lead(Q, depth, alpha, beta)
            if maxing:
                if v > best:
                    best, chosen = v, m
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best, chosen = v, m
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        if best <= a0:
            tt[P] = (depth, -INF, best, chosen)
        elif best >= b0:
            tt[P] = (depth, best, INF, chosen)
        else:
            tt[P] = (depth, best, best, chosen)
        return best

    def blind_estimate(self, P, lead: int, card: int) -> float:
        """The estimate after the trick ``lead``/``card`` at the search's horizon, taken
        *before* the two cards are drawn: the talon order of a sample is a guess, and
        an estimate after the draw would let both players choose the trick's cards as
        if they knew what they will draw. The estimate is a difference of per-player
        features, and both draw from the same unknown cards, so leaving the draw out is
        its expected value (but for the known trump card the loser draws last)."""
        Q, v = self.trick(P, lead, card, draw=False)
        if v is not None:
            return v
        w = Q[14]
        if Q[2 + w] + Q[4 + w] >= 66:  # the winner declares at once
            return self.declare_value(Q, w)
        if P[8] == 8:
            L = list(Q)
            L[1 - w] |= 1 << P[9]
            Q = tuple(L)
        if self.boosted:  # the talon position once the trick's cards are drawn
            return boosted_estimate(Q, self.trump, 9 if P[8] == 8 else P[8] + 2)
        if self.staged:
            return staged_estimate(Q, self.trump, 9 if P[8] == 8 else P[8] + 2)
        return estimate(Q, self.trump)

    def at_horizon(self, P, nd: int) -> bool:
        """True where the search scores a trick of ``P`` by :meth:`blind_estimate`,
        before its cards are drawn: no trick left to search (``nd``) and the talon open."""
        return nd <= 0 and P[10] < 0 and P[8] < 9 and self.blind_cut

    def _follow(self, P, lead, depth, alpha, beta):
        self.nodes += 1
        o = 1 - P[14]
        maxing = o == 0
        best = -INF if maxing else INF
        nd = depth if (P[10] >= 0 or P[8] >= 9) else depth - 1
        follows = self.follow_cards(P, lead)
        if len(follows) > 1:
            # Try the cards that win the trick first (cheap and often best).
            key = (P[1 - P[14]] << 5) | lead
            ordered = self._order.get(key)
            if ordered is None:
                ordered = self._order[key] = self._winners_first(follows, lead)
            follows = ordered
        cut = self.at_horizon(P, nd)
        for c in follows:
            if cut:
                v = self.blind_estimate(P, lead, c)
            else:
                Q, v = self.trick(P, lead, c)
                if v is None:
                    v = self._lead(Q, nd, alpha, beta)
            if maxing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        return best


def solve(state: GameState, *, allow_close: bool = True) -> float:
    """The exact open-card value (signed game points for player 0) of a full state;
    exact only once the talon is exhausted or closed (else it searches everything)."""
    if state.result is not None:
        r = state.result
        return r.game_points if r.winner == 0 else -r.game_points
    search = Search.of(state, allow_close=allow_close)
    P = position_of(state)
    if state.lead >= 0:
        L = list(P)
        L[state.leader] |= 1 << state.lead  # the search removes the led card itself
        return search.follow_value(tuple(L), state.lead)
    return search.value(P)
