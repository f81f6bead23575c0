"""The shared register as a federation runs it (issue 31): contact data belongs to the
club that recorded it, a club changes and merges only what no other club has a stake in,
every change is audited in each club concerned; the data protection duties (GDPR art. 15
export, art. 17 erase, the public-name opt-out, the retention of contact data)."""

from __future__ import annotations

import datetime
import io
import json
import random

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from clubs import services as clubs
from clubs.models import Role
from games import services as games
from series import services as series_services
from tournaments import privacy, services
from tournaments.models import AuditLog, Player, PlayerContact
from tournaments.services import TournamentError
from tournaments.standings import compute_standings

from ..tournaments.helpers import run_to_end

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _finished(club, name, players, *, date, public=True):
    """A finished tournament of ``club`` in which ``players`` hold one entry each (with
    others to fill a field of 16)."""
    t = services.create_tournament(
        name=name, date=date, field_size=16, club=club, max_entries_per_player=1,
        prizes=[("", None)] * 8,
    )
    if not public:
        t.is_public = False
        t.save(update_fields=["is_public"])
    field = list(players)
    i = 0
    while len(field) < 16:
        i += 1
        field.append(services.find_or_register_player(f"{name} Gast {i:02d}", club=club))
    for p in field:
        services.sell_entries(t, p, 1, paid=True)
    run_to_end(t, random.Random(len(name)))
    assert services.tournament_phase(t) == "finished"
    return t


@pytest.fixture
def world(db):
    """Two clubs; Franz plays for both (his contact recorded by each), Anna only for A,
    Berta only in B's non-public tournament."""
    User = get_user_model()
    a, b = clubs.create_club("Verein Melk"), clubs.create_club("Verein Ybbs")
    users = {}
    for club, tag in ((a, "a"), (b, "b")):
        for role in (Role.ORGANISER, Role.DESK, Role.TABLE, Role.REFEREE):
            users[f"{tag}-{role}"] = User.objects.create_user(f"{tag}-{role}", password="pw")
            clubs.grant_role(club, users[f"{tag}-{role}"], role)
    users["admin"] = User.objects.create_superuser("root", password="pw")
    franz = services.find_or_register_player("Franz Huber", town="Krems", contact="0664 111", club=a)
    services.find_or_register_player("Franz Huber", town="Krems", contact="0676 222", club=b)
    anna = services.find_or_register_player("Anna Weber", town="Melk", contact="anna@melk.at", club=a)
    berta = services.find_or_register_player("Berta Gruber", town="Ybbs", club=b)
    ta = _finished(a, "Melker Cup", [franz, anna], date=datetime.date(2026, 3, 1))
    tb = _finished(b, "Ybbser Abend", [franz, berta], date=datetime.date(2026, 3, 8), public=False)
    series = series_services.create_series("Melk-Cup", club=a)
    series_services.add_tournament(series, ta)
    return {"a": a, "b": b, "users": users, "franz": franz, "anna": anna, "berta": berta,
            "ta": ta, "tb": tb, "series": series}


def _client(user):
    client = Client(headers={"accept-language": "en"})
    client.force_login(user)
    return client


def test_contact_data_is_seen_and_exported_only_by_its_club(world):
    w = world
    for tag, own, foreign in (("a", "0664 111", "0676 222"), ("b", "0676 222", "0664 111")):
        for role in (Role.ORGANISER, Role.DESK):
            client = _client(w["users"][f"{tag}-{role}"])
            listing = client.get(reverse("staff:players"), {"q": "Huber"}).content.decode()
            csv = client.get(reverse("staff:players"), {"q": "Huber", "export": "csv"})
            edit = client.get(reverse("staff:player_edit", args=[w["franz"].pk])).content.decode()
            for page in (listing, csv.content.decode("utf-8", "replace"), edit):
                assert own in page and foreign not in page, (tag, role)
        # Anna's contact is club A's only
        other = _client(w["users"]["b-organiser"])
        page = other.get(reverse("staff:player_edit", args=[w["anna"].pk])).content.decode()
        assert "anna@melk.at" not in page
    admin = _client(w["users"]["admin"]).get(reverse("staff:players"), {"q": "Huber"})
    assert "0664 111" in admin.content.decode() and "0676 222" in admin.content.decode()


def test_the_merge_page_shows_no_contact_data(world):
    w = world
    twin = services.find_or_register_player("Huber Franz", contact="0699 333", club=w["a"])
    page = _client(w["users"]["b-organiser"]).get(
        reverse("staff:player_merge"), {"keep": w["franz"].pk, "other": twin.pk}
    ).content.decode()
    assert "0699 333" not in page and "0676 222" not in page and "0664 111" not in page


