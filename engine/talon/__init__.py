"""Talonschnapsen / Dreierschnapsen (three players, each for himself): the rules
(``rules.py``), the game (``game.py``) and the score (``scoring.py``)."""

from .game import TalonState
from .rules import TalonRules

__all__ = ["TalonRules", "TalonState"]
