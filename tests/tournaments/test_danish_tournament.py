"""Danish tournaments through the services to the end, with the invariants checked after
every step: several field sizes (odd ones too), absences, both rematch terms, score sheets
(game points), corrections, withdrawals, export/import and the command line."""

from __future__ import annotations

import datetime
import io
import json
import random

import pytest
from django.core.management import call_command

from games import services as games
from tournaments import danish, exchange, services
from tournaments.models import Entry, Outcome, Pairing, Round, Tournament
from tournaments.services import TournamentError
from tournaments.services.pairing import round_protocol
from tournaments.standings import compute_standings

pytestmark = pytest.mark.django_db


def make_danish(players: int, *, rounds=4, seed=11, **terms) -> Tournament:
    t = services.create_tournament(
        name=terms.pop("name", "Dänisches Turnier"),
        date=datetime.date(2026, 11, 28),
        field_size=terms.pop("field_size", 64),
        format="danish",
        danish_rounds=rounds,
        seed=seed,
        prizes=[(f"Preis {k}", None) for k in range(1, 9)],
        **terms,
    )
    for i in range(players):
        player = services.find_or_register_player(f"Spieler {i + 1:03d}", town="Wien")
        services.sell_entries(t, player, 1, paid=True)
    return t


def check_round(t: Tournament, rnd: Round) -> None:
    """Every present player exactly once, at most one bye (exactly one for an odd field),
    tables by the pairing's number, the protocol replays to the same pairings."""
    pairings = list(rnd.pairings.select_related("left", "right").order_by("number"))
    protocol = round_protocol(rnd)
    present = sorted(protocol.order)
    absent = set(rnd.protocol.get("absent", []))
    seen = []
    for p in pairings:
        seen.append(p.left.number)
        if p.right_id:
            seen.append(p.right.number)
    assert sorted(seen) == present, "every present player exactly once"
    assert not absent & set(seen), "absent players are not paired"
    byes = [p for p in pairings if p.right_id is None]
    assert len(byes) == len(present) % 2
    assert all(p.outcome == Outcome.BYE for p in byes)
    assert [p.number for p in pairings] == list(range(1, len(pairings) + 1))
    assert all(p.table == p.number for p in pairings if p.right_id)
    assert all(p.table is None for p in byes)
    # the same seed and the same earlier results give the same pairing
    earlier = [r for r in services.danish_results(t) if r.round < rnd.number]
    danish.replay(rnd.protocol["danish"], earlier, services.danish_terms(t), tournament_seed=t.seed)
    if t.danish_rematches == "avoided":
        met = {frozenset((r.left, r.right)) for r in earlier if r.right is not None}
        repeats = [(a, b) for a, b in protocol.pairings if frozenset((a, b)) in met]
        assert repeats == list(protocol.rematches)


def check_standings(t: Tournament) -> None:
    s = compute_standings(t)
    assert s.is_danish
    lines = [row.danish for row in s.entries]
    assert [row.place for row in s.entries] == list(range(1, len(lines) + 1))
    keys = [(-d.match_points, -d.bummerl_difference, -d.game_points) for d in lines]
    assert keys == sorted(keys), "ordered by match points, Bummerl difference, game points"
    decided = Pairing.objects.filter(
        round__tournament=t, round__status=Round.Status.RELEASED
    ).exclude(outcome=Outcome.OPEN)
    assert sum(d.match_points for d in lines) == decided.count(), "one point per match or bye"
    assert sum(d.bummerl_won for d in lines) == sum(d.bummerl_lost for d in lines) + sum(
        t.match_bummerl for p in decided if p.outcome == Outcome.BYE
    ) * (t.danish_bye_score == "match_won")
    final = services.tournament_phase(t) == "finished"
    awarded = [p for p in s.prizes if p.entry is not None]
    if final:
        assert [p.entry.number for p in awarded] == [row.number for row in s.entries[:8]]
        assert all(p.entry is None for p in s.prizes[len(awarded) :])
    else:
        assert awarded == []


def play_round(t, rnd, rng, *, sheets=0) -> None:
    rnd = services.release_round(rnd)
    check_standings(t)
    for i, p in enumerate(rnd.pairings.filter(outcome=Outcome.OPEN).order_by("number")):
        if i < sheets:  # a score sheet: the games (and their game points) are known
            # no Schneider (7:0 counts double under "weich")
            bummerl = "4:7 4:6 1:6 0:6" if rng.randrange(2) == 0 else "7:4 6:4 6:1 6:0"
            games.record_score_sheet(p, "\n".join([bummerl] * t.match_bummerl))
        elif rng.random() < 0.1:
            services.record_result(p, winner=rng.choice(["left", "right"]), walkover=True)
        else:
            services.record_result(
                p,
                winner=rng.choice(["left", "right"]),
                score=(t.match_bummerl, rng.randrange(t.match_bummerl)),
            )
        check_standings(t)


