"""The choices and constants of the data model (translated labels), and the seeds."""

import random

from django.db import models
from django.utils.translation import gettext_lazy as _

FIELD_SIZES = (16, 32, 64, 128, 256, 512, 1024)


PRIZE_PLACES = 8


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**53)


class RuleProfile(models.TextChoices):
    """The rules engine's presets (``engine.rules``)."""

    WEICH = "weich", _("weich (soft rules)")
    SCHARF = "scharf", _("scharf (strict rules)")
    TURNIER = "turnier", _("Turnierschnapsen (tournament rules)")


class TournamentFormat(models.TextChoices):
    """The two tournament forms of 000: the Preisschnapsen (knock-out with entries and the
    pot draw) and, "seltener", the Danish system (every player plays every round)."""

    PREISSCHNAPSEN = "preisschnapsen", _("Preisschnapsen (knock-out, two-pot draw)")
    DANISH = "danish", _("Danish system (every round, paired by the standings)")


class Game(models.TextChoices):
    """The game a tournament is played in (``tournaments.formats``, ``GAMES``): Schnapsen
    (two players at a table, entries held by players) or Bauernschnapsen (two teams of two
    at a table of four, entries held by teams; the Preis-Bauernschnapsen)."""

    SCHNAPSEN = "schnapsen", _("Schnapsen (players)")
    BAUERNSCHNAPSEN = "bauernschnapsen", _("Bauernschnapsen (teams of two, tables of four)")


class Catalogue(models.TextChoices):
    """The special games a Bauernschnapsen tournament plays besides the normal game (its
    Spielekatalog; reference 004: "Welche Sonderspiele zulässig sind ist regional
    ausgesprochen unterschiedlich"): the engine's presets (``engine.bauern.rules``),
    as the tables of the browser offer them."""

    UEBLICH = "ueblich", _("üblich: Schnapser, Gangl, Bauernschnapser")
    ALLES = "alles", _("every special game")
    OHNE_BETTLER = "ohne_bettler", _("every special game but the Bettler games")
    KEINE = "keine", _("no special games (normal game only)")


class Rematches(models.TextChoices):
    """``tournaments.danish``: may the standings pair two players a second time?"""

    ALLOWED = "allowed", _("allowed (the Danish system proper)")
    AVOIDED = "avoided", _("avoided where possible (as in the Swiss system)")


class ByeScore(models.TextChoices):
    """``tournaments.danish``: what a bye (odd field) counts."""

    MATCH_WON = "match_won", _("a match won to nil (2:0 or 3:0)")
    WIN_ONLY = "win_only", _("a won match without Bummerl")


class LastTiebreak(models.TextChoices):
    """``tournaments.danish``: the tie-break after game points."""

    BUCHHOLZ = "buchholz", _("Buchholz (the opponents' match points), then lot")
    LOT = "lot", _("lot")


class Stage(models.TextChoices):
    MAIN = "main", _("Round")
    QUARTERFINAL = "quarterfinal", _("Quarterfinal")
    SEMIFINAL = "semifinal", _("Semifinal")
    FINAL = "final", _("Final")


class Bracket(models.TextChoices):
    """Which competition inside a round a pairing belongs to."""

    MAIN = "main", _("main draw")
    PLACE_3 = "place3", _("match for 3rd place")
    PLACE_5_8 = "place5_8", _("placement match, quarterfinal losers")
    PLACE_5 = "place5", _("match for 5th place")
    PLACE_7 = "place7", _("match for 7th place")


class Side(models.TextChoices):
    LEFT = "left", _("left")
    RIGHT = "right", _("right")


class Outcome(models.TextChoices):
    OPEN = "", _("open")
    PLAYED = "played", _("played")
    WALKOVER = "walkover", _("walkover")
    BYE = "bye", _("bye")
    SURRENDER = "surrender", _("surrendered (player met himself)")


# The order of the brackets within a round: pairings are numbered in this order, the
# main draw first (its pairings keep their draw numbers), so a number is unique in a round.
BRACKET_ORDER = (
    Bracket.MAIN,
    Bracket.PLACE_3,
    Bracket.PLACE_5_8,
    Bracket.PLACE_5,
    Bracket.PLACE_7,
)


# how many pairings the main draw of a prize-stage round has
MAIN_PAIRINGS = {Stage.QUARTERFINAL: 4, Stage.SEMIFINAL: 2, Stage.FINAL: 1}
