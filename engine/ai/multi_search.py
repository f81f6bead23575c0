"""Open-card search for Bauernschnapsen and Talonschnapsen: alpha-beta with a
transposition table over the play of a game in which every hand is known.

:func:`solve(state)` returns the exact value of a state in the play phase, in **signed
base points for the declaring side** (side 0): ``+2`` means the declaring side wins 2
(the normal game's 3 / 2 / 1, a special game's value), ``-9`` that a Gangl is lost. The
doubles multiply every outcome alike and are left out. The declaring side maximises, the
other minimises (in Talonschnapsen the two opponents of the declarer are one side in play,
as the rules make them: the declarer's success is all that is scored).

The search plays the engine's rules on plain integers (hands are card masks): Farb- und
Stichzwang (``multi/tricks.py``), the end of the game as soon as it is decided, the
normal game's race to 66 and its last trick, the Schnapser's tricks and its Vierziger
rule (under ``schnapser_forty = "after_one_trick"`` a forty announced before the side's
first trick counts only with that trick: the search marks it pending by the lowest bit of
the side's marriage points, which are otherwise multiples of 20, and drops it, 41, with
the side's second trick, as the engine's ``_drop_forty`` does). One simplification, exact for the value: a king or queen led from a held marriage
is always led *with* the marriage announced (it only adds to the leader's side). Tests
(``tests/engine/test_multi_ai.py``) check the values against a plain minimax over the
engine's own ``legal_actions()``/``apply()``.

Speed: the transposition table is keyed at the start of each trick; in the games
decided by tricks alone (Bettler, Gangl, Bauernschnapser ...) cards of one suit that no
other hand separates are equivalent and only one of them is searched. ``limit`` caps the
nodes (``SearchLimit``), so that a bot's work is measured in nodes, deterministically.
"""

from __future__ import annotations

from ..cards import CARD_POINTS, SUIT_MASKS
from ..multi.contracts import ALL_TRICKS, BETTLER, NORMAL, SCHNAPSER
from ..multi.phases import PLAY
from ..multi.tricks import BEATS, strength
from ..outcome import points_table

_ORDERS = {
    low: tuple(
        tuple(sorted((s * 5 + r for r in range(5)), key=lambda c, low=low: strength(c, low)))
        for s in range(4)
    )
    for low in (False, True)
}
_CARDS: dict[int, tuple[int, ...]] = {}
PENDING = 1  # a forty that counts only with its side's first trick (forty_once)


def _cards(mask: int) -> tuple[int, ...]:
    got = _CARDS.get(mask)
    if got is None:
        got = tuple(i for i in range(20) if mask >> i & 1)
        if len(_CARDS) < 1 << 18:
            _CARDS[mask] = got
    return got


class SearchLimit(Exception):
    """The node limit was reached."""


