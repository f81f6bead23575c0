"""Talonschnapsen (Dreierschnapsen) rule profiles: :class:`TalonRules`.

Source: reference 004 (``/work/shared/reference/004_107f659878149925.txt``), section
"Talonschnapsen (3 Spieler)". "Die Grundregeln sind dieselben wie beim Bauernschnapsen":
the shared options are documented in ``multi/rules.py`` (``turn_up`` defaults to False
here: the section describes the call from the first three cards only). Talonschnapsen
adds:

``raise_when_outbid`` (bool; default False)
    004, the first of the two regional rules: the first to announce a game ("Der Rufer
    (der als erstes ein Spiel angesagt hat)") may raise once more before the talon is
    taken up if another player announced a higher game (the example: A Schnapser, B
    weiter, C Gangl, A raises to a Bauernschnapser). Off: the bidding is once round.
``raise_after_talon`` (bool; default False)
    004, the second rule ("die nicht allgemein gültig ist"): the declarer, having taken
    up the talon (and laid two cards away), may announce a higher game before the first
    card; in the normal game the caller may still announce one.
``bummerl`` (``"lowest"`` | ``"below_target"``; default ``"lowest"``)
    004: the player with the fewest points gets the Bummerl, two players with the same
    fewest both; "Regionale Variante: Jeder Spieler, der nicht die 24 Punkte erreicht,
    hat ein Bummerl".
``normal_last_trick`` (bool; default False)
    In the normal game the caller "muss ... auf mindestens 66 Punkte kommen" (004
    "Talonschnapsen"): False, without 66 he loses; True, the last trick wins it for him
    as in Bauernschnapsen (004 "Normales Spiel": "oder den letzten Stich zu haben").
``opponents_66`` (``"ends"`` | ``"plays_on"``; default ``"ends"``)
    The normal game when the caller's two opponents together reach 66 first. ``ends``:
    they have won it, as in any normal game (004 "Talonschnapsen": "wird wie oben
    beschrieben ein normales Spiel gespielt"; "Normales Spiel": "Ziel ist es, zusammen mit
    dem Partner 66 Punkte zu erreichen", whoever gets there first); the caller is paid
    by his own points, 3 / 2 / 1. ``plays_on``: only the caller's 66 ends it (004: "Bei
    einem normalen Spiel muss der Rufer auf mindestens 66 Punkte kommen" names only his),
    so the cards are played out and a caller with ``normal_last_trick`` may still win by
    the last trick; the engine's reading before issue 32. No text was found for playing
    on; ``ends`` is the default.
``shown_games`` (``"shown"`` | ``"played"``; default ``"shown"``)
    Farbringerl and Herrenschnapser are won by showing the cards (004: the games "do not
    differ" from Bauernschnapsen). With six cards a hand holding a whole suit still has a
    sixth card that may lose the last trick, so a table may play them out instead
    (``played``: all tricks, the Farbringerl without trump and led by the announcer, the
    Herrenschnapser with trump, led by the caller).

Fixed by 004, not options: three players, each for himself; 3 cards each, the caller
(Vorhand, left of the dealer) calls trump, 2 cards face down as the talon, 3 more each
(6 in hand); the bidding once round from the caller; the highest bidder takes up the
talon and lays two cards away face down (they count for nobody); with no game announced
the normal game is played by the caller, who may exchange with the talon; a game may be
announced without the talon (``bid:gangl:no_talon``) and goes before the same game with
the talon ("derjenige den Vortritt, der ohne die Talonkarten spielen kann"); the Schnapser
has four tricks; in the Kontra games the announcer takes the talon and the caller leads;
the declarer plays against the other two: on success he writes the points alone, on
failure each of the others writes them; doubling up to the first card; game to 24. The
Schnapser zusammen (the caller's partner) does not exist with three players.

Readings where 004 is silent: a game with a condition on the hand (Ass-Bettler: one
ace; Farbringerl: a whole suit; Herrenschnapser: every trump) must fit the six cards when
it is announced and the hand that is played: the two cards laid away must keep it (laying
away the talon's own cards always does); the deal has no cut or knock (the section describes the
deal without them); the caller deals the next game, as in Bauernschnapsen; a double
doubles the game for all three; a loser with no points at all gets a Schneider (two Bummerl), no
Retourschneider (004 names it only for Bauernschnapsen).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..multi.rules import CHOICES, MultiRules

TALON_CHOICES = {
    **CHOICES,
    "bummerl": ("lowest", "below_target"),
    "shown_games": ("shown", "played"),
    "opponents_66": ("ends", "plays_on"),
}


@dataclass(frozen=True, slots=True)
class TalonRules(MultiRules):
    """A Talonschnapsen rule profile (see the module docstring and ``multi/rules.py``)."""

    turn_up: bool = False
    raise_when_outbid: bool = False
    raise_after_talon: bool = False
    bummerl: str = "lowest"
    normal_last_trick: bool = False
    shown_games: str = "shown"
    opponents_66: str = "ends"

    GAME: ClassVar[str] = "talonschnapsen"
    SCHNAPSER_TRICKS: ClassVar[int] = 4
    NOT_IN_GAME: ClassVar[tuple[str, ...]] = ("schnapser_zusammen",)

    @classmethod
    def _choices(cls):
        return TALON_CHOICES
