"""``manage.py tournament``: the whole format from a shell, errors as one line."""

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.utils import translation

from tournaments.models import Entry, Pairing, Player, Round, Tournament

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def run(*args) -> str:
    out = StringIO()
    with translation.override("en"):  # the messages are German by default
        call_command("tournament", *[str(a) for a in args], stdout=out)
    return out.getvalue()


def test_a_whole_tournament_from_the_shell(tmp_path):
    tid = run(
        "create",
        "--name",
        "Kirtagschnapsen",
        "--date",
        "2026-08-15",
        "--field-size",
        "16",
        "--max-entries",
        "2",
        "--fee",
        "8",
        "--prize",
        "Gans=100",
        "--prize",
        "Wein",
        "--seed",
        "7",
    ).strip()
    t = Tournament.objects.get(pk=int(tid))
    assert (t.name, t.field_size, t.max_entries_per_player) == ("Kirtagschnapsen", 16, 2)
    assert [(p.description, p.amount) for p in t.prizes.all()] == [("Gans", 100), ("Wein", None)]
    for i in range(10):
        run("sell", tid, f"Spieler {i}", "--town", "Krems", "--entries", 1 + i % 2, "--paid")
    run("sell", tid, "Spieler 0", "--town", "Krems")  # the register's player again
    assert Player.objects.filter(name="Spieler 0").count() == 1
    assert Entry.objects.filter(tournament=t).count() == 16
    while True:
        out = run("draw", tid, "--seed", "3")
        assert "drawn" in out or "ausgelost" in out
        data = json.loads(run("pairings", tid, "--json"))
        for p in data["pairings"]:
            if p["outcome"] == "":
                run(
                    "result",
                    tid,
                    data["round"],
                    p["number"],
                    "--bracket",
                    p["bracket"],
                    "--winner",
                    "left",
                    "--score",
                    "2:1",
                )
        if data["stage"] == "final":
            break
    standings = json.loads(run("standings", tid, "--json"))
    assert standings["phase"] == "finished"
    assert [p["place"] for p in standings["prizes"]] == list(range(1, 9))
    assert all(p["player"] for p in standings["prizes"])
    assert sorted(e["place"] for e in standings["entries"]) == list(range(1, 17))
    # export to a file and import it back as a new tournament
    path = tmp_path / "t.json"
    run("export", tid, "--output", path)
    new_id = run("import", path).strip()
    assert new_id != tid
    again = json.loads(run("export", new_id))
    assert again == json.loads(path.read_text())


def test_pairings_and_result_options():
    tid = run("create", "--name", "T", "--field-size", "16", "--bummerl", "3").strip()
    for i in range(16):
        run("sell", tid, f"P{i}")
    run("draw", tid, "--seed", "1", "--draft")
    assert Round.objects.get(tournament_id=tid).status == Round.Status.DRAFT
    with pytest.raises(CommandError, match="not released|nicht freigegeben"):
        run("result", tid, 1, 1, "--winner", "left", "--score", "3:1")
    run("release", tid)
    out = json.loads(run("result", tid, 1, 1, "--winner", "right", "--score", "3:2"))
    assert (out["winner"], out["score"]) == ("right", [3, 2])
    with pytest.raises(CommandError, match="2:1"):
        run("result", tid, 1, 2, "--winner", "left", "--score", "2:1")
    out = json.loads(run("result", tid, 1, 2, "--winner", "left", "--walkover"))
    assert out["outcome"] == "walkover"
    out = json.loads(run("result", tid, 1, 2, "--winner", "right", "--score", "3:0", "--correct"))
    assert out["outcome"] == "played" and out["version"] == 2
    with pytest.raises(CommandError, match="withdraw|zurückgezogen|results|Ergebnis"):
        run("withdraw", tid)
    text = run("pairings", tid, "--round", "1")
    head, *rows = text.splitlines()
    assert head == "Round 1 (released)" and len(rows) == 8
    assert "played 2:3" in rows[0] and rows[1].endswith("played 0:3")  # left:right


