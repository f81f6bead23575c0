"""The play of a three- or four-player game (a mixin of
:class:`~engine.multi.state.MultiState`): legal cards and marriages, why a card is
not allowed, the trick, and the end of the game with its result.

Sources (reference 004): "Spielablauf" for Farb- und Stichzwang, the marriages and the
games without trump (``multi/tricks.py``); "Normales Spiel" for the race to 66, the last
trick and the 3 / 2 / 1; each game's section for when it is won or lost (see
``multi/contracts.py``). The game ends as soon as it is decided; see ``multi/state.py``
for the readings on declaring and on the marriage that brings 66.
"""

from __future__ import annotations

from ..cards import ALL_CARDS, BITS, CARD_POINTS, SUIT_MASKS
from ..messages import Reason
from ..outcome import points_table
from .actions import MARRIAGE, MARRIAGE_ACTIONS, PLAY_ACTIONS, Action
from .contracts import ALL_TRICKS, BETTLER, NORMAL, SCHNAPSER
from .outcome import Marriage, MultiResult, Trick
from .phases import OVER
from .tricks import BEATS, follow_mask

KINGS = sum(1 << (s * 5 + 2) for s in range(4))
_MSUITS = {
    sum(1 << (s * 5 + 2) for s in range(4) if m >> s & 1): tuple(s for s in range(4) if m >> s & 1)
    for m in range(16)
}
_PLAYS: dict[int, tuple[Action, ...]] = {}


def plays(mask: int) -> tuple[Action, ...]:
    got = _PLAYS.get(mask)
    if got is None:
        got = tuple(PLAY_ACTIONS[c] for c in range(20) if mask >> c & 1)
        if len(_PLAYS) < 1 << 17:
            _PLAYS[mask] = got
    return got


