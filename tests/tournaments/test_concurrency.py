"""Concurrent staff on PostgreSQL: real parallel connections, one per thread."""

import threading

import pytest
from django.db import connection

from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.models import AuditLog, Pairing, Round
from tournaments.services import TournamentError

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def at_once(*calls):
    """Run the calls in parallel threads (each with its own connection); results in order."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def worker(i, fn):
        try:
            barrier.wait(timeout=10)
            results[i] = ("ok", fn())
        except TournamentError as exc:
            results[i] = ("error", exc)
        except Exception as exc:  # noqa: BLE001 - reported by the assertions below
            results[i] = ("crash", exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i, fn)) for i, fn in enumerate(calls)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=30)
    return results


def released_round():
    t = make_tournament(16, entries=[1] * 16)
    return t, services.release_round(services.draw_next_round(t, seed=1))


@pytest.mark.parametrize("attempt", range(3))
def test_two_results_for_one_pairing(attempt):
    t, rnd = released_round()
    p = rnd.pairings.first()
    results = at_once(
        lambda: services.record_result(p, winner="left", score=(2, 0)),
        lambda: services.record_result(p, winner="right", score=(2, 1)),
    )
    kinds = sorted(kind for kind, _ in results)
    assert kinds == ["error", "ok"], results
    error = next(value for kind, value in results if kind == "error")
    assert error.code == "decided" and error.message
    stored = Pairing.objects.get(pk=p.pk)
    winner = next(value for kind, value in results if kind == "ok")
    assert (stored.winner, stored.version) == (winner.winner, 1)
    assert AuditLog.objects.filter(tournament=t, action="record_result").count() == 1


def test_two_corrections_with_the_same_version():
    t, rnd = released_round()
    p = services.record_result(rnd.pairings.first(), winner="left", score=(2, 0))
    results = at_once(
        lambda: services.correct_result(p, winner="right", score=(2, 1), expected_version=1),
        lambda: services.correct_result(p, winner="left", score=(2, 1), expected_version=1),
    )
    assert sorted(kind for kind, _ in results) == ["error", "ok"], results
    assert next(v for k, v in results if k == "error").code == "changed"
    assert Pairing.objects.get(pk=p.pk).version == 2


@pytest.mark.parametrize("attempt", range(3))
def test_two_draws_at_once_make_one_round(attempt):
    t = make_tournament(32, entries=[1, 2, 3] * 5)
    results = at_once(
        lambda: services.draw_next_round(t, seed=1),
        lambda: services.draw_next_round(t, seed=2),
    )
    assert sorted(kind for kind, _ in results) == ["error", "ok"], results
    assert Round.objects.filter(tournament=t).count() == 1
    rnd = Round.objects.get(tournament=t)
    assert rnd.pairings.count() == 16
    assert AuditLog.objects.filter(tournament=t, action="draw_round").count() == 1


def test_selling_the_last_entries_at_once():
    t = make_tournament(16, entries=[1] * 15)
    a = services.find_or_register_player("A")
    b = services.find_or_register_player("B")
    results = at_once(
        lambda: services.sell_entries(t, a, 1),
        lambda: services.sell_entries(t, b, 1),
    )
    assert sorted(kind for kind, _ in results) == ["error", "ok"], results
    assert next(v for k, v in results if k == "error").code == "full"
    assert services.active_entries(t).count() == 16
