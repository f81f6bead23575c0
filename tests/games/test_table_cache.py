"""The tables each process keeps (``games.services.tables.live_table``): an action costs
the same late in a table as early, a kept table is the same as the whole log replayed,
acting on what a caller got changes nothing kept, and a log the kept table does not
know (another process moved on, or the log is not the one it saw) is replayed."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from engine.tables.table import MultiTable
from games.models import GameKind, MatchAction
from games.services import tables

pytestmark = pytest.mark.django_db


def _table(kind=GameKind.BAUERNSCHNAPSEN, seed=5):
    n = 4 if kind == GameKind.BAUERNSCHNAPSEN else 3
    seats = [{"name": f"P{i + 1}", "level": ""} for i in range(n)]
    return tables.create_table(game_kind=kind, seats=seats, seed=seed, bummerls=3)


def _act_random(m, rng):
    live = tables.live_table(m)
    legal = [str(a) for a in live.table.state.legal_actions()]
    a = "pass" if "pass" in legal and rng.random() < 0.7 else rng.choice(legal)
    p = live.table.to_move
    tables.act(m.pk, m.seats.get(index=p).token, a, m.next_seq)
    m.refresh_from_db()


def _replayed(m) -> MultiTable:
    """The table from the whole log, nothing kept."""
    tables.forget_kept()
    return tables.live_table(m).table


def _same(a: MultiTable, b: MultiTable, n: int):
    assert a.actions_applied == b.actions_applied
    assert a.record == b.record
    for seat in range(n):
        assert a.view(seat) == b.view(seat)


@pytest.mark.parametrize("kind", [GameKind.BAUERNSCHNAPSEN, GameKind.TALONSCHNAPSEN])
def test_a_kept_table_is_the_whole_log_replayed(kind):
    m = _table(kind, seed=11)
    n = 4 if kind == GameKind.BAUERNSCHNAPSEN else 3
    rng = random.Random(3)
    for step in range(160):
        if m.status != "playing":
            break
        _act_random(m, rng)
        if step % 23 == 0:
            kept = tables.live_table(m).table
            _same(kept, _replayed(m), n)
    assert m.games.count() > 1  # across deals


def test_an_action_late_in_a_table_replays_only_what_is_new(monkeypatch):
    m = _table(seed=12)
    rng = random.Random(4)
    for _ in range(120):
        _act_random(m, rng)
    applied = []
    real = MultiTable.act

    def counting(self, seat, action):
        applied.append(action)
        return real(self, seat, action)

    monkeypatch.setattr(MultiTable, "act", counting)
    live = tables.live_table(m)
    assert applied == []  # kept after the last action: nothing to replay
    p = live.table.to_move
    legal = [str(a) for a in live.table.state.legal_actions()]
    token = m.seats.get(index=p).token
    with CaptureQueriesContext(connection) as q:
        tables.act(m.pk, token, legal[0], m.next_seq)
    assert len(applied) == 1  # the new action only, not the 120 before it
    # the row locked, the seats, the log since the kept table, the action, the match's
    # fields; the push's score sheet reads the games (savepoints as the test runs them)
    assert len([x for x in q.captured_queries if "SAVEPOINT" not in x["sql"]]) <= 6


def test_acting_on_a_table_one_got_changes_nothing_kept():
    m = _table(seed=13)
    rng = random.Random(5)
    for _ in range(30):
        _act_random(m, rng)
    got = tables.live_table(m).table
    before = got.view(0)
    legal = [str(a) for a in got.state.legal_actions()]
    got.act(got.to_move, legal[0])  # the caller's own copy
    again = tables.live_table(m).table
    assert again.view(0) == before
    _same(again, _replayed(m), 4)


def test_actions_stored_by_another_process_are_replayed_on_the_kept_table():
    m = _table(seed=14)
    rng = random.Random(6)
    for _ in range(20):
        _act_random(m, rng)
    behind = tables.live_table(m)
    old = (behind.applied, behind.last)
    for _ in range(15):
        _act_random(m, rng)
    # this process only knows the table of 15 actions ago (another server stored these)
    tables.forget_kept()
    behind.applied, behind.last = old
    tables.keep(behind)
    _same(tables.live_table(m).table, _replayed(m), 4)


def test_a_log_the_kept_table_does_not_know_is_replayed_whole():
    m = _table(seed=15)
    rng = random.Random(7)
    for _ in range(25):
        _act_random(m, rng)
    tables.live_table(m)  # kept after 25 actions
    # the log is no longer the one the kept table saw (rows gone, others stored)
    MatchAction.objects.filter(match=m, seq__gte=10).delete()
    m.next_seq = 10
    m.save(update_fields=["next_seq"])
    m.games.filter(index__gt=0).delete()
    for _ in range(5):
        _act_random(m, rng)
    _same(tables.live_table(m).table, _replayed(m), 4)
    assert tables.live_table(m).table.actions_applied == 15
