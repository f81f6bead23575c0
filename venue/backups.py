"""Copies of the database and the media folder, made while the server runs, and brought
back (``manage.py backup`` and ``manage.py restore``). No Django here: the commands pass
in what the settings say, and this module is tested without a database.

A copy is a folder ``schnapsen-YYYYMMDD-HHMMSS`` holding

- ``db.sqlite3``: SQLite's online backup (``sqlite3.Connection.backup``) of the live
  file: one consistent state, read in one transaction while the server keeps writing
  (WAL: readers and the one writer do not wait for each other), then checked with
  ``PRAGMA integrity_check``; or ``db.pgdump``: ``pg_dump --format=custom`` of a
  PostgreSQL database (one snapshot as well);
- ``media/``: the uploaded files (the clubs' logos);
- ``manifest.json``: when, from which database, the file's size and SHA-256, the
  migrations applied.

It is written under ``<name>.partial`` and renamed when whole, so a stick pulled out or
a crash in the middle never leaves something that looks like a copy; ``prune`` keeps
the newest ``keep`` copies.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

PREFIX = "schnapsen-"
BEFORE_RESTORE = "before-restore-"
PARTIAL = ".partial"
MANIFEST = "manifest.json"
SQLITE_FILE = "db.sqlite3"
POSTGRES_FILE = "db.pgdump"
MEDIA = "media"
FORMAT = 1
STAMP = "%Y%m%d-%H%M%S"


class BackupError(Exception):
    """A copy could not be made or read back. ``code`` names the case (the commands word
    it in the user's language), ``params`` fill in its details."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Database:
    """The database of the settings: ``vendor`` "sqlite" (``name`` the file) or
    "postgresql" (``name`` the database, with where to reach it)."""

    vendor: str
    name: str
    host: str = ""
    port: str = ""
    user: str = ""
    password: str = field(default="", repr=False)

    def pg_args(self) -> list[str]:
        args = []
        if self.host:
            args += ["--host", self.host]
        if self.port:
            args += ["--port", str(self.port)]
        if self.user:
            args += ["--username", self.user]
        return args

    def pg_env(self) -> dict[str, str]:
        env = dict(os.environ)
        if self.password:
            env["PGPASSWORD"] = self.password
        return env


# --------------------------------------------------------------------------- making a copy


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def copy_sqlite(source: Path, target: Path) -> None:
    """The live SQLite file ``source`` copied to ``target`` in one consistent state."""
    if not source.exists():
        raise BackupError("no_database", path=str(source))
    src = sqlite3.connect(source, timeout=20)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)  # all pages in one step: one read transaction, one state
        dst.execute("PRAGMA journal_mode=DELETE")  # the copy is one file, no -wal
        check = dst.execute("PRAGMA integrity_check").fetchone()[0]
    except sqlite3.Error as exc:
        raise BackupError("sqlite_failed", error=str(exc)) from None
    finally:
        dst.close()
        src.close()
    if check != "ok":
        raise BackupError("copy_damaged", error=check)


def _run(args: list[str], db: Database, code: str) -> None:
    try:
        run = subprocess.run(args, env=db.pg_env(), capture_output=True, text=True)
    except FileNotFoundError:
        raise BackupError("no_program", program=args[0]) from None
    if run.returncode != 0:
        raise BackupError(code, error=(run.stderr or run.stdout).strip()[-2000:])


def copy_postgres(db: Database, target: Path) -> None:
    _run(
        [
            "pg_dump",
            "--format=custom",
            "--no-owner",
            "--no-privileges",
            "--file",
            str(target),
            *db.pg_args(),
            db.name,
        ],
        db,
        "pg_dump_failed",
    )


def copy_media(media_root: Path, target: Path) -> int:
    """The media folder copied; the number of files."""
    if media_root.is_dir():
        shutil.copytree(media_root, target, symlinks=False)
    else:
        target.mkdir()
    return sum(1 for p in target.rglob("*") if p.is_file())


def _free_name(root: Path, stem: str) -> Path:
    name, n = stem, 1
    while (root / name).exists() or (root / (name + PARTIAL)).exists():
        n += 1
        name = f"{stem}-{n}"
    return root / name


def make_copy(
    db: Database,
    media_root: Path,
    root: Path,
    *,
    now: dt.datetime,
    prefix: str = PREFIX,
    extra: dict | None = None,
) -> Path:
    """A whole copy of the database and the media under ``root``; its folder."""
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BackupError(
            "target_unusable", path=str(root), error=exc.strerror or str(exc)
        ) from None
    final = _free_name(root, prefix + now.strftime(STAMP))
    work = final.with_name(final.name + PARTIAL)
    try:
        work.mkdir()
        if db.vendor == "sqlite":
            data = work / SQLITE_FILE
            copy_sqlite(Path(db.name), data)
        elif db.vendor == "postgresql":
            data = work / POSTGRES_FILE
            copy_postgres(db, data)
        else:
            raise BackupError("vendor_unknown", vendor=db.vendor)
        media_files = copy_media(media_root, work / MEDIA)
        manifest = {
            "format": FORMAT,
            "made": now.isoformat(timespec="seconds"),
            "vendor": db.vendor,
            "database": data.name,
            "bytes": data.stat().st_size,
            "sha256": sha256_of(data),
            "media_files": media_files,
            **(extra or {}),
        }
        (work / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True))
        _sync_folder(work)
        work.rename(final)
        _sync_folder(root)
    except OSError as exc:
        shutil.rmtree(work, ignore_errors=True)
        raise BackupError(
            "target_unusable", path=str(root), error=exc.strerror or str(exc)
        ) from None
    except BackupError:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return final


