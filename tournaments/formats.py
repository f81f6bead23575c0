"""The tournament formats: the one place where a Preisschnapsen and a Danish tournament
differ. The services, pages, documents and the command line ask the tournament's format
(``format_of(tournament)``) instead of testing the format themselves. What a format
decides is data and wording here, below the models' behaviour; how its next round is
drawn and its standings computed are chosen by format where that code lives
(``services.next_round.DRAWS``, ``standings.STANDINGS``).

- **Preisschnapsen** (000, "vorherrschend"): entries (several per player), the two-pot
  draw with Freilose in a field of a power of two, knock-out rounds to the eight-prize
  stage (``draw.py``, ``prizes.py``).
- **Danish system** (000, "seltener wird nach der dänischen Wertung gespielt"): every
  player holds one entry and plays every round of a fixed number, nobody is knocked out,
  and each round after the first is paired by the standings (``danish.py``; its docstring
  names the terms the texts leave open). The field is any number of players up to the
  field size (a cap, not a power of two to fill); an odd field gives one bye a round.
  Players can be marked absent for the rounds still to be paired and come back.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from .choices import Game, Stage, TournamentFormat


class Format:
    """What a format decides; the defaults are the Preisschnapsen's."""

    code = TournamentFormat.PREISSCHNAPSEN
    #: a player may buy several entries (the terms' limit), or exactly one
    several_entries = True
    #: unsold places of the field are byes, and half the field must be sold to draw
    fills_field = True
    #: a draw done with real pots can be typed in
    transcribable = True
    #: players can be marked absent for a round (and come back)
    absences = False
    #: the prize stage (quarterfinal, semifinal, final) and its bracket
    prize_stage = True

    def label(self) -> str:
        return str(TournamentFormat(self.code).label)

    def draw_message(self, number: int) -> str:
        """The next step's wording: "Runde 3 auslosen"."""
        return _("Draw round %(n)d") % {"n": number}

    def draw_button(self, number: int) -> str:
        return _("Draw round %(n)d by computer") % {"n": number}

    def entries_per_player(self, tournament) -> int:
        return tournament.max_entries_per_player if self.several_entries else 1

    def is_last_round(self, tournament, rnd) -> bool:
        """Is ``rnd`` (the latest round) the tournament's last?"""
        return rnd.stage == Stage.FINAL

    def rounds_planned(self, tournament) -> int | None:
        """How many rounds the tournament has (None: it follows from the field)."""
        return None



class Danish(Format):
    code = TournamentFormat.DANISH
    several_entries = False
    fills_field = False
    transcribable = False
    absences = True
    prize_stage = False

    def draw_message(self, number: int) -> str:
        return _("Pair round %(n)d") % {"n": number}

    def draw_button(self, number: int) -> str:
        return _("Pair round %(n)d by the standings") % {"n": number}

    def is_last_round(self, tournament, rnd) -> bool:
        return rnd.number >= tournament.danish_rounds

    def rounds_planned(self, tournament) -> int | None:
        return tournament.danish_rounds



FORMATS: dict[str, Format] = {f.code: f for f in (Format(), Danish())}


def format_of(tournament) -> Format:
    """The format of a tournament (or of a format code)."""
    code = tournament if isinstance(tournament, str) else tournament.format
    return FORMATS.get(code, FORMATS[TournamentFormat.PREISSCHNAPSEN])


# ----------------------------------------------------------------------------- the games


class SchnapsenGame:
    """What the tournament's game decides; the defaults are Schnapsen's (two players)."""

    code = Game.SCHNAPSEN
    #: entries are held by teams of two (each team at a table of four)
    teams = False
    #: a Bummerl is counted down from this many points
    bummerl_from = 7
    #: the match lengths (Bummerl to win) the terms allow
    match_lengths = (2, 3)
    #: the formats the game can be played in
    formats = (TournamentFormat.PREISSCHNAPSEN, TournamentFormat.DANISH)

    def label(self) -> str:
        return str(Game(self.code).label)

    def holder_word(self) -> str:
        return _("player")


class BauernschnapsenGame(SchnapsenGame):
    """Bauernschnapsen (004): two teams of two at a table of four, each Bummerl counted
    down from 24; the Preis-Bauernschnapsen is the Preisschnapsen format with teams
    holding the entries. A match is the first team to N Bummerl, N 1, 2 or 3."""

    code = Game.BAUERNSCHNAPSEN
    teams = True
    bummerl_from = 24
    match_lengths = (1, 2, 3)
    formats = (TournamentFormat.PREISSCHNAPSEN,)

    def holder_word(self) -> str:
        return _("team")


GAMES: dict[str, SchnapsenGame] = {g.code: g for g in (SchnapsenGame(), BauernschnapsenGame())}


def game_of(tournament) -> SchnapsenGame:
    """The game of a tournament (or of a game code)."""
    code = tournament if isinstance(tournament, str) else tournament.game
    return GAMES.get(code, GAMES[Game.SCHNAPSEN])
