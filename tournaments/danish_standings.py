"""The standings of a Danish tournament: ``danish.standings`` over the released rounds,
turned into the same ``standings.Standings`` as a Preisschnapsen's (rows, prizes,
categories), so every page, document and export shows them.

The places are the current ones while rounds are still to be played, and final after
the last round; the eight prizes (and the categories' prizes) go down the final places,
with the one-prize rule as in a Preisschnapsen (a player holds one entry, so it matters
only with categories). A few queries whatever the field.
"""

from __future__ import annotations

from . import danish
from . import prizes as rules
from .models import Entry, Tournament
from .standings import Standings, assemble_standings


def compute_danish_standings(tournament: Tournament) -> Standings:
    from .services import danish_results, danish_terms, tournament_phase

    t = tournament
    entries = list(
        Entry.objects.filter(tournament=t, cancelled_at__isnull=True)
        .select_related("player")
        .order_by("number")
    )
    owners = {e.number: e.player_id for e in entries}
    terms = danish_terms(t)
    results = [r for r in danish_results(t, released_only=True) if r.left in owners]
    lines = danish.standings(owners, results, terms, t.seed)
    final = tournament_phase(t) == "finished"
    last_round: dict[int, int] = {}
    for r in results:
        for player in (r.left, r.right):
            if player is not None:
                last_round[player] = max(last_round.get(player, 0), r.round)
    played_rounds = max((r.round for r in results), default=0)
    fates = {
        line.player: rules.EntryFate(
            entry=line.player,
            player=owners[line.player],
            round_reached=last_round.get(line.player, 0),
            out_round=played_rounds if final else None,
            place=line.place,
        )
        for line in lines
    }
    by_place = {line.place: line.player for line in lines}
    # a field of fewer than eight has as many places as players (no prize waits forever)
    places = min(rules.PRIZE_PLACES, len(lines)) or rules.PRIZE_PLACES
    if final:
        awards = rules.prize_awards(by_place, owners, t.one_prize_per_player, places)
    else:
        awards = [rules.PrizeAward(place=k, entry=None, player=None) for k in range(1, places + 1)]
    result = rules.Places(fates=fates, awards=awards, by_place=by_place if final else {})
    return assemble_standings(
        t,
        entries,
        result,
        danish_lines={line.player: line for line in lines},
        danish_terms=terms,
        final=final,
    )