class MultiSearch:
    """The solver for one deal's play (the contract, sides and rules fixed). Build it with
    :meth:`of`; ``value(state)`` solves a state of that play; ``nodes`` counts work."""

    def __init__(self, state, limit: int | None = None):
        if state.phase != PLAY:
            raise ValueError("the search solves the play phase")
        c = state.contract
        self.kind = c.kind
        self.value_of = c.value
        self.n = state.N
        self.side = state.side
        self.nxt = state.nxt
        self.n_active = len(state.active)
        self.trump = state.trump_in_play
        self.low = state.ace_low
        self.twb = state.rules.trump_when_beaten
        self.declarer = state.declarer
        self.takers = tuple(
            q == state.declarer or (c.partner_may_win and state.side[q] == 0)
            for q in range(state.N)
        )
        self.schnapser_tricks = c.tricks
        self.marriages = c.marriages
        self.announces = tuple(state._marriages_for(q) for q in range(state.N))
        self.forty_once = c.kind == SCHNAPSER and state.rules.schnapser_forty == "after_one_trick"
        self.race = (True, state._race(1))
        self.talon_last = state.HAS_TALON
        self.talon_last_trick = getattr(state.rules, "normal_last_trick", False)
        self.trump_real = state.trump  # marriages: 40 in the called trump
        self.points_game = c.kind in (NORMAL, SCHNAPSER)
        self.tt: dict = {}
        t, low = self.trump, self.low
        self._order = tuple(sorted(range(20), key=lambda c: (c // 5 != t, strength(c, low), c)))
        self._ordered: dict[int, tuple[int, ...]] = {}
        self.nodes = 0
        self.limit = limit

    @classmethod
    def of(cls, state, limit: int | None = None) -> MultiSearch:
        return cls(state, limit)

    # ------------------------------------------------------------------ interface
    def value(self, state) -> int:
        """The exact value of ``state`` (play phase, not over) for the declaring side."""
        if state.result is not None:
            r = state.result
            return r.base_value if r.declarer_won else -r.base_value
        self.hands = list(state.hand)
        trick = state.trick
        lim = 3 if self.kind == NORMAL else self.value_of
        sm = list(state.smar)
        if self.forty_once:  # a forty counting with the side's first trick only: pending
            for m in state.marriages:
                sd = state.side[m.seat]
                if m.suit == self.trump_real and state.strk[sd] < 2:
                    sm[sd] |= PENDING
        return self._node(
            state.to_move,
            len(trick),
            trick[0][1] // 5 if trick else -1,
            state.win_card if trick else -1,
            state.win_seat if trick else -1,
            sum(CARD_POINTS[c] for _, c in trick),
            state.leader,
            state.spts[0],
            state.spts[1],
            sm[0],
            sm[1],
            state.strk[0],
            state.strk[1],
            state.ntricks,
            -lim - 1,
            lim + 1,
        )

    # ------------------------------------------------------------------ the search
    def _end_normal(self, declarer_won, sp0, sp1, sm0, sm1, st0, st1) -> int:
        if declarer_won:
            return points_table(sp1 + (sm1 if st1 else 0), st1 > 0)
        return -points_table(sp0 + (sm0 if st0 else 0), st0 > 0)

    def _after_trick(self, w, sp0, sp1, sm0, sm1, st0, st1, ntr):
        """The value if the game ends after this trick, else None."""
        kind = self.kind
        last = not self.hands[w]
        if kind == NORMAL:
            sd = self.side[w]
            c = sp0 + (sm0 if st0 else 0) if sd == 0 else sp1 + (sm1 if st1 else 0)
            if self.race[sd] and c >= 66:
                return self._end_normal(sd == 0, sp0, sp1, sm0, sm1, st0, st1)
            if last:
                if self.talon_last:
                    won = self.talon_last_trick and w == self.declarer
                else:
                    won = sd == 0
                return self._end_normal(won, sp0, sp1, sm0, sm1, st0, st1)
            return None
        v = self.value_of
        if kind == BETTLER:
            if w == self.declarer:
                return -v
            return v if last else None
        if kind == SCHNAPSER:
            if not self.takers[w]:
                return -v
            if sp0 + ((sm0 & ~PENDING) if st0 else 0) >= 66:
                return v
            if ntr >= self.schnapser_tricks or last:
                return -v
            return None
        if kind == ALL_TRICKS:
            if w != self.declarer:
                return -v
            return v if last else None
        return None  # pragma: no cover

    def _moves(self, p, count, led, win):
        h = self.hands[p]
        if count:
            same = h & SUIT_MASKS[led]
            low = self.low
            if same:
                if win // 5 == led:
                    h = (same & BEATS[low][win]) or same
                else:
                    h = same
            elif self.trump >= 0:
                tr = h & SUIT_MASKS[self.trump]
                if tr:
                    if win // 5 == self.trump:
                        over = tr & BEATS[low][win]
                        h = over or (tr if self.twb else h)
                    else:
                        h = tr
        if not self.points_game:
            h = self._distinct(p, h, win if count else -1)
        got = self._ordered.get(h)
        if got is None:
            # Strong cards first (trumps, then by rank): good moves early cut the search.
            got = tuple(c for c in self._order if h >> c & 1)
            self._ordered[h] = got
        return got

    def _distinct(self, p, h, win):
        """Drop cards equivalent to a stronger one of the same hand (no other hand holds a
        card between them, nor is the card winning the trick); exact where only tricks
        count."""
        alive = 0 if win < 0 else 1 << win
        for q, x in enumerate(self.hands):
            if q != p:
                alive |= x
        out = 0
        orders = _ORDERS[self.low]
        for s in range(4):
            m = h & SUIT_MASKS[s]
            if not m:
                continue
            prev = False
            for c in orders[s]:
                if m >> c & 1:
                    if not prev:
                        out |= 1 << c
                    prev = True
                elif alive >> c & 1:
                    prev = False
        return out

    def _node(
        self,
        p,
        count,
        led,
        win,
        wseat,
        tpts,
        leader,
        sp0,
        sp1,
        sm0,
        sm1,
        st0,
        st1,
        ntr,
        alpha,
        beta,
    ):
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise SearchLimit
        key = None
        if count == 0:
            hs = self.hands
            if self.points_game:
                key = (*hs, p, sp0, sp1, sm0, sm1, st0, st1)
            else:
                key = (*hs, p)
            got = self.tt.get(key)
            if got is not None:
                lo, hi = got
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
        maximize = self.side[p] == 0
        best = -1000 if maximize else 1000
        hands = self.hands
        h = hands[p]
        for c in self._moves(p, count, led, win):
            bit = 1 << c
            hands[p] = h ^ bit
            nsm0, nsm1 = sm0, sm1
            v = None
            if count == 0:
                nled, nwin, nwseat = c // 5, c, p
                if self.marriages and c % 5 in (2, 3) and self.announces[p]:
                    other = c + 1 if c % 5 == 2 else c - 1
                    s = c // 5
                    pts = 40 if s == self.trump_real else 20
                    sd = self.side[p]
                    if pts == 40 and self.forty_once:
                        # the forty before the side's first trick (pending), or with it
                        # only when it brings the 66 at once (the engine's _marriage_ok)
                        st, sp, sm = (st0, sp0, sm0) if sd == 0 else (st1, sp1, sm1)
                        if st == 0:
                            pts = 40 | PENDING
                        elif st > 1 or sp + (sm & ~PENDING) + 40 < 66:
                            pts = 0
                    if h >> other & 1 and pts:
                        if sd == 0:
                            nsm0 += pts
                            if st0 and sp0 + (nsm0 & ~PENDING) >= 66 and self._marriage_ends(p, 0):
                                v = self._marriage_value(0, sp0, sp1, nsm0, nsm1, st0, st1)
                        else:
                            nsm1 += pts
                            if st1 and sp1 + (nsm1 & ~PENDING) >= 66 and self._marriage_ends(p, 1):
                                v = self._marriage_value(1, sp0, sp1, nsm0, nsm1, st0, st1)
            else:
                nled = led
                if (c // 5 == win // 5 and BEATS[self.low][win] >> c & 1) or (
                    c // 5 == self.trump and win // 5 != self.trump
                ):
                    nwin, nwseat = c, p
                else:
                    nwin, nwseat = win, wseat
            if v is None:
                npts = tpts + CARD_POINTS[c]
                if count + 1 == self.n_active:
                    w = nwseat
                    if self.side[w] == 0:
                        a_sp0, a_sp1, a_st0, a_st1 = sp0 + npts, sp1, st0 + 1, st1
                        if a_st0 == 2 and nsm0 & PENDING:
                            nsm0 -= 40 | PENDING  # the pending forty falls away
                    else:
                        a_sp0, a_sp1, a_st0, a_st1 = sp0, sp1 + npts, st0, st1 + 1
                        if a_st1 == 2 and nsm1 & PENDING:
                            nsm1 -= 40 | PENDING
                    v = self._after_trick(w, a_sp0, a_sp1, nsm0, nsm1, a_st0, a_st1, ntr + 1)
                    if v is None:
                        v = self._node(
                            w,
                            0,
                            -1,
                            -1,
                            -1,
                            0,
                            w,
                            a_sp0,
                            a_sp1,
                            nsm0,
                            nsm1,
                            a_st0,
                            a_st1,
                            ntr + 1,
                            alpha,
                            beta,
                        )
                else:
                    v = self._node(
                        self.nxt[p],
                        count + 1,
                        nled,
                        nwin,
                        nwseat,
                        npts,
                        leader,
                        sp0,
                        sp1,
                        nsm0,
                        nsm1,
                        st0,
                        st1,
                        ntr,
                        alpha,
                        beta,
                    )
            hands[p] = h
            if maximize:
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
        if key is not None:
            lo, hi = self.tt.get(key, (-1000, 1000))
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.tt[key] = (lo, hi)
        return best

    def _marriage_ends(self, p, sd) -> bool:
        if self.kind == NORMAL:
            return self.race[sd]
        return self.kind == SCHNAPSER and self.takers[p]

    def _marriage_value(self, sd, sp0, sp1, sm0, sm1, st0, st1) -> int:
        if self.kind == NORMAL:
            return self._end_normal(sd == 0, sp0, sp1, sm0, sm1, st0, st1)
        return self.value_of


def solve(state, limit: int | None = None) -> int:
    """The exact value of a play-phase (or finished) state for the declaring side, in
    base points."""
    r = state.result
    if r is not None and not r.is_redeal:
        return r.base_value if r.declarer_won else -r.base_value
    return MultiSearch(state, limit).value(state)
