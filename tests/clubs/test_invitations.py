"""An organiser invites staff by a link: one-time, expiring, with the role chosen; the
invitee makes an account or uses his own. Roles are given and taken on the club page."""

import datetime
import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from clubs import services
from clubs.models import Invitation, Membership, Role
from tournaments.models import AuditLog

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return services.create_club("Schnapsclub Pielach")


@pytest.fixture
def organiser(club):
    user = get_user_model().objects.create_user("obfrau", password="pw-obfrau-1")
    services.grant_role(club, user, Role.ORGANISER)
    return user


def _link(client, club, role="table", note="Franz"):
    response = client.post(
        reverse("staff:club_invite", args=[club.slug]), {"role": role, "days": "7", "note": note}
    )
    assert response.status_code == 302
    page = client.get(reverse("staff:club", args=[club.slug])).content.decode()
    match = re.search(r'value="(http://testserver/invite/[^"]+/)"', page)
    assert match, "the new link is shown once"
    again = client.get(reverse("staff:club", args=[club.slug])).content.decode()
    assert match.group(1) not in again  # ...and only once
    return match.group(1).replace("http://testserver", "")


def test_a_new_person_makes_an_account_through_the_link(client, club, organiser):
    client.force_login(organiser)
    link = _link(client, club, role="table")
    invitation = Invitation.objects.get()
    assert invitation.token_hash not in link  # only the hash is stored
    client.logout()
    page = client.get(link)
    assert page.status_code == 200 and "Schnapsclub Pielach" in page.content.decode()
    bad = client.post(
        link, {"do": "register", "username": "franz", "password1": "kurz", "password2": "kurz"}
    )
    assert bad.status_code == 400 and not get_user_model().objects.filter(username="franz")
    ok = client.post(
        link,
        {
            "do": "register",
            "username": "franz",
            "password1": "Tisch-Nummer-7",
            "password2": "Tisch-Nummer-7",
        },
    )
    assert ok.status_code == 302 and ok["Location"] == reverse("staff:home")
    franz = get_user_model().objects.get(username="franz")
    assert list(franz.club_roles.values_list("club", "role")) == [(club.pk, "table")]
    assert franz.check_password("Tisch-Nummer-7")
    invitation.refresh_from_db()
    assert invitation.used_by == franz and invitation.state == "used"
    # signed in now, as table staff: the results page yes, the entry desk no
    assert client.get(reverse("staff:clubs")).status_code == 200
    row = AuditLog.objects.get(action="accept_invitation")
    assert row.club == club and row.user == franz and row.role == "table"
    # one time only
    client.logout()
    assert client.get(link).status_code == 410


def test_an_existing_account_accepts(client, club, organiser):
    client.force_login(organiser)
    link = _link(client, club, role="referee")
    helper = get_user_model().objects.create_user("hilde", password="pw-hilde-1")
    client.force_login(helper)
    assert "hilde" in client.get(link).content.decode()
    response = client.post(link, {"do": "accept"})
    assert response.status_code == 302
    assert Membership.objects.filter(user=helper, club=club, role="referee").exists()


def test_expired_withdrawn_and_forged_links_are_refused(client, club, organiser):
    client.force_login(organiser)
    link = _link(client, club)
    Invitation.objects.update(expires_at=timezone.now() - datetime.timedelta(seconds=1))
    client.logout()
    page = client.get(link)
    assert page.status_code == 410 and "expired" in page.content.decode()
    response = client.post(
        link, {"do": "register", "username": "zu-spaet", "password1": "x" * 12, "password2": "x" * 12}
    )
    assert not get_user_model().objects.filter(username="zu-spaet").exists()
    assert response.status_code == 410

    client.force_login(organiser)
    link = _link(client, club)
    invitation = Invitation.objects.latest("pk")
    client.post(reverse("staff:club_invitation_withdraw", args=[club.slug, invitation.pk]))
    client.logout()
    assert "withdrawn" in client.get(link).content.decode()
    assert client.get("/invite/not-a-real-token/").status_code == 404


def test_another_clubs_organiser_cannot_invite_to_this_club(client, club, organiser):
    other_club = services.create_club("Anderer Verein")
    stranger = get_user_model().objects.create_user("fremd", password="pw")
    services.grant_role(other_club, stranger, Role.ORGANISER)
    client.force_login(stranger)
    response = client.post(
        reverse("staff:club_invite", args=[club.slug]), {"role": "organiser", "days": "7"}
    )
    assert response.status_code == 404 and not Invitation.objects.exists()


def test_roles_are_given_and_taken_and_a_club_keeps_an_organiser(client, club, organiser):
    desk = get_user_model().objects.create_user("kassa", password="pw")
    services.grant_role(club, desk, Role.DESK)
    client.force_login(organiser)
    url = reverse("staff:club_role", args=[club.slug])
    client.post(url, {"user": desk.pk, "role": "referee", "do": "grant"})
    assert set(desk.club_roles.values_list("role", flat=True)) == {"desk", "referee"}
    client.post(url, {"user": desk.pk, "role": "desk", "do": "take"})
    assert set(desk.club_roles.values_list("role", flat=True)) == {"referee"}
    # the last organiser cannot take his own role away
    response = client.post(url, {"user": organiser.pk, "role": "organiser", "do": "take"}, follow=True)
    assert "needs an organiser" in response.content.decode()
    assert Membership.objects.filter(user=organiser, role="organiser").exists()
    # only people of this club's staff: others come in by invitation
    outsider = get_user_model().objects.create_user("draussen", password="pw")
    assert client.post(url, {"user": outsider.pk, "role": "desk", "do": "grant"}).status_code == 404
    assert not outsider.club_roles.exists()
    actions = list(AuditLog.objects.filter(club=club).values_list("action", "role"))
    assert ("grant_role", "organiser") in actions and ("take_role", "organiser") in actions


def test_the_command_line_manages_clubs_and_invites(club):
    out = io.StringIO()
    call_command("club", "create", "Verein Neu", stdout=out)
    assert out.getvalue().strip() == "verein-neu"
    get_user_model().objects.create_user("toni", password="pw")
    call_command("club", "grant", "verein-neu", "toni", "desk", stdout=io.StringIO())
    assert Membership.objects.get(user__username="toni").role == "desk"
    out = io.StringIO()
    call_command("club", "invite", "verein-neu", "referee", "--base-url", "https://x.at", stdout=out)
    assert out.getvalue().startswith("https://x.at/invite/")
    with pytest.raises(CommandError) as info:
        call_command("club", "grant", "gibt-es-nicht", "toni", "desk")
    assert "\n" not in str(info.value) and "gibt-es-nicht" in str(info.value)
    with pytest.raises(CommandError):
        call_command("club", "invite", "verein-neu", "desk", "--days", "0")


def test_the_clubs_audit_log_speaks_german(club, organiser):
    from django.test import Client

    desk = get_user_model().objects.create_user("kassier", password="pw")
    services.grant_role(club, desk, Role.DESK)
    services.grant_role(club, desk, Role.REFEREE, actor=organiser)
    german = Client(headers={"accept-language": "de-at"})
    german.force_login(organiser)
    page = german.get(reverse("staff:club_audit", args=[club.slug])).content.decode()
    assert "Rolle gegeben" in page and "Rolle: Schiedsrichter" in page
    assert "Organisator" in page  # the role the organiser acted in
