"""What the standings say of a finished and of a running Preisschnapsen (issue 30): the
winner is not "in play", players still in the tournament have no place yet, the places
of the out are as decided, and the numbers missing between the rows are explained."""

import pytest
from django.utils import translation

from tournaments.standings import compute_standings
from tournaments.views.presenters import standings_context, standings_groups, standings_notes

from .standings_helpers import finished_tournament, running_tournament

pytestmark = pytest.mark.django_db


def test_a_finished_tournament_has_nobody_in_play():
    t = finished_tournament()
    s = compute_standings(t)
    assert not any(e.alive for e in s.entries)
    winner = s.entries[0]
    assert (winner.place, winner.how, winner.won) == (1, "won", True)
    assert all(ps.entries_alive == 0 and not ps.in_play for ps in s.players)
    assert [ps.best_place for ps in s.players] == list(range(1, 17))
    (group,) = standings_groups(s)
    assert group.heading == "" and not group.in_play
    assert [r.state for r in group.rows] == ["won"] + ["placed"] * 15
    assert [r.place for r in group.rows] == [f"{n}." for n in range(1, 17)]


def test_a_running_tournament_shows_who_is_in_play_and_the_places_decided():
    t = running_tournament()
    s = compute_standings(t)
    with translation.override("de-at"):
        groups = standings_context(t)["standing_groups"]
        notes = standings_notes(groups)
    playing, out = groups
    assert playing.in_play and playing.heading == "Im Spiel – Runde 2"
    assert out.heading == "Ausgeschieden"
    # everybody with an entry in play is in the first group, without a place
    in_play = {ps.player.pk for ps in s.players if ps.entries_alive}
    assert {r.standing.player.pk for r in playing.rows} == in_play
    assert all(r.state == "in_play" and r.place == "" for r in playing.rows)
    assert all(r.standing.best_place is None for r in playing.rows)
    assert not any(r.standing.entries_alive for r in out.rows)
    # the losers of round 2 so far share 17-32; then the places of round 1 as decided
    pending = [r for r in out.rows if r.state == "pending"]
    assert pending and all(r.place == "17.–32." for r in pending)
    placed = [r.standing.best_place for r in out.rows if r.state == "placed"]
    assert placed == sorted(placed) and placed[0] >= 33
    # every place decided (33-58) is shown once: in the place column or under a name
    shown = placed + [p for g in groups for r in g.rows for p in r.standing.other_places]
    assert sorted(shown) == list(range(33, 59))
    also = [r for g in groups for r in g.rows if r.also]
    assert also and all(r.also.startswith(("auch Platz ", "auch Plätze ")) for r in also)
    assert len(notes) == 3
    assert notes[0].startswith("Ein Platz wie 17.–32. ist geteilt")
    assert "darum fehlen diese Nummern" in notes[1]
    assert notes[2].startswith("Plätze ab 9:")


def test_a_draft_round_is_not_named():
    from tournaments import services

    t = running_tournament()
    for p in t.rounds.get(number=2).pairings.filter(outcome=""):
        services.record_result(p, winner="left", score=(2, 0))
    services.draw_next_round(t, seed=3)  # round 3, a draft
    s = compute_standings(t)
    assert {ps.round for ps in s.players if ps.in_play} == {3}
    with translation.override("en"):
        groups = standings_context(t)["standing_groups"]
    assert groups[0].heading == "In play – round 2"


def test_every_prize_passed_down_says_why():
    """One player holds four entries and wins every match he can, with the one-prize
    rule: each prize below its own place has its reason, not only those that skipped a
    place themselves."""
    from tournaments import services

    from .helpers import make_tournament

    t = make_tournament(16, entries=[4] + [1] * 12, one_prize_per_player=True)
    star = t.entries.get(number=1).player
    while services.tournament_phase(t) != "finished":
        rnd = services.release_round(services.draw_next_round(t, seed=5))
        for p in rnd.pairings.filter(outcome="").select_related("right"):
            winner = "right" if p.right.player_id == star.pk else "left"
            services.record_result(p, winner=winner, score=(2, 1))
    with translation.override("de-at"):
        prizes = compute_standings(t).prizes
        reasons = {p.place: p.reason for p in prizes}
    passed = [p for p in prizes if p.passed_down]
    assert len(passed) >= 3
    assert any(p.passed_over for p in passed)
    for p in passed:
        assert reasons[p.place].startswith(f"Preis {p.place} ging an {p.player.name}"), p.place
        assert f"weil {star.name} schon den 1. Preis hat" in reasons[p.place]
    assert all(not reasons[p.place] for p in prizes if not p.passed_down)
