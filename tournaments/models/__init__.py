"""The Preisschnapsen data model.

The rules of the format live in plain modules without Django (``draw.py``,
``prizes.py``); the service layer (``services.py``) applies them to these
models. Nothing here stores what can be derived: an entry's fate (round reached,
place) follows from the pairings it played.

One module per concern: ``choices`` (the choices and constants), ``register`` (the
players), ``tournament`` (terms, categories, prizes), ``entries`` (entries and teams),
``rounds`` (rounds, pairings, reported results), ``records`` (audit log, form tokens,
print jobs); every name is importable from here.
"""

from ..choices import (
    BRACKET_ORDER,
    FIELD_SIZES,
    MAIN_PAIRINGS,
    PRIZE_PLACES,
    Bracket,
    ByeScore,
    Catalogue,
    Game,
    LastTiebreak,
    Outcome,
    Rematches,
    RuleProfile,
    Side,
    Stage,
    TournamentFormat,
    new_seed,
)
from .entries import (
    HOLDER,
    PAIRING_HOLDERS,
    Entry,
    Team,
    holder_related,
    team_name,
)
from .records import (
    AuditLog,
    PrintJob,
    SubmissionToken,
)
from .register import (
    Player,
    PlayerContact,
    PlayerQuerySet,
)
from .rounds import (
    Pairing,
    ResultReport,
    Round,
    match_name,
)
from .tournament import (
    Category,
    CategoryPrize,
    Prize,
    Tournament,
)

__all__ = [
    "FIELD_SIZES",
    "PRIZE_PLACES",
    "new_seed",
    "RuleProfile",
    "TournamentFormat",
    "Game",
    "Rematches",
    "ByeScore",
    "Catalogue",
    "LastTiebreak",
    "Stage",
    "Bracket",
    "Side",
    "Outcome",
    "BRACKET_ORDER",
    "MAIN_PAIRINGS",
    "PlayerQuerySet",
    "Player",
    "PlayerContact",
    "Tournament",
    "Category",
    "CategoryPrize",
    "Prize",
    "Team",
    "team_name",
    "HOLDER",
    "holder_related",
    "PAIRING_HOLDERS",
    "Entry",
    "Round",
    "match_name",
    "Pairing",
    "ResultReport",
    "AuditLog",
    "SubmissionToken",
    "PrintJob",
]
