"""``manage.py restore PATH``: a copy made by ``manage.py backup`` brought back (the
database and the media folder). A database that holds data is replaced only with
``--force``, and then a copy of it is made first."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext as _

from core.commands import OneLineErrors

from ... import backups
from ...databases import (
    applied_migrations,
    empty_postgres,
    pending_migrations,
    settings_database,
    table_count,
)
from ...messages import backup_error_text


class Command(OneLineErrors, BaseCommand):
    help = (
        "Bring back a copy made by 'backup' (a copy's folder, or the folder of copies: "
        "the newest). Stop the server first."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", type=Path, help="a copy, or a folder of copies")
        parser.add_argument(
            "--force",
            action="store_true",
            help="replace a database that holds data (a copy of it is made first)",
        )

    def handle(self, *args, **opts):
        try:
            self.restore(opts["path"].expanduser().resolve(), force=opts["force"])
        except backups.BackupError as exc:
            raise CommandError(backup_error_text(exc)) from None

    def restore(self, path: Path, *, force: bool) -> None:
        copy = backups.find_copy(path)
        manifest = backups.read_manifest(copy)
        db = settings_database()
        if manifest["vendor"] != db.vendor:
            raise CommandError(
                _("The copy is of a %(copy)s database; this installation uses %(here)s.")
                % {"copy": manifest["vendor"], "here": db.vendor}
            )
        tables = table_count()
        media_root = Path(settings.MEDIA_ROOT)
        stamp = timezone.localtime().strftime(backups.STAMP)
        if tables:
            if not force:
                raise CommandError(
                    _(
                        "The database %(name)s already holds data (%(n)d tables): restoring "
                        "replaces all of it. Stop the server and run the command again with "
                        "--force; a copy of the present state is made first."
                    )
                    % {"name": db.name, "n": tables}
                )
            before = backups.make_copy(
                db,
                media_root,
                copy.parent,
                now=timezone.localtime(),
                prefix=backups.BEFORE_RESTORE,
                extra={"migrations": applied_migrations()},
            )
            self.stdout.write(_("The present state was copied to %(path)s.") % {"path": before})
        connection.close()
        if db.vendor == "sqlite":
            backups.restore_sqlite(copy, Path(db.name))
        else:
            if tables:
                empty_postgres()
            backups.restore_postgres(copy, db)
        backups.restore_media(
            copy,
            media_root,
            aside=media_root.with_name(f"{media_root.name}.{backups.BEFORE_RESTORE}{stamp}"),
        )
        connection.close()
        cache.clear()  # pages and versions of the replaced state must not be served
        self.stdout.write(
            _("Restored the copy made %(made)s (%(path)s).")
            % {"made": manifest["made"], "path": copy}
        )
        pending = pending_migrations()
        if pending:
            self.stdout.write(
                _(
                    "The code is newer than the copy: run 'manage.py migrate' "
                    "(%(n)d migrations to apply) before starting the server."
                )
                % {"n": pending}
            )
