"""``manage.py backup``: a consistent copy of the database and the media while the
server runs; ``--every N`` makes one every N minutes (to a second disk or a stick during
a tournament) and keeps the newest ``--keep`` copies."""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from django.utils.translation import gettext as _

from core.commands import OneLineErrors, whole_number

from ... import backups
from ...databases import applied_migrations, settings_database
from ...messages import backup_error_text


def default_target() -> Path:
    return Path(getattr(settings, "BACKUP_DIR", settings.BASE_DIR / "backups"))


def _interrupt(signum, frame):
    raise KeyboardInterrupt


class Command(OneLineErrors, BaseCommand):
    help = (
        "Copy the database and the media folder (consistent while the server runs); "
        "--every N repeats it every N minutes."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--to",
            type=Path,
            default=None,
            help="the folder for the copies (a second disk or a stick); "
            "default DJANGO_BACKUP_DIR or backups/",
        )
        parser.add_argument(
            "--keep", type=whole_number, default=10, help="copies kept (the newest)"
        )
        parser.add_argument(
            "--every",
            type=whole_number,
            default=0,
            help="minutes between copies: keep running until stopped (Ctrl+C)",
        )

    def handle(self, *args, **opts):
        root = (opts["to"] or default_target()).expanduser().resolve()
        keep, every = opts["keep"], opts["every"]
        if keep < 1:
            raise CommandError(_("--keep must be at least 1."))
        if not every:
            try:
                self.one_copy(root, keep)
            except backups.BackupError as exc:
                raise CommandError(backup_error_text(exc)) from None
            return
        self.stdout.write(
            _("A copy every %(n)d minutes to %(path)s, the newest %(keep)d kept; Ctrl+C stops.")
            % {"n": every, "path": root, "keep": keep}
        )
        # stopped by Ctrl+C or by ./dev.sh when the server stops (SIGTERM): between
        # copies, or a copy cut short, which leaves only a .partial folder
        signal.signal(signal.SIGTERM, _interrupt)
        try:
            while True:
                started = time.monotonic()
                try:
                    self.one_copy(root, keep)
                except backups.BackupError as exc:
                    # a stick pulled out, a full disk: say so and try again next time
                    self.stderr.write(
                        _("%(time)s no copy: %(error)s")
                        % {
                            "time": timezone.localtime().strftime("%H:%M:%S"),
                            "error": backup_error_text(exc),
                        }
                    )
                    sys.stderr.flush()
                time.sleep(max(1.0, every * 60 - (time.monotonic() - started)))
        except KeyboardInterrupt:
            self.stdout.write(_("Stopped."))

    def one_copy(self, root: Path, keep: int) -> Path:
        db = settings_database()
        now = timezone.localtime()
        copy = backups.make_copy(
            db,
            Path(settings.MEDIA_ROOT),
            root,
            now=now,
            extra={"migrations": applied_migrations()},
        )
        removed = backups.prune(root, keep, current=copy)
        manifest = backups.read_manifest(copy)
        self.stdout.write(
            _("%(time)s copy made: %(path)s (%(size)s kB, %(files)d media files)")
            % {
                "time": now.strftime("%H:%M:%S"),
                "path": copy,
                "size": manifest["bytes"] // 1024,
                "files": manifest["media_files"],
            }
            + (" " + _("%(n)d older removed.") % {"n": len(removed)} if removed else "")
        )
        self.stdout.flush()
        return copy
