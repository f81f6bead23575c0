"""Tables of three and four in the browser's services: starting, acting per seat,
refusals in words, the computer's seats, replay from the log, and the pages' JSON that
never shows a card the seat may not know."""

import json
import random
import re

import pytest
from django.urls import reverse

from engine.cards import ALL_CARDS
from engine.tables.table import MultiTable
from games.models import Game, GameKind, Match, MatchAction, Seat, Status
from games.services import GameError, tables
from games.table_presenters import last_trick, table_payload

pytestmark = pytest.mark.django_db
CARD_CODE = re.compile(r"(?<![A-Za-z])([ATKQJ][HDSC])(?![A-Za-z])")


def _people(n):
    return [{"name": f"P{i + 1}", "level": ""} for i in range(n)]


def _bauern(seed=7, seats=None, **kw):
    return tables.create_table(
        game_kind=GameKind.BAUERNSCHNAPSEN, seats=seats or _people(4), seed=seed, **kw
    )


def _token(m, i):
    return m.seats.get(index=i).token


def _play_one_random(m, rng):
    live = tables.live_table(m)
    p = live.table.to_move
    acts = live.table.state.legal_actions()
    a = str(acts[rng.randrange(len(acts))])
    tables.act(m.pk, _token(m, p), a, m.next_seq)
    m.refresh_from_db()
    return p, a


def test_a_four_seat_table_starts_with_links_and_its_first_deal():
    m = _bauern()
    assert m.game_kind == "bauernschnapsen" and m.is_table
    assert list(m.seats.values_list("index", "name")) == [
        (0, "P1"),
        (1, "P2"),
        (2, "P3"),
        (3, "P4"),
    ]
    assert len({s.token for s in m.seats.all()}) == 4
    g = m.games.get()
    assert g.index == 0 and len(g.deck.split()) == 20
    assert g.dealer == tables.first_dealer(m)
    live = tables.live_table(m)
    assert live.table.state.phase_name == "cut"
    assert live.table.to_move == (g.dealer - 1) % 4  # the player right of the dealer cuts


def test_a_three_seat_table_starts():
    m = tables.create_table(game_kind=GameKind.TALONSCHNAPSEN, seats=_people(3), seed=3)
    live = tables.live_table(m)
    assert live.table.state.N == 3
    assert live.table.state.phase_name == "call"


def test_wrong_starts_are_refused_in_words():
    with pytest.raises(GameError, match="needs 4 seats"):
        tables.create_table(game_kind="bauernschnapsen", seats=_people(3))
    with pytest.raises(GameError, match="person"):
        tables.create_table(game_kind="talonschnapsen", seats=[{"name": "", "level": "easy"}] * 3)
    with pytest.raises(GameError, match="preset"):
        tables.create_table(game_kind="bauernschnapsen", seats=_people(4), preset="nix")
    with pytest.raises(GameError):
        tables.create_table(game_kind="schnapsen", seats=_people(2))


def test_wrong_seat_and_illegal_action_are_refused_with_a_translated_message():
    from django.utils import translation

    m = _bauern()
    live = tables.live_table(m)
    p = live.table.to_move
    other = (p + 1) % 4
    with translation.override("de-at"):
        with pytest.raises(GameError) as exc:
            tables.act(m.pk, _token(m, other), "cut", 0)
        assert exc.value.code == "turn"
        assert "nicht am Zug" in exc.value.message and "P" in exc.value.message
        with pytest.raises(GameError) as exc:
            tables.act(m.pk, _token(m, p), "play:AH", 0)
        assert exc.value.code == "illegal"
        assert "not" not in exc.value.message.split()  # German, not the engine's English
        with pytest.raises(GameError) as exc:
            tables.act(m.pk, "forged", "cut", 0)
        assert exc.value.code == "forbidden"
    with pytest.raises(GameError) as exc:
        tables.act(m.pk, _token(m, p), "cut", None)
    assert exc.value.code == "seq"
    assert MatchAction.objects.filter(match=m).count() == 0


def test_a_repeat_is_applied_once_and_a_stale_number_refused():
    m = _bauern()
    p = tables.live_table(m).table.to_move
    r = tables.act(m.pk, _token(m, p), "cut", 0)
    assert r.applied and r.seq == 0
    again = tables.act(m.pk, _token(m, p), "cut", 0)
    assert not again.applied
    with pytest.raises(GameError) as exc:
        tables.act(m.pk, _token(m, p), "knock", 0)
    assert exc.value.code == "stale"
    assert MatchAction.objects.filter(match=m).count() == 1