@pytest.mark.parametrize(
    "players, rounds, rematches",
    [(2, 3, "allowed"), (5, 4, "avoided"), (8, 3, "allowed"), (13, 5, "avoided"), (24, 5, "avoided")],
)
def test_to_the_end_with_invariants(players, rounds, rematches):
    t = make_danish(players, rounds=rounds, danish_rematches=rematches)
    rng = random.Random(players * 31 + rounds)
    assert services.next_step(t).message == "Pair round 1" or services.next_step(t).code == "draw"
    for number in range(1, rounds + 1):
        step = services.next_step(t)
        assert step.code == "draw" and step.round == number
        rnd = services.draw_next_round(t, seed=rng.randrange(2**40))
        check_round(t, rnd)
        assert services.next_step(t).code == "release"
        play_round(t, rnd, rng, sheets=1)
    assert services.tournament_phase(t) == "finished"
    assert services.next_step(t).code == "finished"
    with pytest.raises(TournamentError) as refused:
        services.draw_next_round(t)
    assert refused.value.code == "finished"
    s = compute_standings(t)
    assert all(row.danish.played + row.danish.byes == rounds for row in s.entries)
    if rematches == "avoided" and players >= 2 * rounds:
        met = [frozenset((r.left, r.right)) for r in services.danish_results(t) if r.right]
        assert len(met) == len(set(met)), "nobody meets twice where a pairing without exists"


def test_absences_leave_a_player_out_and_he_comes_back():
    t = make_danish(7, rounds=4)
    rng = random.Random(3)
    rnd = services.draw_next_round(t, seed=1)
    check_round(t, rnd)
    play_round(t, rnd, rng)
    away = Entry.objects.get(tournament=t, number=3)
    services.set_absent(away, True)
    rnd = services.draw_next_round(t, seed=2)
    check_round(t, rnd)
    assert 3 in rnd.protocol["absent"]
    assert not rnd.pairings.filter(left=away).exists() and not rnd.pairings.filter(right=away).exists()
    assert rnd.pairings.filter(right__isnull=True).count() == 0  # six present: no bye
    play_round(t, rnd, rng)
    line = compute_standings(t).entry(3).danish
    assert line.played + line.byes == 1, "the round he missed counts nothing for him"
    services.set_absent(away, False)
    rnd = services.draw_next_round(t, seed=3)
    check_round(t, rnd)
    assert 3 in round_protocol(rnd).order
    play_round(t, rnd, rng)
    services.set_absent(Entry.objects.get(tournament=t, number=5), True)
    services.set_absent(Entry.objects.get(tournament=t, number=6), True)
    rnd = services.draw_next_round(t, seed=4)
    check_round(t, rnd)
    play_round(t, rnd, rng)
    assert services.tournament_phase(t) == "finished"
    with pytest.raises(TournamentError):
        services.set_absent(away, True)  # every round is paired


def test_one_entry_per_player_and_the_field_need_not_be_full():
    t = make_danish(3, rounds=2, field_size=16)
    assert t.max_entries_per_player == 1
    player = Entry.objects.filter(tournament=t).first().player
    with pytest.raises(TournamentError) as refused:
        services.sell_entries(t, player, 1)
    assert refused.value.code == "limit"
    assert services.smaller_field_offer(t) is None
    assert services.next_step(t).code == "draw"  # 3 of 16: a Danish field need not be filled
    with pytest.raises(TournamentError):
        services.transcribe_next_round(t, [(player.pk, "left", 1)])
    services.draw_next_round(t, seed=5)
    with pytest.raises(TournamentError):
        services.update_tournament(t, danish_rounds=3)  # fixed after the first pairing


def test_withdraw_while_no_results_and_pair_again_with_the_same_seed():
    t = make_danish(9, rounds=3)
    rng = random.Random(8)
    play_round(t, services.draw_next_round(t, seed=10), rng)
    rnd = services.draw_next_round(t, seed=77)
    first = [(p.left_id, p.right_id) for p in rnd.pairings.order_by("number")]
    services.withdraw_round(rnd)
    again = services.draw_next_round(t, seed=77)
    assert [(p.left_id, p.right_id) for p in again.pairings.order_by("number")] == first
    again = services.release_round(again)
    p = again.pairings.filter(outcome=Outcome.OPEN).first()
    services.record_result(p, winner="left", score=(2, 0))
    with pytest.raises(TournamentError) as refused:
        services.withdraw_round(again)
    assert refused.value.code == "has_results"
    # a correction of the previous round is refused once this round is paired
    earlier = t.rounds.get(number=1).pairings.filter(outcome=Outcome.PLAYED).first()
    with pytest.raises(TournamentError):
        services.correct_result(earlier, winner="right", score=(2, 1))


