"""A tournament joins another club's season series only with its club's consent, and
leaves it (the page, the PDF, the API, the standings) when its club withdraws it or makes
it non-public. Every role of both clubs is tried: only the tournament's organisers
answer for it; the others are refused (403 in its club, 404 elsewhere) and nothing
changes."""

from __future__ import annotations

import importlib
import io
import random

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from clubs import services as clubs
from series import services
from series.models import Consent, OpenTournament, SeriesTournament
from tests.printing.pdftext import pages_text
from tests.tournaments.helpers import make_tournament, run_to_end
from tournaments import services as core
from tournaments.models import AuditLog, Tournament

pytestmark = pytest.mark.django_db

ROLES = ("organiser", "desk", "table", "referee")


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def finished(name, club, prefix, seed):
    """A finished tournament of 16 players of its own (``prefix`` 00 … 15)."""
    t = make_tournament(16, name=name, club=club, seed=seed)
    for i in range(16):
        player = core.find_or_register_player(f"{prefix} {i:02d}", town="Melk")
        core.sell_entries(t, player, 1, paid=True)
    return run_to_end(t, random.Random(seed))


@pytest.fixture
def cup(db):
    """Club B's public series "Ybbs-Cup" over its own tournament; club A's finished public
    tournament "Melker Herbst" with players "Melker" 00 … 15."""
    User = get_user_model()
    club_a, club_b = clubs.create_club("Heimverein Melk"), clubs.create_club("Gastverein Ybbs")
    users = {}
    for club, side in ((club_a, "a"), (club_b, "b")):
        for role in ROLES:
            users[f"{side}-{role}"] = User.objects.create_user(f"{side}-{role}", password="pw")
            clubs.grant_role(club, users[f"{side}-{role}"], role)
    users["nobody"] = User.objects.create_user("nobody", password="pw")
    ta = finished("Melker Herbst", club_a, "Melker", 1)
    tb = finished("Ybbser Frühling", club_b, "Ybbser", 2)
    series = services.create_series("Ybbs-Cup", season="2026", club=club_b)
    services.add_tournament(series, tb)
    return {"a": club_a, "b": club_b, "users": users, "ta": ta, "tb": tb, "series": series}


def client_of(user=None):
    client = Client(headers={"accept-language": "en"})
    if user is not None:
        client.force_login(user)
    return client


def published(series) -> dict[str, str]:
    """What the public outputs show: the page, the PDF, the API's series (in one text
    each)."""
    cache.clear()  # nothing from before: every output computed anew (they must be anyway)
    anonymous = client_of()
    page = anonymous.get(reverse("series:detail", args=[series.pk])).content.decode()
    pdf = "\n".join(pages_text(anonymous.get(reverse("series:pdf", args=[series.pk])).content))
    api = anonymous.get(f"/api/v1/series/{series.pk}").content.decode()
    listing = anonymous.get("/api/v1/series").content.decode()
    return {"page": page, "pdf": pdf, "api": api, "list": listing}


def assert_absent(series, t):
    for where, text in published(series).items():
        assert t.name not in text, where
        assert "Melker 0" not in text and "Melker 1" not in text, where  # its players
    data = client_of().get(f"/api/v1/series/{series.pk}").json()
    assert t.pk not in data["tournaments"]
    assert all(r["tournament"] != t.pk for line in data["lines"] for r in line["results"])
    standings = services.compute_series_standings(series, use_cache=False)
    assert t.pk not in [c.tournament.pk for c in standings.columns]


def assert_present(series, t):
    shown = published(series)
    for where in ("page", "pdf"):
        assert t.name in shown[where] and "Melker " in shown[where], where
    data = client_of().get(f"/api/v1/series/{series.pk}").json()
    assert t.pk in data["tournaments"]
    assert any(r["tournament"] == t.pk for line in data["lines"] for r in line["results"])


def add(user, series, t):
    return client_of(user).post(
        reverse("staff:series_tournaments", args=[series.pk]), {"do": "add", "tournament": t.pk}
    )


def consent_post(user, t, do, series=None):
    data = {"do": do}
    if series is not None:
        data["series"] = series.pk
    return client_of(user).post(reverse("staff:tournament_series", args=[t.pk]), data)


def state():
    """What a refused request must leave as it was."""
    return (
        sorted(SeriesTournament.objects.values_list("series", "tournament", "consent")),
        sorted(OpenTournament.objects.values_list("tournament", flat=True)),
        list(Tournament.objects.order_by("pk").values_list("pk", "is_public")),
        AuditLog.objects.count(),
    )


