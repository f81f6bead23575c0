"""The next round of a tournament, by its format: the Preisschnapsen's pot draw
(``rounds``) or the Danish system's pairing by the standings (``pairing``). Above both,
so that neither needs the other."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from ..formats import format_of
from ..models import Round, Tournament, TournamentFormat
from .common import _lock
from .pairing import pair_next_round
from .rounds import _pot_draw
from .teams import _draw_partners_locked, partner_draw_pending

#: format -> how its next round is drawn, in the services' transaction (tournament locked)
DRAWS = {
    TournamentFormat.PREISSCHNAPSEN: _pot_draw,
    TournamentFormat.DANISH: pair_next_round,
}


def draw_next_round(
    tournament, *, seed=None, order: Sequence[int] | None = None, actor=None
) -> Round:
    """Draw the next round (status DRAFT) with the pot procedure.

    The tournament's format draws it (``DRAWS``): the Preisschnapsen's pots
    (``rounds``); a Danish tournament pairs by the standings (``pairing``).

    Round 1 draws the sold entries into a field of ``field_size`` (unsold slots are
    byes), in a seeded random order of players unless ``order`` (player pks, the
    order in which they came to the pots) is given. Later rounds draw the entries in
    play, players holding several entries first. The semifinal round also draws the
    quarterfinal losers among themselves (``Bracket.PLACE_5_8``); the final round adds
    the matches for 3rd, 5th and 7th place.
    """
    with transaction.atomic():
        t = _lock(tournament)
        if partner_draw_pending(t) and not t.rounds.exists():
            # players registered alone: their partners are drawn first (its own seed)
            _draw_partners_locked(t, actor=actor)
            if isinstance(tournament, Tournament):
                tournament.partner_draw = t.partner_draw  # the caller's instance is current
        return DRAWS[format_of(t).code](t, seed=seed, order=order, actor=actor)
