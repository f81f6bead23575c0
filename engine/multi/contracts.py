"""The games that can be announced (Sonderspiele), their values and their conditions,
and the catalogues of games a table allows (Spielekatalog).

Source: reference 004, the section of each game (quoted by its heading). Names in code
follow GLOSSARY.md. A :class:`Contract` is what is played; ``contracts_for(rules)``
builds the table for a rule profile (some rules change a game: "mit Mann", the rank of
the Zehnergang, the Schnapser's three or four tricks, the Plauderer's variant).

=======================  =====  ================================================================
name                     value  what it is (004)
=======================  =====  ================================================================
``normal``               1-3    no game announced: 66 or the last trick; 3 / 2 / 1 ("Normales Spiel")
``bettler``              4      no trump, the partner sits out, no trick ("Bettler (oder Fechter)")
``assenbettler``         5      as ``bettler`` with the ace lowest (T K Q J A) ("Assenbettler")
``ass_bettler``          5      as ``bettler``, with exactly one ace in hand ("Ass-Bettler")
``plauderer``            7      as ``bettler`` with open cards, variant a / b / c ("Plauderer")
``schnapser``            6      the caller only; 66 in the first three tricks (four in
                                Talonschnapsen), the other side no trick ("Schnapser")
``schnapser_zusammen``   6      the caller's partner; a Schnapser played together, the caller
                                leads ("Kontraschnapser": "In manchen Gegenden ...")
``gangl``                9      all tricks, no trump, the announcer leads ("Gangl")
``zehnergang``           10     all tricks, no trump, ace lowest ("Zehnergang")
``bauernschnapser``      12     the caller only; all tricks with trump ("Bauernschnapser")
``kontraschnapser``      12     an opponent of the caller; a Schnapser, the caller leads
                                ("Kontraschnapser")
``farbringerl``          18     all five cards of a suit, won by showing them ("Farbringerl")
``kontrabauernschnapser`` 24    an opponent of the caller; all tricks with trump, the caller
                                leads ("Kontrabauernschnapser")
``herrenschnapser``      24     the caller with all five trumps, won by showing them
                                ("Herrenschnapser")
=======================  =====  ================================================================

Ranking in the bidding: by value ("sonst wird das Spiel mit dem höchsten Wert
gespielt"); a later announcement must outrank the highest so far, so of two games of equal
value the one announced first stands (the text names no other order for Bauernschnapsen;
for Talonschnapsen see ``talon/rules.py``). The Zehnergang ranks above the Gangl or equal
to it (rule option ``zehnergang_rank``).

Leads (004): the caller in the normal game ("beginnt der Rufer") and in the Kontra games
("der Rufer spielt aus"), the announcer in the Gangl and Zehnergang ("wird derjenige
Ausspieler, der das Spiel angesagt hat"); the caller also in the Schnapser and the
Bauernschnapser (he announced them). For the Bettler games the text names no leader:
rule option ``bettler_lead``. A leader who sits out passes the lead on clockwise.

Who must take the tricks in the all-tricks games: the announcer himself; a trick of his
partner loses, as 004 says for the Gangl ("auch ein Stich des Partners führt zum
Spielverlust"), and the Zehnergang, Bauernschnapser and Kontrabauernschnapser are "im
Prinzip das Gleiche" with their differences named. In the Schnapser the partner's trick
counts with rule option ``schnapser_with_partner`` ("Schnapser mit Mann"); the
Kontraschnapser follows the same rule ("Die Regeln sind also die gleichen wie beim
Schnapser"); the Schnapser zusammen is played together by name.

Marriages (Zwanziger, Vierziger) count only where points decide: the normal game and the
Schnapser games (004 speaks of them there); in the other games a marriage would change
nothing and is not offered.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..messages import ReasonError

NORMAL = "normal"
BETTLER = "bettler"
SCHNAPSER = "schnapser"
ALL_TRICKS = "all_tricks"
SHOWN = "shown"

ANYONE = "anyone"
CALLER = "caller"
CALLER_OPPONENT = "caller_opponent"
CALLER_PARTNER = "caller_partner"

LEAD_CALLER = "caller"
LEAD_ANNOUNCER = "announcer"
LEAD_BETTLER = "bettler"  # by rule option bettler_lead

ONE_ACE = "one_ace"
FIVE_OF_A_SUIT = "five_of_a_suit"
ALL_TRUMPS = "all_trumps"

# Every special game, in rank order (normal first).
CONTRACT_NAMES: tuple[str, ...] = (
    "normal",
    "bettler",
    "assenbettler",
    "ass_bettler",
    "schnapser",
    "schnapser_zusammen",
    "plauderer",
    "gangl",
    "zehnergang",
    "bauernschnapser",
    "kontraschnapser",
    "farbringerl",
    "kontrabauernschnapser",
    "herrenschnapser",
)
SPECIAL_NAMES: tuple[str, ...] = CONTRACT_NAMES[1:]

GERMAN_NAMES = {
    "normal": "Normales Spiel",
    "bettler": "Bettler",
    "assenbettler": "Assenbettler",
    "ass_bettler": "Ass-Bettler",
    "plauderer": "Plauderer",
    "schnapser": "Schnapser",
    "schnapser_zusammen": "Schnapser zusammen",
    "gangl": "Gangl",
    "zehnergang": "Zehnergang",
    "bauernschnapser": "Bauernschnapser",
    "kontraschnapser": "Kontraschnapser",
    "farbringerl": "Farbringerl",
    "kontrabauernschnapser": "Kontrabauernschnapser",
    "herrenschnapser": "Herrenschnapser",
}

# Catalogue presets (Spielekatalog). 004: "Üblich sind vor allem der Schnapser, das Gangl
# und der Bauernschnapser"; "Besonders die Bettler Sonderspiele sind unter konservativen
# Spielern sehr umstritten".
CATALOGUES: dict[str, tuple[str, ...]] = {
    "ueblich": ("schnapser", "gangl", "bauernschnapser"),
    "alles": SPECIAL_NAMES,
    "ohne_bettler": tuple(
        n for n in SPECIAL_NAMES if n not in ("bettler", "assenbettler", "ass_bettler", "plauderer")
    ),
    "keine": (),
}


@dataclass(frozen=True, slots=True)
class Contract:
    """A game that is played. ``value`` is None for the normal game (3 / 2 / 1)."""

    name: str
    value: int | None
    rank: int
    kind: str  # NORMAL, BETTLER, SCHNAPSER, ALL_TRICKS, SHOWN
    trump: bool
    ace_low: bool = False
    who: str = ANYONE
    leader: str = LEAD_CALLER
    partner_sits_out: bool = False
    partner_may_win: bool = False  # Schnapser "mit Mann" / zusammen: the partner's tricks count
    condition: str | None = None
    tricks: int = 0  # SCHNAPSER: 66 within this many tricks
    open_hands: str | None = None  # Plauderer variant "a", "b" or "c"

    @property
    def marriages(self) -> bool:
        """Marriages are offered and counted (the games decided by points)."""
        return self.kind in (NORMAL, SCHNAPSER)

    @property
    def german_name(self) -> str:
        return GERMAN_NAMES[self.name]

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "label": self.german_name,
            "value": self.value,
            "rank": self.rank,
            "kind": self.kind,
            "trump": self.trump,
            "ace_low": self.ace_low,
            "partner_sits_out": self.partner_sits_out,
        }


def catalogue_of(value) -> tuple[str, ...]:
    """A catalogue from a preset name or an iterable of game names (checked)."""
    if isinstance(value, str):
        if value in CATALOGUES:
            return CATALOGUES[value]
        value = [v for v in value.replace(",", " ").split()]
    names = tuple(value)
    for n in names:
        if n not in SPECIAL_NAMES:
            raise ReasonError(
                "catalogue_unknown_game",
                name=repr(n),
                games=", ".join(SPECIAL_NAMES),
                presets=", ".join(CATALOGUES),
            )
    # canonical order, no repeats
    return tuple(n for n in SPECIAL_NAMES if n in names)


@lru_cache(maxsize=64)
def contracts_for(rules) -> dict[str, Contract]:
    """The table of contracts under ``rules`` (a Bauern or Talon rule set): every game,
    allowed or not (``rules.catalogue`` says which may be announced)."""
    schnapser_tricks = rules.SCHNAPSER_TRICKS
    with_mann = rules.schnapser_with_partner
    zehner_rank = 10 if rules.zehnergang_rank == "above_gangl" else 9
    bettler = dict(kind=BETTLER, trump=False, partner_sits_out=True, leader=LEAD_BETTLER)
    shown = dict(kind=SHOWN)
    if getattr(rules, "shown_games", "shown") == "played":
        shown = dict(kind=ALL_TRICKS)
    table = (
        Contract("normal", None, 0, NORMAL, True),
        Contract("bettler", 4, 4, **bettler),
        Contract("assenbettler", 5, 5, ace_low=True, **bettler),
        Contract("ass_bettler", 5, 5, condition=ONE_ACE, **bettler),
        Contract(
            "schnapser",
            6,
            6,
            SCHNAPSER,
            True,
            who=CALLER,
            partner_may_win=with_mann,
            tricks=schnapser_tricks,
        ),
        Contract(
            "schnapser_zusammen",
            6,
            6,
            SCHNAPSER,
            True,
            who=CALLER_PARTNER,
            partner_may_win=True,
            tricks=schnapser_tricks,
        ),
        Contract("plauderer", 7, 7, open_hands=rules.plauderer, **bettler),
        Contract("gangl", 9, 9, ALL_TRICKS, False, leader=LEAD_ANNOUNCER),
        Contract(
            "zehnergang", 10, zehner_rank, ALL_TRICKS, False, ace_low=True, leader=LEAD_ANNOUNCER
        ),
        Contract("bauernschnapser", 12, 12, ALL_TRICKS, True, who=CALLER),
        Contract(
            "kontraschnapser",
            12,
            12,
            SCHNAPSER,
            True,
            who=CALLER_OPPONENT,
            partner_may_win=with_mann,
            tricks=schnapser_tricks,
        ),
        Contract(
            "farbringerl",
            18,
            18,
            trump=False,
            condition=FIVE_OF_A_SUIT,
            leader=LEAD_ANNOUNCER,
            **shown,
        ),
        Contract("kontrabauernschnapser", 24, 24, ALL_TRICKS, True, who=CALLER_OPPONENT),
        Contract("herrenschnapser", 24, 24, trump=True, who=CALLER, condition=ALL_TRUMPS, **shown),
    )
    return {c.name: c for c in table}
