"""The data protection duties towards a player from a shell (the site administrator's
tools, who acts for every club): ``python manage.py player <subcommand> ...``.

- ``export ID [--output FILE]``: everything stored about the player (GDPR art. 15), JSON;
- ``erase ID [--yes]``: erase him (art. 17); without ``--yes`` it only says what it would do;
- ``retention [--years N] [--apply]``: the contact data of players inactive for N years
  (default: the setting ``CONTACT_RETENTION_YEARS``); deleted only with ``--apply``;
- ``hide ID`` / ``show ID``: leave his name out of public pages at his request, or not.

Every error is one clear line on stderr and a non-zero exit; nothing is half written.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from core.commands import OneLineErrors, whole_number

from ... import privacy
from ...models import Player
from ...services import TournamentError, update_player


def _player(pk) -> Player:
    player = Player.objects.filter(pk=pk).first()
    if player is None:
        raise CommandError(_("There is no player %(id)s in the register.") % {"id": pk})
    if player.merged_into_id is not None:
        raise CommandError(
            _("Player %(id)s was merged into player %(kept)s; use that one.")
            % {"id": pk, "kept": player.merged_into_id}
        )
    return player


class Command(OneLineErrors, BaseCommand):
    help = "A player's data (GDPR): export it, erase him, hide his name, apply the retention."

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="sub", required=True, metavar="SUBCOMMAND")
        p = sub.add_parser("export", help="everything stored about a player, as JSON")
        p.add_argument("player", type=whole_number)
        p.add_argument("--output", "-o", default="", help="a file (default: standard output)")
        p = sub.add_parser("erase", help="erase a player; his places stay under a placeholder")
        p.add_argument("player", type=whole_number)
        p.add_argument("--yes", action="store_true", help="really erase (else: a dry run)")
        p = sub.add_parser("retention", help="delete contact data of long inactive players")
        p.add_argument("--years", type=whole_number, default=None)
        p.add_argument("--apply", action="store_true", help="really delete (else: a dry run)")
        for name, text in (("hide", "leave his name out of public pages"), ("show", "show it")):
            p = sub.add_parser(name, help=text)
            p.add_argument("player", type=whole_number)

    def handle(self, *args, **o):
        getattr(self, "do_" + o["sub"])(o)

    def do_export(self, o):
        text = privacy.export_json(_player(o["player"]))
        if o["output"]:
            try:
                Path(o["output"]).write_text(text + "\n", encoding="utf-8")
            except OSError as error:
                raise CommandError(
                    _("Cannot write %(file)s: %(reason)s")
                    % {"file": o["output"], "reason": error.strerror}
                ) from None
            self.stdout.write(_("Written to %(file)s.") % {"file": o["output"]})
        else:
            self.stdout.write(text)

    def do_erase(self, o):
        player = _player(o["player"])
        if player.erased_at is not None:
            raise CommandError(_("This player was erased already."))
        running = privacy.running_tournaments(player)
        if running:
            raise CommandError(
                _(
                    "He plays in %(tournaments)s, which is not finished; erase him once it "
                    "is, or cancel his entries first."
                )
                % {"tournaments": ", ".join(t.name for t in running)}
            )
        if not o["yes"]:
            self.stdout.write(
                _("Would erase %(player)s (his places stay as “%(name)s”); add --yes to do it.")
                % {"player": player, "name": privacy.placeholder_name(player)}
            )
            return
        try:
            privacy.erase_player(player)
        except TournamentError as error:
            raise CommandError(error.message) from None
        self.stdout.write(
            _("Erased; his places show as “%(name)s”.") % {"name": privacy.placeholder_name(player)}
        )

    def do_retention(self, o):
        years = o["years"] if o["years"] is not None else settings.CONTACT_RETENTION_YEARS
        if years < 1:
            raise CommandError(_("The retention is at least one year."))
        stale = privacy.retention(years, apply=o["apply"])
        for contact in stale:
            club = contact.club.name if contact.club_id else "-"
            self.stdout.write(f"{contact.player.pk}\t{contact.player}\t{club}")
        if o["apply"]:
            self.stdout.write(
                _("%(n)d contact data of players inactive for %(years)d years deleted.")
                % {"n": len(stale), "years": years}
            )
        else:
            self.stdout.write(
                _(
                    "%(n)d contact data of players inactive for %(years)d years would be deleted; add --apply to delete them."
                )
                % {"n": len(stale), "years": years}
            )

    def _public(self, o, shown: bool):
        player = _player(o["player"])
        try:
            update_player(player, name=player.name, town=player.town, name_public=shown)
        except TournamentError as error:
            raise CommandError(error.message) from None
        if shown:
            self.stdout.write(_("%(player)s: name shown on public pages.") % {"player": player})
        else:
            self.stdout.write(_("%(player)s: name left out of public pages.") % {"player": player})

    def do_hide(self, o):
        self._public(o, False)

    def do_show(self, o):
        self._public(o, True)
