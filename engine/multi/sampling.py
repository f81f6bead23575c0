"""Dealing the cards a seat cannot see: :func:`sample_hidden` returns a full game state
consistent with a :class:`~engine.multi.view.MultiView`, **uniformly** among all
such deals (for search and for the tests that views leak nothing).

The unseen cards go to *holders*: each other hand (its known cards stay; cards the
player is known to lack are not allowed), every face-down pile (the caller's cards before
the call, in Talonschnapsen the cards still to be dealt, the talon, the cards laid away
when this seat did not lay them). Holders that allow the same cards are merged (a uniform
deal to the merged holder, split uniformly, is uniform). A small dynamic programme counts
the deals of the remaining cards for each remaining capacity; each card then goes to a
holder with probability proportional to the number of deals that follow. The counts
depend only on the view, so a :class:`Sampler` is built once per view and reused.
"""

from __future__ import annotations

import random

from .phases import CUT_PHASE

FULL = (1 << 20) - 1


class Sampler:
    """Uniform deals of the hidden cards of one view (``sample(rng)`` -> state)."""

    def __init__(self, view):
        self.view = view
        s = view._s
        self.unseen = view.unseen_mask()
        self.cards = [c for c in range(20) if self.unseen >> c & 1]
        slots = []  # (kind, index, size, allowed)
        for q in range(s.N):
            if q != view.seat:
                need = view.hand_sizes[q] - s.hand[q].bit_count()
                if need:
                    slots.append(("hand", q, need, FULL & ~s.excl[q]))
        for q in range(s.N):
            if view.later_sizes[q]:
                slots.append(("later", q, view.later_sizes[q], FULL))
        if view.talon_size:
            slots.append(("talon", 0, view.talon_size, FULL))
        if view.discard_size > s.discard.bit_count():
            slots.append(("discard", 0, view.discard_size - s.discard.bit_count(), FULL))
        if view.undealt:
            slots.append(("deck", 0, 20, FULL))
        self.slots = slots
        if sum(x[2] for x in slots) != len(self.cards):
            raise ValueError("the view is inconsistent: the hidden cards do not fit the sizes")
        groups: dict[int, list[int]] = {}
        for i, (_, _, _, allowed) in enumerate(slots):
            groups.setdefault(allowed & self.unseen, []).append(i)
        self.groups = list(groups.items())  # (allowed, [slot indices])
        self.caps0 = tuple(sum(slots[i][2] for i in members) for _, members in self.groups)
        self.allowed = [a for a, _ in self.groups]
        self.memo: dict = {}
        if self._count(0, self.caps0) == 0:
            raise ValueError("the view is inconsistent: no deal fits it")

    def _count(self, i: int, caps: tuple[int, ...]) -> int:
        if i == len(self.cards):
            return 1
        key = (i, caps)
        got = self.memo.get(key)
        if got is not None:
            return got
        c = self.cards[i]
        total = 0
        for g, cap in enumerate(caps):
            if cap and self.allowed[g] >> c & 1:
                total += self._count(i + 1, caps[:g] + (cap - 1,) + caps[g + 1 :])
        self.memo[key] = total
        return total

    def sample(self, rng: random.Random):
        """A full state consistent with the view."""
        caps = self.caps0
        got: list[list[int]] = [[] for _ in self.groups]
        for i, c in enumerate(self.cards):
            total = self._count(i, caps)
            r = rng.randrange(total) if total > 1 else 0
            for g, cap in enumerate(caps):
                if cap and self.allowed[g] >> c & 1:
                    nxt = caps[:g] + (cap - 1,) + caps[g + 1 :]
                    w = self._count(i + 1, nxt)
                    if r < w:
                        got[g].append(c)
                        caps = nxt
                        break
                    r -= w
        view = self.view
        s = view._s.copy()
        s.later = [()] * s.N
        for (_, members), cards in zip(self.groups, got, strict=True):
            rng.shuffle(cards)
            pos = 0
            for i in members:
                kind, q, size, _ = self.slots[i]
                part = cards[pos : pos + size]
                pos += size
                m = 0
                for c in part:
                    m |= 1 << c
                if kind == "hand":
                    s.hand[q] |= m
                elif kind == "later":
                    s.later[q] = tuple(part)
                elif kind == "talon":
                    s.talon = m
                elif kind == "discard":
                    s.discard |= m
                else:
                    s.order = tuple(part)
        if view.undealt:
            assert s.phase == CUT_PHASE
        return s


def sample_hidden(view, rng: random.Random):
    """A full game state consistent with ``view``, uniformly among all such deals
    (the view caches its :class:`Sampler`)."""
    sampler = view._sampler
    if sampler is None:
        sampler = Sampler(view)
        view._sampler = sampler
    return sampler.sample(rng)
