"""Whole tournaments, first draw to eighth prize, with the invariants checked after
every step (each draw and each round of results)."""

import random
from collections import Counter

import pytest

from tests.tournaments.helpers import make_tournament, play_open
from tournaments import services
from tournaments.models import Bracket, Outcome, Pairing, Stage
from tournaments.standings import compute_standings

pytestmark = pytest.mark.django_db

# (field size, entries per player at most, how full the field is, one-prize rule)
SHAPES = [
    (16, 1, 1.0, False),
    (16, 4, 0.55, True),
    (32, 2, 0.8, True),
    (32, 3, 1.0, False),
    (64, 4, 0.7, True),
    (64, 1, 0.5, False),
    (128, 3, 0.9, True),
    (256, 2, 0.6, False),
]


def sell_field(field, most, fill, rng, **terms):
    target = max(field // 2, int(field * fill))
    counts = []
    while sum(counts) < target:
        counts.append(min(rng.randint(1, most), target - sum(counts)))
    return make_tournament(field, entries=counts, max_entries_per_player=most, **terms), counts


class Invariants:
    def __init__(self, t, sold: int):
        self.t = t
        self.sold = sold
        self.bought = Counter(services.active_entries(t).values_list("player_id", flat=True))
        self.checked: set[int] = set()  # rounds whose draw was checked (it never changes)

    def check(self):
        t = self.t
        rounds = list(t.rounds.order_by("number"))
        in_play = t.field_size
        for rnd in rounds:
            if rnd.number in self.checked:
                in_play //= 2
                continue
            self.checked.add(rnd.number)
            pairings = list(rnd.pairings.select_related("left", "right"))
            main = [p for p in pairings if p.bracket == Bracket.MAIN]
            # entries in play halve each round
            assert len(main) == in_play // 2, (rnd.number, len(main), in_play)
            byes = [p for p in main if p.right_id is None]
            if rnd.number == 1:
                assert len(byes) == t.field_size - self.sold
            else:
                assert not byes
            # a player meets himself only when he holds more entries than a pot has numbers
            holding = Counter(p.left.player_id for p in main) + Counter(
                p.right.player_id for p in main if p.right_id
            )
            meetings = Counter(
                p.left.player_id
                for p in main
                if p.right_id and p.left.player_id == p.right.player_id
            )
            for player, count in meetings.items():
                assert count == holding[player] - len(main)
                assert all(
                    p.outcome == Outcome.SURRENDER
                    for p in main
                    if p.right_id and p.left.player_id == p.right.player_id == player
                )
            in_play //= 2
        # entries in play never exceed those bought, per player
        standings = compute_standings(t)
        alive = Counter(e.player.pk for e in standings.entries if e.alive)
        for player, count in alive.items():
            assert count <= self.bought[player]
        for ps in standings.players:
            assert ps.entries_bought == self.bought[ps.player.pk]
        places = [e.place for e in standings.entries if e.place is not None]
        assert len(places) == len(set(places))
        return standings


CASES = [
    (*shape, seed, "schnapsen")
    for shape in SHAPES
    for seed in ((1, 2) if shape[0] <= 64 else (1,))
]
# the same format for teams of two (Bauernschnapsen): every shape once
CASES += [(*shape, 3, "bauernschnapsen") for shape in SHAPES]


@pytest.mark.parametrize("field, most, fill, one_prize, seed, game", CASES)
def test_whole_tournament(field, most, fill, one_prize, seed, game):
    rng = random.Random(seed * 1000 + field + most)
    t, counts = sell_field(field, most, fill, rng, one_prize_per_player=one_prize, game=game)
    if game == "bauernschnapsen":  # every entry is a team's; one team per player
        assert services.active_entries(t).filter(team__isnull=True).count() == 0
        assert t.teams.count() == len(counts)
    inv = Invariants(t, sum(counts))
    stages = []
    while services.tournament_phase(t) != "finished":
        rnd = services.draw_next_round(t, seed=rng.randrange(2**40))
        stages.append(rnd.stage)
        inv.check()
        play_open(rnd, rng, bummerl=t.match_bummerl, walkover_rate=0.1)
        inv.check()
    standings = inv.check()
    if game == "bauernschnapsen":  # the standings and prizes name the teams
        assert all(" / Partner " in ps.player.name for ps in standings.players)
        assert all(" / Partner " in pr.player.name for pr in standings.prizes if pr.player)
    assert stages[-3:] == [Stage.QUARTERFINAL, Stage.SEMIFINAL, Stage.FINAL]
    # the eight places are eight distinct entries, and every entry has a place
    prize_places = [e for e in standings.entries if e.place is not None and e.place <= 8]
    assert sorted(e.place for e in prize_places) == list(range(1, 9))
    assert len({e.number for e in prize_places}) == 8
    assert sorted(e.place for e in standings.entries) == list(range(1, len(standings.entries) + 1))
    # the final's winner is first, the 3rd place match's winner third
    final = Pairing.objects.get(round__tournament=t, round__stage=Stage.FINAL, bracket="main")
    assert standings.entries[0].entry.pk == services.winner_entry_id(final)
    awarded = [pr for pr in standings.prizes if pr.entry is not None]
    players = {ps.player.pk for ps in standings.players}
    if one_prize:
        assert len({pr.player.pk for pr in awarded}) == len(awarded) == min(8, len(players))
        # a player's prize is his best: every prize winner's place is at most the
        # best place of any player without a prize
        best_without = min(
            (ps.best_place for ps in standings.players if not ps.prizes), default=10**9
        )
        for pr in awarded:
            assert standings.entry(pr.entry.number).place < best_without
    else:
        assert [pr.entry.number for pr in awarded] == [e.number for e in standings.entries[:8]]


def test_confirmations_and_corrections_along_the_way():
    from django.contrib.auth import get_user_model

    User = get_user_model()
    anna = User.objects.create_user("anna_sim", password="x")
    bert = User.objects.create_user("bert_sim", password="x")
    rng = random.Random(9)
    t, counts = sell_field(32, 3, 0.9, rng, confirm_results=True)
    inv = Invariants(t, sum(counts))
    while services.tournament_phase(t) != "finished":
        rnd = services.release_round(services.draw_next_round(t, seed=rng.randrange(999)))
        for p in rnd.pairings.filter(outcome=Outcome.OPEN):
            p = services.record_result(p, winner="left", score=(2, 1), actor=anna)
            if rng.random() < 0.3:
                p = services.correct_result(
                    p, winner="right", score=(2, 0), actor=anna, expected_version=p.version
                )
            services.confirm_result(p, actor=bert)
        inv.check()
    assert services.next_step(t).code == "finished"
