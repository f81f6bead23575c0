"""The backups' errors (``backups.BackupError``) in the user's language."""

from django.utils.translation import gettext as _

from .backups import BackupError


def backup_error_text(exc: BackupError) -> str:
    texts = {
        "no_database": _("There is no database file at %(path)s."),
        "sqlite_failed": _("SQLite could not copy the database: %(error)s"),
        "copy_damaged": _("The copy is damaged (%(error)s); it was not used."),
        "no_program": _(
            "The program %(program)s is missing; install PostgreSQL's client tools "
            "(Debian: postgresql-client)."
        ),
        "pg_dump_failed": _("pg_dump failed: %(error)s"),
        "pg_restore_failed": _("pg_restore failed: %(error)s"),
        "target_unusable": _(
            "Cannot write to %(path)s (%(error)s). Is the disk or stick plugged in?"
        ),
        "vendor_unknown": _("Backups know SQLite and PostgreSQL, not %(vendor)s."),
        "no_such_path": _("There is nothing at %(path)s."),
        "no_copy_in": _("%(path)s holds no backup copy (a folder with manifest.json)."),
        "manifest_unreadable": _(
            "%(path)s is no backup copy of this application (its manifest.json is "
            "missing or unreadable)."
        ),
    }
    text = texts.get(exc.code, exc.code)
    try:
        return text % exc.params
    except (KeyError, TypeError, ValueError):
        return text
