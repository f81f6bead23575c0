"""Rule profiles: :class:`RuleSet`, a frozen dataclass of named options, and its presets.

The reference texts are in ``/work/shared/reference/`` (German):
``000`` the encyclopedia article (the primary source), ``001`` rules of an online game,
``002`` short rules and glossary, ``003`` rules for Swiss Jass cards.

Presets (``RuleSet.preset(name)``):

``weich`` (the default)
    The main rules of 000 ("weiches Schnapsen").
``scharf``
    000 "Das scharfe Schnapsen": no exchange and no closing with one face-down talon card
    left, no exchange before the forehand's first lead, a marriage only after a trick won,
    the king must be led after a marriage, tricks may not be looked through.
``turnier``
    000 "Zudrehen" and "Das Turnierspiel": ``weich`` play, but a successful closer is paid
    by the opponent's card points at the end of the game, and a 7:0 Bummerl is not double.
    (``dataclasses.replace(RuleSet.preset("scharf"), closed_points_at_end=True,
    schneider_double=False, name="turnier-scharf")`` gives strict tournament play.)

Options (every one names its source; where the texts disagree there is an option):

``exchange_before_first_lead`` (bool; weich True, scharf False)
    The forehand may exchange the trump jack before the first lead. 000 "Das Austauschen";
    forbidden in 000 "Das scharfe Schnapsen". 003 allows exchanging only to a trick winner.
``exchange_with_one_talon_card`` (bool; weich True, scharf False)
    Exchanging is allowed while only one face-down card lies on the trump card.
    Allowed: 000 "Das Austauschen" (weich). Forbidden: 000 "scharfe Schnapsen", and 003.
``marriage_before_first_trick`` (bool; weich True, scharf False)
    The forehand may announce a marriage with the very first lead (its points count only
    once he wins a trick: 000 "Die Ansagen", 003). Forbidden in 000 "scharfe Schnapsen".
``marriage_lead_king_only`` (bool; weich False, scharf True)
    After a marriage the king must be led (000 "scharfe Schnapsen"); otherwise king or
    queen (000 "Die Ansagen", 001 point 5, 003).
``review_tricks`` (bool; weich True, scharf False)
    Players may look through their own tricks (000 "Das Spiel", last paragraph). A UI
    setting only: the engine's view always holds the cards played.
``closed_points_at_end`` (bool; weich/scharf False, turnier True)
    A successful closer is paid by the opponent's card points (and whether he has a trick)
    at the moment of closing (000 "Das Sperren des Talons", 001 "Zudrehen", 002, 003) or,
    in tournament play, at the end of the game (000, "Beim Turnierschnapsen ...").
``successful_close`` (``"card_points"`` | ``"two_or_three"``; default ``"card_points"``)
    A successful closer gets 3/2/1 by the opponent's card points (000, 001, 002), or 3 if
    the opponent had no trick and else 2 (003 "Siegpunkte (mit Zudrehen)").
``failed_close`` (``"two_or_three"`` | ``"closer_value_at_least_two"``; default first)
    If the closer fails (does not reach 66, or the opponent declares first), the opponent
    gets 3 if he had no trick when the talon was closed, else 2 (000, 003); or what the
    closer would have got, but at least 2 (002 "Zudrehen"). The two agree unless
    ``closed_points_at_end`` or ``successful_close`` change what the closer would get.
``wrong_declaration`` (``"as_if_right"`` | ``"as_if_right_at_least_two"`` | ``"three"``)
    A declaration of 66 without 66 ends the game and the opponent gets what the declarer
    would have got had it been right (000 "Das Ausmelden"; the default). The two others are
    club agreements not found in the texts: the same but at least 2 (by analogy with 002's
    failed closer), or 3 (like a revoke, 000 "Renonce").
``last_trick`` (``"as_declared"`` | ``"one"``; default ``"as_declared"``)
    When nobody declared 66 and the talon was not closed, the last trick wins the game
    (000 "Der letzte Stich", 001 "Punkte, Sieg und Bummerl", 002 "Spielziel"). 000, 001
    and 002 give no figure: the winner is scored like a declaration, by the loser's
    points (``"as_declared"``); 003's table gives him 1 point ("Niemand erreicht 66 |
    Gewinner des letzten Stichs erhält 1 Punkt", ``"one"``; the outside arena's rules,
    ``bench/arena_outside.py``, name it so too). With 120 card points in the deck a loser
    who did not take the last trick holds more than 54 of them, so both give 1 in every
    game the deck allows (a property test checks it); the option keeps the two readings
    apart.
``auto_declare`` (bool; default False)
    False: the player must declare 66 himself (000 "Das Ausmelden"), and a wrong or a
    missed declaration is possible. True: the game ends by itself as soon as a player has
    66 after a trick or a counted marriage (001 "Punkte, Sieg und Bummerl": "wird die
    Partie automatisch beendet"), a convenience for online play.
``schneider_double`` (bool; weich/scharf True, turnier False)
    A Bummerl won 7:0 (Schneider) counts as two Bummerl for the loser (000 "Bummerl und
    Partien", 001); not in tournament play (000 "Das Turnierspiel").
``bummerl_to_win_match`` (int 2 or 3; default 2)
    A match (Partie) goes to 2 or 3 Bummerl by agreement; tournaments mostly use 2 (000).

Not modelled (table manners, not rules of play): scharf's "draw from the talon only after
the trick is laid face down" (000). A seeded deal is shuffled and cut (002 "Abheben").
After the last trick its winner counts as having declared if he has 66; a game without
66 goes to the last trick's winner (see ``last_trick``). A declaration is offered only to a
player who has won a trick (before that his points do not count, 000 "Das Ausmelden");
a closer who declares without 66 pays at least what a failed close costs.

Rules with no disagreement are fixed in the engine, not options: the deal 3 + trump + 2
(000 "Das Teilen"), free play while the talon is open, must follow and win after it is
exhausted or closed (000, 001, 002, 003), closing only with at least two face-down cards
on the trump card (000), marriage 20 / 40 in trump, counted only once the announcer wins
a trick (000, 003), game points 3 / 2 / 1 (000, 001, 002), the last trick wins the game
when nobody declared and the talon was not closed (000, 001, 003), revoke: the opponent
wins 3 (000 "Renonce").
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from .messages import ReasonError

FAILED_CLOSE_CHOICES = ("two_or_three", "closer_value_at_least_two")
SUCCESSFUL_CLOSE_CHOICES = ("card_points", "two_or_three")
WRONG_DECLARATION_CHOICES = ("as_if_right", "as_if_right_at_least_two", "three")
LAST_TRICK_CHOICES = ("as_declared", "one")


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A rule profile. Build one with :meth:`preset` and ``dataclasses.replace``."""

    name: str = "weich"
    exchange_before_first_lead: bool = True
    exchange_with_one_talon_card: bool = True
    marriage_before_first_trick: bool = True
    marriage_lead_king_only: bool = False
    review_tricks: bool = True
    closed_points_at_end: bool = False
    successful_close: str = "card_points"
    failed_close: str = "two_or_three"
    wrong_declaration: str = "as_if_right"
    last_trick: str = "as_declared"
    auto_declare: bool = False
    schneider_double: bool = True
    bummerl_to_win_match: int = 2

    PRESETS: ClassVar[tuple[str, ...]] = ("weich", "scharf", "turnier")

    def __post_init__(self):
        checks = (
            ("successful_close", SUCCESSFUL_CLOSE_CHOICES),
            ("failed_close", FAILED_CLOSE_CHOICES),
            ("wrong_declaration", WRONG_DECLARATION_CHOICES),
            ("last_trick", LAST_TRICK_CHOICES),
        )
        for field, choices in checks:
            if getattr(self, field) not in choices:
                raise ReasonError(
                    "rule_option_choice",
                    option=field,
                    choices=", ".join(choices),
                    value=repr(getattr(self, field)),
                )
        if self.bummerl_to_win_match not in (2, 3):
            raise ReasonError("rule_option_match_bummerl")

    @classmethod
    def preset(cls, name: str = "weich") -> RuleSet:
        """One of the presets ``weich``, ``scharf``, ``turnier``."""
        if name == "weich":
            return cls()
        if name == "scharf":
            return cls(
                name="scharf",
                exchange_before_first_lead=False,
                exchange_with_one_talon_card=False,
                marriage_before_first_trick=False,
                marriage_lead_king_only=True,
                review_tricks=False,
            )
        if name == "turnier":
            return cls(name="turnier", closed_points_at_end=True, schneider_double=False)
        raise ReasonError(
            "rule_unknown_profile", name=repr(name), presets=", ".join(cls.PRESETS)
        )

    def replace(self, **changes) -> RuleSet:
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data) -> RuleSet:
        """From a preset name or a dict (``{"name": "weich", ...options}``; missing options
        take the values of the preset named by ``name`` if it is one, else the defaults)."""
        if isinstance(data, RuleSet):
            return data
        if isinstance(data, str):
            return cls.preset(data)
        if not isinstance(data, dict):
            raise ReasonError("rules_not_options")
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ReasonError("rule_unknown_options", options=", ".join(unknown))
        name = data.get("name", "weich")
        base = cls.preset(name) if name in cls.PRESETS else cls(name=name)
        return dataclasses.replace(base, **data)