@pytest.mark.parametrize(
    "args, message",
    [
        (["draw", "999"], "999"),
        (["create", "--name", "X", "--field-size", "48"], "16"),
        (["create", "--name", "X", "--date", "15.8.2026"], "YYYY-MM-DD"),
        (["result", "{t}", "1", "1", "--winner", "left", "--score", "zwei"], "2:1"),
        (["import", "/nonexistent/file.json"], "file.json"),
    ],
)
def test_errors_are_one_line(args, message):
    tid = run("create", "--name", "T", "--field-size", "16").strip()
    with pytest.raises(CommandError) as info:
        run(*[a.format(t=tid) for a in args])
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_demo_creates_user_and_tournament_once():
    out = run("demo", "--if-empty")
    assert "demo" in out
    user = get_user_model().objects.get(username="demo")
    assert user.check_password("demo") and not user.is_superuser
    t = Tournament.objects.get(name="Preisschnapsen des SC Herz-Ass")
    assert user.club_roles.get().club == t.club and user.club_roles.get().role == "organiser"
    roles = {u: get_user_model().objects.get(username=u).club_roles.get().role
             for u in ("kassa", "tisch", "schiri")}
    assert roles == {"kassa": "desk", "tisch": "table", "schiri": "referee"}
    entries = Entry.objects.filter(tournament=t).count()
    players = Player.objects.filter(entries__tournament=t).distinct().count()
    assert 56 <= entries < 64 and 35 <= players <= 45
    assert Pairing.objects.filter(round__tournament=t, round__number=1, outcome="bye").exists()
    r2 = Pairing.objects.filter(round__tournament=t, round__number=2)
    assert r2.filter(outcome="").exists() and r2.exclude(outcome="").exists()
    # and a season: two finished tournaments (one of another club) and a series of three
    from series.models import Series

    series = Series.objects.get()
    assert series.members.count() == 3 and series.club == t.club
    assert Tournament.objects.exclude(club=t.club).count() == 1
    # and a club evening by the Danish system, in round 4 with half of it played
    danish = Tournament.objects.get(format="danish")
    assert danish.club == t.club and danish.entries.count() == 14
    r4 = Pairing.objects.filter(round__tournament=danish, round__number=4)
    assert r4.filter(outcome="").exists() and r4.exclude(outcome="").exists()
    # and a Preis-Bauernschnapsen of teams, round 1 half played
    teams = Tournament.objects.get(game="bauernschnapsen")
    assert teams.teams.count() == 12 and teams.entries.count() == 14
    r1 = Pairing.objects.filter(round__tournament=teams, round__number=1)
    assert r1.filter(outcome="").exists() and r1.exclude(outcome="").exists()
    run("demo", "--if-empty")
    assert Tournament.objects.count() == 5


def test_subprocess_exit_codes(tmp_path):
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    env.pop("DJANGO_SETTINGS_MODULE", None)

    def manage(*args):
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    assert manage("migrate", "-v0").returncode == 0
    ok = manage("tournament", "create", "--name", "Sub", "--field-size", "16")
    assert ok.returncode == 0 and ok.stdout.strip().isdigit()
    bad = manage("tournament", "draw", ok.stdout.strip())
    assert bad.returncode != 0
    lines = bad.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in bad.stderr
    assert "0" in lines[0]  # "only 0 entries are sold ..."


def test_print_passes_its_arguments_to_the_printing_module(tmp_path):
    pytest.importorskip("tournaments.printing.cli")
    tid = run("create", "--name", "T", "--field-size", "16").strip()
    for i in range(12):
        run("sell", tid, f"P{i}")
    run("draw", tid, "--seed", "1")
    path = tmp_path / "draw.pdf"
    run("print", tid, "draw", "--round", "1", "--output", path)
    assert path.read_bytes().startswith(b"%PDF")
    with pytest.raises((CommandError, SystemExit)):
        run("print", tid, "nonsense")


