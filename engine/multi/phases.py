"""The phases of a three- or four-player game, in order, and the kinds of action each
takes (``state.phase`` is one of the ints; ``PHASE_NAMES`` gives its name in views)."""

from .actions import BID as A_BID
from .actions import CALL as A_CALL
from .actions import CUT, DISCARD, KNOCK, MARRIAGE, PASS, REDEAL, TURN_UP
from .actions import DOUBLE as A_DOUBLE
from .actions import PLAY as A_PLAY

CUT_PHASE, CALL, BID, RAISE, TALON, RAISE_AFTER, DOUBLE, PLAY, OVER = range(9)
PHASE_NAMES = (
    "cut",
    "call",
    "bid",
    "raise",
    "talon",
    "raise_after_talon",
    "double",
    "play",
    "over",
)
PHASE_KINDS: tuple[frozenset, ...] = (
    frozenset((CUT, KNOCK)),
    frozenset((A_CALL, TURN_UP, REDEAL)),
    frozenset((A_BID, PASS)),
    frozenset((A_BID, PASS)),
    frozenset((DISCARD,)),
    frozenset((A_BID, PASS)),
    frozenset((A_DOUBLE, PASS)),
    frozenset((A_PLAY, MARRIAGE)),
    frozenset(),
)
