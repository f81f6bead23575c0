"""A season series over real tournaments: standings, a corrected result, the command
line, the PDF read back, the pages."""

import io
import json
import random

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from clubs import services as clubs
from series import services
from series.models import Scheme
from tests.printing.pdftext import pages_text
from tests.tournaments.helpers import make_tournament, run_to_end
from tournaments import services as core
from tournaments.models import Bracket, Stage
from tournaments.standings import compute_standings

pytestmark = pytest.mark.django_db

POINTS = (10, 8, 6, 5, 4, 3, 2, 1)


def finished(name, club, seed, entries=None):
    t = make_tournament(16, entries=entries or [1] * 16, name=name, club=club, seed=seed)
    return run_to_end(t, random.Random(seed))


@pytest.fixture
def season():
    club_a, club_b = clubs.create_club("Verein A"), clubs.create_club("Verein B")
    t1 = finished("Erstes", club_a, 1)
    t2 = finished("Zweites", club_b, 2)
    t3 = make_tournament(16, entries=[1] * 16, name="Drittes", club=club_a)  # not played yet
    series = services.create_series(
        "Cup", season="2026", club=club_a, points=POINTS, rest_points=1, best_of=1
    )
    for t in (t1, t2, t3):
        services.add_tournament(series, t)
    return series, t1, t2, t3


def expected(tournaments, best_of=None):
    """The standings computed the long way: each player's best place per tournament."""
    per_player = {}
    for t in tournaments:
        best = {}
        for row in compute_standings(t).entries:
            if row.place is not None:
                best[row.player.pk] = min(best.get(row.player.pk, 99), row.place)
        for player, place in best.items():
            points = POINTS[place - 1] if place <= len(POINTS) else 1
            per_player.setdefault(player, []).append(points)
    totals = {
        p: sum(sorted(v, reverse=True)[: best_of or len(v)]) for p, v in per_player.items()
    }
    return totals


def test_standings_count_finished_tournaments_once_per_player(season):
    series, t1, t2, t3 = season
    standings = services.compute_series_standings(series)
    assert [c.finished for c in standings.columns] == [True, True, False]
    totals = expected([t1, t2], best_of=1)
    assert {r.player.pk: r.points for r in standings.rows} == totals
    assert [r.points for r in standings.rows] == sorted(totals.values(), reverse=True)
    # the register is shared: "Spieler 001" played both, and scores his better result
    both = [r for r in standings.rows if len(r.cells) == 2]
    assert both and all(sum(c.counted for c in r.cells) == 1 for r in both)


def test_a_corrected_final_changes_the_standings(season):
    series, t1, t2, t3 = season
    before = {r.player.name: r.points for r in services.compute_series_standings(series).rows}
    final = t2.rounds.get(stage=Stage.FINAL).pairings.get(bracket=Bracket.MAIN)
    winner = final.right if final.winner == "left" else final.left  # the loser wins now
    core.correct_result(
        final, winner="right" if final.winner == "left" else "left", score=(2, 1)
    )
    after = {r.player.name: r.points for r in services.compute_series_standings(series).rows}
    assert after != before
    totals = expected([t1, t2], best_of=1)
    names = {r.player.pk: r.player.name for r in services.compute_series_standings(series).rows}
    assert after == {names[p]: v for p, v in totals.items()}
    assert after[winner.player.name] >= POINTS[0]


def test_a_finished_third_tournament_counts_then(season):
    series, t1, t2, t3 = season
    run_to_end(t3, random.Random(3))
    standings = services.compute_series_standings(series)
    assert all(c.finished for c in standings.columns)
    assert {r.player.pk: r.points for r in standings.rows} == expected([t1, t2, t3], best_of=1)