def test_a_club_changes_the_shared_part_only_where_no_other_club_has_a_stake(world):
    w = world
    franz, anna = w["franz"], w["anna"]
    # Anna plays for A only: A's desk renames her; audited in A's log only
    desk_a = _client(w["users"]["a-desk"])
    url = reverse("staff:player_edit", args=[anna.pk])
    response = desk_a.post(url, {"name": "Anna Weber-Bauer", "town": "Melk",
                                 "name_public": "on", "contact": "anna@melk.at"})
    assert response.status_code == 302
    anna.refresh_from_db()
    assert anna.name == "Anna Weber-Bauer"
    rows = AuditLog.objects.filter(action="player_edit", target__contains="Weber-Bauer")
    assert {r.club for r in rows} == {w["a"]}
    # B's organiser has no stake in Anna: he cannot rename her, nor touch A's contact
    desk_b = _client(w["users"]["b-organiser"])
    page = desk_b.get(url).content.decode()
    assert 'id="player-locked"' in page
    desk_b.post(url, {"name": "Falsch", "town": "X", "name_public": "on", "contact": "b@x"})
    anna.refresh_from_db()
    assert anna.name == "Anna Weber-Bauer" and anna.town == "Melk"
    assert PlayerContact.objects.get(player=anna, club=w["a"]).contact == "anna@melk.at"
    # ... B's contact data of her is B's own (and now gives B a stake)
    assert PlayerContact.objects.get(player=anna, club=w["b"]).contact == "b@x"
    # Franz plays for both: neither club alone renames him, the service says whom to ask
    with pytest.raises(TournamentError) as info:
        services.update_player(franz, name="Franz X", town="Krems", name_public=True,
                               allowed={w["a"].pk})
    assert info.value.code == "other_clubs"
    # B's tournament is not public: A is told of "another club", not of B's name
    assert "Verein Ybbs" not in info.value.message
    # a user of both clubs, or the site administrator, may; audited in both clubs
    admin = _client(w["users"]["admin"])
    response = admin.post(reverse("staff:player_edit", args=[franz.pk]),
                          {"name": "Franz Huber sen.", "town": "Krems", "name_public": "on",
                           "contact": "0664 111", "club": w["a"].pk})
    assert response.status_code == 302
    franz.refresh_from_db()
    assert franz.name == "Franz Huber sen."
    rows = AuditLog.objects.filter(action="player_edit", target__contains="sen.")
    assert {r.club for r in rows} == {w["a"], w["b"]}


@pytest.mark.parametrize("who", ["a-organiser", "b-organiser", "a-desk", "a-table",
                                 "a-referee", "admin"])
def test_export_holds_what_the_club_may_see(world, who):
    w = world
    client = _client(w["users"][who])
    response = client.get(reverse("staff:player_export", args=[w["franz"].pk]))
    if who in ("a-desk", "a-table", "a-referee"):
        assert response.status_code == 403
        return
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    data = json.loads(b"".join(response.streaming_content) if response.streaming
                      else response.content)
    contacts = {c["contact"] for c in data["contact_data"]}
    names = {t["name"] for t in data["tournaments"]}
    assert data["player"]["name"] == "Franz Huber"
    if who == "a-organiser":
        assert contacts == {"0664 111"}
        assert names == {"Melker Cup"}  # B's evening is not public
    elif who == "b-organiser":
        assert contacts == {"0676 222"} and names == {"Melker Cup", "Ybbser Abend"}
    else:
        assert contacts == {"0664 111", "0676 222"} and names == {"Melker Cup", "Ybbser Abend"}
    cup = next(t for t in data["tournaments"] if t["name"] == "Melker Cup")
    assert cup["finished"] and cup["entries"][0]["place"] is not None
    assert "matches" in data and "series" in data
    assert any(s["series"] == "Melk-Cup" for s in data["series"])


def test_export_on_the_command_line_holds_everything(world, tmp_path):
    out = tmp_path / "franz.json"
    call_command("player", "export", str(world["franz"].pk), "--output", str(out),
                 stdout=io.StringIO())
    data = json.loads(out.read_text(encoding="utf-8"))
    assert {c["contact"] for c in data["contact_data"]} == {"0664 111", "0676 222"}
    with pytest.raises(CommandError) as info:
        call_command("player", "export", "999999")
    assert "\n" not in str(info.value)


def _places(t):
    """A tournament's results without names: (entry number, round, place) and prizes."""
    standings = compute_standings(t)
    rows = [(r.number, r.round_reached, r.place, r.entry.player_id) for r in standings.entries]
    prizes = [(p.place, p.entry.number if p.entry else None) for p in standings.prizes]
    return rows, prizes


