"""A tournament checked out to a venue laptop (venue.services, the /venue/v1/ calls):
the laptop gets the tournament, this server refuses the staff's changes with a clear
message until it is checked in; a second checkout is refused; a site administrator
breaks a lost laptop's lock, with an audit entry."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from api.tokens import create_token
from clubs.models import Club, Role
from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.models import AuditLog
from tournaments.services import TournamentError
from venue.models import Checkout

pytestmark = pytest.mark.django_db


def _bearer(secret):
    return {"HTTP_AUTHORIZATION": f"Bearer {secret}"}


@pytest.fixture
def tournament():
    return make_tournament(16, entries=[1] * 8)


@pytest.fixture
def laptop():
    return create_token(Club.objects.default(), Role.ORGANISER, "Laptop Gasthaus Linde")[1]


def _checkout(client, tournament, secret):
    return client.post(reverse("venue:checkout", args=[tournament.pk]), **_bearer(secret))


def test_checkout_gives_the_tournament_and_makes_this_copy_read_only(client, tournament, laptop):
    answer = _checkout(client, tournament, laptop)
    assert answer.status_code == 201
    body = answer.json()
    assert body["holder"] == "Laptop Gasthaus Linde"
    assert body["tournament"]["tournament"]["name"] == tournament.name
    assert len(body["tournament"]["entries"]) == 8
    player = services.find_or_register_player("Spät Gekommen", town="Krems")
    with pytest.raises(TournamentError) as refused:
        services.sell_entries(tournament, player, 1, paid=True)
    assert refused.value.code == "checked_out"
    assert "Laptop Gasthaus Linde" in refused.value.message
    assert tournament.entries.count() == 8
    log = AuditLog.objects.get(tournament=tournament, action="venue_checkout")
    assert log.role.startswith("token:organiser:")

    # checked in: the club's server may change it again
    answer = client.post(reverse("venue:checkin", args=[tournament.pk]), **_bearer(laptop))
    assert answer.status_code == 200
    services.sell_entries(tournament, player, 1, paid=True)
    assert tournament.entries.count() == 9
    assert AuditLog.objects.filter(tournament=tournament, action="venue_checkin").exists()


def test_a_second_checkout_is_refused_in_words(client, tournament, laptop):
    other = create_token(Club.objects.default(), Role.ORGANISER, "Laptop Kassa")[1]
    assert _checkout(client, tournament, laptop).status_code == 201
    again = _checkout(client, tournament, other)
    assert again.status_code == 409
    assert again.json()["code"] == "checked_out"
    assert "Laptop Gasthaus Linde" in again.json()["error"]
    assert Checkout.objects.filter(ended_at__isnull=True).count() == 1
    # the other laptop cannot check it in either
    answer = client.post(reverse("venue:checkin", args=[tournament.pk]), **_bearer(other))
    assert answer.status_code == 409


def test_tokens_without_the_right_or_of_another_club_get_nothing(client, tournament):
    desk = create_token(Club.objects.default(), Role.DESK, "Kassa")[1]
    assert _checkout(client, tournament, desk).status_code == 404
    other_club = Club.objects.create(name="Kartenrunde Tulln", slug="tulln")
    foreign = create_token(other_club, Role.ORGANISER, "Tulln")[1]
    assert _checkout(client, tournament, foreign).status_code == 404
    assert _checkout(client, tournament, "sch_wrong").status_code == 401
    assert client.post(reverse("venue:checkout", args=[tournament.pk])).status_code == 401
    assert client.get(reverse("venue:checkout", args=[tournament.pk])).status_code == 405
    assert not Checkout.objects.exists()


def test_a_site_administrator_breaks_a_lost_laptops_lock(client, tournament, laptop):
    _checkout(client, tournament, laptop)
    admin = get_user_model().objects.create_superuser("root", "root@example.at", "pw-root-1")
    client.force_login(admin)
    checkout = Checkout.objects.get()
    answer = client.post(
        "/admin/venue/checkout/",
        {"action": "break_lock", "_selected_action": [checkout.pk]},
        follow=True,
    )
    assert answer.status_code == 200
    checkout.refresh_from_db()
    assert checkout.ended_how == Checkout.Ended.BROKEN and checkout.ended_by == admin
    log = AuditLog.objects.get(tournament=tournament, action="venue_lock_broken")
    assert log.user == admin and log.after["checkout"] == checkout.pk
    player = services.find_or_register_player("Spät Gekommen", town="Krems")
    services.sell_entries(tournament, player, 1, paid=True)  # writable again
    # the lost laptop's check-in is refused now; a new checkout is possible
    answer = client.post(reverse("venue:checkin", args=[tournament.pk]), **_bearer(laptop))
    assert answer.status_code == 409
    assert _checkout(client, tournament, laptop).status_code == 201


def test_only_a_site_administrator_breaks_a_lock(client, tournament, laptop):
    from venue import services as venue_services

    _checkout(client, tournament, laptop)
    organiser = get_user_model().objects.create_user("anna", password="pw-anna-1")
    with pytest.raises(venue_services.VenueError):
        venue_services.break_lock(Checkout.objects.get().pk, organiser)
    assert Checkout.objects.get().ended_at is None


def test_the_staff_see_why_a_checked_out_tournament_refuses_a_sale(
    client, staff_client, tournament, laptop
):
    from tournaments.once import new_token

    _checkout(client, tournament, laptop)
    response = staff_client.post(
        reverse("staff:entries", args=[tournament.pk]),
        {"name": "Zu Spät", "count": "1", "once": new_token()},
        follow=True,
    )
    assert response.status_code == 200
    assert "Laptop Gasthaus Linde" in response.content.decode()
    assert tournament.entries.count() == 8
