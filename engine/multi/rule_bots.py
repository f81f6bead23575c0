"""The computer players of Bauernschnapsen and Talonschnapsen that do not search, with
the engine's interface ``choose(view, rng) -> Action`` (a bot sees only a
:class:`~engine.multi.view.MultiView`).

:class:`MultiRandomBot`
    uniform among the legal actions (silly bids included: for tests and speed figures).
:class:`MultiRuleBot`
    simple rules: calls its longest suit, announces a game only with a hand that
    (nearly) makes it by counting sure tricks, doubles an all-tricks game when holding a
    sure trick against it, and plays the usual way (marriages, take valuable tricks
    cheaply, give points to a partner who is winning, misère and all-tricks play).
    Deterministic (ignores ``rng``).

They sit below the searching players: :mod:`engine.ai.multi_pimc` lets the rule bot call
trump in the auctions it plays out, and :mod:`engine.tables.bots` makes any bot by name.
"""

from __future__ import annotations

import random

from ..cards import CARD_POINTS, SUIT_MASKS
from .actions import (
    BID,
    CALL,
    CUT,
    DISCARD,
    DOUBLE,
    MARRIAGE,
    PASS,
    PLAY,
    REDEAL,
    TURN_UP,
    Action,
)
from .contracts import ALL_TRICKS, BETTLER, SHOWN
from .phases import DOUBLE as P_DOUBLE
from .phases import PLAY as P_PLAY
from .phases import TALON as P_TALON
from .tricks import BEATS, strength


class MultiRandomBot:
    """Uniform among the legal actions."""

    name = "random"

    def choose(self, view, rng: random.Random) -> Action:
        acts = view.legal
        return acts[int(rng.random() * len(acts))] if len(acts) > 1 else acts[0]


def top_tricks(hand: int, trump: int, ace_low: bool = False) -> int:
    """Tricks the hand takes for sure from the top of each suit: the unbroken run of
    highest cards held; in trump every trump beyond the top run too once the others are
    out (a rough count, enough for a rule bot)."""
    total = 0
    for s in range(4):
        held = hand & SUIT_MASKS[s]
        if not held:
            continue
        order = sorted((s * 5 + r for r in range(5)), key=lambda c: strength(c, ace_low))
        run = 0
        for c in order:
            if held >> c & 1:
                run += 1
            else:
                break
        if s == trump and run >= 2:
            run = held.bit_count()
        total += run
    return total


def _low_cards(hand: int, ace_low: bool) -> bool:
    """A misère hand: every card among the two weakest of its suit."""
    return all(strength(c, ace_low) >= 3 for c in range(20) if hand >> c & 1)


