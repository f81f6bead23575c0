"""Bauernschnapsen (four players, two teams): the rules (``rules.py``), the game
(``game.py``) and the score (``scoring.py``: Bummerl from 24, Schneider and
Retourschneider, the score-sheet validator)."""

from .game import BauernState
from .rules import BauernRules

__all__ = ["BauernRules", "BauernState"]
