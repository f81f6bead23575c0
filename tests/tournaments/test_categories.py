"""Categories at the desk, in the standings, on the result list and the public page."""

import random

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from clubs.models import Role
from tests.printing.pdftext import pages_text
from tests.roles import grant
from tournaments import services
from tournaments.models import AuditLog, Category, Entry
from tournaments.once import new_token
from tournaments.printing.adapters import render
from tournaments.standings import compute_standings

from .helpers import make_tournament, run_to_end

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished():
    """A finished 16 field; every fourth entry is a lady, two ladies' prizes."""
    t = make_tournament(16, entries=[1] * 16)
    damen = services.add_category(t, "Damen", [("Blumenstrauß", None), ("", 10)])
    for e in t.entries.order_by("number"):
        if e.number % 4 == 0 or e.number == 1:
            services.set_entry_categories(e, [damen])
    run_to_end(t, random.Random(5))
    return t, damen


def _members_by_place(t, damen):
    s = compute_standings(t)
    return [r for r in s.entries if damen in [c for c, _p in r.categories]]


def test_category_places_and_prizes_without_the_both_term(finished):
    t, damen = finished
    s = compute_standings(t)
    (cs,) = s.categories
    members = _members_by_place(t, damen)
    assert [r.number for r in cs.entries] == [r.number for r in members]
    assert [cs.place_of(r) for r in cs.entries] == list(range(1, len(members) + 1))
    main_winners = {p.player.pk for p in s.prizes if p.player}
    eligible = [r for r in members if r.player.pk not in main_winners]
    assert [p.entry.number for p in cs.prizes] == [r.number for r in eligible[:2]]
    assert cs.prizes[0].description == "Blumenstrauß" and cs.prizes[1].amount == 10


def test_with_the_both_term_the_best_ladies_win(finished):
    t, damen = finished
    services.update_tournament(t, category_prize_with_main=True)
    (cs,) = compute_standings(t).categories
    members = _members_by_place(t, damen)
    assert [p.entry.number for p in cs.prizes] == [r.number for r in members[:2]]


def test_the_result_list_and_the_public_page_show_them(finished):
    t, damen = finished
    (cs,) = compute_standings(t).categories
    with translation.override("de-at"):
        text = "\n".join(pages_text(render("results", t).content))
    assert "Preise der Wertungen" in text and "Damen" in text
    for prize in cs.prizes:
        assert prize.player.name in text
    page = Client().get(reverse("public:tournament", args=[t.pk])).content.decode()
    assert "Preise: Damen" in page and cs.prizes[0].player.name in page
    assert "Damen 1." in page  # the category place in the standings


def test_the_desk_sets_categories(client):
    t = make_tournament(16)
    damen = services.add_category(t, "Damen")
    other = services.add_category(make_tournament(16, name="Anderes"), "Damen")
    desk = get_user_model().objects.create_user("kassa", password="pw")
    grant(desk, Role.DESK)
    client.force_login(desk)
    url = reverse("staff:entries", args=[t.pk])
    response = client.post(
        url,
        {"name": "Resi Huber", "count": "2", "categories": [damen.pk], "once": new_token()},
    )
    assert response.status_code == 302
    sold = list(Entry.objects.filter(tournament=t))
    assert len(sold) == 2 and all(list(e.categories.all()) == [damen] for e in sold)
    page = client.get(url).content.decode()
    assert 'name="categories"' in page and "Damen" in page
    entry = sold[0]
    categories_url = reverse("staff:entry_categories", args=[t.pk, entry.pk])
    client.post(categories_url, {})  # none
    assert not entry.categories.exists()
    assert AuditLog.objects.filter(action="set_categories", role="desk").exists()
    client.post(categories_url, {"categories": [other.pk]})  # another tournament's: refused
    assert not entry.categories.exists()
    # the categories page is the organiser's
    assert client.get(reverse("staff:categories", args=[t.pk])).status_code == 403


def test_the_organiser_defines_categories(client):
    t = make_tournament(16)
    organiser = grant(get_user_model().objects.create_user("obmann", password="pw"))
    client.force_login(organiser)
    url = reverse("staff:categories", args=[t.pk])
    client.post(url, {"do": "add", "name": "Senioren", "prizes": "Wein = 20\nSalami"})
    category = Category.objects.get(tournament=t)
    assert [(p.place, p.description, p.amount) for p in category.prizes.all()] == [
        (1, "Wein", 20),
        (2, "Salami", None),
    ]
    bad = client.post(url, {"do": "add", "name": "Damen", "prizes": "Wein = viel"})
    assert bad.status_code == 400 and Category.objects.filter(tournament=t).count() == 1
    client.post(url, {"do": "save", "category": category.pk, "name": "Seniorinnen", "prizes": ""})
    category.refresh_from_db()
    assert category.name == "Seniorinnen" and not category.prizes.exists()
    client.post(url, {"do": "delete", "category": category.pk})
    assert not Category.objects.filter(tournament=t).exists()


def test_categories_survive_export_and_import(finished):
    from tournaments.exchange import export_tournament, import_tournament

    t, damen = finished
    copy = import_tournament(export_tournament(t))
    assert [c.name for c in copy.categories.all()] == ["Damen"]
    original = {e.number for e in damen.entries.all()}
    assert {e.number for e in copy.categories.get().entries.all()} == original
    assert compute_standings(copy).categories[0].prizes[0].entry.number == (
        compute_standings(t).categories[0].prizes[0].entry.number
    )