def test_game_points_come_from_score_sheets_and_decide_a_tie():
    t = make_danish(4, rounds=1, danish_last_tiebreak="lot")
    rnd = services.release_round(services.draw_next_round(t, seed=1))
    first, second = rnd.pairings.order_by("number")
    # both winners 2:0 with 14 game points; the losers differ by one game point
    games.record_score_sheet(first, "4:7 4:6 1:6 0:6\n7:5 4:5 1:5 0:5")
    games.record_score_sheet(second, "6:7 6:6 3:6 0:6\n4:7 4:6 1:6 0:6")
    points = services.game_points([first.pk, second.pk])
    assert points[first.pk] == (14, 3) and points[second.pk] == (14, 2)
    s = compute_standings(t)
    assert [row.danish.game_points for row in s.entries] == [14, 14, 3, 2]
    assert s.entries[2].number == first.right.number  # game points before the lot
    top = {s.entries[0].number, s.entries[1].number}
    assert top == {first.left.number, second.left.number}


def test_a_player_who_comes_with_several_entries_is_refused_the_danish_format():
    t = services.create_tournament(
        name="Vorher Preisschnapsen", date=datetime.date(2026, 5, 1), field_size=16
    )
    player = services.find_or_register_player("Doppelt")
    services.sell_entries(t, player, 2)
    with pytest.raises(TournamentError) as refused:
        services.update_tournament(t, format="danish")
    assert refused.value.code == "format"


def test_export_import_round_trips_a_danish_tournament():
    t = make_danish(7, rounds=3, danish_rematches="avoided", danish_bye_score="win_only")
    rng = random.Random(4)
    play_round(t, services.draw_next_round(t, seed=1), rng, sheets=1)
    services.set_absent(Entry.objects.get(tournament=t, number=2), True)
    services.draw_next_round(t, seed=2)
    data = exchange.export_tournament(t)
    copy = exchange.import_tournament(json.loads(json.dumps(data)))
    assert copy.is_danish and copy.danish_rematches == "avoided"
    again = exchange.export_tournament(copy)
    for doc in (data, again):
        doc["audit_log"] = [a | {"at": None} for a in doc["audit_log"]]
    assert again == data
    assert [r.danish for r in compute_standings(copy).entries] == [
        r.danish for r in compute_standings(t).entries
    ]
    bad = json.loads(json.dumps(data))
    bad["rounds"][0]["protocol"]["danish"]["pairings"] = "broken"
    with pytest.raises(TournamentError):
        exchange.import_tournament(bad)


def test_the_command_line_runs_a_danish_tournament(capsys):
    out = io.StringIO()
    call_command(
        "tournament", "create", "--name", "Dänisch CLI", "--format", "danish", "--rounds", "2",
        "--rematches", "avoided", stdout=out,
    )
    tid = out.getvalue().strip()
    t = Tournament.objects.get(pk=int(tid))
    assert t.is_danish and t.danish_rounds == 2 and t.danish_rematches == "avoided"
    for name in ("Anna", "Bert", "Cilli", "Dora", "Emil"):
        call_command("tournament", "sell", tid, name, stdout=io.StringIO())
    for number in (1, 2):
        call_command("tournament", "draw", tid, "--seed", str(number), stdout=io.StringIO())
        out = io.StringIO()
        call_command("tournament", "pairings", tid, "--json", stdout=out)
        listed = json.loads(out.getvalue())
        assert listed["round"] == number
        for p in listed["pairings"]:
            if p["right"] is not None:
                assert p["table"] == p["number"]
                call_command(
                    "tournament", "result", tid, str(number), str(p["number"]),
                    "--winner", "left", "--score", "2:1", stdout=io.StringIO(),
                )
    out = io.StringIO()
    call_command("tournament", "standings", tid, "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["format"] == "danish" and data["phase"] == "finished"
    assert [e["place"] for e in data["entries"]] == [1, 2, 3, 4, 5]
    assert all("match_points" in e and "buchholz" in e for e in data["entries"])
    assert sum(e["match_points"] for e in data["entries"]) == 6  # 2 matches + 1 bye, twice
    assert data["prizes"][0]["player"] == data["entries"][0]["player"]
