"""The service layer: every rule and every refusal, with the data left as it was."""

import datetime
import random
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model

from tests.tournaments.helpers import make_tournament, play_open, run_to_end
from tournaments import services
from tournaments.draw import replay
from tournaments.models import (
    AuditLog,
    Bracket,
    Entry,
    Outcome,
    Pairing,
    Player,
    Prize,
    Round,
    Stage,
    Tournament,
)
from tournaments.services import TournamentError

pytestmark = pytest.mark.django_db


def error_code(fn, *args, **kwargs) -> str:
    with pytest.raises(TournamentError) as info:
        fn(*args, **kwargs)
    assert info.value.message  # a readable message
    return info.value.code


@pytest.fixture
def staff():
    User = get_user_model()
    return (
        User.objects.create_user("anna", password="x", is_staff=True),
        User.objects.create_user("bert", password="x", is_staff=True),
    )


# --------------------------------------------------------------------------- terms


def test_create_tournament_with_prizes_and_audit(staff):
    t = services.create_tournament(
        name=" Herbstschnapsen ",
        date=datetime.date(2026, 10, 3),
        field_size=32,
        entry_fee="12.50",
        prizes=[("Gans", Decimal("100")), ("", 50), ("Wein", None)],
        actor=staff[0],
    )
    assert t.name == "Herbstschnapsen"
    assert t.entry_fee == Decimal("12.50")
    assert [(p.place, p.description, p.amount) for p in Prize.objects.filter(tournament=t)] == [
        (1, "Gans", Decimal("100")),
        (2, "", Decimal("50")),
        (3, "Wein", None),
    ]
    log = AuditLog.objects.get(tournament=t)
    assert (log.action, log.user) == ("create_tournament", staff[0])


@pytest.mark.parametrize(
    "terms, code",
    [
        ({"field_size": 48}, "field_size"),
        ({"name": "  "}, "name"),
        ({"match_bummerl": 4}, "match_bummerl"),
        ({"max_entries_per_player": 0}, "max_entries_per_player"),
        ({"entry_fee": "zehn"}, "entry_fee"),
        ({"entry_fee": -1}, "entry_fee"),
        ({"rule_profile": "wild"}, "rule_profile"),
        ({"prizes": [("x", None)] * 9}, "prizes"),
        ({"prizes": [("x", "viel")]}, "prizes"),
    ],
)
def test_create_tournament_refuses_bad_terms(terms, code):
    args = {"name": "T", "date": datetime.date(2026, 1, 1), "field_size": 16, **terms}
    assert error_code(services.create_tournament, **args) == code
    assert not Tournament.objects.exists()


def test_update_tournament_locks_field_after_draw():
    t = make_tournament(16, entries=[1] * 10)
    services.update_tournament(t, venue="Krems", max_entries_per_player=2)
    t.refresh_from_db()
    assert (t.venue, t.max_entries_per_player) == ("Krems", 2)
    services.draw_next_round(t, seed=1)
    assert error_code(services.update_tournament, t, field_size=32) == "drawn"
    services.update_tournament(t, name="Neu")  # the name can still change
    assert error_code(services.update_tournament, t, colour="red") == "invalid"


# --------------------------------------------------------------------------- entries


def test_player_register_is_reused():
    a = services.find_or_register_player("  Franz   Huber ", town="Krems")
    b = services.find_or_register_player("Franz Huber", town="Krems")
    c = services.find_or_register_player("Franz Huber", town="Wien")
    assert a == b and a != c
    assert a.name == "Franz Huber"
    assert error_code(services.find_or_register_player, " ") == "name"