def _sixteen_players(tmp_path):
    tid = run("create", "--name", "Pott", "--date", "2026-09-01", "--field-size", "16")
    tid = tid.strip()
    for i in range(16):
        run("sell", tid, f"Spielerin {i:02d}", "--paid")
    # who drew by the number of his entry (Teilnahmekarte) in this tournament
    players = list(
        Entry.objects.filter(tournament_id=tid)
        .order_by("player__name")
        .values_list("number", flat=True)
    )
    return tid, players


def test_transcribe_a_draw_done_with_real_pots(tmp_path):
    tid, players = _sixteen_players(tmp_path)
    lines = [f"{pk} L {n}" for n, pk in enumerate(players[:8], start=1)]
    # the right pot in reverse, written with commas and a blank line, as staff type it
    lines += [""] + [f"{pk}, R, {9 - n}" for n, pk in enumerate(players[8:], start=1)]
    path = tmp_path / "pots.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    out = run("transcribe", tid, path, "--release")
    assert "Round 1 transcribed" in out and "8 pairings, 0 byes" in out
    rnd = Round.objects.get(tournament_id=tid, number=1)
    assert rnd.method == Round.Method.TRANSCRIBED and rnd.status == Round.Status.RELEASED
    pairs = {(p.left.number, p.right.number) for p in rnd.pairings.all()}
    assert pairs == {(players[n - 1], players[16 - n]) for n in range(1, 9)}


def test_a_wrong_transcript_names_the_line_and_writes_nothing(tmp_path):
    tid, players = _sixteen_players(tmp_path)
    lines = [f"{pk} L {n}" for n, pk in enumerate(players[:8], start=1)]
    lines += [f"{pk} R 1" for pk in players[8:]]  # the right pot's 1 drawn again and again
    path = tmp_path / "pots.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(CommandError, match="10"):
        run("transcribe", tid, path)
    bad = tmp_path / "bad.txt"
    bad.write_text("17 X 3\nonly two\n", encoding="utf-8")
    with pytest.raises(CommandError, match="Line 1.*Line 2"):
        run("transcribe", tid, bad)
    with pytest.raises(CommandError, match="Cannot read"):
        run("transcribe", tid, tmp_path / "missing.txt")
    assert not Round.objects.filter(tournament_id=tid).exists()


def test_result_by_number_names_the_prize_stage_match_unambiguously():
    """The 3rd-place match has its own number in the final round: entering that number
    records the 3rd-place match, never the final, and `pairings` names each match."""
    import random

    from tournaments import services
    from tournaments.models import Bracket, Outcome, Stage

    from .helpers import make_tournament, play_open

    t = make_tournament(16, entries=[1] * 16)
    rng = random.Random(7)
    while True:
        rnd = services.draw_next_round(t, seed=rng.randrange(1000))
        if rnd.stage == Stage.FINAL:
            services.release_round(rnd)
            break
        play_open(rnd, rng)
    listing = run("pairings", t.pk, "--round", rnd.number)
    assert "[Final]" in listing and "[Match for 3rd place]" in listing
    third = rnd.pairings.get(bracket=Bracket.PLACE_3)
    assert third.number == 2
    run("result", t.pk, rnd.number, 2, "--winner", "right", "--score", "2:1")
    third.refresh_from_db()
    assert third.outcome == Outcome.PLAYED and third.winner == "right"
    assert rnd.pairings.get(bracket=Bracket.MAIN).outcome == Outcome.OPEN  # the final waits
    with pytest.raises(CommandError, match="Match for 5th place"):
        run("result", t.pk, rnd.number, 3, "--winner", "left", "--score", "2:0",
            "--bracket", "place7")  # fmt: skip
    data = json.loads(run("pairings", t.pk, "--round", rnd.number, "--json"))
    assert [p["name"] for p in data["pairings"]] == [
        "Final",
        "Match for 3rd place",
        "Match for 5th place",
        "Match for 7th place",
    ]
