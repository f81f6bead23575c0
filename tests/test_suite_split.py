"""The PostgreSQL run of ``./dev.sh test`` takes only the tests that use the database:
the others ran on SQLite just before, and no database changes what they do."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def collected(*paths: str) -> set[str]:
    env = dict(os.environ, SCHNAPSEN_DATABASE_TESTS_ONLY="1")
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *paths],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    return {line.split("::")[0] for line in out.stdout.splitlines() if "::" in line}


@pytest.mark.postgres
def test_the_postgresql_run_keeps_the_database_tests_and_leaves_out_the_others():
    files = collected(
        "tests/tournaments/test_draw.py",  # pure: the draw needs no database
        "tests/engine/test_cards_actions.py",
        "tests/tournaments/test_services.py",  # the ORM (the db fixture)
        "tests/browser/test_live_servers.py",  # several servers on PostgreSQL (marked)
        "tests/browser/test_tournament_flow.py",  # the browser against the live server
        "tests/web/test_no_server_error.py::test_every_pattern_has_its_arguments",  # its
        # module's fixture builds the data through the unblocked database
    )
    assert files == {
        "tests/tournaments/test_services.py",
        "tests/browser/test_live_servers.py",
        "tests/browser/test_tournament_flow.py",
        "tests/web/test_no_server_error.py",
    }
