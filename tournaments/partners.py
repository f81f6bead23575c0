"""The partner draw of a team tournament whose players register alone (pure logic, no
Django): the registrations, in the order of their numbers, are shuffled by a seeded lot
and paired off, first with second, third with fourth, ... The same registrations and
seed always give the same teams, so a stored seed replays the draw."""

from __future__ import annotations

import random
from collections.abc import Sequence


class PartnerDrawError(ValueError):
    def __init__(self, message: str, code: str, **params):
        super().__init__(message)
        self.code = code
        self.params = params


def draw_partners(registrations: Sequence[int], seed: int) -> list[tuple[int, int]]:
    """Pairs of registrations (any distinct whole-number keys, e.g. entry numbers).

    The order the registrations are given in does not matter (they are sorted first).
    An odd number, a repeated key or fewer than two are refused."""
    keys = sorted(registrations)
    if len(set(keys)) != len(keys):
        raise PartnerDrawError("a registration is listed twice", "duplicate")
    if len(keys) < 2:
        raise PartnerDrawError("at least two players are needed", "too_few", count=len(keys))
    if len(keys) % 2:
        raise PartnerDrawError("an odd number of players", "odd", count=len(keys))
    order = list(keys)
    random.Random(seed).shuffle(order)
    return [(order[i], order[i + 1]) for i in range(0, len(order), 2)]
