"""A team list (CSV) sold as entries at once (``tournaments.team_csv`` reads it): built on
the desk's sale (``entries``) and the teams (``teams``)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from ..team_csv import parse_teams
from .common import TournamentError
from .entries import sell_entries
from .register import find_or_register_player
from .teams import game_of_teams


def team_problem_message(problem) -> str:
    """A problem of a team list (``tournaments.team_csv``) as a translated sentence."""
    texts = {
        "empty": _("The file is empty."),
        "no_header": _("The first row must name the columns."),
        "unknown_column": _(
            "Unknown column “%(detail)s” (use Spieler 1, Spieler 2, Ort, Ort 1, Ort 2, "
            "Karten, bezahlt)."
        ),
        "duplicate_column": _("The column “%(detail)s” appears twice."),
        "no_name_column": _("No column “Spieler 1”: the first row must name both players."),
        "no_partner_column": _("No column “Spieler 2”: the first row must name both players."),
        "too_many_rows": _("More than %(detail)s rows; split the file."),
        "too_many_cells": _("More cells (%(detail)s) than the header has columns."),
        "no_name": _("A team needs both names."),
        "too_long": _("A value is longer than 200 characters (%(detail)s)."),
        "same_player": _("Both names are the same player."),
        "player_twice": _(
            "A player of this team is in the team of line %(detail)s too; a player plays "
            "in one team."
        ),
        "bad_entries": _("“%(detail)s” is not a number of entries (1 to 16)."),
        "bad_paid": _("“%(detail)s” is not “ja” or “nein” (paid)."),
        "malformed": _("The line cannot be read as CSV (%(detail)s)."),
        "no_rows": _("The file has no team rows."),
        "encoding": _("The file is neither UTF-8 nor Windows-1252 text."),
    }
    text = texts.get(problem.code, problem.code) % {"detail": problem.detail}
    if problem.line:
        return _("Line %(line)s: %(reason)s") % {"line": problem.line, "reason": text}
    return text


def import_teams(tournament, text: str, *, actor=None) -> list:
    """Sell entries to the teams of a CSV list (``tournaments.team_csv``): all or
    nothing. A file with problems, or a row the desk would refuse (a player in another
    team, the limit, a full field), is refused with every problem named by its line."""
    parsed = parse_teams(text)
    if not parsed.clean:
        error = TournamentError(" ".join(team_problem_message(p) for p in parsed.problems), "csv")
        error.lines = [team_problem_message(p) for p in parsed.problems]
        raise error
    if not game_of_teams(tournament):
        raise TournamentError(_("Teams are imported only into a team tournament."), "game")
    sold = []
    with transaction.atomic():
        for row in parsed.rows:
            try:
                first = find_or_register_player(
                    row.first, town=row.first_town, club=tournament.club
                )
                second = find_or_register_player(
                    row.second, town=row.second_town, club=tournament.club
                )
                sold += sell_entries(
                    tournament, first, row.entries, partner=second, paid=row.paid, actor=actor
                )
            except TournamentError as exc:
                raise TournamentError(
                    _("Line %(line)s: %(reason)s") % {"line": row.line, "reason": exc.message},
                    exc.code,
                ) from None
    return sold
