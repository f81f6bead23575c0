"""Registrations and check-ins under load on PostgreSQL: real parallel connections, one
per thread (run with DATABASE_URL=postgres://...)."""

import threading
import time

import pytest
from django.db import connection

from registration import services
from registration.models import CheckIn, Registration, Status
from tournaments.models import Entry

from .helpers import open_tournament, sign_up

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def in_parallel(calls, threads=16):
    """Run the calls on ``threads`` workers, each with its own connection; the outcome
    of each call ("ok", value) / ("refused", error) / ("crash", exception)."""
    results = [None] * len(calls)
    queue = list(enumerate(calls))
    lock = threading.Lock()
    barrier = threading.Barrier(threads)

    def worker():
        try:
            barrier.wait(timeout=10)
            while True:
                with lock:
                    if not queue:
                        return
                    i, fn = queue.pop()
                try:
                    results[i] = ("ok", fn())
                except services.RegistrationError as error:
                    results[i] = ("refused", error)
                except Exception as exc:  # noqa: BLE001 - reported by the assertions
                    results[i] = ("crash", exc)
        finally:
            connection.close()

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    for th in pool:
        th.start()
    for th in pool:
        th.join(timeout=120)
    return results


def test_200_registrations_in_a_minute_fill_the_field_exactly():
    t = open_tournament(128, entries=[1] * 20)  # 20 sold at the desk already
    calls = [
        (lambda i=i: sign_up(t, f"Spieler {i:03d}", 1 + i % 2, town="Krems")) for i in range(200)
    ]
    # the same person twice at the same moment: one registration
    calls += [(lambda: sign_up(t, "Doppelt Gemeldet", 1)) for _ in range(8)]
    started = time.perf_counter()
    results = in_parallel(calls)
    elapsed = time.perf_counter() - started
    crashes = [r for r in results if r[0] == "crash"]
    assert not crashes, crashes[:3]
    assert elapsed < 60, elapsed
    refused = [r[1] for r in results if r[0] == "refused"]
    assert len(refused) == 7 and all(e.code == "double" for e in refused)
    regs = Registration.objects.filter(tournament=t)
    assert regs.count() == 201
    held = sum(r.count for r in regs.filter(status=Status.REGISTERED))
    assert 20 + held <= 128  # never beyond the field
    waiting = list(regs.filter(status=Status.WAITING).order_by("created_at"))
    assert waiting and 20 + held + waiting[0].count > 128  # the first waiting does not fit
    assert regs.filter(name="Doppelt Gemeldet").count() == 1
    print(f"\n201 registrations (+7 refused doubles) in {elapsed:.2f} s on 16 connections")


def test_64_check_ins_in_a_minute_each_once():
    t = open_tournament(128, entries=[1] * 48)
    regs = [sign_up(t, f"Vorab {i:02d}", 1) for i in range(16)]
    codes = [str(n) for n in range(1, 49)] + [r.token for r in regs]
    # every code scanned twice at once (two desks, or the camera twice)
    calls = [(lambda c=c: services.check_in(t, c)) for c in codes * 2]
    started = time.perf_counter()
    results = in_parallel(calls)
    elapsed = time.perf_counter() - started
    assert all(kind == "ok" for kind, _ in results), [r for r in results if r[0] != "ok"][:3]
    scans = [value for _, value in results]
    assert sum(s.ok for s in scans) == 64
    assert sorted(s.code for s in scans if not s.ok) == ["already"] * 64
    assert CheckIn.objects.filter(entry__tournament=t).count() == 64
    assert Entry.objects.filter(tournament=t, cancelled_at__isnull=True).count() == 64
    assert not Entry.objects.filter(tournament=t, paid=False).exists()
    assert elapsed < 60, elapsed
    print(f"\n64 check-ins (128 scans) in {elapsed:.2f} s on 16 connections")
