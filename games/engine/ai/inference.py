"""Inference from the opponent's play: how likely is a sampled hand, given what he did?

``sample_hidden`` deals the unseen cards uniformly among the deals consistent with the
rules (marriages shown, the exchanged trump, suits he could not follow). But a player
who leads without exchanging the trump jack most likely does not hold it ("whenever
your opponent fails to exchange the trump when on lead, it is most likely that the
trump jack is still in the stock", M. Tompa, The Schnapsen Log), and one who leads
without announcing a marriage most likely holds none (he would score 20 or 40 for
nothing); one who lets an ace or a ten go while he could take it probably could not.
:func:`evidence` reads these observations off a :class:`~games.engine.view.PlayerView`
(the bot is made anew for every move, so only what the view holds: the card the
opponent has just led and the last trick) and :func:`likelihood` gives the probability
of the observations for one sampled hand of the opponent. The bot keeps a sample with
that probability (rejection sampling), so the kept samples follow the posterior.

Only public information is used: the view, and the sampled hand being judged. The
opponent's hand at an earlier decision is his hand now, plus the cards he has played
since, minus the card he drew since (unknown: every candidate counts equally).

The probabilities (how often a player leaves the chance out) are assumptions about
reasonable players, not fitted: ``MISSED_EXCHANGE`` 0.1, ``MISSED_MARRIAGE`` 0.15 (0.03
when he led the king or queen of that very marriage without announcing it, 0.5 when
he announced another one with that lead), ``LET_GO`` 0.35.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import CARD_POINTS, SUIT_MASKS
from ..game import STRONGER
from ..view import PlayerView

MISSED_EXCHANGE = 0.1
MISSED_MARRIAGE = 0.15
BROKEN_MARRIAGE = 0.03
OTHER_MARRIAGE = 0.5
LET_GO = 0.35


@dataclass(frozen=True)
class Decision:
    """One decision of the opponent, as far as the view tells it.

    ``plus``: the cards that were in his hand then but are not now (played since);
    ``drawn``: cards he may have drawn since (each equally likely the one drawn, if
    ``draws`` is 1); ``kind``: ``"lead"`` or ``"follow"``; for a lead ``card`` led,
    ``exchange`` whether exchanging would have been legal with the jack, ``marriage``
    whether announcing was legal, ``announced`` the suit announced with it (or -1); for a
    follow ``card`` played on ``lead`` and ``beaten`` whether it won the trick."""

    kind: str
    card: int
    plus: int
    draws: int
    exchange: bool = False
    marriage: bool = False
    announced: int = -1
    lead: int = -1
    strict: bool = False


def _exchange_was_legal(view: PlayerView, talon_size: int, first_lead_done: bool) -> bool:
    rules = view.rules
    if view.trump_card_index < 0 or view.trump_card_index == view.trump * 5 + 4:
        return False
    limit = 1 if rules.exchange_with_one_talon_card else 2
    return talon_size >= limit and (first_lead_done or rules.exchange_before_first_lead)


def _announced_with(view: PlayerView, o: int, card: int) -> int:
    """The suit announced with the lead of ``card`` (a king or queen whose marriage the
    opponent has announced), else -1."""
    suit = card // 5
    if card % 5 in (2, 3) and any(m.player == o and m.suit == suit for m in view.marriages):
        return suit
    return -1


def evidence(view: PlayerView) -> list[Decision]:
    """The opponent's decisions the view still shows: his lead of the card on the
    table (if he led it) and the last finished trick (his lead or his follow)."""
    o = 1 - view.player
    rules = view.rules
    out: list[Decision] = []
    on_table = view.lead_index if view.lead_index >= 0 and view.leader == o else -1
    # he closed with this very lead: before closing, exchanging was still possible
    just_closed = view.closed_by == o and view.hand_mask.bit_count() == 5 and on_table >= 0
    if on_table >= 0:
        out.append(
            Decision(
                "lead",
                on_table,
                plus=1 << on_table,
                draws=0,
                exchange=(view.closed_by < 0 or just_closed)
                and _exchange_was_legal(view, view.talon_size, view.tricks > 0),
                marriage=bool(view.won_masks[o]) or rules.marriage_before_first_trick,
                announced=_announced_with(view, o, on_table),
            )
        )
    t = view.last_trick
    if t is not None:
        # Did that trick draw cards? Only while the talon was open (it is still, or it
        # was exhausted by that very trick, the fifth).
        drew = view.closed_by < 0 and (view.talon_size > 0 or view.tricks == 5)
        extra = (1 << on_table) if on_table >= 0 else 0
        pair = (1 << int(t.lead)) | (1 << int(t.follow))
        if t.leader == o:
            card = int(t.lead)
            if not drew:
                talon_then = view.talon_size
            else:
                talon_then = view.talon_size + 2 if view.talon_size > 0 else 1
            won_before = view.won_masks[o] & ~pair if t.winner == o else view.won_masks[o]
            out.append(
                Decision(
                    "lead",
                    card,
                    plus=extra | (1 << card),
                    draws=1 if drew else 0,
                    exchange=view.closed_by < 0
                    and _exchange_was_legal(view, talon_then, view.tricks > 1),
                    marriage=bool(won_before) or rules.marriage_before_first_trick,
                    announced=_announced_with(view, o, card),
                )
            )
        else:
            card = int(t.follow)
            strict = view.closed_by >= 0 or (view.talon_size == 0 and not drew)
            out.append(
                Decision(
                    "follow",
                    card,
                    plus=extra | (1 << card),
                    draws=1 if drew else 0,
                    lead=int(t.lead),
                    strict=strict,
                )
            )
    return out


def _decision_likelihood(d: Decision, hand: int, trump: int, jack_unseen: bool) -> float:
    if d.kind == "lead":
        p = 1.0
        jack = trump * 5 + 4
        if d.exchange and jack_unseen and hand >> jack & 1 and d.card != jack:
            p *= MISSED_EXCHANGE
        if d.marriage:
            for s in range(4):
                if s == d.announced:
                    continue
                k, q = s * 5 + 2, s * 5 + 3
                if hand >> k & 1 and hand >> q & 1:
                    if d.card in (k, q):
                        p *= BROKEN_MARRIAGE
                    elif d.announced >= 0:
                        p *= OTHER_MARRIAGE
                    else:
                        p *= MISSED_MARRIAGE
        return p
    # A follow in the open phase that let an ace or ten go although he could take it.
    lead = d.lead
    if d.strict or CARD_POINTS[lead] < 10:
        return 1.0
    card = d.card
    won = (card // 5 == lead // 5 and card < lead) or (card // 5 == trump and lead // 5 != trump)
    if won:
        return 1.0
    winners = hand & STRONGER[lead]
    if lead // 5 != trump:
        winners |= hand & SUIT_MASKS[trump]
    return LET_GO if winners else 1.0


def likelihood(view: PlayerView, decisions, opponent_hand: int) -> float:
    """The probability of the opponent's ``decisions`` (from :func:`evidence`) if he
    holds ``opponent_hand`` now (a sampled hand; nothing else hidden is used)."""
    if not decisions:
        return 1.0
    trump = view.trump
    jack = trump * 5 + 4
    # The jack was unseen by the player then if it is not in his hand or tricks now
    # and was not the face-up trump (a jack taken back from a trick cannot happen).
    jack_unseen = not (
        (view.hand_mask | view.won_masks[0] | view.won_masks[1]) >> jack & 1
        or view.trump_card_index == jack
    )
    known = view.opponent_known_mask
    p = 1.0
    for d in decisions:
        then = opponent_hand | d.plus
        if d.draws:
            # he drew one card since: any of his current cards not known to be old
            # (the trump card drawn by the fifth trick's loser is known: then any card)
            options = [c for c in range(20) if opponent_hand >> c & 1 and not known >> c & 1]
            if view.tricks == 5 and view.closed_by < 0:
                options = [c for c in range(20) if opponent_hand >> c & 1]
            if not options:
                p *= _decision_likelihood(d, then, trump, jack_unseen)
                continue
            p *= sum(
                _decision_likelihood(d, then & ~(1 << c), trump, jack_unseen) for c in options
            ) / len(options)
        else:
            p *= _decision_likelihood(d, then, trump, jack_unseen)
    return p
