"""The names a match's pages show (issue 31): a tournament player who asked to be left out
of public pages (``Player.name_public`` False) is named by the placeholder on the
spectators' pages, the replay and the list of running matches; his own private link
still shows his own name (``seat``). The staff's pairing pages keep the names.

A match keeps copies of its players' names (``Match.name0``/``name1``, ``Seat.name``,
made when it started); which of them belong to a hidden player is read from its pairing
(one query, kept on the match object for the pages built from it). A friendly match
names whom its players typed: nobody of the register.
"""

from __future__ import annotations

from tournaments.models import PAIRING_HOLDERS, Pairing
from tournaments.public_names import hidden, public_holder_name

from .models import Match

_KEY = "_public_names"


def _hidden_of(match: Match) -> tuple[dict[int, str], dict[int, str]]:
    """(side names, seat names) to show instead of the stored ones: side 0/1 (``name0``,
    ``name1``: the pairing's left and right entry) and, for a table of four, its seats
    (team A player 1, team B player 1, team A player 2, team B player 2)."""
    found = getattr(match, _KEY, None)
    if found is None:
        pairing = None
        if match.pairing_id:
            pairing = (
                Pairing.objects.select_related(*PAIRING_HOLDERS).filter(pk=match.pairing_id).first()
            )
        found = _of_pairing(pairing)
        setattr(match, _KEY, found)
    return found


def _of_pairing(pairing: Pairing | None) -> tuple[dict[int, str], dict[int, str]]:
    sides: dict[int, str] = {}
    seats: dict[int, str] = {}
    if pairing is None:
        return sides, seats
    for side, entry in enumerate((pairing.left, pairing.right if pairing.right_id else None)):
        if entry is None:
            continue
        people = (entry.team.first, entry.team.second) if entry.team_id else (entry.player,)
        if any(hidden(p) for p in people):
            sides[side] = f"#{entry.number} {public_holder_name(entry)}"
        if entry.team_id:  # seats 0/2 team A (left), 1/3 team B (right)
            for k, person in enumerate(people):
                if hidden(person):
                    seats[side + 2 * k] = person.public_name
    return sides, seats


def shown_matches(matches) -> list[ShownMatch]:
    """Matches for a public list, named as public pages name players (one query)."""
    matches = list(matches)
    ids = {m.pairing_id for m in matches if m.pairing_id}
    pairings = Pairing.objects.select_related(*PAIRING_HOLDERS).in_bulk(ids) if ids else {}
    for m in matches:
        setattr(m, _KEY, _of_pairing(pairings.get(m.pairing_id)))
    return [ShownMatch(m) for m in matches]


def shown_names(match: Match, seat: int | None = None) -> tuple[str, str]:
    """(name0, name1) as the page of ``seat`` (None: a spectator) shows them."""
    sides, _seats = _hidden_of(match)
    names = [match.name0, match.name1]
    for side, name in sides.items():
        if side != seat:
            names[side] = name
    return names[0], names[1]


def shown_seat_names(match: Match, names: list[str], seat: int | None = None) -> list[str]:
    """A table's seat names (``TableLive.names``) as the page of ``seat`` shows them."""
    _sides, seats = _hidden_of(match)
    if not seats:
        return list(names)
    return [seats[i] if i in seats and i != seat else n for i, n in enumerate(names)]


class ShownMatch:
    """The match for a page's template: its names as ``shown_names`` gives them, all else
    the match's own (``{{ match }}``, ``match.name0``, ``match.pk``, …)."""

    def __init__(self, match: Match, seat: int | None = None):
        self._match = match
        self.name0, self.name1 = shown_names(match, seat)

    def __getattr__(self, attr):
        return getattr(self._match, attr)

    def __str__(self) -> str:
        return f"{self.name0 or '?'} – {self.name1 or '?'}"

    def name(self, seat: int) -> str:
        return self.name1 if seat == 1 else self.name0