def test_the_command_line(season):
    series, t1, t2, t3 = season
    out = io.StringIO()
    call_command(
        "series", "create", "--name", "Donau-Cup", "--points", "25,20,16", "--best", "2",
        "--club", "verein-a", stdout=out,
    )
    new = int(out.getvalue())
    call_command("series", "add", str(new), str(t1.pk), str(t2.pk), stdout=io.StringIO())
    out = io.StringIO()
    call_command("series", "standings", str(new), "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["rule"] == {
        "scheme": "places", "points": [25, 20, 16], "rest_points": 0, "best_of": 2,
        "ties": list(__import__("series.scoring", fromlist=["TIE_RULE"]).TIE_RULE),
    }
    assert [t["id"] for t in data["tournaments"]] == [t1.pk, t2.pk]
    winners = [r for r in data["standings"] if r["rank"] == 1]
    assert winners and winners[0]["points"] >= 25
    text = io.StringIO()
    call_command("series", "standings", str(new), stdout=text)
    assert "Donau-Cup" in text.getvalue() and "countback" in text.getvalue()
    for args, message in [
        (("standings", "999"), "no series"),
        (("add", str(new), str(t1.pk)), "already"),
        (("add", str(new), "abc"), "no tournament"),
        (("create", "--name", "X", "--points", "5,9"), "must not grow"),
        (("create", "--name", "X", "--club", "nirgends"), "no club"),
        (("create", "--name", "X", "--best", "0"), "1 to 100"),
    ]:
        with pytest.raises(CommandError) as info:
            call_command("series", *args)
        assert message in str(info.value) and "\n" not in str(info.value), args


def test_the_pdf_reads_back(season, tmp_path):
    series, t1, t2, t3 = season
    path = tmp_path / "cup.pdf"
    call_command("series", "print", str(series.pk), "--output", str(path), "--language", "de-at",
                 stdout=io.StringIO())
    text = "\n".join(pages_text(path.read_bytes()))
    assert "Cup 2026" in text and "Jahreswertung" in text
    standings = services.compute_series_standings(series)
    for row in standings.rows[:5]:
        assert row.player.name in text
    assert "Drittes" in text and "nicht beendet" in text
    assert "Verein A" in text  # the managing club's name heads the sheet
    # the same from the public page's link
    response = Client().get(reverse("series:pdf", args=[series.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert standings.rows[0].player.name in "\n".join(pages_text(response.content))


def test_the_public_page(season):
    series, t1, t2, t3 = season
    client = Client(headers={"accept-language": "en"})
    page = client.get(reverse("series:detail", args=[series.pk])).content.decode()
    standings = services.compute_series_standings(series)
    assert standings.rows[0].player.name in page and "countback" in page
    assert "not finished" in page
    # a private series is only for its club's staff
    series.is_public = False
    series.save()
    assert client.get(reverse("series:detail", args=[series.pk])).status_code == 404
    assert client.get(reverse("series:pdf", args=[series.pk])).status_code == 404


def test_a_renamed_player_shows_on_the_series_page_at_once(season):
    series, t1, t2, t3 = season
    client = Client(headers={"accept-language": "en"})
    url = reverse("series:detail", args=[series.pk])
    leader = services.compute_series_standings(series).rows[0].player
    assert leader.name in client.get(url).content.decode()
    leader.name = "Hannelore Umbenannt"
    leader.save()  # not through an audited service: the register's edit form
    page = client.get(url).content.decode()
    assert "Hannelore Umbenannt" in page


def test_points_per_round_reached(season):
    series, t1, t2, t3 = season
    rounds = services.create_series("Runden-Cup", scheme=Scheme.ROUNDS, points=[1, 2, 3, 4, 6])
    services.add_tournament(rounds, t1)
    standings = services.compute_series_standings(rounds)
    # 16 entries: round 1..4 (final); the winner 5 rounds -> 6 points, the finalist 4
    assert [r.points for r in standings.rows[:2]] == [6, 4]
    assert sorted(r.points for r in standings.rows).count(1) == 8  # out in round 1


def test_errors_are_one_line_and_a_non_zero_exit(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"], cwd=root, env=env,
        check=True, capture_output=True,
    )
    done = subprocess.run(
        [sys.executable, "manage.py", "series", "standings", "42"], cwd=root, env=env,
        capture_output=True, text=True,
    )
    assert done.returncode != 0
    assert len(done.stderr.strip().splitlines()) == 1 and "42" in done.stderr
    made = subprocess.run(
        [sys.executable, "manage.py", "series", "create", "--name", "Cup"], cwd=root, env=env,
        capture_output=True, text=True,
    )
    assert made.returncode == 0 and made.stdout.strip().isdigit()
