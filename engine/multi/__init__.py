"""What Bauernschnapsen and Talonschnapsen share: actions, contracts, rule options,
trick play, the game state machinery, views, sampling, records and bots.

The games themselves are :mod:`engine.bauern` and :mod:`engine.talon`.
"""

from .actions import Action
from .contracts import CATALOGUES, CONTRACT_NAMES, SPECIAL_NAMES, Contract, contracts_for
from .outcome import Bid, Marriage, MultiResult, Trick
from .rules import TARGET, MultiRules
from .sampling import Sampler, sample_hidden
from .state import MultiState
from .view import MultiView

__all__ = [
    "Action",
    "Bid",
    "CATALOGUES",
    "CONTRACT_NAMES",
    "Contract",
    "Marriage",
    "MultiResult",
    "MultiRules",
    "MultiState",
    "MultiView",
    "SPECIAL_NAMES",
    "Sampler",
    "TARGET",
    "Trick",
    "contracts_for",
    "sample_hidden",
]