class Play:
    """The play phase. Uses the fields of MultiState."""

    def _legal_play(self) -> list[Action]:
        p = self.to_move
        h = self.hand[p]
        if not self.trick:
            acts: list[Action] = []
            if self._marriages_for(p):
                kq = h & (h >> 1) & KINGS
                if kq:
                    for s in _MSUITS[kq]:
                        if self._marriage_ok(p, s):
                            acts.append(MARRIAGE_ACTIONS[s * 5 + 2])
                            acts.append(MARRIAGE_ACTIONS[s * 5 + 3])
            acts.extend(plays(h))
            return acts
        fm = follow_mask(
            h,
            self.trick[0][1] // 5,
            self.win_card,
            self.trump_in_play,
            self.ace_low,
            self.rules.trump_when_beaten,
        )
        return list(plays(fm))

    def _marriages_for(self, p: int) -> bool:
        """May ``p`` announce marriages in this game? In the games decided by points; in the
        Schnapser games only the side playing for the 66: the leading caller of a
        Kontraschnapser leads without one (004 "Kontraschnapser": "Die Regeln sind also die
        gleichen wie beim Schnapser", in which the other side never leads and its points
        decide nothing)."""
        c = self.contract
        return c.marriages and (c.kind != SCHNAPSER or self.side[p] == 0)

    def _marriage_ok(self, p: int, suit: int) -> bool:
        if not self._forty_once() or suit != self.trump:
            return True
        sd = self.side[p]
        tricks = self.strk[sd]
        # 004 "Schnapser", the alternative rule: the forty only "wenn zusammen mit nur einem
        # Stich 66 erreicht werden können": before the side's first trick, or with it when
        # it brings the 66 at once
        return tricks == 0 or (tricks == 1 and self.counted(sd) + 40 >= 66)

    def _forty_once(self) -> bool:
        """Rule option ``schnapser_forty = "after_one_trick"`` in a Schnapser game: the
        forty counts only together with one trick of its side (``_drop_forty``)."""
        return self.contract.kind == SCHNAPSER and self.rules.schnapser_forty == "after_one_trick"

    def _drop_forty(self, sd: int) -> None:
        """The side's second trick: under ``_forty_once`` its forty, announced before its
        first trick and not enough with it, no longer counts (004: "zusammen mit nur einem
        Stich"); the marriage stays in ``marriages`` as announced."""
        trump = self.trump
        forty = sum(
            m.points for m in self.marriages if m.suit == trump and self.side[m.seat] == sd
        )
        self.smar[sd] -= forty

    def _play_problem(self, action: Action) -> Reason:
        p = self.to_move
        h = self.hand[p]
        card = action.card
        if action.kind == MARRIAGE:
            if self.trick:
                return Reason("marriage_only_on_lead")
            if not self.contract.marriages:
                return Reason("marriage_not_in_game", contract=self.contract.name)
            if not self._marriages_for(p):
                return Reason("marriage_not_for_this_side", contract=self.contract.name)
            s = card // 5
            if (h >> (s * 5 + 2)) & 3 != 3:
                return Reason("marriage_needs_pair", suit="HDSC"[s])
            return Reason("marriage_forty_after_one_trick")
        if not h >> card & 1:
            return Reason("not_in_hand", seat=p, card=card.name)
        led = self.trick[0][1] // 5
        win = ALL_CARDS[self.win_card]
        if h & SUIT_MASKS[led]:
            if card // 5 != led:
                return Reason("must_follow_suit", suit="HDSC"[led])
            return Reason("must_head_trick", suit="HDSC"[led], card=win.name)
        if card // 5 != self.trump_in_play:
            return Reason("must_trump", suit="HDSC"[led])
        return Reason("must_overtrump", card=win.name)

    # ------------------------------------------------------------------ play
    def _lead(self, p: int, card: int) -> None:
        b = BITS[card]
        self.hand[p] ^= b
        self.known[p] &= ~b
        self.trick = ((p, card),)
        self.win_card = card
        self.win_seat = p
        self.leader = p
        self.to_move = self.nxt[p]

    def _follow(self, p: int, card: int) -> None:
        led = self.trick[0][1] // 5
        win = self.win_card
        trump = self.trump_in_play
        low = self.ace_low
        suit = card // 5
        # What the card tells the others about the hand (public inferences).
        ex = 0
        if suit == led:
            if win // 5 == led and not BEATS[low][win] >> card & 1:
                ex = BEATS[low][win]
        else:
            ex = SUIT_MASKS[led]
            if trump >= 0:
                if suit == trump:
                    if win // 5 == trump and not BEATS[low][win] >> card & 1:
                        ex |= BEATS[low][win]
                elif win // 5 == trump:
                    ex |= BEATS[low][win]
                    if self.rules.trump_when_beaten:
                        ex |= SUIT_MASKS[trump]
                else:
                    ex |= SUIT_MASKS[trump]
        if ex:
            self.excl[p] |= ex
        b = BITS[card]
        self.hand[p] ^= b
        self.known[p] &= ~b
        if (suit == win // 5 and BEATS[low][win] >> card & 1) or (
            suit == trump and win // 5 != trump
        ):
            self.win_card = card
            self.win_seat = p
        self.trick = self.trick + ((p, card),)
        if len(self.trick) == len(self.active):
            self._complete()
        else:
            self.to_move = self.nxt[p]

    def _complete(self) -> None:
        w = self.win_seat
        trick = self.trick
        m = 0
        pts = 0
        for _, c in trick:
            m |= BITS[c]
            pts += CARD_POINTS[c]
        self.won[w] |= m
        self.pts[w] += pts
        self.ntr[w] += 1
        sd = self.side[w]
        self.spts[sd] += pts
        self.strk[sd] += 1
        self.ntricks += 1
        if self.strk[sd] == 2 and self._forty_once():
            self._drop_forty(sd)
        self.history = self.history + (Trick(self.leader, trick, w),)
        self.trick = ()
        self.to_move = self.leader = w
        c = self.contract
        if self.ntricks == 1 and c.open_hands in ("b", "c"):
            for q in self.active:
                if (self.side[q] == 1) == (c.open_hands == "b"):
                    self.known[q] |= self.hand[q]
        self._after_trick(w)

    def _after_trick(self, w: int) -> None:
        c = self.contract
        kind = c.kind
        last = not self.hand[w]
        if kind == NORMAL:
            sd = self.side[w]
            if self._race(sd) and self.counted(sd) >= 66:
                self._finish(sd == 0, "result_caller_66" if sd == 0 else "result_opponents_66")
            elif last:
                self._normal_last_trick(w)
        elif kind == BETTLER:
            if w == self.declarer:
                self._finish(False, "result_bettler_trick", contract=c.name)
            elif last:
                self._finish(True, "result_bettler_clean", contract=c.name)
        elif kind == SCHNAPSER:
            if not self._takes(w):
                self._finish(False, "result_schnapser_trick_lost", contract=c.name, seat=w)
            elif self.counted(0) >= 66:
                self._finish(True, "result_schnapser_made", contract=c.name)
            elif self.ntricks >= c.tricks or last:
                self._finish(False, "result_schnapser_short", contract=c.name, tricks=c.tricks)
        elif kind == ALL_TRICKS:
            if w != self.declarer:
                self._finish(False, "result_all_tricks_lost", contract=c.name, seat=w)
            elif last:
                self._finish(True, "result_all_tricks_made", contract=c.name)

    def _takes(self, seat: int) -> bool:
        """May this seat take tricks in the Schnapser being played?"""
        return seat == self.declarer or (self.contract.partner_may_win and self.side[seat] == 0)

    def _marriage(self, card: int) -> None:
        p = self.to_move
        s = card // 5
        points = 40 if s == self.trump else 20
        self.marriages = self.marriages + (Marriage(p, s, points),)
        self.known[p] |= BITS[s * 5 + 2] | BITS[s * 5 + 3]
        sd = self.side[p]
        self.smar[sd] += points
        if self.strk[sd] and self.counted(sd) >= 66:
            kind = self.contract.kind
            if kind == NORMAL and self._race(sd):
                self._finish(sd == 0, "result_caller_66" if sd == 0 else "result_opponents_66")
                return
            if kind == SCHNAPSER and self._takes(p):
                self._finish(True, "result_schnapser_made", contract=self.contract.name)
                return
        self._lead(p, card)

    def _finish(self, declarer_won: bool, code: str, **params) -> None:
        c = self.contract
        if c.kind == NORMAL:
            loser = 1 if declarer_won else 0
            base = points_table(self.counted(loser), self.strk[loser] > 0)
        else:
            base = c.value
        self.result = MultiResult(
            self.GAME,
            c.name,
            self.declarer,
            declarer_won,
            base,
            self.doubles,
            self._written(declarer_won, base << self.doubles),
            Reason(code, **params),
            (self.counted(0), self.counted(1)),
            (self.strk[0], self.strk[1]),
        )
        self.phase = OVER
        self.queue = ()
