"""A staff POST that must not be applied twice carries a one-time token (tournaments.once)."""

import re
import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.roles import grant
from tournaments.models import Entry, Player, SubmissionToken, Tournament
from tournaments.once import new_token

from .conftest import make_tournament


def _token(html: str) -> str:
    return re.search(r'name="once" value="([^"]+)"', html).group(1)


def _messages(response) -> list[tuple[str, str]]:
    return [(m.level_tag, str(m)) for m in response.context["messages"]]


@pytest.mark.django_db
def test_the_same_sale_sent_twice_sells_once_and_says_so(staff_client):
    tournament = make_tournament(16)
    url = reverse("staff:entries", args=[tournament.pk])
    token = _token(staff_client.get(url).content.decode())
    data = {"name": "Rosa Eder", "town": "Tulln", "count": "2", "paid": "on", "once": token}
    en = {"accept-language": "en"}
    first = staff_client.post(url, data, follow=True, headers=en)
    assert [lvl for lvl, _ in _messages(first)] == ["success"]
    second = staff_client.post(url, data, follow=True, headers=en)
    assert second.status_code == 200
    assert _messages(second) == [
        ("warning", "This sale was already done (the form was sent twice); nothing more was sold.")
    ]
    assert Entry.objects.filter(tournament=tournament).count() == 2
    assert Player.objects.filter(name="Rosa Eder").count() == 1
    # the page after the sale carries a fresh token: the next sale goes through
    fresh = _token(second.content.decode())
    assert fresh != token
    staff_client.post(url, {**data, "count": "1", "once": fresh})
    assert Entry.objects.filter(tournament=tournament).count() == 3


@pytest.mark.django_db
def test_a_sale_without_a_token_sells_nothing(staff_client):
    tournament = make_tournament(16)
    url = reverse("staff:entries", args=[tournament.pk])
    for token in (None, "", "short"):
        data = {"name": "Rosa Eder", "count": "1"} | ({} if token is None else {"once": token})
        response = staff_client.post(url, data)
        assert response.status_code == 200
        assert "veraltet" in str(response.context["form"].non_field_errors())  # German page
    assert not Entry.objects.exists() and not Player.objects.exists()


@pytest.mark.django_db
def test_a_refused_sale_does_not_use_up_its_token(staff_client):
    tournament = make_tournament(16, max_entries_per_player=1)
    url = reverse("staff:entries", args=[tournament.pk])
    data = {"name": "Rosa Eder", "count": "2", "once": new_token()}
    assert staff_client.post(url, data).status_code == 200  # over the limit: refused
    assert not SubmissionToken.objects.exists()
    staff_client.post(url, {**data, "count": "1"})  # corrected on the same page
    assert Entry.objects.count() == 1


@pytest.mark.django_db
def test_new_tournament_player_and_import_sent_twice_are_applied_once(staff_client):
    from .test_tournament_pages import tournament_data

    data = tournament_data()
    staff_client.post(reverse("staff:tournament_create"), data)
    again = staff_client.post(reverse("staff:tournament_create"), data, follow=True)
    assert Tournament.objects.count() == 1
    assert _messages(again)[-1][0] == "warning"

    data = {"name": "Karl Berger", "town": "Melk", "once": new_token()}
    staff_client.post(reverse("staff:player_add"), data)
    again = staff_client.post(reverse("staff:player_add"), data, follow=True)
    assert Player.objects.filter(name="Karl Berger").count() == 1
    assert _messages(again)[-1][0] == "warning"
    # editing a player is idempotent and needs no token
    player = Player.objects.get(name="Karl Berger")
    staff_client.post(reverse("staff:player_edit", args=[player.pk]), {"name": "Karl Berger"})
    player.refresh_from_db()
    assert player.town == ""

    data = {"content": "Name;Ort\nLisa Maier;Wien\n", "once": new_token()}
    staff_client.post(reverse("staff:player_import"), data)
    again = staff_client.post(reverse("staff:player_import"), data, follow=True)
    assert Player.objects.filter(name="Lisa Maier").count() == 1
    assert _messages(again)[-1][0] == "warning"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("attempt", range(2))
def test_two_identical_sales_at_once_sell_once(attempt):
    user = grant(get_user_model().objects.create_user(f"desk{attempt}", password="x"))
    tournament = make_tournament(16)
    url = reverse("staff:entries", args=[tournament.pk])
    data = {"name": "Rosa Eder", "town": "Tulln", "count": "3", "paid": "on", "once": new_token()}
    barrier = threading.Barrier(2)
    answers = [None, None]

    def desk(i):
        try:
            client = Client(headers={"accept-language": "en"})
            client.force_login(user)
            barrier.wait(timeout=10)
            answers[i] = client.post(url, data, follow=True)
        finally:
            connection.close()

    threads = [threading.Thread(target=desk, args=(i,)) for i in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=30)
    # (the test client's response.context is filled from a global signal: read the HTML)
    pages = [a.content.decode() for a in answers]
    done = [("already done" in page, "entries 1, 2, 3 sold" in page) for page in pages]
    assert sorted(done) == [(False, True), (True, False)], done
    assert Entry.objects.filter(tournament=tournament).count() == 3
    assert Player.objects.filter(name="Rosa Eder").count() == 1
    assert SubmissionToken.objects.filter(token=data["once"]).count() == 1


@pytest.mark.django_db(transaction=True)
def test_tokens_older_than_a_month_are_forgotten_after_the_next_sale(staff_client):
    import datetime

    from django.utils import timezone

    tournament = make_tournament(16)
    old = SubmissionToken.objects.create(token="x" * 20, purpose="sell")
    recent = SubmissionToken.objects.create(token="y" * 20, purpose="sell")
    SubmissionToken.objects.filter(pk=old.pk).update(
        used_at=timezone.now() - datetime.timedelta(days=31)
    )
    SubmissionToken.objects.filter(pk=recent.pk).update(
        used_at=timezone.now() - datetime.timedelta(days=29)
    )
    url = reverse("staff:entries", args=[tournament.pk])
    token = _token(staff_client.get(url).content.decode())
    staff_client.post(url, {"name": "Anna Berger", "count": "1", "once": token})
    assert Entry.objects.filter(tournament=tournament).count() == 1
    left = set(SubmissionToken.objects.values_list("token", flat=True))
    assert left == {"y" * 20, token}
