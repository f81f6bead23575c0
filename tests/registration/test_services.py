"""Registrations, the waiting list, the desk's taking up and the check-in."""

import datetime

import pytest
from django.utils import timezone

from registration import services
from registration.models import CheckIn, Registration, Status
from tournaments import services as tournament_services
from tournaments.models import AuditLog, Entry, PlayerContact
from tournaments.services import find_or_register_player

from .helpers import open_tournament, sign_up

pytestmark = pytest.mark.django_db


def test_places_then_waiting_list_in_order():
    t = open_tournament(16, entries=[2] * 6)  # 12 sold
    a = sign_up(t, "Anna", 2)
    b = sign_up(t, "Berta", 2)  # 8: full
    c = sign_up(t, "Cilli", 1)
    d = sign_up(t, "Dora", 1)
    assert [a.status, b.status, c.status, d.status] == ["registered"] * 2 + ["waiting"] * 2
    assert services.waiting_position(d) == 2
    assert services.taken(t) == 16


def test_cancel_moves_the_first_waiting_up_and_tells_the_organiser():
    t = open_tournament(16, entries=[3] * 4)  # 12 sold
    a = sign_up(t, "Anna", 3, contact="0664 111")
    sign_up(t, "Berta", 1)
    c = sign_up(t, "Cilli", 2)
    d = sign_up(t, "Dora", 1)
    moved = services.cancel(a)
    assert [r.name for r in moved] == ["Cilli", "Dora"]
    a.refresh_from_db()
    c.refresh_from_db()
    assert a.status == Status.CANCELLED and a.contact == ""  # deleted with it
    assert c.status == Status.REGISTERED and c.moved_up_at is not None
    assert services.taken(t) == 16
    assert AuditLog.objects.filter(tournament=t, action="registration_moved_up").count() == 2
    assert d.pk in [r.pk for r in moved]


def test_refusals_have_clear_messages():
    t = open_tournament(16, max_entries_per_player=2)
    with pytest.raises(services.RegistrationError) as limit:
        sign_up(t, "Anna", 3)
    assert limit.value.code == "limit" and "2" in limit.value.message
    with pytest.raises(services.RegistrationError) as consent:
        services.register(t, name="Anna", count=1, consent=False)
    assert consent.value.code == "consent"
    with pytest.raises(services.RegistrationError) as empty:
        sign_up(t, "   ")
    assert empty.value.code == "name"
    sign_up(t, "Jörg Maier")
    with pytest.raises(services.RegistrationError) as double:
        sign_up(t, "jorg  MAIER")
    assert double.value.code == "double"
    assert Registration.objects.filter(tournament=t).count() == 1


def test_closed_or_off_refused():
    t = open_tournament(16, closes_in_hours=1)
    later = timezone.now() + datetime.timedelta(hours=2)
    with pytest.raises(services.RegistrationError) as closed:
        sign_up(t, "Anna", now=later)
    assert closed.value.code == "closed"
    services.save_terms(t, open=False, closes_at=timezone.now() + datetime.timedelta(days=1))
    with pytest.raises(services.RegistrationError) as off:
        sign_up(t, "Anna")
    assert off.value.code == "off"


def test_team_tournaments_take_no_registration():
    t = open_tournament(16)
    team = tournament_services.create_tournament(
        name="Bauern",
        date=datetime.date(2026, 12, 1),
        field_size=16,
        game="bauernschnapsen",
        match_bummerl=1,
    )
    with pytest.raises(services.RegistrationError):
        services.save_terms(team, open=True, closes_at=timezone.now())
    assert t.pk != team.pk


def test_change_more_only_where_places_are_free_fewer_moves_up():
    t = open_tournament(16, entries=[3] * 4)  # 12 sold
    a = sign_up(t, "Anna", 2)
    sign_up(t, "Berta", 2)
    c = sign_up(t, "Cilli", 1)
    with pytest.raises(services.RegistrationError) as full:
        services.change(a, count=3)
    assert full.value.code == "full"
    services.change(a, count=1, contact="anna@example.org")
    c.refresh_from_db()
    assert c.status == Status.REGISTERED
    a.refresh_from_db()
    assert (a.count, a.contact) == (1, "anna@example.org")