def _sync_folder(folder: Path) -> None:
    """The files of ``folder`` and the folder itself on the disk (a stick pulled out
    right after the line "copy made" still holds it)."""
    for p in [*folder.rglob("*"), folder]:
        if p.is_file() or p.is_dir():
            try:
                fd = os.open(p, os.O_RDONLY)
            except OSError:
                continue
            try:
                os.fsync(fd)
            except OSError:
                pass
            finally:
                os.close(fd)


# --------------------------------------------------------------------------- the copies kept


def copies(root: Path, prefix: str = PREFIX) -> list[Path]:
    """The whole copies under ``root``, oldest first."""
    if not root.is_dir():
        return []
    found = [
        p
        for p in root.iterdir()
        if p.is_dir()
        and p.name.startswith(prefix)
        and not p.name.endswith(PARTIAL)
        and (p / MANIFEST).is_file()
    ]
    return sorted(found, key=lambda p: (_made(p), p.name))


def _made(copy: Path) -> str:
    try:
        return str(json.loads((copy / MANIFEST).read_text()).get("made", ""))
    except (OSError, ValueError):
        return ""


def prune(root: Path, keep: int, *, current: Path | None = None) -> list[Path]:
    """Remove all but the newest ``keep`` copies, and leftovers of copies never
    finished; what was removed."""
    removed = []
    kept = copies(root)
    for old in kept[: max(0, len(kept) - keep)]:
        if old != current:
            shutil.rmtree(old, ignore_errors=True)
            removed.append(old)
    for p in root.glob(PREFIX + "*" + PARTIAL):
        if p.is_dir() and (current is None or p != current.with_name(current.name + PARTIAL)):
            shutil.rmtree(p, ignore_errors=True)
            removed.append(p)
    return removed


# --------------------------------------------------------------------------- reading one back


def find_copy(path: Path) -> Path:
    """``path`` itself if it is a copy, else the newest copy in it."""
    if (path / MANIFEST).is_file():
        return path
    if not path.exists():
        raise BackupError("no_such_path", path=str(path))
    found = copies(path)
    if not found:
        raise BackupError("no_copy_in", path=str(path))
    return found[-1]


def read_manifest(copy: Path) -> dict:
    """The copy's manifest, after checking that its database file is whole."""
    try:
        manifest = json.loads((copy / MANIFEST).read_text())
    except (OSError, ValueError):
        raise BackupError("manifest_unreadable", path=str(copy)) from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise BackupError("manifest_unreadable", path=str(copy))
    name = manifest.get("database")
    if name not in (SQLITE_FILE, POSTGRES_FILE):
        raise BackupError("manifest_unreadable", path=str(copy))
    data = copy / name
    if not data.is_file() or sha256_of(data) != manifest.get("sha256"):
        raise BackupError("copy_damaged", error=str(data))
    return manifest


def restore_sqlite(copy: Path, target: Path) -> None:
    """The copy's database written into ``target`` (made if missing) through the backup
    API: a server still connected sees the old or the new database, never a mix."""
    src = sqlite3.connect(f"file:{copy / SQLITE_FILE}?mode=ro", uri=True)
    dst = sqlite3.connect(target, timeout=20)
    try:
        src.backup(dst)
        check = dst.execute("PRAGMA integrity_check").fetchone()[0]
        dst.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except sqlite3.Error as exc:
        raise BackupError("sqlite_failed", error=str(exc)) from None
    finally:
        dst.close()
        src.close()
    if check != "ok":
        raise BackupError("copy_damaged", error=check)


def restore_postgres(copy: Path, db: Database) -> None:
    """The dump read into the (emptied) database in one transaction."""
    _run(
        [
            "pg_restore",
            "--single-transaction",
            "--exit-on-error",
            "--no-owner",
            "--no-privileges",
            "--dbname",
            db.name,
            *db.pg_args(),
            str(copy / POSTGRES_FILE),
        ],
        db,
        "pg_restore_failed",
    )


def restore_media(copy: Path, media_root: Path, *, aside: Path | None) -> None:
    """The copy's media folder in place of ``media_root``; the old one moved to
    ``aside`` (if it has files) rather than deleted."""
    if media_root.exists():
        if aside is not None and any(p.is_file() for p in media_root.rglob("*")):
            shutil.move(media_root, aside)
        else:
            shutil.rmtree(media_root)
    if (copy / MEDIA).is_dir():
        shutil.copytree(copy / MEDIA, media_root)
    else:
        media_root.mkdir(parents=True)
