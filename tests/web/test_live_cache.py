"""The public page and the live poll: served whole from the cache per version and
language; every change of public data (not only audited ones) makes a new version."""

import gzip
import re
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tournaments import live_version, services
from tournaments.models import Entry, Outcome, Player

pytestmark = pytest.mark.django_db


def _page(client, tournament) -> str:
    return client.get(reverse("public:tournament", args=[tournament.pk])).content.decode()


def _poll(client, tournament, since=None) -> dict:
    params = {"view": "page", **({"since": since} if since else {})}
    return client.get(reverse("public:live", args=[tournament.pk]), params).json()


def _hidden_fields(html: str) -> dict:
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html))


def test_a_renamed_player_shows_at_once_on_the_page_and_in_the_poll(running, staff_client):
    anonymous = Client(headers={"accept-language": "en"})
    player = Entry.objects.filter(tournament=running).first().player
    assert player.name in _page(anonymous, running)
    before = _poll(anonymous, running)
    # renamed through the staff page: no tournament service, no audit entry
    url = reverse("staff:player_edit", args=[player.pk])
    form = _hidden_fields(staff_client.get(url).content.decode())
    # the box "name on public pages" stays ticked, as the page shows it (issue 31)
    form.update(
        {"name": "Hannelore Schößwendter", "town": player.town, "contact": "", "name_public": "on"}
    )
    assert staff_client.post(url, form).status_code in (200, 302)
    assert Player.objects.get(pk=player.pk).name == "Hannelore Schößwendter"
    assert "Hannelore Schößwendter" in _page(anonymous, running)
    after = _poll(anonymous, running, since=before["version"])
    assert after["changed"] and after["version"] != before["version"]
    assert "Hannelore Schößwendter" in after["sections"]["live-draw"]


def test_table_numbers_and_prizes_change_the_version(running):
    anonymous = Client(headers={"accept-language": "en"})
    assert "table 17" not in _page(anonymous, running)
    pairing = running.rounds.get().pairings.filter(outcome=Outcome.OPEN).first()
    first = live_version.current(running.pk)
    services.assign_table(pairing, 17)
    second = live_version.load(running)
    assert second != first
    assert "table 17" in _page(anonymous, running)
    services.set_prizes(running, [("Geselchtes", Decimal("50"))])
    assert live_version.load(running) != second


def test_an_unchanged_poll_and_a_cached_page_cost_no_query(running, django_assert_num_queries):
    anonymous = Client(headers={"accept-language": "en"})
    version = _poll(anonymous, running)["version"]
    _page(anonymous, running)
    with django_assert_num_queries(0):
        assert _poll(anonymous, running, since=version) == {"version": version, "changed": False}
    with django_assert_num_queries(0):
        assert anonymous.get(reverse("public:tournament", args=[running.pk])).status_code == 200
    with django_assert_num_queries(0):
        assert _poll(anonymous, running)["changed"]  # a new phone: the sections, cached


def test_the_cached_page_is_compressed_has_no_visitor_token_and_answers_304(running):
    a = Client(headers={"accept-language": "en"})
    b = Client(headers={"accept-language": "en"})
    url = reverse("public:tournament", args=[running.pk])
    plain = a.get(url)
    zipped = b.get(url, headers={"accept-encoding": "gzip, br"})
    assert zipped["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.content) == plain.content  # one rendering for both
    assert len(zipped.content) * 3 < len(plain.content)
    assert "csrftoken" in plain.cookies  # the language form takes the cookie
    again = a.get(url, headers={"if-none-match": plain["ETag"]})
    assert again.status_code == 304


def test_each_language_is_cached_on_its_own(running):
    german = Client(headers={"accept-language": "de-at"})
    english = Client(headers={"accept-language": "en"})
    assert "Auslosung nach Losnummer" in _page(german, running)
    assert "Draw by number" in _page(english, running)
    assert "Draw by number" not in _page(german, running)


def test_staff_get_their_own_page_and_a_private_tournament_is_not_cached(running, staff_client):
    body = _page(staff_client, running)
    assert reverse("staff:home") in body  # the staff navigation, not the cached page
    services.update_tournament(running, is_public=False)
    anonymous = Client(headers={"accept-language": "en"})
    assert anonymous.get(reverse("public:tournament", args=[running.pk])).status_code == 404
    assert anonymous.get(reverse("public:live", args=[running.pk])).status_code == 404
    assert staff_client.get(reverse("public:tournament", args=[running.pk])).status_code == 200


def test_a_change_inside_a_transaction_is_bumped_again_on_commit(transactional_db):
    """Pages rendered by others while the change is not yet committed are cached under a
    version that is never current after the commit."""
    from django.db import transaction

    from tests.web.conftest import make_tournament

    tournament = make_tournament(16, [1] * 16)
    start = live_version.load(tournament)
    with transaction.atomic():
        Player.objects.filter(entries__tournament=tournament).first().save()
        during = live_version.load(tournament)
        assert during != start
    after = live_version.current(tournament.pk)
    assert after is not None and after != during
    cache.clear()
