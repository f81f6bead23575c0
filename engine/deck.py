"""Shuffling and cutting the deck (reference 002 "Abheben"), for every game of the
family: a uniform permutation of the 20 cards from a seeded ``random.Random``, then a
cut with at least 3 cards on each side. The same seed always gives the same deck, so
every deal can be replayed and audited.
"""

from __future__ import annotations

import random

from .cards import ALL_CARDS, Card

_RANGE20 = range(20)


def shuffled_order(rng: random.Random) -> list[int]:
    """The card indices of a shuffled and cut deck, top card first."""
    rnd = rng.random
    order = sorted(_RANGE20, key=lambda _: rnd())  # 20 random keys: a uniform permutation
    cut = 3 + int(rnd() * 15)
    return order[cut:] + order[:cut]


def shuffled_deck(seed=None, rng: random.Random | None = None) -> list[Card]:
    """Shuffle the deck with ``random.Random(seed)`` (or the given ``rng``) and cut it (at
    least 3 cards each side, reference 002 "Abheben"). Top card first."""
    if rng is None:
        rng = random.Random(seed)
    return [ALL_CARDS[i] for i in shuffled_order(rng)]