def test_another_clubs_tournament_is_asked_for_and_counts_only_once_agreed(cup):
    users, series, ta = cup["users"], cup["series"], cup["ta"]
    assert add(users["b-organiser"], series, ta).status_code == 302
    member = SeriesTournament.objects.get(series=series, tournament=ta)
    assert member.consent == Consent.REQUESTED
    assert_absent(series, ta)
    # the request is in both clubs' logs and on A's series page
    assert AuditLog.objects.filter(action="request_series", club=cup["a"], tournament=ta).exists()
    assert AuditLog.objects.filter(action="request_series", club=cup["b"]).exists()
    page = client_of(users["a-organiser"]).get(reverse("staff:series_list")).content.decode()
    assert "Ybbs-Cup" in page and "asks to count" in page
    # A's organiser agrees: now it counts everywhere
    assert consent_post(users["a-organiser"], ta, "accept", series).status_code == 302
    assert SeriesTournament.objects.get(pk=member.pk).consent == Consent.ACCEPTED
    assert_present(series, ta)


def test_a_refused_request_stays_out(cup):
    users, series, ta = cup["users"], cup["series"], cup["ta"]
    add(users["b-organiser"], series, ta)
    assert consent_post(users["a-organiser"], ta, "refuse", series).status_code == 302
    assert SeriesTournament.objects.get(series=series, tournament=ta).consent == Consent.REFUSED
    assert_absent(series, ta)
    # B's page says so
    page = client_of(users["b-organiser"]).get(
        reverse("staff:series_edit", args=[series.pk])
    ).content.decode()
    assert "refused by the tournament" in page


def test_a_tournament_made_non_public_leaves_every_public_output(cup):
    users, series, ta = cup["users"], cup["series"], cup["ta"]
    add(users["b-organiser"], series, ta)
    consent_post(users["a-organiser"], ta, "accept", series)
    assert_present(series, ta)
    before = services.compute_series_standings(series)  # cached
    assert ta.pk in [c.tournament.pk for c in before.columns]
    Tournament.objects.filter(pk=ta.pk).update(is_public=False)
    # the standings are recomputed (the cached ones are of another version)
    assert ta.pk not in [c.tournament.pk for c in services.compute_series_standings(series).columns]
    assert_absent(series, ta)
    page = client_of(users["b-organiser"]).get(
        reverse("staff:series_edit", args=[series.pk])
    ).content.decode()
    assert "not public: not counted" in page
    # public again: it counts again (the consent stands)
    Tournament.objects.filter(pk=ta.pk).update(is_public=True)
    assert_present(series, ta)


def test_the_tournaments_club_withdraws_it_itself(cup):
    users, series, ta = cup["users"], cup["series"], cup["ta"]
    add(users["b-organiser"], series, ta)
    consent_post(users["a-organiser"], ta, "accept", series)
    # the series' page of club B is not A's: 404 (as before)
    response = client_of(users["a-organiser"]).post(
        reverse("staff:series_tournaments", args=[series.pk]), {"do": "remove", "tournament": ta.pk}
    )
    assert response.status_code == 404
    # its own tournament's page is
    assert consent_post(users["a-organiser"], ta, "withdraw", series).status_code == 302
    assert SeriesTournament.objects.get(series=series, tournament=ta).consent == Consent.WITHDRAWN
    assert_absent(series, ta)
    assert AuditLog.objects.filter(action="withdraw_from_series", tournament=ta).exists()
    assert AuditLog.objects.filter(action="withdraw_from_series", club=cup["b"]).exists()
    # B may ask again: a request, not counted, even if A lets every series count it now
    consent_post(users["a-organiser"], ta, "open")
    assert add(users["b-organiser"], series, ta).status_code == 302
    assert SeriesTournament.objects.get(series=series, tournament=ta).consent == Consent.REQUESTED
    assert_absent(series, ta)


def test_a_tournament_open_to_other_series_counts_without_asking(cup):
    users, series, ta = cup["users"], cup["series"], cup["ta"]
    assert consent_post(users["a-organiser"], ta, "open").status_code == 302
    assert OpenTournament.objects.filter(tournament=ta).exists()
    add(users["b-organiser"], series, ta)
    assert SeriesTournament.objects.get(series=series, tournament=ta).consent == Consent.ACCEPTED
    assert_present(series, ta)
    page = client_of(users["a-organiser"]).get(
        reverse("staff:tournament_series", args=[ta.pk])
    ).content.decode()
    assert "Ybbs-Cup" in page and 'value="withdraw"' in page
    # closing it again takes it out of no series; withdrawing does
    consent_post(users["a-organiser"], ta, "close")
    assert not OpenTournament.objects.filter(tournament=ta).exists()
    assert_present(series, ta)


