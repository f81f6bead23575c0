"""Run a Preisschnapsen from a shell: ``python manage.py tournament <subcommand> ...``.

Every error is one clear line on stderr and a non-zero exit (2 for a wrong command line,
``core.commands``); nothing is half written: each subcommand runs in one
transaction.
"""

from __future__ import annotations

import datetime
import importlib
import json
import os
import sys
from decimal import Decimal

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.services import ClubError, find_club
from core.commands import OneLineErrors
from core.numbers import parse_id
from tournaments import services
from tournaments.demo import (
    create_demo,
    create_demo_danish,
    create_demo_season,
    create_demo_teams,
    demo_logins,
)
from tournaments.exchange import export_tournament, import_tournament
from tournaments.models import Bracket, Outcome, Pairing, Round, Side, Tournament, holder_related
from tournaments.money import parse_amount
from tournaments.standings import compute_standings
from tournaments.team_csv import decode

from ..tournament_args import add_subcommands
from ..tournament_output import pairing_json, standings_json, standings_lines


def _count_pairings(n: int) -> str:
    return ngettext("%(count)d pairing", "%(count)d pairings", n) % {"count": n}


def _count_entries(n: int) -> str:
    return ngettext("%(count)d entry", "%(count)d entries", n) % {"count": n}


def _count_byes(n: int) -> str:
    return ngettext("%(count)d bye", "%(count)d byes", n) % {"count": n}


def _tournament(value) -> Tournament:
    try:
        return Tournament.objects.get(pk=parse_id(value))
    except Tournament.DoesNotExist:
        raise CommandError(_("There is no tournament with id %(id)s.") % {"id": value}) from None


def _score(value: str) -> tuple[int, int]:
    try:
        won, lost = (int(x) for x in value.replace("-", ":").split(":"))
    except ValueError:
        raise CommandError(_("The score “%(score)s” is not like 2:1.") % {"score": value}) from None
    return won, lost


def _prize(value: str):
    """``TEXT``, ``TEXT=AMOUNT`` or ``=AMOUNT``; the amount as ``money.parse_amount`` reads
    it ("10,50" or "10.50")."""
    text, _sep, amount = value.partition("=")
    if not amount:
        return text, None
    parsed = parse_amount(amount)
    if parsed is None:
        raise CommandError(_("The prize amount “%(a)s” is not a number.") % {"a": amount})
    return text, parsed


def _fee(value: str) -> Decimal:
    parsed = parse_amount(value)
    if parsed is None:
        raise CommandError(
            _("The entry fee “%(fee)s” is not an amount (write e.g. 10 or 10,50).") % {"fee": value}
        )
    return parsed


class CommandLine:
    """The actor of a change made here without ``--user``: no user, named in the audit log
    as the command line."""

    is_authenticated = False
    pk = None
    audit_role = "cli"


COMMAND_LINE = CommandLine()


