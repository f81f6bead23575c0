"""What the others' play tells about their hands, for the Bauernschnapsen and
Talonschnapsen computer players: the two-player inference (:mod:`.inference`) carried
over to three and four players.

The sampler (:mod:`engine.multi.sampling`) deals the hidden cards uniformly among
the deals the rules allow: it already knows every hard fact (a suit not followed, a
trump not played, a trick not headed, the partner card of an announced marriage). What
it cannot know is what a player *chose not to do*. The one such choice that speaks
clearly in these games is a marriage not announced: a king or queen led, in a game in
which marriages count, by a player who announced no marriage in that suit. Had he held
the partner card he would almost always have announced the 20 or 40 with the lead
(004, "Spielablauf": the marriage is announced when its king or queen is led), so a deal
in which he still holds it is kept with probability :data:`UNANNOUNCED` only.

The seat's own leads tell it nothing; a card of the pair played by him before the lead,
or after it, is public and out of his hand in every deal alike. In a Schnapser whose
rules allow the trump forty only early (``schnapser_forty``), a trump king or queen led
after the side's first trick says nothing: the forty was allowed then only if it brought
the 66 at once, and the sampler does not weigh that.

The auction speaks too (:func:`announcement_evidence`, read by ``strong``, not by
``strong_v1``): a player who announced a game (a Bettler, a Schnapser, a Gang) is taken
to hold a hand that makes it, and the caller of trump in Bauernschnapsen at least
:data:`CALLED_LONG` cards of the called suit; his hand at the announcement is his hand
now and the cards he has played since (nothing is read once cards were laid away). How
far a hand is from one the rule-based player would announce with (:func:`misfit`: a
high card in a Bettler hand, a trick short of a Schnapser or a Gang, a card short of the
called suit) multiplies its likelihood by :data:`MISFIT` (0.5) each.

Pure functions of the view and a sampled state; the bot keeps a deal with the
likelihood (rejection sampling, :class:`.multi_pimc.MultiPimcBot`), so its samples
follow the posterior.
"""

from __future__ import annotations

from ..cards import SUIT_MASKS
from ..multi.contracts import ALL_TRICKS, BETTLER, SCHNAPSER
from ..multi.rule_bots import top_tricks
from ..multi.tricks import strength

UNANNOUNCED = 0.1  # a king or queen led without its marriage while the pair was held
KING, QUEEN = 2, 3  # ranks inside a suit's five cards (A, 10, K, Q, J)


def evidence(view) -> list[tuple[int, int]]:
    """``(seat, card)`` for every card that seat is unlikely to hold: the partner of a
    king or queen he led without announcing the marriage."""
    contract = view.contract
    if contract is None or not contract.marriages:
        return []
    announced = {(m.seat, m.suit) for m in view.marriages}
    history = view.history
    leads = [(t.leader, t.cards[0][1], i) for i, t in enumerate(history)]
    if view.trick:
        leads.append((view.trick[0][0], view.trick[0][1], len(history)))
    side = view.side
    out = []
    for seat, card, before in leads:
        rank, suit = card % 5, card // 5
        if seat == view.seat or rank not in (KING, QUEEN) or (seat, suit) in announced:
            continue
        if contract.kind == SCHNAPSER and side[seat] != 0:
            continue  # the other side of a Schnapser game announces no marriage
        if (
            contract.kind == SCHNAPSER
            and suit == view.trump
            and view.rules.schnapser_forty == "after_one_trick"
            and any(side[t.winner] == side[seat] for t in history[:before])
        ):
            continue  # the forty was allowed only to win at once (the engine's _marriage_ok)
        out.append((seat, suit * 5 + (QUEEN if rank == KING else KING)))
    return out


def likelihood(decisions, state) -> float:
    """The probability of the observed choices in a sampled full ``state``."""
    w = 1.0
    for seat, card in decisions:
        if state.hand[seat] >> card & 1:
            w *= UNANNOUNCED
    return w


# ---------------------------------------------------------------------- the auction
KINDS = (BETTLER, SCHNAPSER, ALL_TRICKS)  # the announced games whose hands are read
MISFIT = 0.5  # each thing the hand of an announcement lacks multiplies its likelihood
CALLED_LONG = 2  # a caller is expected to hold at least this many of the called suit


def _played_by(view, seat: int) -> int:
    """The cards ``seat`` has played so far (public)."""
    mask = 0
    for t in view.history:
        for q, c in t.cards:
            if q == seat:
                mask |= 1 << c
    for q, c in view.trick:
        if q == seat:
            mask |= 1 << c
    return mask


def announcement_evidence(view) -> list[tuple]:
    """What the auction says about the others' hands, as ``(seat, what, played)``:
    the declarer of an announced game (``what`` its contract) is expected to hold a
    hand that makes it, and the caller of trump in Bauernschnapsen (``what`` the called
    suit) some cards of that suit; ``played`` the cards he has played since (his hand at
    the announcement is his hand now and those). Nothing when cards were laid away (a
    Talonschnapsen declarer's hand then is not the one he announced with)."""
    if view.discard_size:
        return []
    out = []
    me = view.seat
    c = view.contract
    d = view.declarer
    if c is not None and d is not None and d >= 0 and d != me and c.kind in KINDS:
        out.append((d, c, _played_by(view, d)))
    caller = getattr(view, "caller", -1)
    if view.called >= 0 and caller is not None and caller >= 0 and caller != me:
        out.append((caller, view.called, _played_by(view, caller)))
    return out


def misfit(hand: int, what, trump: int) -> int:
    """How far ``hand`` is from one that announces ``what`` (a contract, or a called
    suit): 0 for a hand the rule-based player would announce it with."""
    if isinstance(what, int):  # a called suit
        return max(0, CALLED_LONG - (hand & SUIT_MASKS[what]).bit_count())
    kind = what.kind
    if kind == BETTLER:
        return sum(1 for c in range(20) if hand >> c & 1 and strength(c, what.ace_low) < 3)
    if kind == SCHNAPSER:
        return max(0, what.tricks - top_tricks(hand, trump))
    # ALL_TRICKS: every trick from the top
    t = trump if what.trump else -1
    return max(0, hand.bit_count() - top_tricks(hand, t, what.ace_low))


def announcement_likelihood(found, state) -> float:
    """The probability of the announcements ``found`` (:func:`announcement_evidence`)
    in a sampled full ``state``: :data:`MISFIT` to the power of each hand's misfit."""
    w = 1.0
    trump = state.trump_in_play
    for seat, what, played in found:
        w *= MISFIT ** misfit(state.hand[seat] | played, what, trump)
    return w
