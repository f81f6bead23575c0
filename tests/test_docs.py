"""The documentation site (``docs/``, ``mkdocs.yml``) builds strictly: a broken link or
anchor, a missing picture or a page left out of ``nav`` fails the build, and so this test.
This is how CI builds the docs (``./dev.sh test``); it touches no database."""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_documentation_builds_strictly(tmp_path):
    site = tmp_path / "site"
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    for page in (
        "index.html",
        "developers/architecture/index.html",
        "organisers/index.html",
        "administrators/deployment/index.html",
        "referees/index.html",
        "api/index.html",
    ):
        assert (site / page).is_file(), page
    assert (site / "screenshots" / "dashboard.png").is_file()
    architecture = (site / "developers/architecture/index.html").read_text(encoding="utf-8")
    assert "schnapsen_site" in architecture and ".importlinter" in architecture


def test_the_readme_links_only_to_pages_that_exist():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\((docs/[^)#\s]+)", readme)
    assert targets
    for target in targets:
        assert (ROOT / target).is_file(), target
