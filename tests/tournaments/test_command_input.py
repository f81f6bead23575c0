"""``manage.py tournament`` (and ``series``, ``club``) with input as people type it: usage
errors in one line with exit 2, nothing half written, amounts with a decimal comma, numbers
that no column holds, and confirming results from the shell."""

import os
import re
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command, load_command_class
from django.utils import translation

from tournaments.models import AuditLog, Entry, Pairing, Player, Round, Tournament

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def run(*args) -> str:
    out = StringIO()
    with translation.override("en"):
        call_command("tournament", *[str(a) for a in args], stdout=out)
    return out.getvalue()


def refused(*args) -> str:
    """The command's error (one line), in English."""
    with pytest.raises(CommandError) as info:
        run(*args)
    message = str(info.value)
    assert "\n" not in message and "Traceback" not in message
    return message


def _subcommands(app: str, name: str) -> dict:
    command = load_command_class(app, name)
    parser = command.create_parser("manage.py", name)
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    return sub.choices


def _usage_error(app, name, argv, capsys) -> str:
    """What ``manage.py NAME ARGV`` writes to stderr for a wrong command line (in-process:
    the parser as ``run_from_argv`` makes it)."""
    command = load_command_class(app, name)
    command._called_from_command_line = True
    parser = command.create_parser("manage.py", name)
    with pytest.raises(SystemExit) as info:
        parser.parse_args(argv)
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err


COMMANDS = [("tournaments", "tournament"), ("series", "series"), ("tournaments", "club")]


@pytest.mark.parametrize("app, name", COMMANDS)
def test_every_usage_error_is_one_line_with_exit_2(app, name, capsys):
    subcommands = _subcommands(app, name)
    cases = [[], ["no-such-subcommand"]]
    for sub, parser in subcommands.items():
        cases.append([sub, "--no-such-option"])
        if any(a.required for a in parser._actions if a.option_strings or a.nargs is None):
            cases.append([sub])  # a required argument missing
    for argv in cases:
        err = _usage_error(app, name, argv, capsys)
        lines = err.splitlines()
        assert len(lines) == 1, (argv, err)
        assert re.match(rf"manage\.py {name}( \S+)?: error: ", lines[0]), lines[0]
        assert lines[0].endswith("--help shows the usage)")


@pytest.mark.parametrize(
    "argv, what",
    [
        (["create", "--name", "X", "--field-size", "²"], "--field-size: not a whole number"),
        (["create", "--name", "X", "--seed", "9" * 20], "--seed: not a whole number"),
        (["result", "1", "٣", "1", "--winner", "left"], "round: not a whole number"),
        (["draw", "1", "--seed", "-" + "9" * 400], "--seed: not a whole number"),
        (["confirm", "1", "²"], "PAIRING: not a whole number"),
    ],
)
def test_numbers_no_column_holds_are_usage_errors(argv, what, capsys):
    err = _usage_error("tournaments", "tournament", argv, capsys)
    assert what in err and len(err.splitlines()) == 1


def test_the_real_command_line(tmp_path):
    """As a shell runs it: one line on stderr, exit 2 for usage, 1 for the rest."""
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
    usage = manage("tournament", "create", "--field-size", "16")
    assert usage.returncode == 2 and usage.stdout == ""
    assert usage.stderr.splitlines() == [
        "manage.py tournament create: error: the following arguments are required: --name "
        "(manage.py tournament create --help shows the usage)"
    ]
    tid = manage("tournament", "create", "--name", "Sub", "--field-size", "16").stdout.strip()
    missing = manage("tournament", "export", tid, "--output", str(tmp_path / "no" / "t.json"))
    assert missing.returncode == 1 and "Traceback" not in missing.stderr
    assert len(missing.stderr.splitlines()) == 1 and "no/t.json" in missing.stderr


def test_a_refused_sale_adds_nobody_to_the_register():
    tid = run("create", "--name", "T", "--field-size", "16", "--max-entries", "1").strip()
    message = refused("sell", tid, "Neu Im Register", "--town", "Melk", "--entries", "2")
    assert "at most 1 entry" in message
    assert not Player.objects.filter(name="Neu Im Register").exists()
    assert not Entry.objects.filter(tournament_id=tid).exists()
    run("sell", tid, "Neu Im Register", "--town", "Melk")
    assert Player.objects.filter(name="Neu Im Register").count() == 1


def test_export_into_a_missing_folder_is_one_clear_line(tmp_path):
    tid = run("create", "--name", "T", "--field-size", "16").strip()
    target = tmp_path / "missing" / "t.json"
    message = refused("export", tid, "--output", target)
    assert message == f"Cannot write {target}: No such file or directory"
    assert not target.parent.exists()


