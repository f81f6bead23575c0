"""Everything before the first card: the cut, the trump call, the bidding, the talon and
the doubling (a mixin of :class:`~engine.multi.state.MultiState`).

Sources (reference 004): "Spielablauf" for the cut or knock, the call, turning up, the
three jacks and the bidding once round from the caller; "Flecken" for doubling;
"Talonschnapsen" for the talon, the raises and the announcement without the talon.

Readings where 004 is silent (documented here, not options, because nothing else fits
the text): a later announcement must outrank the highest so far (only the highest game
is played, so an equal or lower one could never be); doubling is asked for after the
bidding (and in Talonschnapsen after the talon), when the game is known: first the
declarer's opponents in turn clockwise from the declarer, each may ``double`` (flecken)
or ``pass``; after a double the declaring side, the declarer first, may redouble
(Retour), then the opponents again (Re); three doubles at most (004 names three steps, the
eightfold value). In the normal game the declaring side is the caller's.
"""

from __future__ import annotations

from itertools import combinations

from ..cards import SUIT_MASKS
from ..messages import Reason
from .actions import (
    BID,
    CALL_ACTIONS,
    CUT_ACTION,
    DOUBLE_ACTION,
    KNOCK_ACTION,
    PASS_ACTION,
    REDEAL_ACTION,
    bid,
    discard,
    turn_up,
)
from .contracts import (
    ALL_TRUMPS,
    CALLER,
    CALLER_OPPONENT,
    CALLER_PARTNER,
    FIVE_OF_A_SUIT,
    ONE_ACE,
    SHOWN,
)
from .outcome import AFTER_TALON, ROUND, Bid, MultiResult
from .outcome import RAISE as RAISE_STAGE
from .phases import BID as P_BID
from .phases import CALL as P_CALL
from .phases import DOUBLE as P_DOUBLE
from .phases import OVER, PLAY
from .phases import RAISE as P_RAISE
from .phases import RAISE_AFTER as P_RAISE_AFTER
from .phases import TALON as P_TALON

JACKS = sum(1 << (s * 5 + 4) for s in range(4))
ACES = sum(1 << (s * 5) for s in range(4))