def test_erase_keeps_every_finished_standing_but_the_name(world):
    w = world
    franz = w["franz"]
    # a match played in the browser names him
    pairing = w["ta"].rounds.get(number=1).pairings.filter(left__player=franz).first() or \
        w["ta"].rounds.get(number=1).pairings.filter(right__player=franz).first()
    match = games.start_match_for_pairing(pairing) if pairing.outcome == "open" else None
    before = {t.pk: _places(t) for t in (w["ta"], w["tb"])}
    series_before = series_services.compute_series_standings(w["series"], use_cache=False)
    # A's organiser alone may not: Franz also plays for B
    organiser_a = _client(w["users"]["a-organiser"])
    url = reverse("staff:player_erase", args=[franz.pk])
    assert 'id="erase-blocked"' in organiser_a.get(url).content.decode()
    organiser_a.post(url, {"confirm": str(franz.pk)})
    assert Player.objects.get(pk=franz.pk).erased_at is None
    # the site administrator erases him
    admin = _client(w["users"]["admin"])
    assert 'id="erase-form"' in admin.get(url).content.decode()
    response = admin.post(url, {"confirm": str(franz.pk)})
    assert response.status_code == 302
    franz.refresh_from_db()
    assert franz.erased_at is not None and franz.name == privacy.placeholder_name(franz)
    assert franz.town == "" and not franz.name_public
    assert not PlayerContact.objects.filter(player=franz).exists()
    assert {t.pk: _places(t) for t in (w["ta"], w["tb"])} == before
    series_after = series_services.compute_series_standings(w["series"], use_cache=False)
    assert [(r.rank, r.player.pk, r.points) for r in series_after.rows] == [
        (r.rank, r.player.pk, r.points) for r in series_before.rows
    ]
    # his name is nowhere: audit log, matches, public pages, the register
    for row in AuditLog.objects.all():
        assert "Franz Huber" not in json.dumps([row.target, row.before, row.after]), row.action
    assert not any("0664 111" in json.dumps([r.before, r.after]) for r in AuditLog.objects.all())
    if match is not None:
        match.refresh_from_db()
        assert "Franz Huber" not in (match.name0, match.name1)
    public = Client().get(reverse("public:tournament", args=[w["ta"].pk])).content.decode()
    assert "Franz Huber" not in public
    assert not Player.objects.current().filter(pk=franz.pk).exists()
    # audited, without his name, in both clubs
    assert {r.club for r in AuditLog.objects.filter(action="player_erase")} == {w["a"], w["b"]}
    # twice: a clear refusal
    with pytest.raises(TournamentError):
        privacy.erase_player(franz)


def test_erase_waits_for_a_running_tournament(world):
    w = world
    t = services.create_tournament(name="Läuft", date=datetime.date(2026, 12, 5),
                                   field_size=16, club=w["a"])
    services.sell_entries(t, w["anna"], 1)
    with pytest.raises(TournamentError) as info:
        privacy.erase_player(w["anna"])
    assert info.value.code == "running" and "Läuft" in info.value.message
    out = io.StringIO()
    with pytest.raises(CommandError):
        call_command("player", "erase", str(w["anna"].pk), "--yes", stdout=out)
    assert Player.objects.get(pk=w["anna"].pk).erased_at is None


def test_erase_on_the_command_line_is_a_dry_run_without_yes(world):
    anna = world["anna"]
    out = io.StringIO()
    call_command("player", "erase", str(anna.pk), stdout=out)
    assert "--yes" in out.getvalue()
    assert Player.objects.get(pk=anna.pk).erased_at is None
    call_command("player", "erase", str(anna.pk), "--yes", stdout=out)
    assert Player.objects.get(pk=anna.pk).erased_at is not None


def test_hide_and_show_the_name_on_public_pages(world):
    anna = world["anna"]
    out = io.StringIO()
    call_command("player", "hide", str(anna.pk), stdout=out)
    anna.refresh_from_db()
    assert not anna.name_public and anna.public_name != anna.name
    call_command("player", "show", str(anna.pk), stdout=out)
    anna.refresh_from_db()
    assert anna.name_public and anna.public_name == "Anna Weber"


def test_retention_lists_then_deletes_contact_data_of_inactive_players(world):
    w = world
    old = services.find_or_register_player("Otto Alt", contact="0650 999", club=w["a"])
    PlayerContact.objects.filter(player=old).update(
        updated_at=datetime.datetime(2020, 1, 1, tzinfo=datetime.UTC)
    )
    # Franz played in 2026: kept, though his contact data is old
    PlayerContact.objects.filter(player=w["franz"]).update(
        updated_at=datetime.datetime(2020, 1, 1, tzinfo=datetime.UTC)
    )
    out = io.StringIO()
    call_command("player", "retention", "--years", "3", stdout=out)
    assert "Otto Alt" in out.getvalue() and "Franz" not in out.getvalue()
    assert PlayerContact.objects.filter(player=old).exists()  # a dry run
    call_command("player", "retention", "--years", "3", "--apply", stdout=out)
    assert not PlayerContact.objects.filter(player=old).exists()
    assert PlayerContact.objects.filter(player=w["franz"]).count() == 2
    row = AuditLog.objects.get(action="player_contact_retention")
    assert row.club == w["a"] and "0650 999" not in json.dumps([row.before, row.after])


def test_other_roles_cannot_reach_the_data_protection_pages(world):
    w = world
    for who in ("a-desk", "a-table", "a-referee", "b-desk"):
        client = _client(w["users"][who])
        for name in ("staff:player_export", "staff:player_erase"):
            assert client.get(reverse(name, args=[w["anna"].pk])).status_code == 403
        assert client.post(reverse("staff:player_erase", args=[w["anna"].pk]),
                           {"confirm": str(w["anna"].pk)}).status_code == 403
    assert Player.objects.get(pk=w["anna"].pk).erased_at is None
    anonymous = Client().get(reverse("staff:player_export", args=[w["anna"].pk]))
    assert anonymous.status_code == 302 and reverse("login") in anonymous["Location"]
