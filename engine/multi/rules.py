"""Rule options shared by Bauernschnapsen and Talonschnapsen (:class:`MultiRules`).

Source: reference 004 (``/work/shared/reference/004_107f659878149925.txt``), quoted by
section. Each game's own options are in ``bauern/rules.py`` and ``talon/rules.py``;
Talonschnapsen takes these too (004 "Talonschnapsen": "Die Grundregeln sind dieselben
wie beim Bauernschnapsen").

``catalogue`` (tuple of game names, or a preset name; default ``"ueblich"``)
    The special games a table allows (its "Spielekatalog", 004 "Farbringerl",
    "Herrenschnapser"; which are allowed "ist regional ausgesprochen unterschiedlich").
    Presets (``multi/contracts.py``): ``ueblich`` = Schnapser, Gangl, Bauernschnapser
    (004: "Üblich sind vor allem der Schnapser, das Gangl und der Bauernschnapser");
    ``alles`` = every game of 004; ``ohne_bettler`` = all but the four Bettler games (004:
    "unter konservativen Spielern sehr umstritten"); ``keine`` = the normal game only.
``plauderer`` (``"a"`` | ``"b"`` | ``"c"``; default ``"a"``)
    004 "Plauderer": (a) the opponents may look into each other's cards before the first
    lead; (b) the opponents lay their cards open after the first trick; (c) the announcer
    lays his cards open after the first trick.
``schnapser_with_partner`` (bool; default False)
    "Schnapser mit Mann" (004 "Schnapser"): the partner may take tricks and they count;
    without it the caller must make the tricks himself. Also for the Kontraschnapser
    ("Die Regeln sind also die gleichen wie beim Schnapser").
``schnapser_forty`` (``"any"`` | ``"after_one_trick"``; default ``"any"``)
    004 "Schnapser": a Vierziger may be announced at any lead ("Wenn der Spieler also mit
    zwei Stichen 26 Punkte gemacht hat und dann einen Vierziger ansagt, hat er das Spiel
    gewonnen"), or, by the alternative rule (``after_one_trick``), only together with one
    trick ("nur zulässig, wenn zusammen mit nur einem Stich 66 erreicht werden können"):
    before the side's first trick, when it counts only if that trick brings the 66 (with
    the side's second trick it no longer counts), or after it when it brings the 66 at
    once; not later. A Zwanziger is possible in any case ("Zwei Stiche 'und 20' ... sind
    in jedem Fall möglich").
``zehnergang_rank`` (``"above_gangl"`` | ``"equal_gangl"``; default ``"above_gangl"``)
    004 "Zehnergang": (b) of a Gangl and a Zehnergang the Zehnergang is played
    (``above_gangl``, as by value); (a) an announced Gangl is played although a
    Zehnergang would count 10 (``equal_gangl``: the two rank equal and the first
    announced stands).
``bettler_lead`` (``"caller"`` | ``"announcer"``; default ``"caller"``)
    Who leads in the Bettler games; 004 is silent. ``caller``: as in the normal game (004
    names another leader only for the Gangl, the Zehnergang and the Kontra games);
    ``announcer``: as in the Gangl. If the leader sits out, the next player clockwise.
``trump_when_beaten`` (bool; default True)
    A player void in the suit led who holds only trumps lower than a trump already in the
    trick: True, he must still play a trump (004 "so muss er mit Atout stechen" read
    literally); False, he may play any card (the trump could not win: Stichzwang asks
    nothing). See ``multi/tricks.py``.
``call_from_hand`` (bool; default False)
    The caller "muss mit den ersten drei Karten eine Atout- oder Trumpffarbe bestimmen"
    (004 "Spielablauf"): False reads it as *on the strength of* his first three cards (any
    suit may be called); True as *one of their suits*.
``turn_up`` (bool; Bauernschnapsen True, Talonschnapsen False)
    The caller may "aufschlagen": turn up one of his cards dealt after the first three;
    its suit is trump (004 "Spielablauf"). Which of the face-down cards is the caller's
    choice (``turn_up:1``, ``turn_up:2`` ...), blind.
``three_jacks`` (bool; default True)
    With three jacks as his first three cards the caller may demand a new deal (004
    "Spielablauf": "kann er verlangen, dass neu gegeben wird"). The same dealer deals
    again (the game did not take place; 004 does not say who deals).
``revoke`` (``"game"`` | ``"three"``; default ``"game"``)
    A Renonce (a card that broke Farb- und Stichzwang, found after it was played and
    called by a player or the referee, ``multi/revoke.py``) loses the game for the side at
    fault. 004 says nothing of it; 000 "Renonce" (two players): "mit dem sofortigen
    Verlust des Spiels bestraft, der Gegner gewinnt in diesem Fall drei Punkte". ``game``:
    the other side wins the game being played, at its value (a special game's, the normal
    game's most, 3), doubled as it was flecked: the Renonce loses the game, as 000's three
    are the most a normal game of two gives. ``three``: 000's three points as they stand,
    whatever the game, doubled likewise.
``count`` (``"down"`` | ``"up"``; default ``"down"``)
    Score sheets count down from 24 to 0 (004 "Allgemeines": "von 24 Punkten auf Null
    herunterschreibt") or up from 0 to 24 ("Vielfach erfolgt die Zählweise auch
    umgekehrt"). The same games win; only the written figures differ.

Fixed by the text, not options: Farb- und Stichzwang in every game (004 "Spielablauf");
marriages 20 / 40 by the player on lead, counted for his side once it has a trick;
doubling up to three times, flecken / Retour / Re, on every game (004 "Flecken"); the
target 24 (004 "Allgemeines", "Talonschnapsen").
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from ..messages import ReasonError
from .contracts import CATALOGUES, catalogue_of

TARGET = 24

CHOICES: dict[str, tuple[str, ...]] = {
    "plauderer": ("a", "b", "c"),
    "schnapser_forty": ("any", "after_one_trick"),
    "zehnergang_rank": ("above_gangl", "equal_gangl"),
    "bettler_lead": ("caller", "announcer"),
    "count": ("down", "up"),
    "revoke": ("game", "three"),
}


@dataclass(frozen=True, slots=True)
class MultiRules:
    """The options both games share. Use :class:`~engine.bauern.BauernRules` or
    :class:`~engine.talon.TalonRules`."""

    name: str = "ueblich"
    catalogue: tuple[str, ...] = CATALOGUES["ueblich"]
    plauderer: str = "a"
    schnapser_with_partner: bool = False
    schnapser_forty: str = "any"
    zehnergang_rank: str = "above_gangl"
    bettler_lead: str = "caller"
    trump_when_beaten: bool = True
    call_from_hand: bool = False
    turn_up: bool = True
    three_jacks: bool = True
    count: str = "down"
    revoke: str = "game"

    GAME: ClassVar[str] = ""
    SCHNAPSER_TRICKS: ClassVar[int] = 3
    PRESETS: ClassVar[tuple[str, ...]] = ("ueblich", "alles", "ohne_bettler", "keine")
    NOT_IN_GAME: ClassVar[tuple[str, ...]] = ()  # games the variant does not know

    def __post_init__(self):
        object.__setattr__(self, "catalogue", catalogue_of(self.catalogue))
        for field, choices in self._choices().items():
            if getattr(self, field) not in choices:
                raise ReasonError(
                    "rule_option_choice",
                    option=field,
                    choices=", ".join(choices),
                    value=repr(getattr(self, field)),
                )
        for field in dataclasses.fields(self):
            default = field.default
            if isinstance(default, bool) and not isinstance(getattr(self, field.name), bool):
                raise ReasonError("rule_option_bool", option=field.name)
        for n in self.catalogue:
            if n in self.NOT_IN_GAME:
                raise ReasonError("rule_not_in_variant", contract=n, variant=self.GAME)

    @classmethod
    def _choices(cls) -> dict[str, tuple[str, ...]]:
        return CHOICES

    @classmethod
    def preset(cls, name: str = "ueblich"):
        """A preset: ``ueblich`` (default), ``alles``, ``ohne_bettler``, ``keine`` (the
        catalogue of the same name, every other option at its default)."""
        if name not in cls.PRESETS:
            raise ReasonError(
                "rule_unknown_profile", name=repr(name), presets=", ".join(cls.PRESETS)
            )
        cat = tuple(n for n in CATALOGUES[name] if n not in cls.NOT_IN_GAME)
        return cls(name=name, catalogue=cat)

    def replace(self, **changes):
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict:
        d = dataclasses.asdict(self)
        d["catalogue"] = list(self.catalogue)
        return d

    @classmethod
    def from_dict(cls, data):
        """From a preset name or a dict (``{"name": "alles", ...options}``; missing options
        take the values of the preset named by ``name`` if it is one, else the defaults)."""
        if isinstance(data, cls):
            return data
        if data is None:
            return cls.preset()
        if isinstance(data, str):
            return cls.preset(data)
        if not isinstance(data, dict):
            raise ReasonError("rules_not_options")
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ReasonError("rule_unknown_options", options=", ".join(unknown))
        name = data.get("name", "ueblich")
        base = cls.preset(name) if name in cls.PRESETS else cls(name=name)
        data = dict(data)
        if "catalogue" in data:
            data["catalogue"] = catalogue_of(data["catalogue"])
        return dataclasses.replace(base, **data)

    coerce = from_dict