@pytest.mark.parametrize(
    "fee, expected",
    [
        ("10,50", "10.50"),
        ("10.50", "10.50"),
        ("8", "8.00"),
        ("€ 12,00", "12.00"),
        ("1.000,50", "1000.50"),
    ],
)
def test_the_fee_takes_a_decimal_comma_like_the_prizes(fee, expected):
    tid = run(
        "create", "--name", "T", "--field-size", "16", "--fee", fee, "--prize", "Gans=10,50"
    ).strip()
    t = Tournament.objects.get(pk=tid)
    assert str(t.entry_fee) == expected
    assert [str(p.amount) for p in t.prizes.all()] == ["10.50"]


@pytest.mark.parametrize("fee", ["zehn", "10,505", "-5", "1.000", "²"])
def test_a_fee_that_is_no_amount_is_refused_in_one_line(fee):
    message = refused("create", "--name", "T", "--field-size", "16", "--fee", fee)
    assert f"“{fee}”" in message and "10,50" in message
    assert not Tournament.objects.exists()


def test_a_transcript_with_a_20_digit_number_is_refused_clearly(tmp_path):
    tid = run("create", "--name", "T", "--field-size", "16").strip()
    for i in range(16):
        run("sell", tid, f"P{i:02d}")
    path = tmp_path / "pots.txt"
    path.write_text("12345678901234567890 L 1\n1 L 99999999999999999999999\n", encoding="utf-8")
    message = refused("transcribe", tid, path)
    assert "Line 1" in message and "Line 2" in message and "Overflow" not in message
    assert not Round.objects.filter(tournament_id=tid).exists()


def _tournament_with_results(confirm=True):
    args = ["create", "--name", "Mit Bestätigung", "--field-size", "16"]
    tid = run(*args, *(["--confirm"] if confirm else [])).strip()
    for i in range(16):
        run("sell", tid, f"Spieler {i:02d}")
    run("draw", tid, "--seed", "5")
    for number in range(1, 9):
        run("result", tid, 1, number, "--winner", "left", "--score", "2:1")
    return tid


def test_confirm_results_from_the_shell_so_the_tournament_goes_on():
    tid = _tournament_with_results()
    assert refused("draw", tid) == "Round 1 has results still to be confirmed."
    assert run("confirm", tid, 2, 5).strip() == "Round 1: 2 results confirmed (2, 5)."
    rnd = Round.objects.get(tournament_id=tid, number=1)
    confirmed = rnd.pairings.filter(confirmed_at__isnull=False)
    assert sorted(confirmed.values_list("number", flat=True)) == [2, 5]
    assert "already confirmed" in refused("confirm", tid, 2)
    assert "no pairing number 12" in refused("confirm", tid, 3, 12)
    assert rnd.pairings.filter(confirmed_at__isnull=False).count() == 2  # 3 was not kept
    assert refused("confirm", tid) == "Give the pairing numbers to confirm, or --all."
    # the pairing numbers may come after the options too
    out = run("confirm", tid, "--round", 1, 1, 3)
    assert out.strip() == "Round 1: 2 results confirmed (1, 3)."
    out = run("confirm", tid, "--all", "--round", 1)
    assert out.strip() == "Round 1: 4 results confirmed (4, 6, 7, 8)."
    assert "no result waiting" in refused("confirm", tid, "--all")
    row = AuditLog.objects.filter(tournament_id=tid, action="confirm_result").latest("pk")
    assert row.user is None and row.role == "cli"
    from clubs.permissions import role_text

    with translation.override("en"):
        assert role_text(row.role) == "command line"
    assert "Round 2 drawn" in run("draw", tid, "--seed", "6")


def test_confirm_as_a_user_keeps_the_second_person_rule():
    tid = _tournament_with_results()
    anna = get_user_model().objects.create_user("anna")
    run("confirm", tid, 1, "--user", "anna")
    p = Pairing.objects.get(round__tournament_id=tid, round__number=1, number=1)
    assert p.confirmed_by == anna
    assert refused("confirm", tid, 2, "--user", "nobody") == "There is no user “nobody”."
    # a result entered by anna on the pages is not confirmed by anna
    from tournaments import services

    p2 = Pairing.objects.get(round__tournament_id=tid, round__number=1, number=2)
    services.correct_result(p2, winner="right", score=(2, 0), actor=anna)
    assert "someone other" in refused("confirm", tid, 2, "--user", "anna")


def test_the_docs_list_every_subcommand():
    docs = "\n".join(
        page.read_text(encoding="utf-8") for page in sorted((ROOT / "docs").rglob("*.md"))
    )
    for sub in _subcommands("tournaments", "tournament"):
        assert f"manage.py tournament {sub}" in docs, sub
