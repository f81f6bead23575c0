"""Clubs and their staff from a shell (the site administrator's tools):
``python manage.py club <subcommand> ...``.

The command lives in the tournaments app, which builds on the clubs app: besides the
clubs and their staff it merges two entries of the player register, which moves their
entries in the clubs' tournaments (the clubs app knows no tournament).

Every error is one clear line on stderr and a non-zero exit; nothing is half written.
"""

from __future__ import annotations

import os
import sys

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse
from django.utils.translation import gettext as _

from clubs import services
from clubs.models import Club, Membership, Role
from core.commands import OneLineErrors, whole_number

from ...models import Player
from ...services import TournamentError, merge_players


def _user(name):
    user = get_user_model().objects.filter(username=name).first()
    if user is None:
        raise CommandError(_("There is no user “%(name)s”.") % {"name": name})
    return user


class Command(OneLineErrors, BaseCommand):
    help = "Clubs and their staff: create clubs, give and take roles, invite, merge players."

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="sub", required=True, metavar="SUBCOMMAND")

        p = sub.add_parser("create", help="create a club and print its short name")
        p.add_argument("name")
        p.add_argument("--slug", default="")

        sub.add_parser("list", help="list the clubs and their staff")

        p = sub.add_parser("grant", help="give a user a role in a club")
        p.add_argument("club")
        p.add_argument("user")
        p.add_argument("role", choices=Role.values)

        p = sub.add_parser("take", help="take a role in a club from a user")
        p.add_argument("club")
        p.add_argument("user")
        p.add_argument("role", choices=Role.values)

        p = sub.add_parser("invite", help="print a one-time invitation link")
        p.add_argument("club")
        p.add_argument("role", choices=Role.values)
        p.add_argument("--days", type=whole_number, default=services.INVITATION_DAYS)
        p.add_argument("--note", default="")
        p.add_argument(
            "--base-url",
            default=getattr(settings, "SITE_URL", "") or "http://127.0.0.1:8000",
            help="address of the site, for the link",
        )

        p = sub.add_parser(
            "merge-players",
            help="KEEP and OTHER (player ids) are one person: OTHER's entries move to KEEP",
        )
        p.add_argument("keep", type=whole_number)
        p.add_argument("other", type=whole_number)
        p.add_argument("--club", default=None, help="the club the merge is made for (audit)")

    def handle(self, *args, **opts):
        handler = getattr(self, "do_" + opts["sub"].replace("-", "_"))
        try:
            handler(opts)
        except (services.ClubError, TournamentError) as exc:
            raise CommandError(exc.message) from None
        except BrokenPipeError:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())

    def do_create(self, o):
        club = services.create_club(o["name"], slug=o["slug"])
        self.stdout.write(club.slug)

    def do_list(self, o):
        for club in Club.objects.order_by("name"):
            default = " " + _("(default club)") if club.is_default else ""
            self.stdout.write(f"{club.slug}: {club.name}{default}")
            for m in Membership.objects.filter(club=club).select_related("user"):
                self.stdout.write(f"    {m.user.get_username():20} {m.get_role_display()}")

    def do_grant(self, o):
        club, user = services.find_club(o["club"]), _user(o["user"])
        services.grant_role(club, user, o["role"])
        self.stdout.write(
            _("%(user)s is %(role)s of %(club)s.")
            % {"user": user, "role": Role(o["role"]).label, "club": club}
        )

    def do_take(self, o):
        club, user = services.find_club(o["club"]), _user(o["user"])
        services.take_role(club, user, o["role"])
        self.stdout.write(
            _("%(user)s is no longer %(role)s of %(club)s.")
            % {"user": user, "role": Role(o["role"]).label, "club": club}
        )

    def do_invite(self, o):
        club = services.find_club(o["club"])
        _invitation, token = services.invite(club, o["role"], days=o["days"], note=o["note"])
        self.stdout.write(o["base_url"].rstrip("/") + reverse("clubs:invite", args=[token]))

    def do_merge_players(self, o):
        players = {p.pk: p for p in Player.objects.filter(pk__in=[o["keep"], o["other"]])}
        for pk in (o["keep"], o["other"]):
            if pk not in players:
                raise CommandError(_("There is no player with id %(id)s.") % {"id": pk})
        club = services.find_club(o["club"]) if o["club"] else None
        kept = merge_players(players[o["keep"]], players[o["other"]], club=club)
        moved = kept.entries.count()
        self.stdout.write(
            _("%(other)s was merged into %(keep)s (who now holds %(n)d entries).")
            % {"other": players[o["other"]], "keep": kept, "n": moved}
        )