def test_computer_seats_move_through_the_task_and_a_whole_bummerl_is_played():
    # one person and three computers (rule-based): the person's turns only wait for him
    seats = [{"name": "Anna", "level": ""}] + [{"name": "", "level": "easy"}] * 3
    m = _bauern(seed=11, seats=seats)
    rng = random.Random(1)
    for _ in range(2000):
        m.refresh_from_db()
        if m.status != Status.PLAYING:
            break
        live = tables.live_table(m)
        assert live.table.to_move == 0  # the computers moved at once (immediate tasks)
        _play_one_random(m, rng)
    assert m.status == Status.FINISHED
    assert sum(m.bummerl) >= 1
    games = list(m.games.order_by("index"))
    assert all(g.result for g in games)
    assert games[0].dealer == tables.first_dealer(m)
    # replay: the log rebuilds the same table as the engine's own record
    live = tables.live_table(m)
    again = MultiTable.resume(live.table.record.to_json())
    assert again.is_over and again.score.bummerl_count == live.table.score.bummerl_count
    assert [s.name for s in m.seats.order_by("index")][1:] == [
        "Computer 2",
        "Computer 3",
        "Computer 4",
    ]


def test_the_strong_computer_plays_a_seat():
    seats = [
        {"name": "Anna", "level": ""},
        {"name": "", "level": "strong"},
        {"name": "", "level": ""},
    ]
    m = tables.create_table(game_kind=GameKind.TALONSCHNAPSEN, seats=seats, seed=5)
    rng = random.Random(2)
    moved_by_computer = 0
    for _ in range(25):
        m.refresh_from_db()
        if m.status != Status.PLAYING:
            break
        before = m.next_seq
        _play_one_random(m, rng)
        m.refresh_from_db()
        moved_by_computer += m.next_seq - before - 1
    assert moved_by_computer > 0
    assert MatchAction.objects.filter(match=m, seat=1).exists()


# --------------------------------------------------------------------------- no leaks


def _allowed(live, seat) -> set[str]:
    """Every card the seat may know, from the full state (not from the view)."""
    s = live.table.state
    names = lambda mask: {ALL_CARDS[i].name for i in range(20) if mask >> i & 1}  # noqa: E731
    ok = names(s.hand[seat])
    for q in range(s.N):
        # the turned-up trump, marriages, shown hands; what a Plauderer (a) lets him see
        ok |= names(s.hand[q] & (s.known[q] | s.seen[seat]))
    ok |= {ALL_CARDS[c].name for _, c in s.trick}
    first = [None, None]
    for t in s.history:
        if first[s.side[t.winner]] is None:
            first[s.side[t.winner]] = t
    for t in first:
        if t is not None:
            ok |= {ALL_CARDS[c].name for _, c in t.cards}
    lt = last_trick(live)
    if lt is not None:
        ok |= {ALL_CARDS[c].name for _, c in lt.cards}
    if seat == s.declarer:
        ok |= names(s.taken) | names(s.discard)
    if s.turned_up >= 0:
        ok.add(ALL_CARDS[s.turned_up].name)
    return ok


def _cards_in(payload) -> set[str]:
    """Every card code anywhere in the JSON (in lists, in actions such as play:QH)."""
    return set(CARD_CODE.findall(json.dumps(payload)))


@pytest.mark.parametrize(
    ("kind", "n", "preset", "seed"),
    [
        ("bauernschnapsen", 4, "ueblich", 21),
        ("bauernschnapsen", 4, "alles", 22),
        ("talonschnapsen", 3, "alles", 23),
        ("talonschnapsen", 3, "ueblich", 24),
    ],
)
def test_no_seat_ever_sees_a_card_it_may_not_know(kind, n, preset, seed):
    m = tables.create_table(game_kind=kind, seats=_people(n), preset=preset, seed=seed, bummerls=3)
    rng = random.Random(seed)
    steps = 0
    while m.status == Status.PLAYING and steps < 150:
        live = tables.live_table(m)
        for seat in range(n):
            payload = table_payload(live, seat)
            shown = _cards_in(payload)
            secret = shown - _allowed(live, seat)
            assert not secret, f"step {steps}: seat {seat} sees {secret}"
            assert "tricks" not in payload["view"]  # the engine's full list never goes out
        _play_one_random(m, rng)
        steps += 1
    assert steps > 30