class Command(OneLineErrors, BaseCommand):
    help = "Run a Preisschnapsen or a Danish tournament from the command line."

    def add_arguments(self, parser):
        add_subcommands(parser)

    def handle(self, *args, **opts):
        handler = getattr(self, "do_" + opts["sub"].replace("-", "_"))
        try:
            with transaction.atomic():  # a refused step undoes the steps before it
                try:
                    handler(opts)
                except BrokenPipeError:  # output piped into `head` and the like: stop quietly
                    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except services.TournamentError as exc:
            raise CommandError(exc.message) from None

    # ----------------------------------------------------------------- subcommands

    def do_create(self, o):
        try:
            date = datetime.date.fromisoformat(o["date"]) if o["date"] else datetime.date.today()
        except ValueError:
            raise CommandError(_("The date must be YYYY-MM-DD.")) from None
        t = services.create_tournament(
            name=o["name"],
            date=date,
            field_size=o["field_size"],
            venue=o["venue"],
            club_name=o["club"],
            max_entries_per_player=o["max_entries"],
            entry_fee=_fee(o["fee"]),
            rule_profile=o["rules"],
            match_bummerl=o["bummerl"],
            one_prize_per_player=o["one_prize"],
            confirm_results=o["confirm"],
            prizes=[_prize(x) for x in o["prize"]],
            seed=o["seed"],
            format=o["format"],
            danish_rounds=o["rounds"],
            danish_rematches=o["rematches"],
            danish_bye_score=o["bye_score"],
            danish_last_tiebreak=o["tiebreak"],
            game=o["game"],
            draw_partners=o["draw_partners"],
            catalogue=o["catalogue"],
        )
        self.stdout.write(str(t.pk))

    def do_sell(self, o):
        t = _tournament(o["tournament"])
        player = services.find_or_register_player(
            o["player"], town=o["town"], contact=o["contact"], club=t.club
        )
        partner = None
        if o["partner"] is not None:
            partner = services.find_or_register_player(
                o["partner"], town=o["partner_town"], club=t.club
            )
        entries = services.sell_entries(t, player, o["entries"], partner=partner, paid=o["paid"])
        holder = entries[0].team if entries[0].team_id else player
        self.stdout.write(
            _("%(player)s: entries %(numbers)s")
            % {"player": holder, "numbers": ", ".join(str(e.number) for e in entries)}
        )

    def do_import_teams(self, o):
        t = _tournament(o["tournament"])
        if o["file"] == "-":
            text = sys.stdin.read()
        else:
            try:
                with open(o["file"], "rb") as fh:
                    text = decode(fh.read())
            except OSError as exc:
                raise CommandError(
                    _("Cannot read %(file)s: %(reason)s")
                    % {"file": o["file"], "reason": exc.strerror}
                ) from None
            if text is None:
                raise CommandError(_("The file is neither UTF-8 nor Windows-1252 text."))
        sold = services.import_teams(t, text)
        teams = {e.team_id for e in sold}
        self.stdout.write(
            ngettext("%(count)d team imported", "%(count)d teams imported", len(teams))
            % {"count": len(teams)}
            + ": "
            + _count_entries(len(sold))
        )

    def do_partners(self, o):
        t = _tournament(o["tournament"])
        teams = services.draw_partners(t, seed=o["seed"])
        self.stdout.write(
            _("Partners drawn (seed %(seed)s):") % {"seed": t.partner_draw.get("seed")}
        )
        for team in teams:
            number = team.entries.order_by("number").values_list("number", flat=True).first()
            self.stdout.write(f"  #{number} {team.name}")

    def do_shrink(self, o):
        t = _tournament(o["tournament"])
        size = o["size"] or services.smaller_field_offer(t)
        if size is None:
            raise CommandError(_("No smaller field fits the entries sold."))
        services.shrink_field(t, size)
        self.stdout.write(_("Field size: %(n)d") % {"n": size})

    def do_draw(self, o):
        t = _tournament(o["tournament"])
        rnd = services.draw_next_round(t, seed=o["seed"])
        if not o["draft"]:
            rnd = services.release_round(rnd)
        byes = rnd.pairings.filter(right__isnull=True).count()
        self.stdout.write(
            _("Round %(n)d drawn (%(stage)s, seed %(seed)s): %(pairings)s, %(byes)s")
            % {
                "n": rnd.number,
                "stage": rnd.get_stage_display(),
                "seed": rnd.seed,
                "pairings": _count_pairings(rnd.pairings.count()),
                "byes": _count_byes(byes),
            }
        )

    def _read(self, name: str) -> str:
        if name == "-":
            return sys.stdin.read()
        try:
            with open(name, encoding="utf-8-sig") as f:
                return f.read()
        except OSError as exc:
            raise CommandError(
                _("Cannot read %(file)s: %(reason)s") % {"file": name, "reason": exc.strerror}
            ) from None
        except UnicodeDecodeError:
            raise CommandError(_("%(file)s is not UTF-8 text.") % {"file": name}) from None

    def do_transcribe(self, o):
        t = _tournament(o["tournament"])
        draws = services.parse_transcript(self._read(o["file"]))
        placement = (
            services.parse_transcript(self._read(o["placement"])) if o["placement"] else None
        )
        rnd = services.transcribe_next_round(t, draws, placement_draws=placement)
        if o["release"]:
            rnd = services.release_round(rnd)
        self.stdout.write(
            _("Round %(n)d transcribed (%(stage)s): %(pairings)s, %(byes)s%(draft)s")
            % {
                "n": rnd.number,
                "stage": rnd.get_stage_display(),
                "pairings": _count_pairings(rnd.pairings.count()),
                "byes": _count_byes(rnd.pairings.filter(right__isnull=True).count()),
                "draft": "" if o["release"] else " " + _("(draft)"),
            }
        )

    def _latest(self, t) -> Round:
        rnd = t.rounds.order_by("-number").first()
        if rnd is None:
            raise CommandError(_("No round is drawn yet."))
        return rnd

    def do_release(self, o):
        rnd = services.release_round(self._latest(_tournament(o["tournament"])))
        self.stdout.write(_("Round %(n)d released.") % {"n": rnd.number})

    def do_withdraw(self, o):
        rnd = self._latest(_tournament(o["tournament"]))
        services.withdraw_round(rnd)
        self.stdout.write(_("Round %(n)d withdrawn.") % {"n": rnd.number})

    def do_pairings(self, o):
        t = _tournament(o["tournament"])
        rounds = t.rounds.all()
        rnd = rounds.filter(number=o["round"]).first() if o["round"] else self._latest(t)
        if rnd is None:
            raise CommandError(_("Round %(n)s is not drawn.") % {"n": o["round"]})
        pairings = list(
            rnd.pairings.select_related(*holder_related("left__"), *holder_related("right__"))
        )
        if o["json"]:
            self.stdout.write(
                json.dumps(
                    {
                        "tournament": t.pk,
                        "round": rnd.number,
                        "stage": rnd.stage,
                        "status": rnd.status,
                        "pairings": [pairing_json(p) for p in pairings],
                    },
                    ensure_ascii=False,
                    indent=2,
                )
            )
            return
        self.stdout.write(f"{rnd.get_stage_display()} {rnd.number} ({rnd.get_status_display()})")
        for p in pairings:
            right = f"#{p.right.number} {p.right.holder}" if p.right_id else _("bye")
            outcome = p.get_outcome_display()
            if p.winner_bummerl is not None:
                won, lost = p.winner_bummerl, p.loser_bummerl
                outcome += f" {won}:{lost}" if p.winner == Side.LEFT else f" {lost}:{won}"
            elif p.outcome == Outcome.WALKOVER:
                outcome += f" ({p.get_winner_display()})"
            name = f"  [{p.match_name}]" if p.match_name else ""
            self.stdout.write(
                f"{p.number:4}  #{p.left.number} {p.left.holder} – {right}  {outcome}{name}"
            )

    def do_result(self, o):
        t = _tournament(o["tournament"])
        score = _score(o["score"]) if o["score"] else None
        p = (
            Pairing.objects.filter(
                round__tournament=t, round__number=o["round"], number=o["number"]
            )
            .select_related("round")
            .first()
        )
        if p is None:
            raise CommandError(
                _("Round %(r)d has no pairing number %(n)d.") % {"r": o["round"], "n": o["number"]}
            )
        if o["bracket"] is not None and o["bracket"] != p.bracket:
            raise CommandError(
                _("Pairing %(n)d of round %(r)d is the %(name)s, not the %(bracket)s.")
                % {
                    "n": p.number,
                    "r": o["round"],
                    "name": p.match_name or p.get_bracket_display(),
                    "bracket": Bracket(o["bracket"]).label,
                }
            )
        action = services.correct_result if o["correct"] else services.record_result
        p = action(p, winner=o["winner"], score=score, walkover=o["walkover"])
        self.stdout.write(json.dumps(pairing_json(p), ensure_ascii=False))

    def do_confirm(self, o):
        t = _tournament(o["tournament"])
        if bool(o["pairings"]) == o["all"]:
            raise CommandError(_("Give the pairing numbers to confirm, or --all."))
        rounds = t.rounds.all()
        rnd = rounds.filter(number=o["round"]).first() if o["round"] else self._latest(t)
        if rnd is None:
            raise CommandError(_("Round %(n)s is not drawn.") % {"n": o["round"]})
        actor = COMMAND_LINE
        if o["user"]:
            from django.contrib.auth import get_user_model

            actor = get_user_model().objects.filter(username=o["user"]).first()
            if actor is None:
                raise CommandError(_("There is no user “%(name)s”.") % {"name": o["user"]})
        decided = rnd.pairings.filter(outcome__in=[Outcome.PLAYED, Outcome.WALKOVER])
        if o["all"]:
            chosen = list(decided.filter(confirmed_at__isnull=True).order_by("number"))
            if not chosen:
                raise CommandError(
                    _("Round %(n)d has no result waiting for a confirmation.") % {"n": rnd.number}
                )
        else:
            found = {p.number: p for p in rnd.pairings.filter(number__in=o["pairings"])}
            missing = [str(n) for n in o["pairings"] if n not in found]
            if missing:
                raise CommandError(
                    _("Round %(r)d has no pairing number %(n)s.")
                    % {"r": rnd.number, "n": ", ".join(missing)}
                )
            chosen = [found[n] for n in dict.fromkeys(o["pairings"])]
        for p in chosen:
            try:
                services.confirm_result(p, actor=actor)
            except services.TournamentError as exc:
                raise CommandError(
                    _("Pairing %(n)d: %(message)s") % {"n": p.number, "message": exc.message}
                ) from None
        self.stdout.write(
            ngettext(
                "Round %(r)d: %(count)d result confirmed (%(numbers)s).",
                "Round %(r)d: %(count)d results confirmed (%(numbers)s).",
                len(chosen),
            )
            % {
                "r": rnd.number,
                "count": len(chosen),
                "numbers": ", ".join(str(p.number) for p in chosen),
            }
        )

    def do_standings(self, o):
        t = _tournament(o["tournament"])
        s = compute_standings(t)
        if o["json"]:
            self.stdout.write(json.dumps(standings_json(t, s), ensure_ascii=False, indent=2))
            return
        finished = services.tournament_phase(t) == "finished"
        for line in standings_lines(s, finished=finished):
            self.stdout.write(line)

    def do_export(self, o):
        text = json.dumps(
            export_tournament(_tournament(o["tournament"])), ensure_ascii=False, indent=1
        )
        if o["output"]:
            try:
                with open(o["output"], "w", encoding="utf-8") as fh:
                    fh.write(text + "\n")
            except OSError as exc:
                raise CommandError(
                    _("Cannot write %(file)s: %(reason)s")
                    % {"file": o["output"], "reason": exc.strerror or exc}
                ) from None
        else:
            self.stdout.write(text)

    def do_import(self, o):
        try:
            with open(o["file"], encoding="utf-8") as fh:
                data = json.load(fh)
        except OSError as exc:
            raise CommandError(
                _("Cannot read %(file)s: %(error)s") % {"file": o["file"], "error": exc.strerror}
            ) from None
        except (ValueError, UnicodeDecodeError) as exc:
            raise CommandError(
                _("%(file)s is not JSON: %(error)s") % {"file": o["file"], "error": exc}
            ) from None
        club = None
        if o["club"]:
            try:
                club = find_club(o["club"])
            except ClubError as exc:
                raise CommandError(exc.message) from None
        t = import_tournament(data, club=club)
        self.stdout.write(str(t.pk))

    def do_demo(self, o):
        if o["if_empty"] and Tournament.objects.exists():
            self.stdout.write(_("There are tournaments already; no demo created."))
        else:
            self._make_demo(o)
        self.stdout.write(
            _(
                "Look at %(url)s and sign in as demo / demo (organiser), kassa / kassa "
                "(desk), tisch / tisch (table staff) or schiri / schiri (referee): logins "
                "of this local demo database only."
            )
            % {"url": o["url"]}
        )

    def _make_demo(self, o):
        t = create_demo(seed=o["seed"])
        series = create_demo_season(t, seed=o["seed"])
        danish = create_demo_danish(seed=o["seed"])
        teams = create_demo_teams(seed=o["seed"])
        for name in demo_logins():
            self.stdout.write(
                _("Staff user “%(name)s” with password “%(name)s” created.") % {"name": name}
            )
        self.stdout.write(
            _(
                "Demo tournament “%(name)s” (id %(id)d) created, partway through round 2, "
                "and the season series “%(series)s” (id %(series_id)d)."
            )
            % {"name": t.name, "id": t.pk, "series": series, "series_id": series.pk}
        )
        self.stdout.write(
            _("And “%(name)s” (id %(id)d), played by the Danish system, in round 4.")
            % {"name": danish.name, "id": danish.pk}
        )
        self.stdout.write(
            _("And “%(name)s” (id %(id)d), teams of two, round 1 half played.")
            % {"name": teams.name, "id": teams.pk}
        )

    def do_print(self, o):
        try:
            module = importlib.import_module("tournaments.printing.cli")
        except ImportError:
            raise CommandError(_("Printing is not available.")) from None
        module.run(list(o["rest"]), self.stdout)
