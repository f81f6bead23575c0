"""The spectator page of a table of three or four (``games:watch`` of a table): it shows
what everyone at the table sees and never a card that not every player may know; its
JSON follows the table; pushes carry its view."""

import random

import pytest
from django.urls import reverse

from games.models import Status
from games.services import tables
from games.table_presenters import spectator_payload
from tests.games.test_tables import _allowed, _cards_in, _people, _play_one_random

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("kind", "n", "preset", "seed"),
    [
        ("bauernschnapsen", 4, "alles", 31),
        ("talonschnapsen", 3, "alles", 32),
    ],
)
def test_a_spectator_sees_only_what_every_player_may_know(kind, n, preset, seed):
    m = tables.create_table(game_kind=kind, seats=_people(n), preset=preset, seed=seed, bummerls=3)
    rng = random.Random(seed)
    steps = shown_any = 0
    while m.status == Status.PLAYING and steps < 150:
        live = tables.live_table(m)
        payload = spectator_payload(live)
        public = set.intersection(*(_allowed(live, seat) for seat in range(n)))
        shown = _cards_in(payload)
        assert not shown - public, f"step {steps}: a spectator sees {shown - public}"
        assert payload["seat"] is None and payload["view"]["legal_actions"] == []
        assert payload["view"]["hand"] == [] and payload["view"]["my_turn"] is False
        shown_any += bool(shown)
        _play_one_random(m, rng)
        steps += 1
    assert steps > 30 and shown_any > 10  # tricks were on the table


def test_the_spectator_page_and_its_json_follow_the_table(client):
    m = tables.create_table(game_kind="bauernschnapsen", seats=_people(4), seed=33)
    page = client.get(reverse("games:watch", args=[m.pk]))
    text = page.content.decode()
    assert page.status_code == 200 and 'id="spectator-note"' in text
    assert 'id="my-hand"' not in text and "/t/" not in text  # no seat's link on it
    url = reverse("games:watch_state", args=[m.pk])
    first = client.get(url).json()
    assert first["seat"] is None and first["match"]["next_seq"] == 0
    assert client.get(url, {"known": "0:playing"}).json() == {"changed": False}
    _play_one_random(m, random.Random(1))
    assert client.get(url, {"known": "0:playing"}).json()["match"]["next_seq"] == 1
    # the replay of a table is not there yet: a 404, not an error
    assert client.get(reverse("games:replay", args=[m.pk])).status_code == 404


def test_a_tables_push_carries_the_spectators_view(monkeypatch):
    sent = []
    monkeypatch.setattr(
        "games.services.push.send_to_group", lambda group, event, what="": sent.append(event)
    )
    m = tables.create_table(game_kind="talonschnapsen", seats=_people(3), seed=34)
    _play_one_random(m, random.Random(2))
    views = sent[-1]["views"]
    assert set(views) == {"0", "1", "2", "watch"}
    assert views["watch"]["seat"] is None and views["watch"]["view"]["hand"] == []
