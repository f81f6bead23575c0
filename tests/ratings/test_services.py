"""Ratings from the stored results: incremental updates equal a recomputation."""

import pytest
from django.core.management import call_command

from ratings import services
from ratings.glicko2 import Rating, rate
from ratings.models import Snapshot, Stale
from tournaments.choices import Outcome
from tournaments.models import Pairing, Round

from .conftest import played_tournament

pytestmark = pytest.mark.django_db


def numbers():
    return list(
        Snapshot.objects.order_by("date", "tournament_id", "player_id").values_list(
            "player_id",
            "tournament_id",
            "date",
            "rating",
            "deviation",
            "volatility",
            "won",
            "lost",
            "total_won",
            "total_lost",
        )
    )


def from_scratch():
    kept = numbers()
    services.recompute()
    fresh = numbers()
    return kept, fresh


def season(people):
    return [
        played_tournament(people[:8], day=0, seed=1),
        played_tournament(people[2:10], day=40, seed=2),
        played_tournament(people[4:12], day=45, seed=3),
    ]


def test_results_mark_stale_and_the_pages_update(people):
    season(people)
    assert Stale.objects.count() == 3
    assert services.ensure_current()
    assert not Stale.objects.exists()
    assert not services.ensure_current()
    # 8 players per tournament, each rated once per tournament played
    assert Snapshot.objects.count() == 24
    first = Snapshot.objects.filter(player=people[0]).get()
    assert first.won + first.lost == 3 and first.total_won == first.won
    kept, fresh = from_scratch()
    assert kept == fresh


def test_one_match_is_glicko2_of_new_players(people):
    t = played_tournament(people[:2], day=0, seed=5, rounds=1)
    services.ensure_current()
    pairing = Pairing.objects.get(round__tournament=t)
    winner = pairing.left.player if pairing.winner == "left" else pairing.right.player
    expected = rate(Rating(), [_result(1)])
    got = Snapshot.objects.get(player=winner)
    assert (got.rating, got.deviation, got.volatility) == (
        expected.rating,
        expected.deviation,
        expected.volatility,
    )
    assert got.rating > 1500 and got.won == 1


def _result(score):
    from ratings.glicko2 import Result

    return Result(1500, 350, score)


def test_a_changed_result_updates_every_later_rating(people):
    tournaments = season(people)
    services.ensure_current()
    before = numbers()
    later = Snapshot.objects.get(player=people[5], tournament=tournaments[2]).rating
    pairing = Pairing.objects.filter(round__tournament=tournaments[0]).first()
    pairing.winner = "right" if pairing.winner == "left" else "left"
    pairing.save()
    assert Stale.objects.filter(tournament_id=tournaments[0].pk).exists()
    services.ensure_current()
    after = numbers()
    assert after != before
    assert Snapshot.objects.get(player=people[5], tournament=tournaments[2]).rating != later
    kept, fresh = from_scratch()
    assert kept == fresh == after


def test_a_revoked_result_and_a_deleted_tournament(people):
    tournaments = season(people)
    services.ensure_current()
    pairing = Pairing.objects.filter(round__tournament=tournaments[1]).first()
    pairing.outcome = Outcome.OPEN
    pairing.winner = ""
    pairing.save()
    services.ensure_current()
    kept, fresh = from_scratch()
    assert kept == fresh
    from tournaments import services as tournament_services

    tournament_services.delete_tournament(tournaments[0])
    services.ensure_current()
    assert not Snapshot.objects.filter(tournament_id=tournaments[0].pk).exists()
    kept, fresh = from_scratch()
    assert kept == fresh


def test_a_tournament_moved_later(people):
    tournaments = season(people)
    services.ensure_current()
    first = tournaments[0]
    first.date = tournaments[2].date.replace(day=tournaments[2].date.day + 1)
    first.save()
    services.ensure_current()
    kept, fresh = from_scratch()
    assert kept == fresh
    order = list(
        Snapshot.objects.order_by("date", "tournament_id")
        .values_list("tournament_id", flat=True)
        .distinct()
    )
    assert order[-1] == first.pk


def test_walkovers_and_byes_count_nothing(people):
    t = played_tournament(people[:4], day=0, seed=7, rounds=1)
    Pairing.objects.filter(round__tournament=t).update(outcome=Outcome.WALKOVER)
    rnd = Round.objects.get(tournament=t)
    entry = t.entries.first()
    Pairing.objects.create(round=rnd, number=9, left=entry, outcome=Outcome.BYE, winner="left")
    services.ensure_current()
    assert not Snapshot.objects.exists()


def test_team_matches_rate_both_partners(people):
    played_tournament(people[:8], day=0, seed=9, rounds=2, teams=True)
    services.ensure_current()
    rows = {s.player_id: s for s in Snapshot.objects.all()}
    assert set(rows) == {p.pk for p in people[:8]}
    for i in range(0, 8, 2):
        a, b = rows[people[i].pk], rows[people[i + 1].pk]
        # partners won and lost the same matches; new players end equal
        assert (a.won, a.lost, a.rating) == (b.won, b.lost, b.rating)
    kept, fresh = from_scratch()
    assert kept == fresh


def test_command_recompute_gives_identical_numbers(people, capsys):
    season(people)
    services.ensure_current()
    before = numbers()
    call_command("ratings", "recompute")
    assert "3 tournaments rated, 24 ratings stored." in capsys.readouterr().out
    assert numbers() == before
    call_command("ratings", "update")
    assert numbers() == before


def test_a_players_copy_of_his_data_has_his_ratings(people):
    from tournaments.privacy import export_player

    tournaments = season(people)
    document = export_player(people[4])
    rows = document["ratings"]
    assert [r["tournament"] for r in rows] == [t.pk for t in tournaments]
    last = Snapshot.objects.get(player=people[4], tournament=tournaments[2])
    assert rows[-1]["rating"] == round(last.rating, 2)
    assert rows[-1]["won"] + rows[-1]["lost"] == 3
