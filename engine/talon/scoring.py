"""Talonschnapsen scoring: three players each write up to 24; the Bummerl.

Reference 004 "Talonschnapsen": "Wenn der Spieler sein angesagtes Spiel schafft, bekommt
er die Punkte allein gutgeschrieben, bei Nicht-Erfolg bekommt jeder der beiden anderen die
Punkte gutgeschrieben. Das Spiel endet auch hier bei 24 Zählern." The Bummerl goes to the
player with the fewest points, to both if two share the fewest (rule option ``bummerl =
"lowest"``), or to everyone who did not reach 24 (``"below_target"``, the regional
variant). A loser who wrote nothing gets a Schneider, two Bummerl (004: "hat ... ein
'Bummerl' oder 'Schneider'"; the reading of Bauernschnapsen's "auf Luft"). Figures count
down from 24 or up (``count``), as in Bauernschnapsen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..multi.match import MultiBummerl, MultiMatch
from ..multi.rules import TARGET


@dataclass
class TalonBummerl(MultiBummerl):
    scorers: int = 3

    def losers(self) -> dict[int, int]:
        if not self.is_over:
            return {}
        pts = self.points
        if self.rules.bummerl == "below_target":
            losing = [i for i in range(3) if pts[i] < TARGET]
        else:
            low = min(pts)
            losing = [i for i in range(3) if pts[i] == low]
        return {i: 2 if pts[i] == 0 else 1 for i in losing}


@dataclass
class TalonMatch(MultiMatch):
    """Games of Talonschnapsen scored into Bummerl (scorers are the seats 0..2)."""

    BUMMERL: ClassVar[type] = TalonBummerl
    N: ClassVar[int] = 3
    SCORERS: ClassVar[int] = 3