def test_sell_numbers_limits_and_field():
    t = make_tournament(16, entries=[], max_entries_per_player=3)
    p = services.find_or_register_player("Maria")
    q = services.find_or_register_player("Josef")
    first = services.sell_entries(t, p, 2, paid=True)
    assert [e.number for e in first] == [1, 2] and all(e.paid for e in first)
    assert error_code(services.sell_entries, t, p, 2) == "limit"
    assert error_code(services.sell_entries, t, p, 0) == "count"
    services.sell_entries(t, p, 1)
    services.cancel_entry(first[0])
    # a cancelled entry frees the player's limit; numbers are never reused
    assert [e.number for e in services.sell_entries(t, p, 1)] == [4]
    for i in range(12):
        services.sell_entries(t, services.find_or_register_player(f"P{i}"), 1)
    assert services.active_entries(t).count() == 15
    assert error_code(services.sell_entries, t, q, 2) == "full"
    assert services.active_entries(t).count() == 15


def test_paid_and_cancel_only_before_draw(staff):
    t = make_tournament(16, entries=[1] * 9)
    e = Entry.objects.filter(tournament=t).first()
    services.set_paid(e, True, actor=staff[0])
    assert Entry.objects.get(pk=e.pk).paid
    services.cancel_entry(e)
    assert error_code(services.cancel_entry, e) == "cancelled"
    services.draw_next_round(t, seed=3)
    other = Entry.objects.filter(tournament=t, cancelled_at__isnull=True).first()
    assert error_code(services.cancel_entry, other) == "drawn"
    assert error_code(services.sell_entries, t, other.player, 1) == "drawn"
    # the cancelled entry is not in the draw
    assert (
        not Pairing.objects.filter(left=e).exists() and not Pairing.objects.filter(right=e).exists()
    )
    actions = list(AuditLog.objects.filter(tournament=t).values_list("action", flat=True))
    assert {"set_paid", "cancel_entry", "draw_round"} <= set(actions)


def test_smaller_field_offer_and_shrink():
    t = make_tournament(64, entries=[1] * 20)
    assert services.smaller_field_offer(t) == 32
    assert error_code(services.draw_next_round, t) == "too_few"
    assert not Round.objects.filter(tournament=t).exists()
    assert services.next_step(t).code == "shrink"
    assert error_code(services.shrink_field, t, 16) == "field_size"  # 20 sold > 16
    assert error_code(services.shrink_field, t, 128) == "field_size"
    services.shrink_field(t, 32)
    assert services.smaller_field_offer(t) is None
    assert services.next_step(t).code == "draw"


def test_too_few_for_any_field():
    t = make_tournament(16, entries=[1] * 7)
    assert services.smaller_field_offer(t) is None
    assert services.next_step(t).code == "sell"
    assert error_code(services.draw_next_round, t) == "too_few"


# --------------------------------------------------------------------------- draw and rounds


def test_first_round_has_byes_for_unsold_entries():
    t = make_tournament(32, entries=[3, 2, 1, 1, 2, 1, 3, 1, 1, 2, 1, 1, 2])  # 21 sold
    rnd = services.draw_next_round(t, seed=77)
    pairings = list(rnd.pairings.all())
    assert len(pairings) == 16
    assert sum(p.outcome == Outcome.BYE for p in pairings) == 32 - 21
    assert all(p.winner == "left" for p in pairings if p.outcome == Outcome.BYE)
    assert rnd.seed == 77 and rnd.status == Round.Status.DRAFT and rnd.stage == Stage.MAIN
    drawn = replay(rnd.protocol["main"])  # the stored protocol replays to the same draw
    assert {(d.number, d.left, d.right) for d in drawn.pairings} == {
        (p.number, p.left_id, p.right_id) for p in pairings
    }
    assert services.next_step(t).code == "release"


def test_draw_order_given_by_staff():
    t = make_tournament(16, entries=[2, 1, 1, 2, 1, 1, 1, 1])
    players = list(
        services.active_entries(t).order_by("-number").values_list("player_id", flat=True)
    )
    order = list(dict.fromkeys(players))
    rnd = services.draw_next_round(t, seed=5, order=order)
    assert rnd.protocol["main"]["order"] == order
    services.withdraw_round(rnd)
    assert error_code(services.draw_next_round, t, seed=5, order=order[:-1]) == "draw"


