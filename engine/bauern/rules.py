"""Bauernschnapsen rule profiles: :class:`BauernRules`.

Source: reference 004 (``/work/shared/reference/004_107f659878149925.txt``). The options
both games share (the catalogue of special games, the Plauderer's variant, "Schnapser mit
Mann", the Vierziger in the Schnapser, the Zehnergang's rank, the Bettler's lead, trumping
when beaten, the call, turning up, three jacks, counting down or up) are documented with
their sources in ``multi/rules.py``. Bauernschnapsen adds:

``return_schneider`` (bool; default True)
    004 "Allgemeines": a team that stood at 23 : 0 counted up (one point from the goal,
    the other team still "auf Luft") and then loses the Bummerl gets a Retourschneider
    ("Schuster", "Rücker") worth four Bummerl. False: such a Bummerl counts as an
    ordinary one (a table that does not play it).

Presets (``BauernRules.preset(name)``, the catalogue of the same name, see
``multi/contracts.py``): ``ueblich`` (the default: Schnapser, Gangl, Bauernschnapser),
``alles``, ``ohne_bettler``, ``keine``.

Fixed by 004, not options: four players, two teams sitting opposite (seats 0 and 2, 1 and
3); the cutter cuts (3 then 2 cards each, clockwise from the caller) or knocks (each his
five at once, the caller 3 then 2: the engine gives the caller the top five cards, three
and then the two lying by them, and the next players five each); the caller calls trump
from his first three cards before taking up the other two, or turns one of them up; the
bidding once round from the caller; in the Bettler games the announcer's partner sits out;
the normal game 3 / 2 / 1; the Bummerl to the team that did not reach 0, two for
Schneider (never wrote), four for a Retourschneider; the caller deals the next game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..multi.rules import MultiRules


@dataclass(frozen=True, slots=True)
class BauernRules(MultiRules):
    """A Bauernschnapsen rule profile (see the module docstring and ``multi/rules.py``)."""

    return_schneider: bool = True

    GAME: ClassVar[str] = "bauernschnapsen"
    SCHNAPSER_TRICKS: ClassVar[int] = 3
