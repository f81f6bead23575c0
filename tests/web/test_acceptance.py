"""Defects found in the acceptance pass (staff at the desk, players on phones, guests)."""

import io
import re

import pytest
from django.http import HttpRequest
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse
from django.utils import translation
from django.views import defaults

from tournaments import services
from tournaments.models import AuditLog, Outcome
from tournaments.once import new_token

from .conftest import make_tournament

pytestmark = pytest.mark.django_db


# --- error pages: translated, in the site's look, never Django's English defaults -----------


@override_settings(DEBUG=False)
def test_missing_page_is_a_german_404_page_in_the_sites_layout(client):
    response = client.get("/t/999999/")
    assert response.status_code == 404
    body = response.content.decode()
    assert "Seite nicht gefunden" in body
    assert "The requested resource was not found" not in body
    assert 'lang="de-at"' in body and "css/site.css" in body


@override_settings(DEBUG=False)
def test_missing_page_is_english_for_an_english_guest(client):
    client.cookies["django_language"] = "en"
    body = client.get("/t/999999/").content.decode()
    assert "Page not found" in body and "Seite" not in body


@override_settings(DEBUG=False)
def test_expired_form_explains_itself_in_german():
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(reverse("login"), {"username": "x", "password": "y"})
    assert response.status_code == 403
    body = response.content.decode()
    assert "Das Formular ist abgelaufen" in body
    assert "CSRF verification failed" not in body


def test_server_error_page_renders_without_a_request_context():
    request = RequestFactory().get("/")
    with translation.override("de-at"):
        response = defaults.server_error(request)
    assert response.status_code == 500
    body = response.content.decode()
    assert "Etwas ist schiefgegangen" in body and "Traceback" not in body


# --- the demo login is the demo club's organiser; the admin is the site administrators' -------


def test_demo_login_is_the_organiser_of_the_demo_club(client):
    from django.core.management import call_command

    from tournaments.models import Tournament

    call_command("tournament", "demo", "--if-empty", stdout=io.StringIO())
    assert client.login(request=HttpRequest(), username="demo", password="demo")  # axes: a request
    main = Tournament.objects.get(name="Preisschnapsen des SC Herz-Ass")
    assert client.get(reverse("staff:dashboard", args=[main.pk])).status_code == 200
    assert client.get(reverse("staff:tournament_edit", args=[main.pk])).status_code == 200
    other = Tournament.objects.get(name="Herbstschnapsen Tulln")  # another club's
    assert client.get(reverse("staff:dashboard", args=[other.pk])).status_code == 404
    page = client.get(reverse("staff:home")).content.decode()
    assert main.name in page and other.name not in page
    assert client.get("/admin/tournaments/pairing/").status_code == 403


# --- the entry desk: a sale from a page opened before the draw is refused visibly -----------