@pytest.mark.parametrize(
    "who", [f"a-{r}" for r in ROLES if r != "organiser"] + [f"b-{r}" for r in ROLES] + ["nobody"]
)
@pytest.mark.parametrize("do", ["accept", "refuse", "withdraw", "open", "close"])
def test_only_the_tournaments_organisers_answer_for_it(cup, who, do):
    users, series, ta = cup["users"], cup["series"], cup["ta"]
    add(users["b-organiser"], series, ta)
    if do in ("withdraw", "close"):
        consent_post(users["a-organiser"], ta, "accept", series)
        consent_post(users["a-organiser"], ta, "open")
    before = state()
    response = consent_post(users[who], ta, do, series if do not in ("open", "close") else None)
    # A's other roles: 403; club B and nobody: 404 (A's tournament is not theirs to see)
    assert response.status_code == (403 if who.startswith("a-") else 404), who
    assert state() == before
    get = client_of(users[who]).get(reverse("staff:tournament_series", args=[ta.pk]))
    assert get.status_code == (403 if who.startswith("a-") else 404)
    assert "Ybbs-Cup" not in get.content.decode()
    # anonymous: the login page
    for method in ("get", "post"):
        response = getattr(client_of(), method)(reverse("staff:tournament_series", args=[ta.pk]))
        assert response.status_code == 302 and reverse("login") in response["Location"]
    assert state() == before


@pytest.mark.parametrize("who", [f"a-{r}" for r in ROLES] + ["nobody"])
def test_nobody_but_the_series_organisers_adds_to_it(cup, who):
    users, series, ta = cup["users"], cup["series"], cup["ta"]
    before = state()
    response = add(users[who], series, ta)
    assert response.status_code == 404, who  # club B's series: not theirs
    assert state() == before


@pytest.mark.parametrize("who", ["b-desk", "b-table", "b-referee"])
def test_the_series_clubs_other_roles_add_nothing(cup, who):
    users, series, ta = cup["users"], cup["series"], cup["ta"]
    before = state()
    assert add(users[who], series, ta).status_code == 403
    assert state() == before


def test_a_non_public_tournament_of_another_club_cannot_even_be_asked_for(cup):
    users, series, ta = cup["users"], cup["series"], cup["ta"]
    Tournament.objects.filter(pk=ta.pk).update(is_public=False)
    before = state()
    assert add(users["b-organiser"], series, ta).status_code == 403
    assert state() == before
    page = client_of(users["b-organiser"]).get(
        reverse("staff:series_edit", args=[series.pk])
    ).content.decode()
    assert ta.name not in page


def test_an_organiser_of_both_clubs_agrees_by_adding(cup):
    users, series, ta = cup["users"], cup["series"], cup["ta"]
    both = users["b-organiser"]
    clubs.grant_role(cup["a"], both, "organiser")
    add(both, series, ta)
    assert SeriesTournament.objects.get(series=series, tournament=ta).consent == Consent.ACCEPTED


def test_the_migration_asks_the_other_clubs_for_their_tournaments(cup):
    migration = importlib.import_module("series.migrations.0002_series_consent")
    series, ta, tb = cup["series"], cup["ta"], cup["tb"]
    foreign = SeriesTournament.objects.create(series=series, tournament=ta)  # as before
    federation = services.create_series("Landescup")  # a series of no club
    services.add_tournament(federation, ta)
    migration.ask_the_other_clubs(apps, None)
    assert SeriesTournament.objects.get(pk=foreign.pk).consent == Consent.REQUESTED
    assert SeriesTournament.objects.get(series=series, tournament=tb).consent == Consent.ACCEPTED
    assert SeriesTournament.objects.get(series=federation).consent == Consent.ACCEPTED


def test_the_command_line_answers_for_every_club(cup):
    """``manage.py series add`` is the server's operator: a tournament of another club is
    counted at once, also one its club withdrew."""
    users, series, ta = cup["users"], cup["series"], cup["ta"]
    call_command("series", "add", str(series.pk), str(ta.pk), stdout=io.StringIO())
    assert SeriesTournament.objects.get(series=series, tournament=ta).consent == Consent.ACCEPTED
    consent_post(users["a-organiser"], ta, "withdraw", series)
    call_command("series", "add", str(series.pk), str(ta.pk), stdout=io.StringIO())
    assert SeriesTournament.objects.get(series=series, tournament=ta).consent == Consent.ACCEPTED
    with pytest.raises(CommandError):
        call_command("series", "add", str(series.pk), str(ta.pk), stdout=io.StringIO())