class MultiRuleBot:
    """Simple rules (see the module docstring). Deterministic."""

    name = "rule"

    def choose(self, view, rng: random.Random | None = None) -> Action:
        acts = view.legal
        if len(acts) == 1:
            return acts[0]
        kinds = {a.kind for a in acts}
        if CUT in kinds:
            return next(a for a in acts if a.kind == CUT)
        if CALL in kinds or TURN_UP in kinds or REDEAL in kinds:
            return self._call(view, acts)
        if view.phase == P_DOUBLE:
            return self._double(view, acts)
        if BID in kinds or (PASS in kinds and view.phase != P_PLAY):
            return self._bid(view, acts)
        if view.phase == P_TALON or DISCARD in kinds:
            return self._discard(view, acts)
        return self._play(view, acts)

    # ------------------------------------------------------------------ before play
    def _call(self, view, acts):
        if any(a.kind == REDEAL for a in acts):
            return next(a for a in acts if a.kind == REDEAL)
        calls = [a for a in acts if a.kind == CALL]
        h = view.hand_mask

        def weight(a):
            m = h & SUIT_MASKS[a.suit]
            return (m.bit_count(), sum(CARD_POINTS[c] for c in range(20) if m >> c & 1))

        best = max(calls, key=weight) if calls else None
        if best is None or weight(best)[0] < 2 and weight(best)[1] < 10:
            turn = [a for a in acts if a.kind == TURN_UP]
            if turn:
                return turn[0]
        return best or acts[0]

    def _bid(self, view, acts):
        h = view.hand_mask
        trump = view.trump
        n = h.bit_count()
        bids = {a.contract: a for a in acts if a.kind == BID and not a.no_talon}
        for name in ("herrenschnapser", "farbringerl"):
            if name in bids:
                return bids[name]
        sure_trump = top_tricks(h, trump)
        if "kontrabauernschnapser" in bids and sure_trump >= n:
            return bids["kontrabauernschnapser"]
        if "bauernschnapser" in bids and sure_trump >= n:
            return bids["bauernschnapser"]
        if "zehnergang" in bids and top_tricks(h, -1, True) >= n:
            return bids["zehnergang"]
        if "gangl" in bids and top_tricks(h, -1) >= n:
            return bids["gangl"]
        tricks = view.contracts["schnapser"].tricks
        if "kontraschnapser" in bids and sure_trump >= tricks and h >> (trump * 5) & 1:
            return bids["kontraschnapser"]
        if "schnapser" in bids and sure_trump >= tricks:
            return bids["schnapser"]
        if "assenbettler" in bids and _low_cards(h, True):
            return bids["assenbettler"]
        for name in ("plauderer", "bettler"):
            if name in bids and _low_cards(h, False):
                return bids[name]
        return next(a for a in acts if a.kind == PASS)

    def _double(self, view, acts):
        c = view.contract
        me = view.seat
        if view.side[me] == 1 and view.doubles == 0 and c.kind == ALL_TRICKS:
            trump = view.trump_in_play
            if top_tricks(view.hand_mask, trump, c.ace_low) >= 1:
                return next(a for a in acts if a.kind == DOUBLE)
        return next(a for a in acts if a.kind == PASS)

    def _discard(self, view, acts):
        c = view.contract
        trump = view.trump_in_play

        def cost(a):
            cards = a.cards
            if c.kind == BETTLER:  # keep the low cards: lay away the strongest
                return sum(strength(x, c.ace_low) for x in cards)
            if c.kind in (ALL_TRICKS, SHOWN):  # keep the strong cards
                return -sum(strength(x, c.ace_low) for x in cards)
            return sum(CARD_POINTS[x] + (30 if x // 5 == trump else 0) for x in cards)

        return min(acts, key=cost)

    # ------------------------------------------------------------------ play
    def _play(self, view, acts):
        c = view.contract
        me = view.seat
        trump = view.trump_in_play
        low = c.ace_low
        plays = [a.card for a in acts if a.kind == PLAY]
        marriages = [a for a in acts if a.kind == MARRIAGE]
        mine = view.side[me] == 0
        declarer = view.declarer == me

        def rank(x):  # higher is stronger
            return (x // 5 == trump, -strength(x, low))

        if c.kind == BETTLER:
            if declarer:
                if not view.trick:
                    return Action.play(min(plays, key=rank))
                losers = [x for x in plays if not _would_win(view, x)]
                return Action.play(max(losers, key=rank) if losers else min(plays, key=rank))
            return Action.play(min(plays, key=rank))
        if c.kind == ALL_TRICKS:
            if declarer or not mine:
                return Action.play(max(plays, key=rank))
            losers = [x for x in plays if not _would_win(view, x)]
            return Action.play(min(losers or plays, key=rank))
        # normal game and Schnapser: points count
        if not view.trick:
            if marriages:
                marriages.sort(key=lambda a: (a.card // 5 != trump, -(a.card % 5)))
                return marriages[0]
            aces = [x for x in plays if x % 5 == 0 and x // 5 != trump]
            if aces:
                return Action.play(aces[0])
            if trump >= 0 and (view.hand_mask & SUIT_MASKS[trump]).bit_count() >= 3:
                return Action.play(max((x for x in plays if x // 5 == trump), key=rank))
            return Action.play(min(plays, key=lambda x: (CARD_POINTS[x], x // 5 == trump)))
        partner_wins = view.side[view.win_seat] == view.side[me]
        winners = [x for x in plays if _would_win(view, x)]
        if partner_wins and (not winners or _last_to_play(view)):
            return Action.play(max(plays, key=lambda x: (x // 5 != trump, CARD_POINTS[x])))
        table_points = sum(CARD_POINTS[x] for _, x in view.trick)
        if winners and (table_points >= 10 or _last_to_play(view) or not partner_wins):
            return Action.play(min(winners, key=lambda x: (x // 5 == trump, CARD_POINTS[x])))
        return Action.play(min(plays, key=lambda x: (x // 5 == trump, CARD_POINTS[x], x)))


def _would_win(view, card: int) -> bool:
    win = view.win_card
    if card // 5 == win // 5:
        return bool(BEATS[view.ace_low][win] >> card & 1)
    return card // 5 == view.trump_in_play and win // 5 != view.trump_in_play


def _last_to_play(view) -> bool:
    return len(view.trick) == len(view.active) - 1