def test_release_frees_the_places_and_deletes_contacts():
    t = open_tournament(16, closes_in_hours=1, release_in_hours=2)
    a = sign_up(t, "Anna", 3, contact="0664")
    later = timezone.now() + datetime.timedelta(hours=3)
    assert services.taken(t, later) == 0  # counted free at once after the time
    assert services.release_due(t, later) == 1
    a.refresh_from_db()
    assert (a.status, a.contact) == (Status.RELEASED, "")


def test_take_up_sells_entries_and_keeps_the_contact_for_the_club():
    t = open_tournament(16)
    a = sign_up(t, "Anna Huber", 2, town="Krems", contact="0664 123")
    entries = services.take_up(a, paid=False)
    assert [e.paid for e in entries] == [False, False]
    a.refresh_from_db()
    assert a.status == Status.TAKEN_UP and a.contact == "" and a.player is not None
    assert PlayerContact.objects.get(player=a.player, club=t.club).contact == "0664 123"
    assert services.taken(t) == 2  # sold now, no longer reserved
    with pytest.raises(services.RegistrationError) as again:
        services.take_up(a)
    assert again.value.code == "taken"


def test_check_in_an_entry_card_marks_it_paid_and_present_once():
    t = open_tournament(16)
    p = find_or_register_player("Karl", town="Tulln")
    (e,) = tournament_services.sell_entries(t, p, 1, paid=False)
    first = services.check_in(t, f"http://x/t/{t.pk}/?karte={e.number}")
    assert first.ok and first.numbers == [e.number]
    e.refresh_from_db()
    assert e.paid and CheckIn.objects.filter(entry=e).exists()
    again = services.check_in(t, str(e.number))
    assert (again.ok, again.code) == (False, "already")
    assert "schon eingecheckt" in _german(again) or "already" in again.message


def _german(scan):
    return scan.message


def test_check_in_says_what_is_wrong():
    t = open_tournament(16, entries=[1, 1])
    other = open_tournament(16, entries=[1], name="Anderes Turnier")
    e = Entry.objects.filter(tournament=t).first()
    tournament_services.cancel_entry(e)
    assert services.check_in(t, f"https://x/t/{other.pk}/?karte=1").code == "other"
    assert "Anderes Turnier" in services.check_in(t, f"https://x/t/{other.pk}/?karte=1").message
    assert services.check_in(t, str(e.number)).code == "cancelled"
    assert services.check_in(t, "99").code == "missing"
    assert services.check_in(t, "not a code").code == "unknown"
    reg = sign_up(other, "Fremd")
    assert services.check_in(t, reg.token).code == "other"


def test_check_in_a_registration_sells_pays_and_marks_present():
    t = open_tournament(16)
    a = sign_up(t, "Anna", 2)
    scan = services.check_in(t, f"https://x/anmeldung/r/{a.token}/")
    assert scan.ok and len(scan.numbers) == 2
    assert all(e.paid for e in Entry.objects.filter(tournament=t))
    assert CheckIn.objects.filter(entry__tournament=t).count() == 2
    assert services.check_in(t, a.token).code == "already"
    b = sign_up(t, "Berta", 1)
    services.cancel(b)
    assert services.check_in(t, b.token).code == "cancelled"


def test_the_desk_cannot_sell_the_places_registrations_hold():
    """The field counts registrations not yet taken up: the desk sells only what is left,
    says why, and taking a registration up fills its own places; released, they are free."""
    t = open_tournament(16, entries=[2] * 6)  # 12 sold
    a = sign_up(t, "Anna", 2)
    sign_up(t, "Berta", 2)  # 16 taken
    walk_in = find_or_register_player("Zacharias Spät", town="Melk")
    with pytest.raises(tournament_services.TournamentError) as full:
        tournament_services.sell_entries(t, walk_in, 1)
    assert full.value.code == "full" and "4" in full.value.message
    assert services.take_up(a)  # her own places: sold to her
    assert Entry.objects.filter(tournament=t, cancelled_at__isnull=True).count() == 14
    with pytest.raises(tournament_services.TournamentError):
        tournament_services.sell_entries(t, walk_in, 1)
    terms = services.terms_of(t)
    terms.release_at = timezone.now() - datetime.timedelta(minutes=1)
    terms.save()
    assert len(tournament_services.sell_entries(t, walk_in, 2)) == 2  # Berta's, released
