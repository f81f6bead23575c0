"""A team tournament (Bauernschnapsen) on the staff and public pages: the desk sells to
a team of two, every page names the team ("Resi Huber / Franz Huber"), and either of its
players finds it."""

import random

import pytest
from django.urls import reverse
from django.utils import translation

from tests.tournaments.helpers import make_tournament, run_to_end
from tournaments import services
from tournaments.models import Team
from tournaments.once import new_token
from tournaments.standings import compute_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def teams():
    return make_tournament(16, entries=[2, 1, 1, 1, 1, 1, 1, 1, 1, 1], game="bauernschnapsen")


def test_the_desk_sells_entries_to_a_team(staff_client):
    t = services.create_tournament(
        name="Preis-Bauernschnapsen", date="2026-12-08", field_size=16, game="bauernschnapsen",
        match_bummerl=1, max_entries_per_player=2,
    )  # fmt: skip
    url = reverse("staff:entries", args=[t.pk])
    page = staff_client.get(url).content.decode()
    assert 'name="partner_name"' in page
    resi = services.find_or_register_player("Resi Huber", town="Gmünd")
    response = staff_client.post(
        url,
        {
            "player": str(resi.pk), "name": "Resi Huber", "partner_name": "Franz Huber",
            "partner_town": "Gmünd", "count": "2", "paid": "on", "once": new_token(),
        },
    )  # fmt: skip
    assert response.status_code == 302
    team = Team.objects.get(tournament=t)
    assert team.name == "Resi Huber / Franz Huber" and team.entries.count() == 2
    # without a partner nothing is sold, with a clear message
    response = staff_client.post(url, {"name": "Max Moser", "count": "1", "once": new_token()})
    assert response.status_code == 200 and "partner" in response.content.decode().lower()
    assert services.active_entries(t).count() == 2
    # the list names the team, and the partner's name finds it
    page = staff_client.get(url, {"q": "Franz"}).content.decode()
    assert "Resi Huber / Franz Huber" in page


def test_the_public_pages_name_the_teams_and_either_player_finds_his(client, teams):
    rnd = services.release_round(services.draw_next_round(teams, seed=4))
    body = client.get(reverse("public:tournament", args=[teams.pk])).content.decode()
    for p in rnd.pairings.select_related("left__team__first", "left__team__second"):
        assert p.left.holder_name in body
    # the draw by player lists the team under both of its players
    assert body.count("Partner 001") >= 3 and "Spieler 001 / Partner 001" in body
    projector = client.get(reverse("public:projector", args=[teams.pk])).content.decode()
    assert " / Partner " in projector


def test_standings_prizes_and_bracket_name_the_teams(client, staff_client, teams):
    run_to_end(teams, random.Random(6))
    body = client.get(reverse("public:tournament", args=[teams.pk])).content.decode()
    winner = compute_standings(teams).prizes[0].player.name
    assert " / Partner " in winner and winner in body
    staff = staff_client.get(reverse("staff:standings", args=[teams.pk])).content.decode()
    assert winner in staff
    csv = staff_client.get(reverse("staff:standings", args=[teams.pk]), {"export": "csv"})
    assert winner in csv.content.decode("utf-8-sig")
    api = client.get(f"/api/v1/tournaments/{teams.pk}/prizes").json()
    assert winner in str(api)
    results = staff_client.get(
        reverse("staff:results", args=[teams.pk]), {"q": "Partner 002", "round": 1}
    )
    assert "Spieler 002 / Partner 002" in results.content.decode()


def test_the_terms_form_offers_the_game(staff_client):
    with translation.override("de-at"):
        page = staff_client.get(reverse("staff:tournament_create")).content.decode()
    # the choices in short words (whole in their box on a phone), the help says more
    assert "Bauernschnapsen (Teams)" in page and "zwei Zweierteams an einem Vierertisch" in page
    assert 'name="draw_partners"' in page
    assert 'name="catalogue"' in page and "alle außer den Bettlern" in page


def test_the_special_games_are_chosen_in_the_terms_form(staff_client):
    t = services.create_tournament(
        name="Katalog", date="2026-12-08", field_size=16, game="bauernschnapsen",
        match_bummerl=1,
    )  # fmt: skip
    url = reverse("staff:tournament_edit", args=[t.pk])
    form = staff_client.get(url).context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None and not hasattr(v, "pk")}
    data.update(date="2026-12-08", catalogue="keine", club=t.club_id)
    data = {k: ("on" if v is True else v) for k, v in data.items() if v is not False}
    staff_client.post(url, data)
    t.refresh_from_db()
    assert t.catalogue == "keine"


