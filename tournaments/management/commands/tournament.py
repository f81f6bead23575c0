"""Run a Preisschnapsen from a shell: ``python manage.py tournament <subcommand> ...``.

Every error is one clear line on stderr and a non-zero exit (2 for a wrong command line,
``schnapsen_site.commands``); nothing is half written: each subcommand runs in one
transaction.
"""

from __future__ import annotations

import argparse
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

from schnapsen_site.commands import OneLineErrors, whole_number
from schnapsen_site.numbers import parse_id
from tournaments import services
from tournaments.models import Bracket, Outcome, Pairing, Round, Side, Tournament, holder_related
from tournaments.money import parse_amount


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
            _("The entry fee “%(fee)s” is not an amount (write e.g. 10 or 10,50).")
            % {"fee": value}
        )
    return parsed


class CommandLine:
    """The actor of a change made here without ``--user``: no user, named in the audit log
    as the command line."""

    is_authenticated = False
    pk = None
    audit_role = "cli"


COMMAND_LINE = CommandLine()


def _entry(e) -> dict | None:
    if e is None:
        return None
    data = {"number": e.number, "player": e.holder_name, "town": e.holder.town}
    if e.team_id is not None:  # a team tournament: both players of the team
        data["team"] = _team_players(e.team)
    return data


def _team_players(team) -> list[dict]:
    return [{"name": p.name, "town": p.town} for p in (team.first, team.second)]


def pairing_json(p: Pairing) -> dict:
    return {
        "round": p.round.number,
        "bracket": p.bracket,
        "number": p.number,
        "name": p.match_name,
        "left": _entry(p.left),
        "right": _entry(p.right) if p.right_id else None,
        "table": p.table,
        "outcome": p.outcome,
        "winner": p.winner,
        "score": [p.winner_bummerl, p.loser_bummerl] if p.winner_bummerl is not None else None,
        "version": p.version,
    }


def _danish_json(line) -> dict:
    """A Danish standings line (``danish.Standing``) for ``standings --json``."""
    return {
        "played": line.played,
        "won": line.won,
        "lost": line.lost,
        "byes": line.byes,
        "match_points": line.match_points,
        "bummerl_won": line.bummerl_won,
        "bummerl_lost": line.bummerl_lost,
        "bummerl_difference": line.bummerl_difference,
        "game_points": line.game_points,
        "buchholz": line.buchholz,
    }


def _prize_text(prize) -> str:
    """"Gans € 200,00": the description and the amount as people read them."""
    from tournaments.money import euro

    return " ".join(x for x in (prize.description, euro(prize.amount)) if x).replace(
        "\u00a0", " "
    )