def test_same_seed_same_round():
    t = make_tournament(32, entries=[1, 2, 3, 1, 1, 2, 1, 1, 3, 2])
    first = services.draw_next_round(t, seed=99)
    before = [(p.number, p.left_id, p.right_id) for p in first.pairings.all()]
    services.withdraw_round(first)
    again = services.draw_next_round(t, seed=99)
    assert [(p.number, p.left_id, p.right_id) for p in again.pairings.all()] == before


def test_results_require_release_and_complete_round():
    t = make_tournament(16, entries=[1] * 16)
    rnd = services.draw_next_round(t, seed=1)
    p = rnd.pairings.first()
    assert error_code(services.record_result, p, winner="left", score=(2, 0)) == "not_released"
    assert error_code(services.draw_next_round, t) == "not_released"
    services.release_round(rnd)
    assert error_code(services.release_round, rnd) == "released"
    assert error_code(services.draw_next_round, t) == "round_open"
    assert services.next_step(t).code == "results"
    assert services.next_step(t).open_pairings == 8


@pytest.mark.parametrize(
    "bummerl, good, bad",
    [
        (2, [(2, 0), (2, 1)], [(2, 2), (3, 1), (1, 0), (2, -1)]),
        (3, [(3, 0), (3, 1), (3, 2)], [(2, 1), (3, 3), (4, 0)]),
    ],
)
def test_scores_valid_for_match_length(bummerl, good, bad):
    t = make_tournament(16, entries=[1] * 16, match_bummerl=bummerl)
    rnd = services.release_round(services.draw_next_round(t, seed=2))
    pairings = list(rnd.pairings.all())
    for p, score in zip(pairings, good, strict=False):
        services.record_result(p, winner="right", score=score)
        p.refresh_from_db()
        assert (p.outcome, p.winner, p.winner_bummerl, p.loser_bummerl) == (
            Outcome.PLAYED,
            "right",
            score[0],
            score[1],
        )
    open_p = pairings[-1]
    for score in bad:
        assert error_code(services.record_result, open_p, winner="left", score=score) == "score"
    assert error_code(services.record_result, open_p, winner="left") == "score"
    assert error_code(services.record_result, open_p, winner="middle", score=good[0]) == "winner"
    assert (
        error_code(services.record_result, open_p, winner="left", score=good[0], walkover=True)
        == "score"
    )
    open_p.refresh_from_db()
    assert open_p.outcome == Outcome.OPEN and open_p.version == 0


def test_walkover_correction_and_versions(staff):
    t = make_tournament(16, entries=[1] * 16)
    rnd = services.release_round(services.draw_next_round(t, seed=4))
    p = rnd.pairings.first()
    p = services.record_result(p, winner="left", walkover=True, actor=staff[0])
    assert (p.outcome, p.version, p.decided_by) == (Outcome.WALKOVER, 1, staff[0])
    assert error_code(services.record_result, p, winner="right", score=(2, 1)) == "decided"
    # a stale correction is refused: someone changed it since version 0 was read
    assert (
        error_code(services.correct_result, p, winner="right", score=(2, 1), expected_version=0)
        == "changed"
    )
    p = services.correct_result(p, winner="right", score=(2, 1), expected_version=1)
    assert (p.outcome, p.winner, p.version) == (Outcome.PLAYED, "right", 2)
    log = AuditLog.objects.filter(action="correct_result").get()
    assert log.before["outcome"] == "walkover" and log.after["score"] == [2, 1]
    other = rnd.pairings.exclude(pk=p.pk).first()
    assert error_code(services.correct_result, other, winner="left", score=(2, 0)) == "open"


def test_correction_until_next_round_and_withdraw():
    t = make_tournament(16, entries=[1] * 16)
    rng = random.Random(1)
    r1 = play_open(services.draw_next_round(t, seed=1), rng)
    r2 = services.draw_next_round(t, seed=2)
    p1 = r1.pairings.first()
    assert error_code(services.correct_result, p1, winner=p1.winner, score=(2, 0)) == "next_drawn"
    assert error_code(services.withdraw_round, r1) == "not_latest"
    services.release_round(r2)
    q = r2.pairings.first()
    services.record_result(q, winner="left", score=(2, 0))
    assert error_code(services.withdraw_round, r2) == "has_results"
    services.correct_result(q, winner="right", score=(2, 1))
    assert Round.objects.filter(pk=r2.pk).exists()