def test_a_list_of_teams_is_imported_at_the_desk_or_refused_naming_the_lines(staff_client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    t = services.create_tournament(
        name="Preis-Bauernschnapsen", date="2026-12-08", field_size=16, game="bauernschnapsen",
        match_bummerl=1, max_entries_per_player=2,
    )  # fmt: skip
    url = reverse("staff:team_import", args=[t.pk])
    bad = "Spieler 1;Spieler 2;Karten\nResi Huber;;1\nAnna Berger;Max Moser;zwei\n"
    response = staff_client.post(
        url,
        {"file": SimpleUploadedFile("t.csv", bad.encode()), "once": new_token()},
        follow=True,
    )
    page = response.content.decode()
    assert "Zeile 2" in page and "Zeile 3" in page
    assert not services.active_entries(t).exists()
    good = "Spieler 1;Spieler 2;Ort;Karten;bezahlt\nResi Huber;Franz Huber;Gmünd;2;ja\n"
    response = staff_client.post(
        url,
        {"file": SimpleUploadedFile("t.csv", good.encode("cp1252")), "once": new_token()},
        follow=True,
    )
    assert "1 Team importiert" in response.content.decode()
    assert services.active_entries(t).filter(paid=True).count() == 2


def test_the_api_names_the_teams_in_the_pairings(client, teams):
    services.release_round(services.draw_next_round(teams, seed=4))
    data = client.get(f"/api/v1/tournaments/{teams.pk}/rounds/1").json()
    names = {p["left"]["player"] for p in data["matches"]}
    assert names and all(" / Partner " in n for n in names)
    # the game says that an entry is a team's, in the detail and in the list
    assert client.get(f"/api/v1/tournaments/{teams.pk}").json()["game"] == "bauernschnapsen"
    listed = {t["id"]: t["game"] for t in client.get("/api/v1/tournaments").json()}
    assert listed[teams.pk] == "bauernschnapsen"


def test_the_draw_page_and_round_one_show_the_partner_draw(staff_client):
    t = services.create_tournament(
        name="Zulosung", date="2026-12-08", field_size=16, game="bauernschnapsen",
        match_bummerl=1, draw_partners=True,
    )  # fmt: skip
    for i in range(16):
        services.sell_entries(t, services.find_or_register_player(f"Einzel {i:02d}"))
    page = staff_client.get(reverse("staff:draw", args=[t.pk])).content.decode()
    assert 'id="partner-draw-note"' in page
    staff_client.post(reverse("staff:draw", args=[t.pk]), {"seed": "5"})
    t.refresh_from_db()
    assert t.partner_draw
    page = staff_client.get(reverse("staff:round", args=[t.pk, 1])).content.decode()
    assert 'id="partner-draw"' in page and str(t.partner_draw["seed"]) in page


def test_staff_draw_the_partners_before_the_first_round(staff_client):
    t = services.create_tournament(
        name="Vorher losen", date="2026-12-08", field_size=16, game="bauernschnapsen",
        match_bummerl=1, draw_partners=True,
    )  # fmt: skip
    for i in range(16):
        services.sell_entries(t, services.find_or_register_player(f"Einzel {i:02d}"))
    draw_url = reverse("staff:draw", args=[t.pk])
    page = staff_client.get(draw_url).content.decode()
    assert 'id="partner-draw-button"' in page
    # a GET only leads to the draw page; a bad seed is refused in words, nothing drawn
    assert staff_client.get(reverse("staff:partners", args=[t.pk])).status_code == 302
    bad = staff_client.post(reverse("staff:partners", args=[t.pk]), {"seed": "x"}, follow=True)
    t.refresh_from_db()
    assert not t.partner_draw and "ganze Zahl" in bad.content.decode()
    done = staff_client.post(reverse("staff:partners", args=[t.pk]), {"seed": "9"}, follow=True)
    text = done.content.decode()
    t.refresh_from_db()
    assert t.partner_draw["seed"] == 9 and len(t.partner_draw["teams"]) == 8
    assert "Die Partner sind ausgelost: 8 Teams" in text
    # the teams are on the draw page until round 1 is drawn; the button is gone
    assert 'id="partner-draw"' in text and 'id="partner-draw-button"' not in text
    first = t.partner_draw["teams"][0]
    assert f"{first['first']['name']} / {first['second']['name']}" in text
    # a second draw is refused in words; the teams stay as they were
    again = staff_client.post(reverse("staff:partners", args=[t.pk]), {"seed": "10"}, follow=True)
    t.refresh_from_db()
    assert t.partner_draw["seed"] == 9 and "schon ausgelost" in again.content.decode()
    # the first draw then pairs these teams, and round 1 shows the same protocol
    staff_client.post(draw_url, {"seed": "5"})
    assert t.rounds.count() == 1
    assert 'id="partner-draw"' in staff_client.get(
        reverse("staff:round", args=[t.pk, 1])
    ).content.decode()


def test_the_partner_draw_of_a_tournament_not_by_lot_is_refused_in_words(staff_client, teams):
    page = staff_client.post(reverse("staff:partners", args=[teams.pk]), follow=True)
    assert page.status_code == 200 and "nicht zugelost" in page.content.decode()
