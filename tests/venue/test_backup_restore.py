"""``manage.py backup`` and ``manage.py restore`` on the suite's database (SQLite, or
PostgreSQL with DATABASE_URL): a restore gives back the very pages of the moment of the
copy, byte for byte; a database that holds data is replaced only with --force, after a
copy of it; a copy of the other database kind is refused in words."""

import io
import json
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test import Client

from tournaments.models import Tournament
from venue import backups

pytestmark = pytest.mark.django_db(transaction=True)

#: what differs between two answers of the same state: the form's CSRF token (new per
#: visitor), the calendar's DTSTAMP (the moment the feed was made) and the live pages'
#: version token (kept in the cache, made from the clock when the cache has none)
VOLATILE = re.compile(
    rb'(name="csrfmiddlewaretoken" value=")[^"]*|(DTSTAMP:)\S*'
    rb'|(data-version=")[0-9a-f]*|("version": ?")[0-9a-f]*'
)


def _same(body: bytes) -> bytes:
    return VOLATILE.sub(lambda m: next(g for g in m.groups() if g is not None), body)


def _pages() -> dict[str, bytes]:
    client = Client()
    urls = ["/", "/api/v1/tournaments", "/api/v1/series", "/calendar.ics"]
    for t in Tournament.objects.order_by("pk"):
        urls += [
            f"/t/{t.pk}/",
            f"/t/{t.pk}/live.json",
            f"/t/{t.pk}/projector/",
            f"/api/v1/tournaments/{t.pk}",
            f"/api/v1/tournaments/{t.pk}/rounds",
            f"/api/v1/tournaments/{t.pk}/standings",
            f"/api/v1/tournaments/{t.pk}/prizes",
            f"/embed/t/{t.pk}/standings/",
        ]
    pages = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        pages[url] = _same(response.content)
    return pages


@pytest.fixture
def media(tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path / "media"
    (settings.MEDIA_ROOT / "logos").mkdir(parents=True)
    (settings.MEDIA_ROOT / "logos" / "herz-ass.png").write_bytes(b"\x89PNG the club's logo")
    return settings.MEDIA_ROOT


def test_a_restore_gives_back_the_same_pages(tmp_path, media):
    call_command("tournament", "demo", "--if-empty", stdout=io.StringIO())
    before = _pages()
    assert before == _pages()  # the pages themselves are the same when asked twice
    out = io.StringIO()
    call_command("backup", "--to", str(tmp_path / "bk"), stdout=out)
    assert "copy made" in out.getvalue() or "Kopie" in out.getvalue()
    (copy,) = backups.copies(tmp_path / "bk")
    manifest = json.loads((copy / backups.MANIFEST).read_text())
    assert manifest["vendor"] == connection.vendor.replace("postgresql", "postgresql")
    assert manifest["media_files"] == 1 and "tournaments" in manifest["migrations"]

    # the day goes on: the names change, the logo is replaced
    Tournament.objects.update(name="Geändert")
    (media / "logos" / "herz-ass.png").write_bytes(b"another logo")
    from django.core.cache import cache

    cache.clear()
    assert _pages() != before

    with pytest.raises(CommandError) as refused:
        call_command("restore", str(tmp_path / "bk"), stdout=io.StringIO())
    assert "--force" in str(refused.value)
    assert Tournament.objects.filter(name="Geändert").exists()  # nothing was touched

    out = io.StringIO()
    call_command("restore", str(tmp_path / "bk"), "--force", stdout=out)
    assert _pages() == before
    assert (media / "logos" / "herz-ass.png").read_bytes() == b"\x89PNG the club's logo"
    # the state it replaced was kept: a copy in the folder, the old media beside
    (aside,) = [p for p in (tmp_path / "bk").iterdir() if p.name.startswith("before-restore-")]
    assert backups.read_manifest(aside)["media_files"] == 1
    assert (aside / "media" / "logos" / "herz-ass.png").read_bytes() == b"another logo"
    assert any(p.name.startswith("media.before-restore-") for p in media.parent.iterdir())
    assert str(copy) in out.getvalue()


def test_a_copy_of_the_other_database_kind_is_refused(tmp_path, media):
    other = "postgresql" if connection.vendor == "sqlite" else "sqlite"
    copy = tmp_path / "bk" / "schnapsen-20261205-150000"
    copy.mkdir(parents=True)
    data = copy / (backups.POSTGRES_FILE if other == "postgresql" else backups.SQLITE_FILE)
    data.write_bytes(b"x")
    manifest = {
        "format": 1,
        "made": "2026-12-05T15:00:00+01:00",
        "vendor": other,
        "database": data.name,
        "sha256": backups.sha256_of(data),
    }
    (copy / backups.MANIFEST).write_text(json.dumps(manifest))
    with pytest.raises(CommandError) as refused:
        call_command("restore", str(copy), "--force", stdout=io.StringIO())
    assert other in str(refused.value)


def test_backup_to_a_folder_that_cannot_be_made_says_so(tmp_path, media):
    blocker = tmp_path / "stick"
    blocker.write_text("not a folder")
    with pytest.raises(CommandError) as err:
        call_command("backup", "--to", str(blocker / "copies"), stdout=io.StringIO())
    assert str(blocker / "copies") in str(err.value)
    assert not Path(blocker).is_dir()