def test_withdraw_round_then_redraw():
    t = make_tournament(16, entries=[1] * 12)
    rnd = services.release_round(services.draw_next_round(t, seed=8))
    services.withdraw_round(rnd)
    assert not Round.objects.filter(tournament=t).exists()
    assert not Pairing.objects.filter(round__tournament=t).exists()
    assert AuditLog.objects.filter(action="withdraw_round").get().before["seed"] == 8
    assert services.draw_next_round(t, seed=8).number == 1


def test_byes_and_self_meetings_cannot_take_results():
    t = make_tournament(16, entries=[1] * 10)
    rnd = services.release_round(services.draw_next_round(t, seed=8))
    bye = rnd.pairings.filter(outcome=Outcome.BYE).first()
    assert error_code(services.record_result, bye, winner="left", score=(2, 0)) == "no_match"
    assert error_code(services.correct_result, bye, winner="left", score=(2, 0)) == "no_match"


def test_confirmation_by_a_second_person(staff):
    anna, bert = staff
    t = make_tournament(16, entries=[1] * 16, confirm_results=True)
    rnd = services.release_round(services.draw_next_round(t, seed=6))
    for p in rnd.pairings.all():
        services.record_result(p, winner="left", score=(2, 1), actor=anna)
    step = services.next_step(t)
    assert (step.code, step.unconfirmed) == ("confirm", 8)
    assert error_code(services.draw_next_round, t) == "round_open"
    p = rnd.pairings.first()
    assert error_code(services.confirm_result, p, actor=anna) == "same_person"
    assert error_code(services.confirm_result, p, actor=None) == "actor"
    services.confirm_result(p, actor=bert)
    assert error_code(services.confirm_result, p, actor=bert) == "confirmed"
    # a correction needs a new confirmation
    services.correct_result(p, winner="right", score=(2, 0), actor=anna)
    assert Pairing.objects.get(pk=p.pk).confirmed_at is None
    for q in rnd.pairings.all():
        services.confirm_result(q, actor=bert)
    assert services.draw_next_round(t, seed=7).number == 2


def test_availability_and_start():
    # one player with three entries: he can play only one of his pairings at a time
    t = make_tournament(16, entries=[3] + [1] * 13)
    rnd = services.release_round(services.draw_next_round(t, seed=11))
    busy_player = services.active_entries(t).get(number=1).player_id
    his = [
        p
        for p in rnd.pairings.select_related("left", "right").filter(outcome=Outcome.OPEN)
        if busy_player in (p.left.player_id, p.right.player_id)
    ]
    assert len(his) >= 2
    assert all(services.pairing_availability(rnd).values())
    services.start_pairing(his[0])
    free = services.pairing_availability(rnd)
    assert free[his[0].pk] is True
    assert all(free[p.pk] is False for p in his[1:])
    assert error_code(services.start_pairing, his[1]) == "busy"
    assert error_code(services.start_pairing, his[0]) == "started"
    services.record_result(his[0], winner="left", score=(2, 0))
    assert services.pairing_availability(rnd)[his[1].pk] is True
    assert his[0].pk not in services.pairing_availability(rnd)
    services.start_pairing(his[1])


def test_next_step_counters():
    t = make_tournament(16, entries=[2, 1, 1, 3, 1, 1], entry_fee=Decimal("10"))
    step = services.next_step(t)
    assert (step.players, step.entries_sold, step.byes) == (6, 9, 7)
    paid = services.active_entries(t).filter(paid=True).count()
    assert step.entries_paid == paid and step.fees_taken == Decimal("10") * paid
    assert step.message == "Runde 1 auslosen" or step.message == "Draw round 1"
    assert services.tournament_phase(t) == "registration"
    services.draw_next_round(t, seed=1)
    assert services.tournament_phase(t) == "running"