def test_the_page_and_its_json(client):
    m = _bauern(seed=31)
    tok = _token(m, 0)
    page = client.get(reverse("games:table", args=[m.pk, tok]))
    assert page.status_code == 200
    body = page.content.decode()
    # the starter sees the other three links; the others see none
    for i in (1, 2, 3):
        assert _token(m, i) in body
    other = client.get(reverse("games:table", args=[m.pk, _token(m, 1)])).content.decode()
    assert _token(m, 2) not in other and _token(m, 0) not in other
    assert client.get(reverse("games:table", args=[m.pk, "forged"])).status_code == 403
    state = client.get(reverse("games:table_state", args=[m.pk, tok])).json()
    assert state["match"]["names"] == ["P1", "P2", "P3", "P4"]
    p = state["view"]["to_move"]
    r = client.post(
        reverse("games:table_act", args=[m.pk, _token(m, (p + 1) % 4)]),
        json.dumps({"action": "cut", "seq": 0}),
        content_type="application/json",
    )
    assert r.status_code == 409 and r.json()["error"]
    r = client.post(
        reverse("games:table_act", args=[m.pk, _token(m, p)]),
        json.dumps({"action": "cut", "seq": 0}),
        content_type="application/json",
    )
    assert r.status_code == 200 and r.json()["match"]["next_seq"] == 1
    # the two-player pages do not open a table (its spectator page is the table's own)
    assert client.get(reverse("games:replay", args=[m.pk])).status_code == 404
    assert 'id="spectator-note"' in client.get(reverse("games:watch", args=[m.pk])).content.decode()
    assert client.get(reverse("games:play", args=[m.pk, tok])).status_code == 403


def test_start_from_the_games_page(client):
    data = {
        "game": "talonschnapsen",
        "preset": "alles",
        "bummerls": "1",
        "seat0": "person",
        "name0": "Anna",
        "seat1": "computer",
        "level1": "easy",
        "seat2": "person",
        "name2": "Berta",
    }
    r = client.post(reverse("games:table_start"), data)
    m = Match.objects.get()
    assert r.status_code == 302 and r.url == reverse("games:table", args=[m.pk, _token(m, 0)])
    assert m.game_kind == "talonschnapsen" and m.rules["name"] == "alles"
    assert list(Seat.objects.filter(match=m).values_list("bot_level", flat=True)) == [
        "",
        "easy",
        "",
    ]
    assert Game.objects.filter(match=m).count() == 1
    assert client.get(reverse("games:index")).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_a_move_at_a_table_is_pushed_to_the_other_seats_and_a_forged_link_gets_no_socket():
    from asgiref.sync import sync_to_async

    from tests.games.test_push import _socket, async_to_sync

    m = _bauern(seed=41)
    p = tables.live_table(m).table.to_move
    others = [i for i in range(4) if i != p]

    async def scenario():
        sockets = [_socket(f"/ws/games/{m.pk}/t/{_token(m, i)}/") for i in others]
        for s in sockets:
            connected, _ = await s.connect()
            assert connected
            assert await s.receive_json_from() == {"next_seq": 0, "status": "playing"}
        await sync_to_async(tables.act)(m.pk, _token(m, p), "cut", 0)
        for s in sockets:
            assert await s.receive_json_from(timeout=3) == {"next_seq": 1, "status": "playing"}
            await s.disconnect()
        forged = _socket(f"/ws/games/{m.pk}/t/forged/")
        connected, _ = await forged.connect()
        assert not connected

    async_to_sync(scenario)()


def test_the_stored_deals_are_the_ones_the_table_replays():
    m = _bauern(seed=51, bummerls=2)
    rng = random.Random(4)
    while m.games.count() < 4 and m.status == Status.PLAYING:
        _play_one_random(m, rng)
    live = tables.live_table(m)
    decks = [" ".join(c.name for c in g.deck) for g in live.table.record.games]
    rows = list(m.games.order_by("index"))
    assert [r.deck for r in rows] == decks
    assert [r.dealer for r in rows] == [g.dealer for g in live.table.record.games]
    assert all(r.result for r in rows[:-1]) and rows[-1].result is None


def test_button_labels_and_results_in_german_and_english():
    from django.utils import translation

    m = _bauern(seed=61)
    live = tables.live_table(m)
    p = live.table.to_move
    with translation.override("de-at"):
        texts = table_payload(live, p)["view"]["action_texts"]
    assert texts == {"cut": "Abheben", "knock": "Draufhauen"}
    with translation.override("en"):
        texts = table_payload(live, p)["view"]["action_texts"]
    assert texts == {"cut": "Cut", "knock": "Knock (draufhauen)"}
    tables.act(m.pk, _token(m, p), "cut", 0)
    live = tables.live_table(m)
    caller = live.table.to_move
    with translation.override("de-at"):
        texts = table_payload(live, caller)["view"]["action_texts"]
    assert "Herz Atout rufen" in texts.values() or "Karo Atout rufen" in texts.values()


