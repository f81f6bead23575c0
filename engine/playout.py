"""The lean playout path: play a game to its end with random moves, fast.

:func:`random_playout` plays exactly the moves :class:`engine.bots.RandomBot` would
choose with the same ``rng`` (tests check this move for move), but on local integers
instead of through ``legal_actions()``/``apply()``; it is what search (PIMC) and the
benchmark use. The policy: declare 66 whenever that is right (with ``declare:K?`` when a
marriage brings the player to 66, under manual declaring); otherwise pick uniformly among
the other legal actions in ``legal_actions()`` order, ``acts[int(rng.random() * n)]``,
drawing no random number when there is only one.
"""

from __future__ import annotations

from .cards import CARD_POINTS, SUIT_MASKS
from .game import STRONGER, GameResult, GameState

_IDX: dict[int, tuple[int, ...]] = {}


def _idx(mask: int) -> tuple[int, ...]:
    got = tuple(i for i in range(20) if mask >> i & 1)
    if len(_IDX) < 1 << 17:
        _IDX[mask] = got
    return got


# Bits s*5+2 (the kings): h & (h >> 1) & KINGS has the king bit set for each marriage.
KINGS = sum(1 << (s * 5 + 2) for s in range(4))
_MSUITS = {}
for _m in range(1 << 4):
    _MSUITS[sum(1 << (s * 5 + 2) for s in range(4) if _m >> s & 1)] = tuple(
        s for s in range(4) if _m >> s & 1
    )


def random_playout(state: GameState, rng) -> GameResult:
    """Play ``state`` to the end with the random policy; ``state`` is not changed."""
    if state.result is not None:
        return state.result
    rules = state.rules
    auto = rules.auto_declare
    ex_limit = 8 if rules.exchange_with_one_talon_card else 7
    ex_first = rules.exchange_before_first_lead
    mar_first = rules.marriage_before_first_trick
    per_marriage = 1 if rules.marriage_lead_king_only else 2
    rnd = rng.random
    idx = _IDX
    pts_of = CARD_POINTS
    stronger = STRONGER
    suit_masks = SUIT_MASKS
    hand = state.hand[:]
    won = state.won[:]
    pts = state.pts[:]
    mar = state.mar[:]
    talon = state.talon
    pos = state.pos
    trump = state.trump
    tc = state.trump_card
    closed = state.closed_by
    cop = state.close_opp_pts
    cot = state.close_opp_trick
    p = state.to_move
    lead = state.lead
    leader = state.leader
    first = state.first_lead_done
    jack = trump * 5 + 4
    jackbit = 1 << jack
    tmask = suit_masks[trump]
    declarer = -1
    last_winner = -1
    while True:
        if lead < 0:
            h = hand[p]
            wp = won[p]
            kq = h & (h >> 1) & KINGS if (wp or mar_first) else 0
            if not auto and wp:
                sc = pts[p] + mar[p]
                if sc >= 66:
                    declarer = p
                    break
                if kq:
                    hit = -1
                    for s in _MSUITS[kq]:
                        if sc + (40 if s == trump else 20) >= 66:
                            hit = s
                            break
                    if hit >= 0:
                        mar[p] += 40 if hit == trump else 20
                        declarer = p
                        break
            n_ex = (
                1 if (closed < 0 and pos <= ex_limit and h & jackbit and (first or ex_first)) else 0
            )
            n_cl = 1 if (closed < 0 and pos <= 7) else 0
            msuits = _MSUITS[kq] if kq else ()
            n_mar = len(msuits) * per_marriage
            plays = idx.get(h) or _idx(h)
            n = n_ex + n_cl + n_mar + len(plays)
            k = int(rnd() * n) if n > 1 else 0
            if k < n_ex:
                hand[p] = h ^ jackbit ^ (1 << tc)
                tc = jack
                continue
            k -= n_ex
            if k < n_cl:
                o = 1 - p
                closed = p
                cop = pts[o] + (mar[o] if won[o] else 0)
                cot = won[o] != 0
                continue
            k -= n_cl
            if k < n_mar:
                s = msuits[k // per_marriage]
                c = s * 5 + 2 + k % per_marriage
                mar[p] += 40 if s == trump else 20
                if auto and wp and pts[p] + mar[p] >= 66:
                    declarer = p
                    break
            else:
                c = plays[k - n_mar]
            hand[p] = h ^ (1 << c)
            lead = c
            leader = p
            first = True
            p = 1 - p
            continue
        # follow
        h = hand[p]
        strict = closed >= 0 or pos >= 9
        if strict:
            same = h & suit_masks[lead // 5]
            if same:
                fm = (same & stronger[lead]) or same
            else:
                fm = (h & tmask) or h
        else:
            fm = h
        plays = idx.get(fm) or _idx(fm)
        n = len(plays)
        c = plays[int(rnd() * n)] if n > 1 else plays[0]
        h ^= 1 << c
        hand[p] = h
        if c // 5 == lead // 5:
            w = p if c < lead else leader
        else:
            w = p if c // 5 == trump else leader
        pts[w] += pts_of[lead] + pts_of[c]
        won[w] |= (1 << lead) | (1 << c)
        lead = -1
        p = leader = w
        if not strict:
            hand[w] |= 1 << talon[pos]
            if pos == 8:
                hand[1 - w] |= 1 << tc
                tc = -1
                pos = 9
            else:
                hand[1 - w] |= 1 << talon[pos + 1]
                pos += 2
        if auto and pts[w] + mar[w] >= 66:
            declarer = w
            break
        if not h and not hand[w]:
            last_winner = w
            break
    s = GameState.__new__(GameState)
    s.rules = rules
    s.won = won
    s.pts = pts
    s.mar = mar
    s.closed_by = closed
    s.close_opp_pts = cop
    s.close_opp_trick = cot
    s.result = None
    s.past = ()  # the result alone is wanted
    if declarer >= 0:
        s._declare(declarer)
    else:
        s._end_by_last_trick(last_winner)
    return s.result
