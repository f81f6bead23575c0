"""The copies themselves (venue.backups), without Django: a copy made while another
connection keeps writing is one consistent state; unfinished copies never count; the
newest are kept; a damaged copy is refused."""

import datetime as dt
import json
import sqlite3
import threading

import pytest

from venue import backups

NOW = dt.datetime(2026, 12, 5, 15, 0, 0)


def _database(path):
    con = sqlite3.connect(path)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("CREATE TABLE a (n INTEGER)")
    con.execute("CREATE TABLE b (n INTEGER)")
    con.commit()
    con.close()
    return backups.Database(vendor="sqlite", name=str(path))


def test_a_copy_made_while_another_connection_writes_is_one_state(tmp_path):
    db = _database(tmp_path / "live.sqlite3")
    stop = threading.Event()
    written = []

    def writer():
        con = sqlite3.connect(db.name, timeout=20, isolation_level=None)
        con.execute("PRAGMA synchronous=FULL")
        i = 0
        while not stop.is_set():
            i += 1
            con.execute("BEGIN IMMEDIATE")  # a result: two rows in one transaction
            con.execute("INSERT INTO a VALUES (?)", (i,))
            con.execute("INSERT INTO b VALUES (?)", (i,))
            con.execute("COMMIT")
            written.append(i)
        con.close()

    thread = threading.Thread(target=writer)
    thread.start()
    made = []
    try:
        while len(made) < 5:
            if written:
                made.append(
                    backups.make_copy(
                        db,
                        tmp_path / "media",
                        tmp_path / "bk",
                        now=NOW + dt.timedelta(seconds=len(made)),
                    )
                )
    finally:
        stop.set()
        thread.join()
    counts = []
    for copy in made:
        manifest = backups.read_manifest(copy)
        assert manifest["vendor"] == "sqlite" and manifest["media_files"] == 0
        con = sqlite3.connect(copy / backups.SQLITE_FILE)
        a = con.execute("SELECT count(*), coalesce(max(n), 0) FROM a").fetchone()
        b = con.execute("SELECT count(*), coalesce(max(n), 0) FROM b").fetchone()
        mode = con.execute("PRAGMA journal_mode").fetchone()[0]
        con.close()
        assert a == b  # never half a transaction
        assert mode == "delete"  # one file, no -wal beside it
        counts.append(a[0])
    assert counts == sorted(counts) and counts[-1] > 0
    assert not list((tmp_path / "bk").glob("*" + backups.PARTIAL))


def test_media_copied_and_the_newest_kept(tmp_path):
    db = _database(tmp_path / "live.sqlite3")
    media = tmp_path / "media"
    (media / "logos").mkdir(parents=True)
    (media / "logos" / "club.png").write_bytes(b"\x89PNG logo")
    root = tmp_path / "bk"
    made = [
        backups.make_copy(db, media, root, now=NOW + dt.timedelta(minutes=5 * i)) for i in range(4)
    ]
    (root / "schnapsen-20261205-140000.partial").mkdir()  # a copy that never finished
    removed = backups.prune(root, 2, current=made[-1])
    assert backups.copies(root) == made[2:]
    assert set(removed) == {*made[:2], root / "schnapsen-20261205-140000.partial"}
    assert (made[-1] / "media" / "logos" / "club.png").read_bytes() == b"\x89PNG logo"
    assert backups.find_copy(root) == made[-1]
    assert backups.find_copy(made[2]) == made[2]


def test_two_copies_in_one_second_get_two_names(tmp_path):
    db = _database(tmp_path / "live.sqlite3")
    one = backups.make_copy(db, tmp_path / "m", tmp_path / "bk", now=NOW)
    two = backups.make_copy(db, tmp_path / "m", tmp_path / "bk", now=NOW)
    assert one != two and len(backups.copies(tmp_path / "bk")) == 2


def test_a_damaged_or_foreign_copy_is_refused(tmp_path):
    db = _database(tmp_path / "live.sqlite3")
    copy = backups.make_copy(db, tmp_path / "m", tmp_path / "bk", now=NOW)
    with (copy / backups.SQLITE_FILE).open("r+b") as f:
        f.seek(100)
        f.write(b"garbage")
    with pytest.raises(backups.BackupError) as err:
        backups.read_manifest(copy)
    assert err.value.code == "copy_damaged"
    (copy / backups.MANIFEST).write_text(json.dumps({"format": 99}))
    with pytest.raises(backups.BackupError) as err:
        backups.read_manifest(copy)
    assert err.value.code == "manifest_unreadable"
    with pytest.raises(backups.BackupError) as err:
        backups.find_copy(tmp_path / "nothing")
    assert err.value.code == "no_such_path"
    (tmp_path / "empty").mkdir()
    with pytest.raises(backups.BackupError) as err:
        backups.find_copy(tmp_path / "empty")
    assert err.value.code == "no_copy_in"


def test_a_target_that_cannot_be_written_is_an_error_not_a_traceback(tmp_path):
    db = _database(tmp_path / "live.sqlite3")
    blocker = tmp_path / "stick"
    blocker.write_text("a file where the folder should be")
    with pytest.raises(backups.BackupError) as err:
        backups.make_copy(db, tmp_path / "m", blocker / "copies", now=NOW)
    assert err.value.code == "target_unusable"


def test_restore_writes_the_copy_into_a_database_in_use(tmp_path):
    db = _database(tmp_path / "live.sqlite3")
    con = sqlite3.connect(db.name)
    con.execute("INSERT INTO a VALUES (1)")
    con.commit()
    copy = backups.make_copy(db, tmp_path / "m", tmp_path / "bk", now=NOW)
    con.execute("INSERT INTO a VALUES (2)")
    con.commit()
    backups.restore_sqlite(copy, tmp_path / "live.sqlite3")
    assert con.execute("SELECT n FROM a").fetchall() == [(1,)]
    con.close()