def test_the_record_of_a_finished_table_replays(client, tmp_path):
    import subprocess
    import sys

    seats = [{"name": "Anna", "level": ""}] + [{"name": "", "level": "easy"}] * 3
    m = _bauern(seed=71, seats=seats)
    url = reverse("games:table_record", args=[m.pk, _token(m, 0)])
    assert client.get(url).status_code == 403  # running: it would show every hand
    rng = random.Random(3)
    while m.status == Status.PLAYING:
        _play_one_random(m, rng)
    r = client.get(url)
    assert r.status_code == 200
    path = tmp_path / "table.json"
    path.write_bytes(r.content)
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.django_db(transaction=True)
def test_the_push_carries_each_person_his_own_view_and_nothing_of_the_others():
    from asgiref.sync import sync_to_async
    from django.utils import translation

    from tests.games.test_push import _socket, async_to_sync

    m = _bauern(seed=43)
    p = tables.live_table(m).table.to_move
    others = [i for i in range(4) if i != p]
    got = {}

    async def scenario():
        sockets = {i: _socket(f"/ws/games/{m.pk}/t/{_token(m, i)}/?lang=de-at") for i in others}
        english = _socket(f"/ws/games/{m.pk}/t/{_token(m, others[0])}/?lang=en")
        for s in [*sockets.values(), english]:
            connected, _ = await s.connect()
            assert connected
            await s.receive_json_from()
        with translation.override("de-at"):
            await sync_to_async(tables.act)(m.pk, _token(m, p), "cut", 0)
        for i, s in sockets.items():
            got[i] = await s.receive_json_from(timeout=3)
            await s.disconnect()
        got["en"] = await english.receive_json_from(timeout=3)
        await english.disconnect()

    async_to_sync(scenario)()
    live = tables.live_table(Match.objects.get(pk=m.pk))
    for i in others:
        mine = got[i]["payload"]
        assert mine["seat"] == i and mine["match"]["next_seq"] == 1
        with translation.override("de-at"):
            assert mine == table_payload(live, i)
        assert not _cards_in(mine) - _allowed(live, i)
    assert "payload" not in got["en"]  # another language: the page fetches its view


def test_the_called_trump_shows_during_the_bidding():
    from django.utils import translation

    m = _bauern(seed=61)
    p = tables.live_table(m).table.to_move
    tables.act(m.pk, _token(m, p), "cut", 0)
    live = tables.live_table(m)
    caller = live.table.to_move
    call = next(str(a) for a in live.table.state.legal_actions() if str(a).startswith("call:"))
    tables.act(m.pk, _token(m, caller), call, 1)
    live = tables.live_table(m)
    suit = {"H": "Herz", "D": "Karo", "S": "Pik", "C": "Kreuz"}[call[-1]]
    with translation.override("de-at"):
        for seat in range(4):
            assert f"Atout: {suit}" in table_payload(live, seat)["view"]["phase_text"]


def test_another_table_with_the_same_seats(client):
    seats = [
        {"name": "Anna", "level": ""},
        {"name": "", "level": "easy"},
        {"name": "Cilli", "level": ""},
        {"name": "", "level": "easy"},
    ]
    m = _bauern(seed=81, seats=seats, preset="alles")
    again = reverse("games:table_again", args=[m.pk, _token(m, 2)])
    assert client.post(again).status_code == 302  # still running: back to the table
    assert Match.objects.count() == 1
    rng = random.Random(5)
    while m.status == Status.PLAYING:
        _play_one_random(m, rng)
    r = client.post(again)
    new = Match.objects.exclude(pk=m.pk).get()
    assert r.url == reverse("games:table", args=[new.pk, new.seats.get(index=2).token])
    assert new.rules == m.rules and new.seed != m.seed and new.game_kind == m.game_kind
    assert [(s.name, s.bot_level) for s in new.seats.order_by("index")] == [
        (s.name, s.bot_level) for s in m.seats.order_by("index")
    ]
    assert client.post(reverse("games:table_again", args=[m.pk, _token(m, 0)])).status_code == 302
    assert Match.objects.count() == 2  # asked twice: the same next table
    # each person's finished page links to his own seat at the next table, nobody else's
    m.refresh_from_db()
    live = tables.live_table(m)
    assert table_payload(live, 0)["match"]["next_table"] == reverse(
        "games:table", args=[new.pk, new.seats.get(index=0).token]
    )
    assert new.seats.get(index=2).token not in json.dumps(table_payload(live, 0))
