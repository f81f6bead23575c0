"""Two tricks deep while the talon is open, the bot's second move chosen over the samples.

PIMC searched two tricks deep lost against one trick (README): in every sample both
players knew what the first trick would draw, and the bot chose its second move knowing
the opponent's hand. Here the first trick draws nothing (:attr:`.search.Search.skip_draws`:
the draws stay unknown, as to the players; the horizon's estimate counts them), so the
second trick is played with the cards in hand, and the bot's move in it is one move for
every sample: what it knows then is its hand and the first trick, the same in all of
them (an information set; the opponent's hand is what the samples differ in). The
opponent still answers per sample (he knows his hand), as PIMC models him.

:func:`tables` searches one sample: for each first trick (the bot's action and the
opponent's card) the values of the second trick, by who leads it; :func:`values` joins
the tables of all samples into the value of each action: the bot's second move is the
one best summed over the samples that reach it, the opponent's choices are his best (his
reply to the bot's lead in the first trick blended with his mean reply by ``softness``,
as :func:`.pimc.soft_follow_value`). The tables are signed for player 0, the joined
values are the bot's.
"""

from __future__ import annotations

from ..actions import MARRIAGE, PLAY
from .search import CLOSE, DECLARE, EXCHANGE, position_of
from .search import MARRIAGE as S_MARRIAGE


def _second_leads(search, Q):
    """The second trick's lead moves (exchanging and closing left out: the trump card
    is exchanged at once by ``strong``, and a close is judged at the root)."""
    return [m for m in search.lead_moves(Q) if m[0] not in (EXCHANGE, CLOSE)]


def _after_lead(search, Q, move):
    """(position with the led card still in hand, card led, value if the game ended)."""
    kind, card = move
    if kind == S_MARRIAGE:
        R, v = search.announce(Q, card - card % 5 + 2)
        return R, card, v
    if kind == DECLARE:
        return Q, -1, search.after_lead_move(Q, move)[1]
    return Q, card, None


def _second(search, Q, me):
    """The second trick from ``Q`` (the first trick played, nothing drawn): ("me",
    {my lead: value with his best reply}) or ("him", {his lead: {my card: value}})."""
    leads = _second_leads(search, Q)
    search.nodes += 1
    if Q[14] == me:
        out = {}
        for m in leads:
            R, card, v = _after_lead(search, Q, m)
            if v is None:
                v = search.follow_value(R, card, 1)
                search.nodes += len(search.follow_cards(R, card))  # the estimates
            out[m] = v
        return ("me", out)
    out = {}
    for m in leads:
        R, card, v = _after_lead(search, Q, m)
        if v is not None:
            out[m] = {None: v}
            continue
        out[m] = {}
        for c in search.follow_cards(R, card):
            search.nodes += 1
            out[m][c] = search.blind_estimate(R, card, c)
    return ("him", out)


def tables(search, state, acts, me: int) -> dict:
    """One sample's tables: ``{action: {his card or None: value or second trick}}``
    (None: the bot follows, so the first trick has no reply of his)."""
    P = position_of(state)
    out = {}
    if state.lead >= 0:  # the bot follows: the first trick is its card
        L = list(P)
        L[state.leader] |= 1 << state.lead
        P = tuple(L)
        for a in acts:
            Q, v = search.trick(P, state.lead, a.card)
            out[a] = {None: v if v is not None else _second(search, Q, me)}
        return out
    for a in acts:
        R = P
        if a.kind == MARRIAGE:
            R, v = search.announce(P, a.card - a.card % 5 + 2)
            if v is not None:
                out[a] = {None: v}
                continue
        elif a.kind != PLAY:
            raise ValueError(f"two tricks deep values plays and marriages, not {a}")
        row = {}
        for c in search.follow_cards(R, a.card):
            search.nodes += 1
            Q, v = search.trick(R, a.card, c)
            row[c] = v if v is not None else _second(search, Q, me)
        out[a] = row
    return out


def values(samples: list[dict], acts, me: int, softness: float) -> dict:
    """The mean value of each action for the bot (``me``) over the samples' tables."""
    sign = 1 if me == 0 else -1
    n = len(samples)
    out = {}
    for a in acts:
        replies = {}  # his first-trick card -> [(sample, second trick or value)]
        for i, t in enumerate(samples):
            for c, x in t[a].items():
                replies.setdefault(c, []).append((i, x))
        per_sample = [dict() for _ in range(n)]  # sample -> {his card: value for me}
        for c, got in replies.items():
            for i, v in _joined(got, sign):
                per_sample[i][c] = v
        total = 0.0
        for row in per_sample:
            vals = list(row.values())
            if None in row or len(vals) == 1:
                total += vals[0]
                continue
            worst = min(vals)
            total += (1 - softness) * worst + softness * sum(vals) / len(vals)
        out[a] = total / n
    return out


def _joined(got, sign):
    """For one first trick, the value for the bot in each sample that reaches it, with
    its second move chosen once for all of them."""
    out = []
    seconds = [(i, x) for i, x in got if isinstance(x, tuple)]
    for i, x in got:
        if not isinstance(x, tuple):
            out.append((i, sign * x))
    if not seconds:
        return out
    who = seconds[0][1][0]
    if who == "me":  # the bot leads: one lead for all the samples here
        sums: dict = {}
        for _, (_, vals) in seconds:
            for m, v in vals.items():
                sums[m] = sums.get(m, 0.0) + sign * v
        best = max(sums, key=sums.get)
        out += [(i, sign * vals[best]) for i, (_, vals) in seconds]
        return out
    # he leads: for each of his leads, one card of the bot's for all the samples where
    # he can lead it; in each sample he leads what is worst for the bot
    sums = {}
    for _, (_, leads) in seconds:
        for m, row in leads.items():
            s = sums.setdefault(m, {})
            for c, v in row.items():
                s[c] = s.get(c, 0.0) + sign * v
    mine = {m: max(s, key=s.get) for m, s in sums.items()}
    for i, (_, leads) in seconds:
        out.append((i, min(sign * row[mine[m]] for m, row in leads.items())))
    return out
