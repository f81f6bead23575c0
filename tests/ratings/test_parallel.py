"""Pages read by several requests at once while results change: each recomputation
waits for the one before (the stale marks are locked), no error, no double rating, and
the numbers equal a recomputation from scratch (PostgreSQL, real parallel connections)."""

import threading

import pytest
from django.db import connection, connections

from ratings import services
from ratings.models import Snapshot, Stale
from tournaments.models import Pairing, Player

from .conftest import played_tournament
from .test_services import numbers


@pytest.fixture
def postgres(transactional_db):
    if connection.vendor != "postgresql":
        pytest.skip("runs in the PostgreSQL run of the suite (DATABASE_URL=postgres://…)")


def test_parallel_readers_and_a_correction(postgres):
    people = [Player.objects.create(name=f"Spieler {i}", town="Wien") for i in range(12)]
    tournaments = [
        played_tournament(people[:8], day=0, seed=1),
        played_tournament(people[2:10], day=40, seed=2),
        played_tournament(people[4:12], day=45, seed=3),
    ]
    errors = []
    start = threading.Barrier(5)

    def reader():
        try:
            start.wait()
            for _ in range(5):
                services.ensure_current()
        except Exception as exc:  # noqa: BLE001 - the test reports any
            errors.append(exc)
        finally:
            connections.close_all()

    def corrector():
        try:
            start.wait()
            for pairing in Pairing.objects.filter(round__tournament=tournaments[0])[:4]:
                pairing.winner = "right" if pairing.winner == "left" else "left"
                pairing.save()
        except Exception as exc:  # noqa: BLE001
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=reader) for _ in range(4)]
    threads.append(threading.Thread(target=corrector))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors
    services.ensure_current()
    assert not Stale.objects.exists()
    assert Snapshot.objects.count() == 24
    kept = numbers()
    services.recompute()
    assert numbers() == kept