def test_prize_stage_rounds_and_placement_pairings():
    t = make_tournament(16, entries=[1] * 16)
    rng = random.Random(3)
    stages = []
    while services.tournament_phase(t) != "finished":
        rnd = services.draw_next_round(t, seed=rng.randrange(1000))
        stages.append(rnd.stage)
        brackets = sorted(rnd.pairings.values_list("bracket", flat=True))
        if rnd.stage == Stage.SEMIFINAL:
            assert brackets == ["main", "main", "place5_8", "place5_8"]
            assert set(rnd.protocol) == {"main", "place5_8"}
        if rnd.stage == Stage.FINAL:
            assert brackets == ["main", "place3", "place5", "place7"]
        # every pairing of a round has its own number, and the prize stage names its matches
        # (in the default language, German)
        rows = list(rnd.pairings.order_by("number"))
        assert [p.number for p in rows] == list(range(1, len(rows) + 1))
        names = [p.match_name for p in rows]
        if rnd.stage == Stage.QUARTERFINAL:
            assert names == [f"Viertelfinale {n}" for n in (1, 2, 3, 4)]
        if rnd.stage == Stage.SEMIFINAL:
            assert names == [
                "Semifinale 1",
                "Semifinale 2",
                "Platzierungsspiel 5–8 (1)",
                "Platzierungsspiel 5–8 (2)",
            ]
        if rnd.stage == Stage.FINAL:
            assert names == [
                "Finale",
                "Spiel um Platz 3",
                "Spiel um Platz 5",
                "Spiel um Platz 7",
            ]
            assert rows[1].title == "Paarung 2 · Spiel um Platz 3"
        if rnd.stage == Stage.MAIN:
            assert set(names) == {""}
        play_open(rnd, rng)
    assert stages == ["main", "quarterfinal", "semifinal", "final"]
    assert services.next_step(t).code == "finished"
    assert error_code(services.draw_next_round, t) == "finished"
    final = t.rounds.get(stage=Stage.FINAL)
    sf = t.rounds.get(stage=Stage.SEMIFINAL)
    sf_losers = {services.loser_entry_id(p) for p in sf.pairings.filter(bracket=Bracket.MAIN)}
    p3 = final.pairings.get(bracket=Bracket.PLACE_3)
    assert {p3.left_id, p3.right_id} == sf_losers


def test_self_meeting_in_the_final_is_surrendered():
    # two players: one holds three entries of the eight in play, the prize stage is his
    t = make_tournament(16, entries=[3, 3, 3, 3, 3, 1], max_entries_per_player=3)
    run_to_end(t, random.Random(5))
    surrendered = Pairing.objects.filter(round__tournament=t, outcome=Outcome.SURRENDER)
    for p in surrendered.select_related("left", "right"):
        assert p.left.player_id == p.right.player_id and p.winner == "left"


# --------------------------------------------------------------------------- transcribed draws


def draws_of(protocol, *, with_redraws=True):
    return [
        (s["player"], s["pot"], s["number"]) for s in protocol["steps"] if with_redraws or s["kept"]
    ]


@pytest.mark.parametrize("with_redraws", [True, False])
def test_transcribed_draw_gives_the_computed_pairings(with_redraws):
    t = make_tournament(16, entries=[3, 3, 2, 1, 1, 1, 2, 1])
    computed = services.draw_next_round(t, seed=21)
    expected = sorted(computed.pairings.values_list("number", "left_id", "right_id", "outcome"))
    draws = draws_of(computed.protocol["main"], with_redraws=with_redraws)
    services.withdraw_round(computed)
    rnd = services.transcribe_next_round(t, draws)
    assert rnd.method == Round.Method.TRANSCRIBED and rnd.seed is None
    got = sorted(rnd.pairings.values_list("number", "left_id", "right_id", "outcome"))
    assert got == expected
    assert AuditLog.objects.filter(action="transcribe_round").count() == 1


