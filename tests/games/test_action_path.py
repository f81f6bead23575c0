"""The action path: four SQL queries on the locked row, only the changed fields saved,
the sequence number required; the computer thinks in a task, not in the request."""

import json

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings
from django.urls import reverse

from games import services
from games.models import Match
from games.services import GameError
from tests.roles import grant

pytestmark = pytest.mark.django_db

DB_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def _statements(ctx) -> list[str]:
    """The queries of a block, without the test transaction's savepoints."""
    return [
        q["sql"]
        for q in ctx.captured_queries
        if not q["sql"].upper().startswith(("SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK TO"))
    ]


def _first_play(m: Match) -> tuple[int, str]:
    state = services.live_state(m).state
    action = next(str(a) for a in state.legal_actions() if str(a).startswith("play:"))
    return state.to_move, action


def test_an_action_costs_four_queries_and_saves_only_what_changed(client):
    m = services.create_friendly_match(name0="A", name1="B", seed=11)
    seat, action = _first_play(m)
    url = reverse("games:act", args=[m.pk, m.token(seat)])
    with CaptureQueriesContext(connection) as ctx:
        response = client.post(
            url, json.dumps({"seq": 0, "action": action}), content_type="application/json"
        )
    assert response.status_code == 200, response.content
    assert response.json()["match"]["next_seq"] == 1
    sql = _statements(ctx)
    assert len(sql) <= 4, "\n".join(sql)
    assert "FOR UPDATE" in sql[0].upper() or connection.vendor == "sqlite"
    update = next(s for s in sql if s.upper().startswith("UPDATE"))
    assert '"next_seq"' in update and '"name0"' not in update and '"rules"' not in update


@pytest.mark.parametrize("lang", ["de-at", "en"])
def test_the_answer_to_an_action_is_the_view_a_fresh_request_gets(client, lang):
    """The acting seat's view is built once, for the push, and answered from there."""
    m = services.create_friendly_match(name0="A", name1="B", seed=13)
    client.cookies["django_language"] = lang
    for _ in range(6):
        seat, action = _first_play(m)
        token = m.token(seat)
        got = client.post(
            reverse("games:act", args=[m.pk, token]),
            json.dumps({"seq": m.next_seq, "action": action}),
            content_type="application/json",
            headers={"accept-language": lang},
        ).json()
        fresh = client.get(
            reverse("games:state", args=[m.pk, token]), headers={"accept-language": lang}
        ).json()
        assert got.pop("applied") is True
        fresh["match"].pop("reports", None)
        got["match"].pop("reports", None)
        assert got == fresh
        m.refresh_from_db()


