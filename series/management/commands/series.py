"""Season series from a shell: ``python manage.py series <subcommand> ...``.

Every error is one clear line on stderr and a non-zero exit; nothing is half written.
"""

from __future__ import annotations

import json
import os
import sys

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from clubs.services import ClubError, find_club
from core.commands import OneLineErrors, whole_number
from core.numbers import parse_id
from series import presenters, scoring, services
from series.models import Consent, Scheme, Series
from series.printing import render_series
from tournaments.models import Tournament


def _tournament(value) -> Tournament:
    try:
        return Tournament.objects.select_related("club").get(pk=parse_id(value))
    except Tournament.DoesNotExist:
        raise CommandError(_("There is no tournament with id %(id)s.") % {"id": value}) from None


def _points(value: str | None):
    if value is None:
        return None
    try:
        return scoring.parse_points(value)
    except scoring.RuleError as exc:
        raise CommandError(services.rule_message(exc)) from None


ASKED = (Consent.ACCEPTED, Consent.REQUESTED)


class Command(OneLineErrors, BaseCommand):
    help = "Season series (Cup, Jahreswertung): create, add tournaments, standings."

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="sub", required=True, metavar="SUBCOMMAND")

        p = sub.add_parser("create", help="create a series and print its id")
        p.add_argument("--name", required=True)
        p.add_argument("--season", default="")
        p.add_argument("--club", default=None, help="the club whose organisers manage it")
        p.add_argument(
            "--rounds", action="store_true", help="points per round reached, not per place"
        )
        p.add_argument(
            "--points",
            default=None,
            help="the points table, best first, e.g. 25,20,16,13 (default: "
            f"{','.join(str(x) for x in scoring.DEFAULT_PLACE_POINTS)})",
        )
        p.add_argument("--rest", type=whole_number, default=0, help="points for every place below")
        p.add_argument("--best", type=whole_number, default=None, help="each player's best N count")
        p.add_argument("--private", action="store_true", help="no public page")

        p = sub.add_parser("add", help="add tournaments to a series")
        p.add_argument("series")
        p.add_argument("tournaments", nargs="+")

        p = sub.add_parser("remove", help="take a tournament out of a series")
        p.add_argument("series")
        p.add_argument("tournament")

        p = sub.add_parser("standings", help="the series standings")
        p.add_argument("series")
        p.add_argument("--json", action="store_true")

        p = sub.add_parser("list", help="list the series")

        p = sub.add_parser("print", help="the standings as PDF")
        p.add_argument("series")
        p.add_argument("--output", "-o", default=None)
        p.add_argument("--language", choices=("de-at", "en"), default=None)

    def handle(self, *args, **opts):
        handler = getattr(self, "do_" + opts["sub"])
        try:
            handler(opts)
        except services.SeriesError as exc:
            raise CommandError(exc.message) from None
        except BrokenPipeError:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())

    def do_create(self, o):
        club = None
        if o["club"]:
            try:
                club = find_club(o["club"])
            except ClubError as exc:
                raise CommandError(exc.message) from None
        series = services.create_series(
            o["name"],
            season=o["season"],
            club=club,
            scheme=Scheme.ROUNDS if o["rounds"] else Scheme.PLACES,
            points=_points(o["points"]),
            rest_points=o["rest"],
            best_of=o["best"],
            is_public=not o["private"],
        )
        self.stdout.write(str(series.pk))

    def do_add(self, o):
        series = services.find_series(o["series"])
        tournaments = [_tournament(t) for t in o["tournaments"]]
        for t in tournaments:  # all or nothing: check every one first
            # (one refused or withdrawn by its club may be added again: a shell answers
            # for every club, as a site administrator does)
            if series.members.filter(tournament=t, consent__in=ASKED).exists():
                raise CommandError(
                    _("%(tournament)s is in this series already.") % {"tournament": t}
                )
        for t in tournaments:
            services.add_tournament(series, t)
            self.stdout.write(_("Added: %(tournament)s") % {"tournament": t})

    def do_remove(self, o):
        series = services.find_series(o["series"])
        t = _tournament(o["tournament"])
        services.remove_tournament(series, t)
        self.stdout.write(_("Removed: %(tournament)s") % {"tournament": t})

    def do_list(self, o):
        for s in Series.objects.select_related("club").order_by("pk"):
            club = s.club.name if s.club_id else "–"
            self.stdout.write(f"{s.pk:4}  {s}  ({club}, {s.members.count()})")

    def do_standings(self, o):
        series = services.find_series(o["series"])
        standings = services.compute_series_standings(series, use_cache=False)
        if o["json"]:
            self.stdout.write(
                json.dumps(presenters.as_json(standings), ensure_ascii=False, indent=2)
            )
            return
        self.stdout.write(str(series))
        for line in presenters.rule_lines(standings):
            self.stdout.write("  " + line)
        self.stdout.write("")
        for c in standings.columns:
            state = "" if c.finished else "  " + _("(not finished: not counted yet)")
            self.stdout.write(
                f"  T{c.index}  {c.tournament.date:%d.%m.%Y}  {c.tournament.name}{state}"
            )
        self.stdout.write("")
        if not standings.rows:
            self.stdout.write(_("No results yet."))
        for r in standings.rows:
            results = "  ".join(
                f"T{x.column.index} "
                + (f"{x.place}./{x.points}" if x.place else str(x.points))
                + ("" if x.counted else "*")
                for x in r.cells
            )
            rank = f"{r.rank}." + ("=" if r.shared else " ")
            self.stdout.write(f"{rank:>5} {str(r.player):40} {r.points:>5}   {results}")
        if any(not x.counted for r in standings.rows for x in r.cells):
            self.stdout.write("")
            self.stdout.write(_("* not counted (only the best results count)"))

    def do_print(self, o):
        from pathlib import Path

        from django.utils import translation

        series = services.find_series(o["series"])
        with translation.override(o["language"] or translation.get_language()):
            document = render_series(series)
        path = Path(o["output"]) if o["output"] else Path(document.filename)
        if o["output"] == "-":
            sys.stdout.buffer.write(document.content)
            return
        try:
            path.write_bytes(document.content)
        except OSError as exc:
            raise CommandError(
                _("Cannot write %(file)s: %(reason)s")
                % {"file": path, "reason": exc.strerror or exc}
            ) from None
        self.stdout.write(_("Wrote %(file)s.") % {"file": path})