class Command(OneLineErrors, BaseCommand):
    help = "Run a Preisschnapsen or a Danish tournament from the command line."

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="sub", required=True, metavar="SUBCOMMAND")

        p = sub.add_parser("create", help="create a tournament and print its id")
        p.add_argument("--name", required=True)
        p.add_argument("--date", default=None, help="YYYY-MM-DD (default: today)")
        p.add_argument("--field-size", type=whole_number, default=64)
        p.add_argument("--venue", default="")
        p.add_argument("--club", default="", help="the club's name (made if there is none)")
        p.add_argument("--max-entries", type=whole_number, default=3)
        p.add_argument("--fee", default="0")
        p.add_argument("--rules", default="weich", help="weich, scharf or turnier")
        p.add_argument("--bummerl", type=whole_number, default=2, help="match length: 2 or 3")
        p.add_argument("--one-prize", action="store_true", help="one prize per player")
        p.add_argument("--confirm", action="store_true", help="results need a confirmation")
        p.add_argument("--prize", action="append", default=[], metavar="TEXT[=AMOUNT]")
        p.add_argument("--seed", type=whole_number, default=None)
        p.add_argument(
            "--format",
            default="preisschnapsen",
            choices=["preisschnapsen", "danish"],
            help="preisschnapsen (knock-out, pot draw) or danish (every round, by the standings)",
        )
        p.add_argument("--rounds", type=whole_number, default=5, help="Danish system: the number of rounds")
        p.add_argument(
            "--rematches",
            default="allowed",
            choices=["allowed", "avoided"],
            help="Danish system: may two players meet twice",
        )
        p.add_argument(
            "--bye-score",
            default="match_won",
            choices=["match_won", "win_only"],
            help="Danish system: a bye counts as a match won to nil, or as a win only",
        )
        p.add_argument(
            "--tiebreak",
            default="buchholz",
            choices=["buchholz", "lot"],
            help="Danish system: the last tie-break",
        )
        p.add_argument(
            "--game",
            default="schnapsen",
            choices=["schnapsen", "bauernschnapsen"],
            help="schnapsen (players) or bauernschnapsen (teams of two; --bummerl 1, 2 or 3)",
        )
        p.add_argument(
            "--draw-partners",
            action="store_true",
            help="bauernschnapsen: players register alone, the partners are drawn by lot",
        )

        p = sub.add_parser("sell", help="sell entries to a player (registered if new)")
        p.add_argument("tournament")
        p.add_argument("player")
        p.add_argument("--town", default="")
        p.add_argument("--contact", default="")
        p.add_argument("--entries", type=whole_number, default=1)
        p.add_argument("--paid", action="store_true")
        p.add_argument(
            "--partner", default=None, help="team tournament: the second player of the team"
        )
        p.add_argument("--partner-town", default="")

        p = sub.add_parser(
            "import-teams",
            help="sell entries to the teams of a CSV file (Spieler 1;Spieler 2[;Ort;Karten;bezahlt])",
        )
        p.add_argument("tournament")
        p.add_argument("file", help="the CSV file (- for standard input)")

        p = sub.add_parser(
            "partners", help="draw the partners of players registered alone (team tournament)"
        )
        p.add_argument("tournament")
        p.add_argument("--seed", type=int, default=None)

        p = sub.add_parser("shrink", help="make the field smaller before the first draw")
        p.add_argument("tournament")
        p.add_argument("size", type=whole_number, nargs="?", default=None)

        p = sub.add_parser("draw", help="draw the next round (and release it)")
        p.add_argument("tournament")
        p.add_argument("--seed", type=whole_number, default=None)
        p.add_argument("--draft", action="store_true", help="keep the round unreleased")

        p = sub.add_parser(
            "transcribe",
            help="record the next round from a draw done with real pots at the venue",
            description=(
                "FILE (or - for standard input) lists the draws in the order drawn, one per "
                "line: WHO L|R NUMBER, WHO being the number of one of the player's entries "
                "(Teilnahmekarten) of this tournament or his name; redraws included or left "
                "out. Every bad line is named; the draw is checked against the pot rules "
                "and kept as a draft unless --release."
            ),
        )
        p.add_argument("tournament")
        p.add_argument("file")
        p.add_argument(
            "--placement", default=None, help="semifinal round: the quarterfinal losers' draw"
        )
        p.add_argument("--release", action="store_true", help="release the round at once")

        p = sub.add_parser("release", help="release the latest round")
        p.add_argument("tournament")

        p = sub.add_parser("withdraw", help="withdraw the latest round")
        p.add_argument("tournament")

        p = sub.add_parser("pairings", help="list the pairings of a round")
        p.add_argument("tournament")
        p.add_argument("--round", type=whole_number, default=None)
        p.add_argument("--json", action="store_true")

        p = sub.add_parser("result", help="enter or correct a result")
        p.add_argument("tournament")
        p.add_argument("round", type=whole_number)
        p.add_argument("number", type=whole_number)
        p.add_argument("--winner", required=True, choices=["left", "right"])
        p.add_argument("--score", default=None, help="winner's:loser's Bummerl, e.g. 2:1")
        p.add_argument("--walkover", action="store_true")
        p.add_argument(
            "--bracket",
            default=None,
            choices=Bracket.values,
            help="only a check: the pairing number alone names the match",
        )
        p.add_argument("--correct", action="store_true", help="correct an entered result")

        p = sub.add_parser(
            "confirm",
            help="confirm entered results (a tournament whose results need a confirmation)",
            description=(
                "Confirm the results of the given pairing numbers, or with --all of every "
                "decided pairing of the round not confirmed yet. --user names the staff "
                "member who confirms (not the one who entered the result); without it the "
                "audit log names the command line."
            ),
        )
        p.add_argument("tournament")
        p.add_argument("pairings", nargs="*", type=whole_number, metavar="PAIRING")
        p.add_argument("--all", action="store_true", help="every unconfirmed result of the round")
        p.add_argument("--round", type=whole_number, default=None, help="default: the latest")
        p.add_argument("--user", default=None, help="the user name of who confirms")

        p = sub.add_parser("standings", help="standings and prizes")
        p.add_argument("tournament")
        p.add_argument("--json", action="store_true")

        p = sub.add_parser("export", help="the whole tournament as JSON")
        p.add_argument("tournament")
        p.add_argument("--output", default=None)

        p = sub.add_parser("import", help="restore a tournament from an export")
        p.add_argument("file")
        p.add_argument("--club", default=None, help="the club (default: as named in the file)")

        p = sub.add_parser("demo", help="create a demo tournament partway through round 2")
        p.add_argument("--if-empty", action="store_true", help="only if there is no tournament")
        p.add_argument("--seed", type=whole_number, default=2026)

        p = sub.add_parser(
            "print", help="print sheets: TOURNAMENT {draw,scoresheets,entries,results}"
        )
        p.add_argument("rest", nargs=argparse.REMAINDER)

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
        )
        self.stdout.write(str(t.pk))

    def do_sell(self, o):
        t = _tournament(o["tournament"])
        player = services.find_or_register_player(o["player"], town=o["town"], contact=o["contact"])
        partner = None
        if o["partner"] is not None:
            partner = services.find_or_register_player(o["partner"], town=o["partner_town"])
        entries = services.sell_entries(t, player, o["entries"], partner=partner, paid=o["paid"])
        holder = entries[0].team if entries[0].team_id else player
        self.stdout.write(
            _("%(player)s: entries %(numbers)s")
            % {"player": holder, "numbers": ", ".join(str(e.number) for e in entries)}
        )

    def do_import_teams(self, o):
        from tournaments.team_csv import decode

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
            ngettext(
                "%(count)d team imported", "%(count)d teams imported", len(teams)
            ) % {"count": len(teams)}
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
        from tournaments.standings import compute_standings

        t = _tournament(o["tournament"])
        s = compute_standings(t)
        teams = {}
        if t.for_teams:
            teams = {
                team.first_id: _team_players(team)
                for team in t.teams.select_related("first", "second")
            }

        def team(player) -> dict:
            # a team tournament: both players of the holder's team
            return {"team": teams[player.pk]} if player is not None and player.pk in teams else {}

        data = {
            "tournament": t.pk,
            "format": t.format,
            "game": t.game,
            "phase": services.tournament_phase(t),
            "prizes": [
                {
                    "place": pr.place,
                    "description": pr.description,
                    "amount": str(pr.amount) if pr.amount is not None else None,
                    "entry": pr.entry.number if pr.entry else None,
                    "player": pr.player.name if pr.player else None,
                }
                | team(pr.player)
                for pr in s.prizes
            ],
            "players": [
                {
                    "player": ps.player.name,
                    "town": ps.player.town,
                    "entries_bought": ps.entries_bought,
                    "entries_alive": ps.entries_alive,
                    "best_place": ps.best_place,
                    "prizes": [pr.place for pr in ps.prizes],
                }
                | team(ps.player)
                for ps in s.players
            ],
            "entries": [
                {
                    "number": es.number,
                    "player": es.player.name,
                    "round_reached": es.round_reached,
                    "out_round": es.out_round,
                    "how": es.how,
                    "lost_score": list(es.lost_score) if es.lost_score else None,
                    "place": es.place,
                    "alive": es.alive,
                }
                | team(es.player)
                | (_danish_json(es.danish) if es.danish is not None else {})
                for es in s.entries
            ],
        }
        if o["json"]:
            self.stdout.write(json.dumps(data, ensure_ascii=False, indent=2))
            return
        how = {
            "lost": _("lost"),
            "walkover": _("lost by walkover"),
            "surrendered": _("surrendered"),
        }
        finished = data["phase"] == "finished"
        if s.is_danish:
            self._danish_table(s)
            return
        self.stdout.write(_("Prizes"))
        for pr in s.prizes:
            prize = _prize_text(pr)
            winner = f"{pr.player.name} (#{pr.entry.number})" if pr.entry else _("not decided")
            self.stdout.write(f"{pr.place:>4}. {winner:36} {prize}")
        self.stdout.write("")
        self.stdout.write(_("Entries"))
        for es in s.entries:
            state = how.get(es.how, _("in play") if es.alive and not finished else "")
            if es.lost_score:  # (winner's, its own) Bummerl: written from the entry's side
                state += f" {es.lost_score[1]}:{es.lost_score[0]}"
            self.stdout.write(
                f"{es.place or '':>4} #{es.number:<4} {es.player.name:30} "
                f"{_('round')} {es.round_reached:<2} {state}"
            )

    def _danish_table(self, s):
        self.stdout.write(_("Prizes"))
        for pr in s.prizes:
            winner = f"{pr.player.name} (#{pr.entry.number})" if pr.entry else _("not decided")
            self.stdout.write(f"{pr.place:>4}. {winner:36} {_prize_text(pr)}")
        self.stdout.write("")
        self.stdout.write(
            _("Place  Player                          Pts  +/-   GP   BH  (won-lost-byes)")
        )
        for es in s.entries:
            d = es.danish
            self.stdout.write(
                f"{es.place:>4}.  {es.player.name[:30]:30} {d.match_points:>4} "
                f"{d.bummerl_difference:>+4} {d.game_points:>4} {d.buchholz:>4}  "
                f"({d.won}-{d.lost}-{d.byes})"
            )

    def do_export(self, o):
        from tournaments.exchange import export_tournament

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
        from tournaments.exchange import import_tournament

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
            from clubs.services import ClubError, find_club

            try:
                club = find_club(o["club"])
            except ClubError as exc:
                raise CommandError(exc.message) from None
        t = import_tournament(data, club=club)
        self.stdout.write(str(t.pk))

    def do_demo(self, o):
        from tournaments.demo import (
            create_demo,
            create_demo_danish,
            create_demo_season,
            create_demo_teams,
            demo_logins,
        )

        if o["if_empty"] and Tournament.objects.exists():
            self.stdout.write(_("There are tournaments already; no demo created."))
            return
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
                "and the season series “%(series)s” (id %(series_id)d). Look at "
                "http://127.0.0.1:8000/ and sign in as demo / demo (organiser), kassa / "
                "kassa (desk), tisch / tisch (table staff) or schiri / schiri (referee)."
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