def test_an_action_without_its_sequence_number_is_refused(client):
    m = services.create_friendly_match(name0="A", name1="B", seed=12)
    seat, action = _first_play(m)
    with pytest.raises(GameError) as err:
        services.apply_action(m.pk, seat, action, None)
    assert err.value.code == "seq"
    url = reverse("games:act", args=[m.pk, m.token(seat)])
    response = client.post(url, json.dumps({"action": action}), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "seq"
    m.refresh_from_db()
    assert m.next_seq == 0 and not m.actions.exists()


def test_a_resent_declaration_never_lands_in_the_next_game():
    """A resend carries the old number: it is refused as stale, never applied again."""
    m = services.create_friendly_match(name0="A", name1="B", seed=13)
    first_game_moves = m.next_seq
    rng_moves = 0
    while True:
        m.refresh_from_db()
        live = services.live_state(m)
        if live.game.index > 0:
            break
        state = live.state
        action = str(state.legal_actions()[0])
        seq = m.next_seq
        services.apply_action(m.pk, state.to_move, action, seq)
        rng_moves += 1
        last = (state.to_move, action, seq)
    assert rng_moves > first_game_moves
    seat, action, seq = last  # the move that ended game 1, sent again
    m.refresh_from_db()
    moves = m.next_seq
    again = services.apply_action(m.pk, seat, action, seq)
    assert again.applied is False
    for resend in ("declare", action):
        try:
            assert services.apply_action(m.pk, seat, resend, seq).applied is False
        except GameError as exc:
            assert exc.code == "stale"
        with pytest.raises(GameError) as err:
            services.apply_action(m.pk, seat, resend, None)
        assert err.value.code == "seq"
    m.refresh_from_db()
    assert m.next_seq == moves
    assert not m.actions.filter(game_index=1).exists()


def test_a_forged_link_cannot_act(client):
    m = services.create_friendly_match(name0="A", name1="B", seed=14)
    seat, action = _first_play(m)
    url = reverse("games:act", args=[m.pk, "forged-token"])
    response = client.post(
        url, json.dumps({"seq": 0, "action": action}), content_type="application/json"
    )
    assert response.status_code == 403
    m.refresh_from_db()
    assert m.next_seq == 0


@pytest.mark.django_db(transaction=True)
def test_the_computer_moves_in_a_task_not_in_the_request(client):
    """With the database queue the request answers at once; the worker moves later."""
    with override_settings(TASKS=DB_TASKS):
        from django_tasks_db.models import DBTaskResult

        for seed in range(21, 60):  # a match where the human leads the first trick
            m = services.create_friendly_match(bot_level="easy", seed=seed)
            live = services.live_state(m)
            if live.state.to_move == 0 and live.state.view(0).lead is None:
                break
        DBTaskResult.objects.all().delete()  # the answers in the other matches: not needed
        seq = m.next_seq
        action = next(str(a) for a in live.state.legal_actions() if str(a).startswith("play:"))
        url = reverse("games:act", args=[m.pk, m.token0])
        response = client.post(
            url, json.dumps({"seq": seq, "action": action}), content_type="application/json"
        )
        assert response.status_code == 200
        data = response.json()
        assert data["match"]["next_seq"] == seq + 1  # the answer did not wait
        assert data["view"]["to_move"] == 1
        assert DBTaskResult.objects.filter(status="READY").count() == 1
        call_command("db_worker", "--batch", "--no-reload", "--interval", "0", verbosity=0)
        m.refresh_from_db()
        assert m.next_seq >= seq + 2
        assert services.live_state(m).state.to_move == 0 or m.status != "playing"
        # a duplicate task for a number that is gone does nothing
        assert services.play.computer_moves(m.pk, seq + 1) == 0


@override_settings(FRIENDLY_MATCHES_PER_HOUR=2)
def test_anonymous_friendly_matches_are_rate_limited_with_a_clear_message(client):
    form = {"name": "Resi", "opponent": "computer", "level": "easy", "rules": "weich"}
    for _ in range(2):
        assert client.post(reverse("games:index"), form).status_code == 302
    response = client.post(reverse("games:index"), form, headers={"accept-language": "de-at"})
    assert response.status_code == 429
    body = response.content.decode()
    assert "2 freie Partien pro Stunde" in body
    assert Match.objects.count() == 2


@pytest.mark.parametrize("role", ["organiser", "desk", "table", "referee", "admin"])
@override_settings(FRIENDLY_MATCHES_PER_HOUR=1)
def test_club_staff_are_not_rate_limited(client, django_user_model, role):
    if role == "admin":
        user = django_user_model.objects.create_superuser("vera", password="pw")
    else:
        user = grant(django_user_model.objects.create_user("vera", password="pw"), role)
    client.force_login(user)
    form = {"name": "Vera", "opponent": "computer", "level": "easy", "rules": "weich"}
    for _ in range(3):
        assert client.post(reverse("games:index"), form).status_code == 302


@override_settings(FRIENDLY_MATCHES_PER_HOUR=2)
def test_a_user_of_no_club_is_limited_per_account_from_any_address(django_user_model):
    """Logged in without a club role (Django's is_staff flag is no club role): the limit
    counts the account, whichever address (or X-Forwarded-For) the requests come from."""
    user = django_user_model.objects.create_user("ohne", password="pw", is_staff=True)
    form = {"name": "Ohne", "opponent": "computer", "level": "easy", "rules": "weich"}
    answers = []
    for n, address in enumerate(("192.0.2.1", "192.0.2.2", "192.0.2.3")):
        client = Client(
            REMOTE_ADDR=address,
            headers={"accept-language": "en", "x-forwarded-for": f"198.51.100.{n}"},
        )
        client.force_login(user)
        answers.append(client.post(reverse("games:index"), form))
    assert [r.status_code for r in answers] == [302, 302, 429]
    assert "One account may start 2 friendly matches an hour" in answers[-1].content.decode()
    assert Match.objects.count() == 2
    # the tables of three and four count with them
    client = Client(REMOTE_ADDR="192.0.2.9", headers={"accept-language": "en"})
    client.force_login(user)
    response = client.post(reverse("games:table_start"), {"game": "bauernschnapsen"})
    assert response.status_code == 302 and Match.objects.count() == 2
    # another address without a login has its own count
    anonymous = Client(REMOTE_ADDR="192.0.2.1")
    assert anonymous.post(reverse("games:index"), form).status_code == 302


def _synchronous_commit() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        return cursor.fetchone()[0]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's commit setting")
def test_a_move_commits_without_waiting_for_the_flush_and_a_match_end_durably():
    from django.db import transaction

    from games.services.common import commit_durably, lock_for_move

    m = services.create_friendly_match(name0="A", name1="B", seed=14)
    before = _synchronous_commit()
    with transaction.atomic():
        lock_for_move(Match.objects.select_for_update()).get(pk=m.pk)
        assert _synchronous_commit() == "off"  # this transaction only
        commit_durably()
        assert _synchronous_commit() == "on"
    assert _synchronous_commit() == before
    # the lock of a real move uses it (the row locked, the setting in the same query)
    seat, action = _first_play(m)
    with CaptureQueriesContext(connection) as ctx:
        services.apply_action(m.pk, seat, action, 0)
    assert "set_config('synchronous_commit', 'off', true)" in _statements(ctx)[0]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's commit setting")
def test_only_the_move_that_ends_the_match_waits_for_the_flush():
    m = services.create_friendly_match(name0="A", name1="B", seed=15)
    durable = []
    for _ in range(400):
        m.refresh_from_db()
        if m.status != "playing":
            break
        state = services.live_state(m).state
        action = str(state.legal_actions()[0])
        with CaptureQueriesContext(connection) as ctx:
            services.apply_action(m.pk, state.to_move, action, m.next_seq)
        durable.append(any("synchronous_commit TO ON" in s for s in _statements(ctx)))
    assert m.status == "finished"
    assert durable[-1] and not any(durable[:-1])
