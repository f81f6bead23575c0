"""A Renonce at a table of four (issue 32): the referee calls it on the team table's
pairing page, or a player at the table through his link; the engine checks it against
the cards played (``engine/multi/revoke.py``); the side at fault loses the game with the
points of the table's rules (rule option ``revoke``), stored in the action log and the
tournament's audit log, as the two-player revoke is.

004 "Spielablauf": "Beim Bauernschnapsen herrscht Farb- und Stichzwang"; 000 "Renonce":
"Ein Verstoß gegen diese Regel wird Renonce genannt und mit dem sofortigen Verlust des
Spiels bestraft". A browser table refuses such a card when it is played, so a call there
is answered with the engine's reason and changes nothing; the tests that reach a found
Renonce plant one in the table this process keeps (the only way one gets in)."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from clubs.models import Role
from engine.multi.actions import Action
from games import services
from games.models import Game, MatchAction, Status
from games.services import GameError, tables, team_tables
from tests.roles import grant
from tournaments.models import AuditLog, Side

from .test_team_tables import team_round

pytestmark = pytest.mark.django_db


def _referee():
    client = Client(headers={"accept-language": "en"})
    client.force_login(
        grant(get_user_model().objects.create_user("schiri", password="pw"), Role.REFEREE)
    )
    return client


def _table():
    _t, _rnd, pairings = team_round()
    p = pairings[0]
    return p, services.start_match_for_pairing(p)


def _play_until_a_card_could_break_the_rule(m):
    """Act with the people's links (passing in the bidding and the doubling) until the
    player to move follows a trick and holds a card he may not play."""
    tokens = {s.index: s.token for s in m.seats.all()}
    for _ in range(200):
        m.refresh_from_db()
        live = tables.live_table(m)
        state = live.table.state
        legal = state.legal_actions()
        if state.phase_name == "play" and state.trick:
            bad = [
                c
                for c in state.hand_of(state.to_move)
                if Action.parse(f"play:{c.name}") not in legal
            ]
            if bad:
                return live, state.to_move, bad[0]
        pick = next((a for a in legal if str(a) == "pass"), legal[0])
        tables.act(m.pk, tokens[state.to_move], str(pick), m.next_seq)
    raise AssertionError("no follower with a card he may not play")


def _plant(m):
    """Seat ``to_move`` plays a card that breaks the rule, unchecked, in the kept table,
    with its row in the log (a log the engine would refuse to replay)."""
    live, seat, card = _play_until_a_card_could_break_the_rule(m)
    action = Action.parse(f"play:{card.name}")
    live.table.state.push(action, check=False)
    live.table.record = live.table.record.replace_last(
        live.table.record.games[-1].with_action(action)
    )
    MatchAction.objects.create(
        match=m, game_index=live.game_index, seq=m.next_seq, seat=seat, action=str(action)
    )
    m.next_seq += 1
    m.save(update_fields=["next_seq"])
    live.applied += 1
    live.last = (seat, str(action))
    tables.keep(live)
    return seat, card


def test_the_pairing_page_offers_the_referee_a_renonce_on_each_seat_and_asks_first():
    p, m = _table()
    client = _referee()
    page = client.get(reverse("games:pairing", args=[p.pk])).content.decode()
    assert 'id="table-revoke"' in page
    assert all(f'id="table-revoke-{i}"' in page for i in range(4))
    confirm = client.post(
        reverse("games:pairing", args=[p.pk]), {"do": "revoke", "match": m.pk, "offender": "2"}
    )
    assert confirm.status_code == 200
    html = confirm.content.decode()
    assert "Call a Renonce by" in html and m.seats.get(index=2).name in html
    assert "Team B" in html  # the other team would win
    assert f'name="seq" value="{m.next_seq}"' in html


@pytest.mark.parametrize(
    "language, text", [("en", "No Renonce by"), ("de-at", "Keine Renonce von")]
)
def test_a_call_the_engine_does_not_find_is_refused_and_changes_nothing(language, text):
    p, m = _table()
    _play_until_a_card_could_break_the_rule(m)
    m.refresh_from_db()
    before = (
        m.next_seq,
        MatchAction.objects.count(),
        AuditLog.objects.filter(action="revoke").count(),
    )
    client = _referee()
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    response = client.post(
        reverse("games:pairing", args=[p.pk]),
        {"do": "revoke", "match": m.pk, "offender": "1", "confirm": "yes", "seq": m.next_seq},
    )
    assert response.status_code == 400 and text in response.content.decode()
    m.refresh_from_db()
    after = (
        m.next_seq,
        MatchAction.objects.count(),
        AuditLog.objects.filter(action="revoke").count(),
    )
    assert after == before
    with pytest.raises(GameError) as refused:  # a player's call through his link: the same
        tables.act(m.pk, m.seats.get(index=0).token, "revoke:1", m.next_seq)
    assert refused.value.code == "illegal"
    with translation.override("en"), pytest.raises(GameError) as bad:
        tables.act(m.pk, m.seats.get(index=0).token, "revoke:9", m.next_seq)
    assert bad.value.code == "parse" and "revoke needs the seat" in bad.value.message
    with pytest.raises(GameError) as seat:
        team_tables.record_table_revoke(m, 7, seq=m.next_seq)
    assert seat.value.code == "offender"


def test_a_renonce_the_engine_finds_loses_the_game_for_the_team_and_is_audited():
    p, m = _table()
    offender, card = _plant(m)
    m.refresh_from_db()
    game_before = m.games.count()
    client = _referee()
    response = client.post(
        reverse("games:pairing", args=[p.pk]),
        {
            "do": "revoke",
            "match": m.pk,
            "offender": str(offender),
            "confirm": "yes",
            "seq": m.next_seq,
        },
        follow=True,
    )
    assert response.status_code == 200
    assert "Renonce by" in response.content.decode() and "found" in response.content.decode()
    m.refresh_from_db()
    last = MatchAction.objects.filter(match=m).order_by("-seq").first()
    assert last.action == f"revoke:{offender}" and last.seat == offender
    game = Game.objects.get(match=m, index=last.game_index)
    assert game.reason == "result_revoke" and game.result["reason"]["params"]["card"] == card.name
    team = offender % 2
    written = game.result["written"]
    assert written[team] == 0 and written[1 - team] == 3  # the normal game, not flecked
    assert m.games.count() == game_before + 1 and m.status == Status.PLAYING  # dealt anew
    row = AuditLog.objects.filter(action="revoke").latest("pk")
    assert row.after["seat"] == offender + 1 and row.after["game_points"] == 3
    assert row.after["offender"] == (Side.LEFT if team == 0 else Side.RIGHT)
    assert row.after["winner"] == (Side.RIGHT if team == 0 else Side.LEFT)
    assert row.user.username == "schiri" and "reported_by" not in row.after
    # the same confirmation again: already recorded, nothing more
    again = team_tables.record_table_revoke(m, offender, seq=last.seq)
    assert not again.applied and MatchAction.objects.filter(match=m).count() == last.seq + 1


def test_a_player_at_the_table_may_call_it_out_of_turn():
    p, m = _table()
    offender, _card = _plant(m)
    m.refresh_from_db()
    caller = (offender + 1) % 4
    done = tables.act(m.pk, m.seats.get(index=caller).token, f"revoke:{offender}", m.next_seq)
    assert done.applied
    row = AuditLog.objects.filter(action="revoke").latest("pk")
    assert row.after["reported_by"] == (Side.LEFT if caller % 2 == 0 else Side.RIGHT)
    assert row.user is None
