"""Dealing the cards a player cannot see: :func:`sample_hidden` returns a full
:class:`GameState` consistent with a :class:`PlayerView`, uniformly among all such deals,
for search (PIMC) and for tests that views leak nothing."""

from __future__ import annotations

import random

from .game import GameState
from .view import PlayerView


def sample_hidden(view: PlayerView, rng: random.Random) -> GameState:
    """A full game state consistent with ``view``: the opponent's unknown cards and the
    talon order are dealt at random, uniformly over all consistent deals (known opponent
    cards stay with him, cards he is known not to hold go to the talon)."""
    p = view.player
    o = 1 - p
    unseen = view.unseen_mask()
    need = view.opponent_hand_size - view.opponent_known_mask.bit_count()
    candidates = [
        c for c in range(20) if unseen >> c & 1 and not view.opponent_excluded_mask >> c & 1
    ]
    if need < 0 or need > len(candidates):
        raise ValueError("the view is inconsistent: no deal fits it")
    chosen = rng.sample(candidates, need)
    opp = view.opponent_known_mask
    for c in chosen:
        opp |= 1 << c
    rest = [c for c in range(20) if unseen >> c & 1 and not opp >> c & 1]
    rng.shuffle(rest)
    if len(rest) != view.talon_size:
        raise ValueError("the view is inconsistent: the talon size does not fit")
    s = GameState.__new__(GameState)
    s.rules = view.rules
    s.order = None
    s.dealer = view.dealer
    hand = [0, 0]
    hand[p] = view.hand_mask
    hand[o] = opp
    s.hand = hand
    s.won = list(view.won_masks)
    s.pts = list(view.card_points_)
    s.mar = list(view.marriage_points)
    known = [0, 0]
    known[p] = view.own_known_mask
    known[o] = view.opponent_known_mask
    s.known = known
    excl = [0, 0]
    excl[p] = view.own_excluded_mask
    excl[o] = view.opponent_excluded_mask
    s.excl = excl
    pos = 9 - view.talon_size
    s.talon = (-1,) * pos + tuple(rest)
    s.pos = pos
    s.trump = view.trump
    s.trump_card = view.trump_card_index
    s.closed_by = view.closed_by
    s.close_opp_pts = view.close_opp_pts
    s.close_opp_trick = view.close_opp_trick
    s.to_move = view.to_move
    s.lead = view.lead_index
    s.leader = view.leader
    s.first_lead_done = view.first_lead_done
    s.marriages = view.marriages
    s.result = view.result
    s.last_trick = view.last_trick
    s.tricks = view.tricks
    s.past = view.past
    return s