class Auction:
    """The phases before play. Uses the fields of MultiState."""

    # ------------------------------------------------------------------ the cut
    def _legal_cut(self):
        return [CUT_ACTION, KNOCK_ACTION]

    def _cut(self, mode: str) -> None:
        self.deal_mode = mode
        self._distribute(mode)
        self.phase = P_CALL
        self.to_move = self.caller

    # ------------------------------------------------------------------ the call
    def _legal_call(self):
        r = self.caller
        first = self.hand[r]
        rules = self.rules
        if rules.call_from_hand:
            acts = [CALL_ACTIONS[s] for s in range(4) if first & SUIT_MASKS[s]]
        else:
            acts = list(CALL_ACTIONS)
        if rules.turn_up:
            acts.extend(turn_up(i) for i in range(1, len(self.later[r]) + 1))
        if rules.three_jacks and (first & JACKS).bit_count() == 3:
            acts.append(REDEAL_ACTION)
        return acts

    def _call_problem(self, action) -> Reason:
        r = self.caller
        rules = self.rules
        kind = action.kind
        if kind == "call":
            suits = " ".join("HDSC"[s] for s in range(4) if self.hand[r] & SUIT_MASKS[s])
            return Reason("call_needs_suit_in_hand", suits=suits)
        if kind == "turn_up":
            if not rules.turn_up:
                return Reason("turn_up_not_allowed")
            return Reason("turn_up_no_such_card", index=action.index, count=len(self.later[r]))
        if not rules.three_jacks:
            return Reason("redeal_not_allowed")
        return Reason("redeal_needs_three_jacks")

    def _call(self, suit: int, turned: int = -1) -> None:
        self.trump = suit
        if turned >= 0:
            self.turned_up = turned
            self.known[self.caller] |= 1 << turned
        else:
            self.called = suit
        self._after_call()
        self.phase = P_BID
        self.turns = 0
        self.to_move = self.caller

    def _turn_up(self, index: int) -> None:
        card = self.later[self.caller][index - 1]
        self._call(card // 5, card)

    def _redeal(self) -> None:
        self.result = MultiResult(
            self.GAME, None, None, None, 0, 0, (0,) * self.SCORERS, Reason("result_redeal")
        )
        self.phase = OVER

    # ------------------------------------------------------------------ the bidding
    def _current_key(self) -> tuple[int, int]:
        if self.phase == P_RAISE_AFTER:
            return (self.contract.rank, int(self.no_talon))
        if self.best < 0:
            return (-1, 0)
        b = self.bids[self.best]
        return (self.contracts[b.contract].rank, int(b.no_talon))

    def _legal_bids(self, p: int):
        acts = [PASS_ACTION]
        flags = (False, True) if self.HAS_TALON and self.phase != P_RAISE_AFTER else (False,)
        for name in self.rules.catalogue:
            for flag in flags:
                if self._bid_problem(p, name, flag) is None:
                    acts.append(bid(name, flag))
        return acts

    def _bid_problem(self, p: int, name: str, no_talon: bool) -> Reason | None:
        rules = self.rules
        c = self.contracts[name]
        if name not in rules.catalogue:
            return Reason("bid_not_in_catalogue", contract=name)
        if no_talon and (not self.HAS_TALON or self.phase == P_RAISE_AFTER):
            return Reason("bid_no_talon_here")
        caller = self.caller
        partner = self.partner(caller)
        if c.who == CALLER and p != caller:
            return Reason("bid_only_caller", caller=caller, contract=name)
        if c.who == CALLER_OPPONENT and (p == caller or p == partner):
            return Reason("bid_only_opponent", caller=caller, contract=name)
        if c.who == CALLER_PARTNER and p != partner:
            return Reason(
                "bid_only_partner", partner=-1 if partner is None else partner, contract=name
            )
        why = self._condition_problem(c, self.hand[p])
        if why is not None:
            return why
        if (c.rank, int(no_talon)) <= self._current_key():
            if self.phase == P_RAISE_AFTER:
                return Reason("bid_raise_only_higher", current=self.contract.name)
            b = self.bids[self.best]
            return Reason("bid_too_low", contract=name, current=b.contract, seat=b.seat)
        return None

    def _condition_problem(self, c, hand: int) -> Reason | None:
        cond = c.condition
        if cond is None:
            return None
        if cond == ONE_ACE:
            aces = (hand & ACES).bit_count()
            if aces != 1:
                return Reason("bid_needs_one_ace", contract=c.name, aces=aces)
        elif cond == FIVE_OF_A_SUIT:
            if not any(hand & m == m for m in SUIT_MASKS):
                return Reason("bid_needs_five_of_a_suit", contract=c.name)
        elif cond == ALL_TRUMPS:
            m = SUIT_MASKS[self.trump]
            if hand & m != m:
                return Reason("bid_needs_all_trumps", contract=c.name, trump="HDSC"[self.trump])
        return None

    def _bid(self, action) -> None:
        p = self.to_move
        name = action.contract if action.kind == BID else None
        ph = self.phase
        stage = ROUND if ph == P_BID else RAISE_STAGE if ph == P_RAISE else AFTER_TALON
        self.bids = self.bids + (Bid(p, name, action.no_talon, stage),)
        if name is not None:
            if self.first_bidder < 0:
                self.first_bidder = p
            self.best = len(self.bids) - 1
        if ph == P_BID:
            self.turns += 1
            if self.turns == self.N:
                self._end_round()
            else:
                self.to_move = (p + 1) % self.N
        elif ph == P_RAISE:
            self._decide()
        else:  # raise after the talon
            if name is not None:
                self._set_contract(name, p, False)
            self._start_doubling()

    def _end_round(self) -> None:
        self._decide()

    def _decide(self) -> None:
        if self.best >= 0:
            b = self.bids[self.best]
            self._set_contract(b.contract, b.seat, b.no_talon)
        else:
            self._set_contract("normal", self.caller, False)
        self._after_contract()

    def _set_contract(self, name: str, declarer: int, no_talon: bool) -> None:
        c = self.contracts[name]
        self.contract = c
        self.declarer = declarer
        self.no_talon = no_talon
        self.side = self._sides(declarer)
        active = self._active(c, declarer)
        self.active = active
        nxt = [-1] * self.N
        for i, q in enumerate(active):
            nxt[q] = active[(i + 1) % len(active)]
        self.nxt = tuple(nxt)
        # the ranks of the game now played: a raise after the talon (talon/rules.py) from a
        # Zehnergang or an Assenbettler to a game with the ace highest puts it back on top
        self.ace_low = c.ace_low
        self.trump_in_play = self.trump if c.trump else -1

    def _after_contract(self) -> None:
        self._start_doubling()

    # ------------------------------------------------------------------ the talon
    def _take_talon(self) -> None:
        d = self.declarer
        self.hand[d] |= self.talon
        self.taken = self.talon
        self.talon = 0
        self.phase = P_TALON
        self.to_move = d

    def _legal_discards(self):
        h = self.hand[self.to_move]
        c = self.contract
        cards = [i for i in range(20) if h >> i & 1]
        acts = []
        for a, b in combinations(cards, 2):
            if c.condition is None or self._condition_problem(c, h & ~(1 << a | 1 << b)) is None:
                acts.append(discard((a, b)))
        return acts

    def _discard_problem(self, action) -> Reason:
        h = self.hand[self.to_move]
        for card in action.cards:
            if not h >> card & 1:
                return Reason("discard_not_in_hand", card=card.name)
        return Reason(
            "discard_breaks_condition",
            cards=",".join(c.name for c in action.cards),
            contract=self.contract.name,
        )

    def _discard(self, action) -> None:
        p = self.to_move
        m = (1 << action.cards[0]) | (1 << action.cards[1])
        self.hand[p] &= ~m
        self.discard = m
        if self.rules.raise_after_talon:
            self.phase = P_RAISE_AFTER
            self.to_move = p
        else:
            self._start_doubling()

    # ------------------------------------------------------------------ doubling
    def _doublers(self, side: int) -> tuple[int, ...]:
        d = self.declarer
        n = self.N
        order = [(d + i) % n for i in range(n)]
        if side == 1:
            order = order[1:] + order[:1]
        return tuple(q for q in order if self.side[q] == side)

    def _start_doubling(self) -> None:
        self.phase = P_DOUBLE
        self.doubles = 0
        self.queue = self._doublers(1)
        self.to_move = self.queue[0]

    def _double(self, yes: bool) -> None:
        if yes:
            self.doubles += 1
            if self.doubles == 3:
                self._start_play()
                return
            self.queue = self._doublers(0 if self.doubles % 2 else 1)
        else:
            self.queue = self.queue[1:]
            if not self.queue:
                self._start_play()
                return
        self.to_move = self.queue[0]

    def _start_play(self) -> None:
        c = self.contract
        d = self.declarer
        if c.kind == SHOWN:
            self.known[d] |= self.hand[d]
            self._finish(True, "result_shown", contract=c.name)
            return
        self.phase = PLAY
        self.queue = ()
        if c.open_hands == "a":
            defenders = [q for q in self.active if self.side[q] == 1]
            for q in defenders:
                for o in defenders:
                    if o != q:
                        self.seen[q] |= self.hand[o]
        self.leader = self.to_move = self._first_leader()

    def _first_leader(self) -> int:
        c = self.contract
        rule = c.leader
        if rule == "bettler":
            rule = self.rules.bettler_lead
        seat = self.declarer if rule == "announcer" else self.caller
        while seat not in self.active:
            seat = (seat + 1) % self.N
        return seat

    # ------------------------------------------------------------------ phase helpers
    def _legal_auction(self, ph: int):
        if ph == P_DOUBLE:
            return [DOUBLE_ACTION, PASS_ACTION]
        if ph in (P_BID, P_RAISE, P_RAISE_AFTER):
            return self._legal_bids(self.to_move)
        if ph == P_CALL:
            return self._legal_call()
        if ph == P_TALON:
            return self._legal_discards()
        return self._legal_cut()