def test_sale_from_a_stale_desk_page_after_the_draw_says_why(staff_client, running):
    sold = running.entries.count()
    response = staff_client.post(
        reverse("staff:entries", args=[running.pk]),
        {"name": "Zu Spät", "count": "1", "once": new_token()},
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert "Es wurde nichts verkauft." in body
    assert "ausgelost" in body.split("Es wurde nichts verkauft.")[1][:300]
    assert running.entries.count() == sold


# --- the audit log speaks the page's language ------------------------------------------------


def test_audit_log_names_actions_and_objects_in_german(staff_client, staff_user, running):
    pairing = running.rounds.get().pairings.filter(outcome=Outcome.OPEN).first()
    services.record_result(pairing, winner="left", score=(2, 1), actor=staff_user)
    body = staff_client.get(reverse("staff:audit", args=[running.pk])).content.decode()
    assert "Ergebnis eingetragen" in body
    assert f"Runde 1, Paarung {pairing.number}" in body
    assert "Runde freigegeben" in body and "Teilnahmekarten verkauft" in body
    assert ">record_result<" not in body and "round 1 main" not in body
    assert AuditLog.objects.filter(action="record_result").exists()  # stored codes unchanged


def test_audit_log_in_english(client, staff_user, running):
    client.force_login(staff_user)
    client.cookies["django_language"] = "en"
    body = client.get(reverse("staff:audit", args=[running.pk])).content.decode()
    assert "round released" in body and "Runde" not in body


# --- the public page links the draw sheet only once there is a released round ---------------


def test_public_page_offers_the_draw_sheet_only_when_a_round_is_released(client):
    tournament = make_tournament(16, [1] * 16)
    url = reverse("public:tournament", args=[tournament.pk])
    pdf = reverse("public:print", args=[tournament.pk, "draw"])
    services.draw_next_round(tournament, seed=2)  # a draft: not public
    assert pdf not in client.get(url).content.decode()
    assert client.get(pdf).status_code == 404
    services.release_round(tournament.rounds.get())
    assert pdf in client.get(url).content.decode()
    assert client.get(pdf).status_code == 200


# --- a player finds his next opponent next to his name ----------------------------------------


def test_by_player_list_names_the_opponent(client, running):
    pairing = (
        running.rounds.get()
        .pairings.exclude(right=None)
        .select_related("left__player", "right__player")
        .first()
    )
    body = client.get(reverse("public:tournament", args=[running.pk])).content.decode()
    players = body.split('id="live-players"')[1].split("</section>")[0]
    left, right = pairing.left, pairing.right
    assert f"gegen #{right.number} {right.player.name}" in players
    assert f"gegen #{left.number} {left.player.name}" in players


# --- a result from a player's link (no staff author) can be confirmed -------------------------


def test_result_recorded_without_staff_author_shows_a_confirm_button(staff_client, running):
    running.confirm_results = True
    running.save()
    pairing = running.rounds.get().pairings.filter(outcome=Outcome.OPEN).first()
    services.record_result(pairing, winner="right", score=(2, 0), actor=None)  # e.g. a link
    url = reverse("staff:results", args=[running.pk])
    confirm = reverse("staff:pairing_confirm", args=[running.pk, pairing.pk])
    assert confirm in staff_client.get(url).content.decode()
    staff_client.post(confirm)
    pairing.refresh_from_db()
    assert pairing.confirmed_at is not None


def test_own_result_has_no_confirm_button(staff_client, staff_user, running):
    running.confirm_results = True
    running.save()
    pairing = running.rounds.get().pairings.filter(outcome=Outcome.OPEN).first()
    services.record_result(pairing, winner="left", score=(2, 1), actor=staff_user)
    body = staff_client.get(reverse("staff:results", args=[running.pk])).content.decode()
    assert reverse("staff:pairing_confirm", args=[running.pk, pairing.pk]) not in body


# --- a bye reads "Freilos" once, not "Freilos Freilos" ---------------------------------------


def test_bye_is_named_once_per_row(client, staff_client):
    tournament = make_tournament(16, [1] * 14)  # two byes
    services.release_round(services.draw_next_round(tournament, seed=5))
    body = client.get(reverse("public:tournament", args=[tournament.pk])).content.decode()
    draw = body.split('id="live-draw"')[1].split("</section>")[0]
    players = body.split('id="live-players"')[1].split("</section>")[0]
    staff = staff_client.get(reverse("staff:round", args=[tournament.pk, 1])).content.decode()
    for html, times in ((draw, 1), (staff, 2)):
        table = html.split("<table")[1].split("</table>")[0]
        rows = [row for row in table.split("<tr")[1:] if "Freilos" in row]
        assert len(rows) == 2
        # the public draw (one block per pairing on a phone): once, where the opponent
        # would be; the staff's round table: there and as the status; never as a score
        assert all(row.count("Freilos") == times for row in rows)
    text = " ".join(re.sub(r"<[^>]+>", " ", players).split())
    assert text.count("Freilos") == 2 and "Freilos Freilos" not in text


# --- matches are listed in the admin, without the players' private links ----------------------


def test_matches_in_the_admin_without_private_links(client, running):
    from django.contrib.auth import get_user_model

    from games import services as games

    admin_user = get_user_model().objects.create_superuser("chef", password="pw-chef-1")
    client.force_login(admin_user)
    pairing = running.rounds.get().pairings.filter(outcome=Outcome.OPEN).first()
    match = games.start_match_for_pairing(pairing)
    listing = client.get("/admin/games/match/")
    assert listing.status_code == 200 and match.name0 in listing.content.decode()
    detail = client.get(f"/admin/games/match/{match.pk}/change/")
    page = detail.content.decode()
    assert detail.status_code == 200 and match.name1 in page
    assert match.token0 not in page and match.token1 not in page
