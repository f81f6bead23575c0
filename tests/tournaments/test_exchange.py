"""Export and import: a tournament comes back exactly, bad files change nothing."""

import copy
import json
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.helpers import make_tournament, play_open, run_to_end
from tournaments import services
from tournaments.draw import replay
from tournaments.exchange import export_tournament, import_tournament
from tournaments.models import Player, Tournament
from tournaments.services import TournamentError
from tournaments.standings import compute_standings

pytestmark = pytest.mark.django_db


def standings_view(t):
    s = compute_standings(t)
    return (
        [(e.number, e.player.name, e.place, e.round_reached, e.how) for e in s.entries],
        [(p.place, p.entry.number if p.entry else None) for p in s.prizes],
    )


def test_export_import_export_is_identical():
    t = make_tournament(32, entries=[3, 1, 2, 1, 1, 2, 3, 1, 1, 2, 1], prizes=[("Gans", 50)])
    rng = random.Random(4)
    services.cancel_entry(services.active_entries(t).last())
    run_to_end(t, rng)
    data = export_tournament(t)
    text = json.dumps(data)  # JSON-able
    copy_ = import_tournament(json.loads(text))
    assert copy_.pk != t.pk
    assert export_tournament(copy_) == data
    assert standings_view(copy_) == standings_view(t)
    # the copied draws replay: the protocols were renamed consistently
    for rnd in copy_.rounds.all():
        for protocol in rnd.protocol.values():
            replay(protocol)
    # players found in the register again, not duplicated
    assert Player.objects.count() == len({p["key"] for p in data["players"]})


def test_import_into_a_fresh_register_creates_players_and_replays():
    t = make_tournament(16, entries=[2, 2, 1, 1, 1, 1, 1, 1, 2])
    rng = random.Random(2)
    play_open(services.draw_next_round(t, seed=1), rng)
    services.draw_next_round(t, seed=2)
    data = export_tournament(t)
    services.delete_tournament(t)
    Player.objects.all().delete()
    # players come back in another order of ids: the protocols still replay
    Player.objects.create(name="Jemand Anderer")
    copy_ = import_tournament(data)
    assert export_tournament(copy_) == data
    for rnd in copy_.rounds.all():
        for protocol in rnd.protocol.values():
            replay(protocol)
    # and the tournament goes on
    play_open(copy_.rounds.get(number=2), rng)
    assert services.draw_next_round(copy_, seed=3).number == 3


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(format="other"),
        lambda d: d.update(version=99),
        lambda d: d["tournament"].update(field_size=48),
        lambda d: d["tournament"].pop("name"),
        lambda d: d["entries"][0].update(player=999),
        lambda d: d["entries"].append(dict(d["entries"][0])),
        lambda d: d["rounds"][0]["pairings"][0].update(left=999),
        lambda d: d["rounds"][0]["protocol"]["main"]["holders"][0].update(player=999),
        lambda d: d["rounds"][0]["pairings"][0].update(outcome="won"),
        lambda d: d["rounds"][0].update(created_at="yesterday"),
        lambda d: d["rounds"].append(copy.deepcopy(d["rounds"][0])),
    ],
)
def test_bad_files_change_nothing(damage):
    t = make_tournament(16, entries=[1] * 12)
    services.draw_next_round(t, seed=1)
    data = export_tournament(t)
    damage(data)
    counts = (Tournament.objects.count(), Player.objects.count())
    with pytest.raises(TournamentError) as info:
        import_tournament(data)
    assert info.value.code == "import" and info.value.message
    assert (Tournament.objects.count(), Player.objects.count()) == counts


def test_not_a_dict():
    with pytest.raises(TournamentError):
        import_tournament(["nope"])


def test_standings_take_a_fixed_number_of_queries():
    small = make_tournament(16, entries=[1, 2] * 5)
    big = make_tournament(64, entries=[1, 2, 3] * 9)
    rng = random.Random(1)
    run_to_end(small, rng)
    run_to_end(big, rng)
    counts = []
    for t in (small, big):
        with CaptureQueriesContext(connection) as ctx:
            compute_standings(t)
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1] <= 4
