"""The migration from the club names of old: one club per distinct club name, a default
club for the rest; the printed name and the logo stay; staff keep their access."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournaments", "0004_tournament_ceremony"), ("clubs", "0001_clubs_staff_invitations")]


def _latest(executor):
    return executor.loader.graph.leaf_nodes()


@pytest.mark.django_db(transaction=True)
def test_club_names_become_clubs():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    Tournament = old.get_model("tournaments", "Tournament")
    AuditLog = old.get_model("tournaments", "AuditLog")
    User = old.get_model("auth", "User")
    made = {}
    for name, club, logo in [
        ("Frühjahr", "SC Herz-Ass", "logos/herz.png"),
        ("Sommer", "  sc herz-ass ", ""),  # the same club, spelt differently
        ("Herbst", "Kartenrunde Tulln", "logos/tulln.png"),
        ("Winter", "", ""),  # no club named
    ]:
        made[name] = Tournament.objects.create(
            name=name, date=datetime.date(2025, 3, 1), club_name=club, logo=logo, seed=1
        )
    AuditLog.objects.create(tournament=made["Herbst"], action="create_tournament")
    staff = User.objects.create(username="altes-personal", is_staff=True)
    User.objects.create(username="kein-personal")

    executor = MigrationExecutor(connection)
    executor.migrate(_latest(executor))

    from clubs.models import Club, Membership
    from tournaments.models import AuditLog as NewAuditLog
    from tournaments.models import Tournament as NewTournament

    clubs = {c.name: c for c in Club.objects.all()}
    assert set(clubs) == {"SC Herz-Ass", "Kartenrunde Tulln", "Standardverein"}
    t = {x.name: x for x in NewTournament.objects.select_related("club")}
    assert t["Frühjahr"].club == t["Sommer"].club == clubs["SC Herz-Ass"]
    assert t["Winter"].club.is_default and t["Winter"].club_name == ""  # printed as before
    assert t["Sommer"].club_name == "SC Herz-Ass"
    # the club takes its latest tournament's logo; every tournament prints it
    assert clubs["Kartenrunde Tulln"].logo.name == "logos/tulln.png"
    assert clubs["SC Herz-Ass"].logo.name == "logos/herz.png"
    assert t["Herbst"].printed_logo.name == "logos/tulln.png"
    assert t["Sommer"].printed_logo.name == "logos/herz.png"
    assert NewAuditLog.objects.get().club == clubs["Kartenrunde Tulln"]
    # staff who could open every tournament are organisers of every club made
    roles = set(Membership.objects.values_list("user__username", "club__name", "role"))
    assert roles == {
        ("altes-personal", name, "organiser") for name in clubs
    }
    assert staff.pk


@pytest.mark.django_db(transaction=True)
def test_no_default_club_when_every_tournament_named_one():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    from clubs.models import Club

    Club.objects.all().delete()
    old.get_model("tournaments", "Tournament").objects.create(
        name="Frühjahr", date=datetime.date(2025, 3, 1), club_name="SC Herz-Ass", seed=1
    )
    executor = MigrationExecutor(connection)
    executor.migrate(_latest(executor))
    assert list(Club.objects.values_list("name", flat=True)) == ["SC Herz-Ass"]


REGISTER_BEFORE = [("tournaments", "0013_match_length_wording")]


@pytest.mark.django_db(transaction=True)
def test_contact_data_goes_to_the_club_of_the_players_first_tournament():
    """Issue 31: each player's contact becomes the contact data of the club of his first
    tournament; a player of no tournament keeps his with the only club there is, or with
    no club (site administrators only) where there are several."""
    executor = MigrationExecutor(connection)
    executor.migrate(REGISTER_BEFORE)
    old = executor.loader.project_state(REGISTER_BEFORE).apps
    Club = old.get_model("clubs", "Club")
    Tournament = old.get_model("tournaments", "Tournament")
    Player = old.get_model("tournaments", "Player")
    Entry = old.get_model("tournaments", "Entry")
    melk = Club.objects.create(name="Melk", slug="melk")
    ybbs = Club.objects.create(name="Ybbs", slug="ybbs")
    early = Tournament.objects.create(name="Früh", date=datetime.date(2025, 1, 1), club=ybbs, seed=1)
    late = Tournament.objects.create(name="Spät", date=datetime.date(2025, 6, 1), club=melk, seed=2)
    franz = Player.objects.create(name="Franz", contact="0664 1")
    Entry.objects.create(tournament=late, player=franz, number=1)
    Entry.objects.create(tournament=early, player=franz, number=1)
    Player.objects.create(name="Otto", contact="otto@x.at")  # no tournament, two clubs
    Player.objects.create(name="Leer")

    executor = MigrationExecutor(connection)
    executor.migrate(_latest(executor))

    from tournaments.models import Player as NewPlayer
    from tournaments.models import PlayerContact

    franz = NewPlayer.objects.get(name="Franz")
    assert franz.recorded_by.name == "Ybbs"
    assert [(c.club.name, c.contact) for c in franz.contacts.all()] == [("Ybbs", "0664 1")]
    otto = NewPlayer.objects.get(name="Otto")
    assert [(c.club, c.contact) for c in otto.contacts.all()] == [(None, "otto@x.at")]
    assert PlayerContact.objects.count() == 2