def test_bad_transcript_is_refused_with_a_line_and_a_name():
    t = make_tournament(16, entries=[2, 1, 1, 1, 1, 1, 1, 1])
    computed = services.draw_next_round(t, seed=4)
    draws = draws_of(computed.protocol["main"])
    services.withdraw_round(computed)
    broken = [draws[0], draws[0]] + draws[2:]
    with pytest.raises(TournamentError) as info:
        services.transcribe_next_round(t, broken)
    assert info.value.code == "draw" and "2" in info.value.message
    with pytest.raises(TournamentError) as info:
        services.transcribe_next_round(t, draws[:-1])
    assert info.value.code == "draw"
    with pytest.raises(TournamentError) as info:
        services.transcribe_next_round(t, [("x", "left")])
    assert info.value.code == "draw"
    assert not Round.objects.filter(tournament=t).exists()
    # an unknown player is named in the message
    unknown = [(999999, "left", 1)] + draws[1:]
    with pytest.raises(TournamentError, match="999999"):
        services.transcribe_next_round(t, unknown)


def test_transcribed_semifinal_with_placement_draw():
    t = make_tournament(16, entries=[1] * 16)
    rng = random.Random(2)
    for _ in range(2):
        play_open(services.draw_next_round(t, seed=rng.randrange(99)), rng)
    computed = services.draw_next_round(t, seed=5)
    assert computed.stage == Stage.SEMIFINAL
    expected = sorted(computed.pairings.values_list("bracket", "number", "left_id", "right_id"))
    main = draws_of(computed.protocol["main"])
    place = draws_of(computed.protocol["place5_8"])
    services.withdraw_round(computed)
    rnd = services.transcribe_next_round(t, main, placement_draws=place)
    got = sorted(rnd.pairings.values_list("bracket", "number", "left_id", "right_id"))
    assert got == expected
    services.withdraw_round(rnd)
    rnd = services.transcribe_next_round(t, main)  # the placement draw is computed then
    assert rnd.pairings.filter(bracket=Bracket.PLACE_5_8).count() == 2


# --------------------------------------------------------------------------- more services


def test_playoff_orders_a_tie():
    from tournaments.standings import compute_standings

    t = make_tournament(32, entries=[1] * 32)
    rnd = services.release_round(services.draw_next_round(t, seed=3))
    for p in rnd.pairings.all():
        services.record_result(p, winner="left", score=(2, 0))  # all 16 losers tie
    losers = [services.loser_entry_id(p) for p in rnd.pairings.all()]
    ranked = [e.entry.pk for e in compute_standings(t).entries if e.place and e.place > 16]
    assert sorted(ranked) == sorted(losers)
    last = Entry.objects.get(pk=ranked[-1])
    services.record_playoff(t, [last, Entry.objects.get(pk=ranked[0])])
    after = [e.entry.pk for e in compute_standings(t).entries if e.place and e.place > 16]
    assert after[0] == last.pk
    with pytest.raises(TournamentError):
        services.record_playoff(t, [last])


def test_set_prizes_and_delete_tournament():
    t = make_tournament(16, entries=[1] * 16)
    services.set_prizes(t, [("Gans", 100), ("", None), ("Wein", None)])
    assert list(t.prizes.values_list("place", "description")) == [(1, "Gans"), (3, "Wein")]
    play_open(services.draw_next_round(t, seed=1), random.Random(1))
    services.delete_tournament(t)
    assert not Tournament.objects.filter(pk=t.pk).exists()
    assert Player.objects.count() == 16  # the register stays
    assert AuditLog.objects.filter(action="delete_tournament").exists()


def test_stop_pairing_and_tables():
    t = make_tournament(16, entries=[1] * 16)
    rnd = services.release_round(services.draw_next_round(t, seed=1))
    p = rnd.pairings.first()
    assert error_code(services.stop_pairing, p) == "not_started"
    services.start_pairing(p)
    services.stop_pairing(p)
    assert Pairing.objects.get(pk=p.pk).started_at is None
    services.assign_table(p, 7)
    assert Pairing.objects.get(pk=p.pk).table == 7
    assert error_code(services.assign_table, p, 0) == "table"
    services.assign_table(p, None)
    assert Pairing.objects.get(pk=p.pk).table is None
