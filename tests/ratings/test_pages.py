"""The ranking list and a player's page: who sees what."""

import re

import pytest
from django.contrib.auth import get_user_model

from clubs.models import Club, Role
from ratings import plot
from ratings.models import Snapshot
from tests.roles import grant
from tournaments.models import Player

from .conftest import played_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def clubs(db):
    return Club.objects.create(name="Club Nord", slug="nord"), Club.objects.create(
        name="Club Süd", slug="sued"
    )


def test_ranking_lists_public_players_with_filters(client, people, clubs):
    nord, sued = clubs
    played_tournament(people[:8], day=0, seed=1, club=nord)
    played_tournament(people[4:12], day=400, seed=2, club=sued)
    hidden = people[0]
    hidden.name_public = False
    hidden.save()
    erased = people[1]
    Player.objects.filter(pk=erased.pk).update(erased_at="2026-06-01T00:00Z")
    page = client.get("/rating/")
    assert page.status_code == 200
    html = page.content.decode()
    rows = re.findall(r'id="rating-player-(\d+)"', html)
    assert len(rows) == 11  # twelve players, one erased
    assert str(erased.pk) not in rows
    assert "(Name nicht veröffentlicht)" in html or hidden.public_name in html
    assert f">{hidden.name}<" not in html
    # ranked by rating
    ratings = [
        Snapshot.objects.filter(player_id=int(p)).order_by("-date").first().rating for p in rows
    ]
    assert ratings == sorted(ratings, reverse=True)
    # club Nord: the eight of its tournament but the erased one
    nord_rows = re.findall(r'id="rating-player-(\d+)"', client.get(f"/rating/?club={nord.pk}").text)
    assert sorted(map(int, nord_rows)) == sorted(p.pk for p in people[:8] if p != erased)
    year = Snapshot.objects.filter(tournament__club=sued).first().date.year
    year_rows = re.findall(r'id="rating-player-(\d+)"', client.get(f"/rating/?year={year}").text)
    assert sorted(map(int, year_rows)) == sorted(p.pk for p in people[4:12])
    # three rounds each: at least 4 matches leaves those who played both
    both = re.findall(r'id="rating-player-(\d+)"', client.get("/rating/?min=4").text)
    assert sorted(map(int, both)) == sorted(p.pk for p in people[4:8])
    # bad input is ignored, not an error
    assert client.get("/rating/?club=x&year=-3&min=abc").status_code == 200


def test_player_page_public_by_choice(client, people, clubs):
    nord, _ = clubs
    played_tournament(people[:4], day=0, seed=1, club=nord)
    shown = people[0]
    page = client.get(f"/players/{shown.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert shown.name in html and "<svg" in html and "Turnier 0" in html
    snapshot = Snapshot.objects.get(player=shown)
    assert f"{snapshot.won}:{snapshot.lost}" in html
    hidden = people[1]
    hidden.name_public = False
    hidden.save()
    assert client.get(f"/players/{hidden.pk}/").status_code == 404
    assert client.get(f"/players/{people[8].pk}/").status_code == 404  # never played
    assert client.get("/players/99999999/").status_code == 404


def test_private_tournaments_only_for_staff_of_a_club_with_a_stake(client, people, clubs):
    nord, sued = clubs
    played_tournament(people[:4], day=0, seed=1, club=nord, is_public=False)
    player = people[0]
    assert client.get(f"/players/{player.pk}/").status_code == 404
    user = get_user_model().objects.create_user("desk", password="x")
    grant(user, Role.DESK, sued)
    client.force_login(user)
    assert client.get(f"/players/{player.pk}/").status_code == 404  # no stake of Süd
    grant(user, Role.DESK, nord)
    page = client.get(f"/players/{player.pk}/")
    assert page.status_code == 200
    assert "Turnier 0" in page.text and "nicht öffentlich" in page.text
    played_tournament(people[:4], day=10, seed=2, club=sued)
    client.logout()
    public = client.get(f"/players/{player.pk}/").text
    assert "Turnier 10" in public and "Turnier 0" not in public


def test_plot_is_an_svg_with_a_point_per_tournament():
    import datetime

    svg = plot.rating_svg(
        [
            plot.Point(datetime.date(2026, 1, 1), 1500, 350),
            plot.Point(datetime.date(2026, 3, 1), 1620, 200),
            plot.Point(datetime.date(2026, 5, 1), 1580, 150),
        ],
        title='a "title" <x>',
    )
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<circle") == 3
    assert "&quot;title&quot; &lt;x&gt;" in svg
    assert plot.rating_svg([]) == ""
    single = plot.rating_svg([plot.Point(datetime.date(2026, 1, 1), 1500, 350)])
    assert single.count("<circle") == 1
    places = plot.places_svg(
        [(datetime.date(2026, 1, 1), 1), (datetime.date(2026, 2, 1), 100)], title="Plätze"
    )
    assert places.count("<circle") == 2 and "128.</text>" in places
    # 1st at the top: the first circle above the second
    cy = [float(v) for v in __import__("re").findall(r'<circle cx="[\d.]+" cy="([\d.]+)"', places)]
    assert cy[0] < cy[1]
    assert plot.places_svg([]) == ""


def test_pages_speak_german(client, people):
    played_tournament(people[:4], day=0, seed=1)
    html = client.get("/rating/", HTTP_ACCEPT_LANGUAGE="de-at").text
    assert "Rangliste" in html and "Mindestens Partien" in html
    html = client.get(f"/players/{people[0].pk}/", HTTP_ACCEPT_LANGUAGE="de-at").text
    assert "gewonnen" in html and "Unsicherheit" in html


def test_admin_lists_ratings_read_only(client, people, django_user_model):
    played_tournament(people[:4], day=0, seed=1)
    from ratings import services

    services.ensure_current()
    admin = django_user_model.objects.create_superuser("root", password="x")
    client.force_login(admin)
    page = client.get("/admin/ratings/snapshot/")
    assert page.status_code == 200 and people[0].name in page.text
    assert client.get("/admin/ratings/snapshot/add/").status_code == 403


def test_a_players_page_shows_his_places_in_public_season_series(client):
    """The series app answers the page (``tournaments.signals.player_series``): his rank
    and points in each public series over his tournaments; a non-public series is not
    shown to the public."""
    import random

    from series import services as series_services
    from tests.tournaments.helpers import make_tournament, run_to_end

    t = make_tournament(16, entries=[1] * 16, name="Cup-Turnier")
    run_to_end(t, random.Random(4))
    cup = series_services.create_series("Wachau-Cup", club=t.club)
    series_services.add_tournament(cup, t)
    inner = series_services.create_series("Vereinsintern", club=t.club)
    series_services.add_tournament(inner, t)
    inner.is_public = False
    inner.save()
    player = t.entries.order_by("number").first().player
    html = client.get(f"/players/{player.pk}/").content.decode()
    assert 'id="player-series"' in html and "Wachau-Cup" in html
    assert "Vereinsintern" not in html
    standings = series_services.compute_series_standings(cup)
    row = next(r for r in standings.rows if r.player.pk == player.pk)
    assert f"<td class=\"num\">{row.rank}.</td><td class=\"num\">{row.points}</td>" in html
