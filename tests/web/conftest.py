import datetime

import pytest
from django.contrib.auth import get_user_model

from tests.roles import grant
from tournaments import services


@pytest.fixture(autouse=True)
def _empty_cache():
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def staff_user(db):
    """An organiser of the default club (the club of ``make_tournament``'s tournaments)."""
    return grant(get_user_model().objects.create_user("anna", password="pw-anna-1"))


@pytest.fixture
def second_staff_user(db):
    return grant(get_user_model().objects.create_user("bert", password="pw-bert-1"))


@pytest.fixture
def staff_client(client, staff_user):
    client.force_login(staff_user)
    return client


def make_tournament(field_size=16, entries=(), **terms):
    """A tournament and players holding ``entries`` (entries per player)."""
    terms.setdefault("max_entries_per_player", max([*entries, 3]))
    tournament = services.create_tournament(
        name=terms.pop("name", "Preisschnapsen Test"),
        date=datetime.date(2026, 12, 5),
        field_size=field_size,
        **terms,
    )
    for index, count in enumerate(entries):
        player = services.find_or_register_player(f"Spieler {index + 1:03d}", town="Krems")
        services.sell_entries(tournament, player, count, paid=True)
    return tournament


@pytest.fixture
def running(db):
    """A 16-field tournament with 16 entries, round 1 drawn and released."""
    tournament = make_tournament(16, [1] * 16)
    rnd = services.draw_next_round(tournament, seed=7)
    services.release_round(rnd)
    return tournament
