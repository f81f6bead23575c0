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

Pure functions of the view and a sampled state; the bot keeps a deal with the
likelihood (rejection sampling, :class:`.multi_pimc.MultiPimcBot`), so its samples
follow the posterior.
"""

from __future__ import annotations

from ..multi.contracts import SCHNAPSER

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
