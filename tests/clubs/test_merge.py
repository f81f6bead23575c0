"""Two entries of the shared register that are the same person: merged, history kept."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from clubs import services as clubs
from clubs.models import Role
from tournaments import services
from tournaments.models import AuditLog, Entry, Player
from tournaments.services import TournamentError

from ..tournaments.helpers import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def twins():
    """Franz Huber, once in each club's tournament under a different spelling."""
    club_a, club_b = clubs.create_club("Verein A"), clubs.create_club("Verein B")
    ta = make_tournament(16, name="A-Schnapsen", club=club_a)
    tb = make_tournament(16, name="B-Schnapsen", club=club_b)
    keep = services.find_or_register_player("Franz Huber", town="Krems")
    other = services.find_or_register_player("Huber Franz", contact="0664 123", club=club_a)
    services.sell_entries(ta, keep, 2)
    services.sell_entries(tb, other, 1)
    services.sell_entries(ta, other, 1)
    return ta, tb, keep, other, club_a


def test_merging_moves_the_entries_and_keeps_the_other(twins):
    ta, tb, keep, other, club_a = twins
    moved = set(Entry.objects.filter(player=other).values_list("pk", flat=True))
    services.merge_players(keep, other, club=club_a)
    assert set(Entry.objects.filter(player=keep).values_list("pk", flat=True)) >= moved
    other.refresh_from_db()
    keep.refresh_from_db()
    assert other.merged_into == keep and other.merged_at is not None
    assert keep.town == "Krems"
    # the club's contact data moved with him
    assert [(c.club, c.contact) for c in keep.contacts.all()] == [(club_a, "0664 123")]
    assert keep.entries.filter(tournament=ta).count() == 3  # history kept, limit aside
    assert other not in Player.objects.current()
    # audited in the register's log and in each tournament whose entries moved
    rows = AuditLog.objects.filter(action="merge_players")
    assert rows.filter(tournament=None, club=club_a).count() == 1
    assert rows.filter(tournament=None, club=ta.club).count() == 1
    assert set(rows.exclude(tournament=None).values_list("tournament", flat=True)) == {ta.pk, tb.pk}
    with pytest.raises(TournamentError):
        services.merge_players(keep, other)  # merged already
    with pytest.raises(TournamentError):
        services.sell_entries(tb, other, 1)  # a merged entry of the register sells nothing


def test_the_page_for_organisers(client, twins):
    ta, tb, keep, other, club_a = twins
    organiser = get_user_model().objects.create_user("org", password="pw")
    clubs.grant_role(club_a, organiser, Role.ORGANISER)
    desk = get_user_model().objects.create_user("desk", password="pw")
    clubs.grant_role(club_a, desk, Role.DESK)
    url = reverse("staff:player_merge")
    client.force_login(desk)
    assert client.get(url).status_code == 403
    assert client.post(url, {"keep": keep.pk, "other": other.pk}).status_code == 403
    assert Player.objects.get(pk=other.pk).merged_into is None
    client.force_login(organiser)
    page = client.get(url, {"keep": keep.pk, "q": "Huber"}).content.decode()
    assert "Huber Franz" in page
    confirm = client.get(url, {"keep": keep.pk, "other": other.pk}).content.decode()
    assert "A-Schnapsen" in confirm and "B-Schnapsen" in confirm
    # Franz Huber also plays for club B: A's organiser alone may not merge him
    assert 'id="merge-blocked"' in confirm and 'id="merge-form"' not in confirm
    response = client.post(url, {"keep": keep.pk, "other": other.pk})
    assert response.status_code == 302
    assert Player.objects.get(pk=other.pk).merged_into is None
    # organiser of both clubs: merged, and audited in each club's log
    clubs.grant_role(tb.club, organiser, Role.ORGANISER)
    confirm = client.get(url, {"keep": keep.pk, "other": other.pk}).content.decode()
    assert 'id="merge-form"' in confirm
    response = client.post(url, {"keep": keep.pk, "other": other.pk})
    assert response.status_code == 302
    assert Player.objects.get(pk=other.pk).merged_into_id == keep.pk
    rows = AuditLog.objects.filter(action="merge_players", tournament=None)
    assert {row.club for row in rows} == {club_a, tb.club}
    assert all(row.user == organiser and row.role == "organiser" for row in rows)


def test_the_command_line(twins):
    ta, tb, keep, other, club_a = twins
    out = io.StringIO()
    call_command("club", "merge-players", str(keep.pk), str(other.pk), stdout=out)
    assert "Huber Franz" in out.getvalue()
    with pytest.raises(CommandError) as info:
        call_command("club", "merge-players", str(keep.pk), str(other.pk))
    assert "\n" not in str(info.value)
    with pytest.raises(CommandError):
        call_command("club", "merge-players", str(keep.pk), "999999")


@pytest.mark.parametrize(
    "who", ["a-organiser", "b-organiser", "b-desk", "b-table", "b-referee", "nobody", "admin"]
)
def test_the_page_shows_other_clubs_non_public_tournaments_only_as_a_number(twins, who):
    """Club A's tournament is not public: club B's organiser merging the same two players
    sees that they play in one such tournament, not its name; B's other roles and users
    of no club are refused; A's organiser and a site administrator see it named."""
    ta, tb, keep, other, club_a = twins
    club_b = tb.club
    ta.is_public = False
    ta.save(update_fields=["is_public"])
    User = get_user_model()
    users = {
        "a-organiser": User.objects.create_user("a-org"),
        "nobody": User.objects.create_user("nobody"),
        "admin": User.objects.create_superuser("root"),
    }
    clubs.grant_role(club_a, users["a-organiser"], Role.ORGANISER)
    for role in ("organiser", "desk", "table", "referee"):
        users[f"b-{role}"] = User.objects.create_user(f"b-{role}")
        clubs.grant_role(club_b, users[f"b-{role}"], role)
    client = Client(headers={"accept-language": "en"})
    client.force_login(users[who])
    url = reverse("staff:player_merge")
    response = client.get(url, {"keep": keep.pk, "other": other.pk})
    page = response.content.decode()
    if who in ("b-desk", "b-table", "b-referee", "nobody"):
        assert response.status_code == 403 and "A-Schnapsen" not in page
        return
    assert response.status_code == 200
    assert "B-Schnapsen" in page  # public: named for everybody
    if who == "b-organiser":
        assert "A-Schnapsen" not in page and "Verein A" not in page
        assert page.count("1 non-public tournament of another club") == 2  # both players
    else:
        assert "A-Schnapsen" in page and "non-public tournament" not in page
    assert Player.objects.get(pk=other.pk).merged_into is None  # a GET merges nothing
