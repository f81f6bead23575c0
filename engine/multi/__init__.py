"""What Bauernschnapsen and Talonschnapsen share: actions, contracts, rule options,
trick play, the game state machinery, views, sampling, match scoring and the random and
rule bots.

The games themselves are :mod:`engine.bauern` and :mod:`engine.talon`, built on this
package; what knows every game or the searching players (records and replay, the table,
bots by name, the command line) is :mod:`engine.tables`, above them.
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
