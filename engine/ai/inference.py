"""Inference from the opponent's play: how likely is a sampled hand, given what he did?

``sample_hidden`` deals the unseen cards uniformly among the deals consistent with the
rules (marriages shown, the exchanged trump, suits he could not follow). But a player
who leads without exchanging the trump jack most likely does not hold it ("whenever
your opponent fails to exchange the trump when on lead, it is most likely that the
trump jack is still in the stock", M. Tompa, The Schnapsen Log), and one who leads
without announcing a marriage most likely holds none (he would score 20 or 40 for
nothing); one who lets an ace or a ten go while he could take it probably could not.
:func:`evidence` reads these observations off a :class:`~engine.view.PlayerView`:
every decision of the opponent the game has shown, from the view's ``past`` (each
finished trick with the talon, the face-up trump card and the closing as they were)
and the card he has just led; ``recall`` limits it to the last tricks (1: the card on
the table and the last trick only, as before this was built). :func:`likelihood` gives
the probability of the observations for one sampled hand of the opponent. The bot
keeps a sample with that probability (rejection sampling), so the kept samples follow
the posterior.

Only public information is used: the view, and the sampled hand being judged. The
opponent's hand at an earlier decision is his hand now, plus the cards he has played
since, minus the cards he drew since. Which cards those were is not known: the cards
known to be older stay (the card he played then, a marriage announced by then, the
trump card taken by an exchange made by then), the ones known to be newer go (the
face-up trump card he drew with the last talon card, the trump card taken by a later
exchange), and the other draws are equally likely any of the rest. Each observation's
probability is its expectation over those draws, the observations of one decision and
the decisions taken as independent (exact when he has drawn nothing since).

The probabilities (how often a player leaves the chance out, :class:`Tendencies`) are
assumptions about reasonable players: ``MISSED_EXCHANGE`` 0.1, ``MISSED_MARRIAGE`` 0.15
(0.03 when he led the king or queen of that very marriage without announcing it, 0.5
when he announced another one with that lead), ``LET_GO`` 0.35. Measured in play
(``bench/tendencies.py``) our own bots leave the exchange out more often (0.3 to 0.4),
a marriage about as often (0.2 to 0.25) and let an ace or ten go far less (0.05);
RdeepBot 0.64, 0.35 and 0.03. Neither set paid over the other on 1,000 deals (README,
"How strong is the computer"), so the assumed ones stay the default.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from ..cards import CARD_POINTS, SUIT_MASKS
from ..game import STRONGER
from ..view import PlayerView

MISSED_EXCHANGE = 0.1
MISSED_MARRIAGE = 0.15
BROKEN_MARRIAGE = 0.03
OTHER_MARRIAGE = 0.5
LET_GO = 0.35


@dataclass(frozen=True)
class Tendencies:
    """How often a player leaves a chance out (the probabilities :func:`likelihood`
    weighs a hand by): leads without exchanging the jack he holds, without announcing
    a marriage he holds (``broken_marriage`` when he leads its king or queen instead,
    ``other_marriage`` when he announces another one), lets an ace or ten go that he
    could take."""

    missed_exchange: float = MISSED_EXCHANGE
    missed_marriage: float = MISSED_MARRIAGE
    broken_marriage: float = BROKEN_MARRIAGE
    other_marriage: float = OTHER_MARRIAGE
    let_go: float = LET_GO


DEFAULT = Tendencies()
ALL_TRICKS = 10  # ``recall`` that reads the whole game

# _STAY[m][r][k]: the chance that k given cards among m equally likely candidates all
# stay when r of the m were drawn since (C(m - k, r) / C(m, r)).
_STAY = [
    [[comb(m - k, r) / comb(m, r) if k <= m else 0.0 for k in range(11)] for r in range(m + 1)]
    for m in range(21)
]


@dataclass(frozen=True)
class Decision:
    """One decision of the opponent, as far as the view tells it.

    ``kind``: ``"lead"`` or ``"follow"``; ``card`` the card he played. His hand then was
    (his hand now | ``plus``: the cards he played since, and the jack if he exchanged
    since) less ``draws`` cards drawn since, none of them in ``old`` (cards he surely
    held then), and without the cards of ``new`` (cards surely come to him since, by a
    draw or an exchange; ``new_draws`` of them were drawn from the talon, part of
    ``draws``). For a lead ``exchange`` whether exchanging would have been legal with
    the jack, ``marriage`` whether announcing was legal, ``announced`` the suit
    announced with it (or -1); for a follow ``lead`` the card led and ``strict``
    whether the strict phase held."""

    kind: str
    card: int
    plus: int
    draws: int
    exchange: bool = False
    marriage: bool = False
    announced: int = -1
    lead: int = -1
    strict: bool = False
    old: int = 0
    new: int = 0
    new_draws: int = 0


def _exchange_was_legal(rules, trump: int, trump_card: int, talon: int, first: bool) -> bool:
    if trump_card < 0 or trump_card == trump * 5 + 4:
        return False
    limit = 1 if rules.exchange_with_one_talon_card else 2
    return talon >= limit and (first or rules.exchange_before_first_lead)


def _announced_with(view: PlayerView, o: int, card: int) -> int:
    """The suit announced with the lead of ``card`` (a king or queen whose marriage the
    opponent has announced), else -1."""
    suit = card // 5
    if card % 5 in (2, 3) and any(m.player == o and m.suit == suit for m in view.marriages):
        return suit
    return -1


def evidence(view: PlayerView, recall: int = ALL_TRICKS) -> list[Decision]:
    """The opponent's decisions the game has shown: his lead of the card on the table
    (if he led it) and his lead or follow in each finished trick, the last ``recall``
    tricks (all by default)."""
    o = 1 - view.player
    rules = view.rules
    trump = view.trump
    jack = trump * 5 + 4
    past = view.past
    n = len(past)
    on_table = view.lead_index if view.lead_index >= 0 and view.leader == o else -1

    # The situation at each trick index 0..n (n: the trick being played now).
    talon = [t.talon for t in past] + [view.talon_size]
    face_up = [t.trump_card for t in past] + [view.trump_card_index]
    closed = [t.closed_by for t in past] + [view.closed_by]
    his = [t.lead if t.leader == o else t.follow for t in past]  # his card in each trick
    # He drew after trick k if the talon was open then; the loser of the trick with
    # one face-down card left drew the face-up trump card (known).
    drew = [t.closed_by < 0 and t.talon > 0 for t in past]
    drawn_trump = [t.talon == 1 and t.closed_by < 0 and t.winner != o for t in past]
    # Exchanges: the face-up card turned into the jack at trick e; whoever leads e took
    # the card face-up at e - 1 (if that trick is known).
    exchanges = []  # (trick index, card taken, by him)
    for e in range(1, n + 1):
        if face_up[e] == jack and face_up[e - 1] not in (jack, -1):
            leader = past[e].leader if e < n else view.leader
            exchanges.append((e, face_up[e - 1], leader == o))
    # His marriages by the trick they were announced with.
    announced_at = {}
    for k, t in enumerate(past):
        if t.leader == o:
            s = _announced_with(view, o, t.lead)
            if s >= 0:
                announced_at[k] = s
    if on_table >= 0 and _announced_with(view, o, on_table) >= 0:
        announced_at[n] = on_table // 5
    won_before = [False] * (n + 1)
    for k in range(1, n + 1):
        won_before[k] = won_before[k - 1] or past[k - 1].winner == o
    closed_at = next((k for k in range(n + 1) if closed[k] >= 0), -1)
    # A view may hold fewer tricks than were played (made without the history): then
    # only the card on the table and the tricks it holds are read.
    offset = view.tricks - n

    def just_closed(i: int) -> bool:
        """He closed with the lead at trick i: before closing, exchanging was possible."""
        if closed[i] != o:
            return False
        if offset == 0:
            return closed_at == i
        return i == n and view.hand_mask.bit_count() == 5

    def situation(i: int, card: int) -> dict:
        plus = 1 << card
        for k in range(i + 1, n):
            plus |= 1 << his[k]
        if on_table >= 0 and i < n:
            plus |= 1 << on_table
        draws = sum(drew[i:n])
        old = 1 << card
        new = 0
        new_draws = 0
        jack_back = False  # he drew back the jack he exchanged since
        for k in range(n):
            if drawn_trump[k]:
                if k >= i:
                    new |= 1 << past[k].trump_card
                    new_draws += 1
                    jack_back = past[k].trump_card == jack
                else:
                    old |= 1 << past[k].trump_card
        for e, taken, by_him in exchanges:
            if by_him:
                if e > i:  # the card taken came since, the jack left his hand since
                    new |= 1 << taken
                    if jack_back:  # ... and came back: as if it never left
                        new &= ~(1 << jack)
                    else:
                        plus |= 1 << jack
                else:
                    old |= 1 << taken
        for k, s in announced_at.items():
            if k <= i:
                old |= (1 << (s * 5 + 2)) | (1 << (s * 5 + 3))
        return dict(plus=plus, draws=draws, old=old & ~new, new=new, new_draws=new_draws)

    first = max(0, n - recall)
    out: list[Decision] = []
    for i in range(first, n + 1):
        if i == n:
            if on_table < 0:
                break
            kind, card, lead = "lead", on_table, -1
        else:
            t = past[i]
            kind = "lead" if t.leader == o else "follow"
            card, lead = his[i], t.lead
        sit = situation(i, card)
        if kind == "lead":
            open_then = closed[i] < 0 or just_closed(i)
            out.append(
                Decision(
                    "lead",
                    card,
                    exchange=open_then
                    and _exchange_was_legal(rules, trump, face_up[i], talon[i], i + offset > 0),
                    marriage=won_before[i] or rules.marriage_before_first_trick,
                    announced=_announced_with(view, o, card),
                    **sit,
                )
            )
        else:
            strict = closed[i] >= 0 or talon[i] == 0
            out.append(Decision("follow", card, lead=lead, strict=strict, **sit))
    return out


def _held(d: Decision, pool: int, free: int, m: int, r: int, cards: int) -> float:
    """The chance that he held all of ``cards`` at decision ``d``."""
    if cards & ~pool or cards & d.new:
        return 0.0
    return _STAY[m][r][(cards & free).bit_count()]


def _decision_likelihood(
    d: Decision, hand: int, trump: int, jack_unseen: bool, t: Tendencies = DEFAULT
) -> float:
    pool = hand | d.plus
    free = pool & ~d.old & ~d.new
    m = free.bit_count()
    r = min(max(d.draws - d.new_draws, 0), m)
    if d.kind == "lead":
        p = 1.0
        jack = trump * 5 + 4
        if d.exchange and jack_unseen and d.card != jack:
            p *= 1.0 - _held(d, pool, free, m, r, 1 << jack) * (1.0 - t.missed_exchange)
        if d.marriage:
            for s in range(4):
                if s == d.announced:
                    continue
                k, q = s * 5 + 2, s * 5 + 3
                both = _held(d, pool, free, m, r, (1 << k) | (1 << q))
                if not both:
                    continue
                if d.card in (k, q):
                    miss = t.broken_marriage
                elif d.announced >= 0:
                    miss = t.other_marriage
                else:
                    miss = t.missed_marriage
                p *= 1.0 - both * (1.0 - miss)
        return p
    # A follow in the open phase that let an ace or ten go although he could take it.
    lead = d.lead
    if d.strict or CARD_POINTS[lead] < 10:
        return 1.0
    card = d.card
    won = (card // 5 == lead // 5 and card < lead) or (card // 5 == trump and lead // 5 != trump)
    if won:
        return 1.0
    winners = pool & STRONGER[lead]
    if lead // 5 != trump:
        winners |= pool & SUIT_MASKS[trump]
    winners &= ~d.new
    if not winners:
        return 1.0
    if winners & ~free:
        could = 1.0  # a winner he surely held then
    else:
        w = winners.bit_count()
        # all of them drawn since: C(m - w, r - w) / C(m, r) = stay-probability of the rest
        could = 1.0 - (comb(m - w, r - w) / comb(m, r) if r >= w else 0.0)
    return 1.0 - could * (1.0 - t.let_go)


def likelihood(
    view: PlayerView, decisions, opponent_hand: int, tendencies: Tendencies = DEFAULT
) -> float:
    """The probability of the opponent's ``decisions`` (from :func:`evidence`) if he
    holds ``opponent_hand`` now (a sampled hand; nothing else hidden is used), for a
    player of these ``tendencies``."""
    if not decisions:
        return 1.0
    trump = view.trump
    jack = trump * 5 + 4
    # The jack was unseen by the player if it is not in his hand or tricks now and is
    # not the face-up trump (a jack taken back from a trick cannot happen).
    jack_unseen = not (
        (view.hand_mask | view.won_masks[0] | view.won_masks[1]) >> jack & 1
        or view.trump_card_index == jack
    )
    p = 1.0
    for d in decisions:
        p *= _decision_likelihood(d, opponent_hand, trump, jack_unseen, tendencies)
    return p
