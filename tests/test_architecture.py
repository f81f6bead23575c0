"""The architecture as a contract (docs/developers/architecture.md): the packages stand
on one another in one direction, the pure cores import neither Django nor an app, and no
modules import each other in a circle, function-level imports included.

The rules are in ``.importlinter`` (import-linter: layers, forbidden imports, no cycle
among the siblings of any package); the module circles are found here on import-linter's
graph (grimp), and by the workplace's own tool where it is at hand."""

import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = (
    "core",
    "engine",
    "clubs",
    "tournaments",
    "games",
    "series",
    "api",
    "venue",
    "schnapsen_site",
)
CIRCLES_TOOL = ROOT.parent / "shared" / "tools" / "import_circles.py"


def _run(*command) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_the_import_contracts_are_kept():
    result = _run(str(Path(sys.executable).parent / "lint-imports"), "--no-cache")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout or "broken" not in result.stdout


def _circles(graph, modules: set[str]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(modules):
        if start in index:
            continue
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        work = [(start, iter(sorted(graph.find_modules_directly_imported_by(start) & modules)))]
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    imported = graph.find_modules_directly_imported_by(child) & modules
                    work.append((child, iter(sorted(imported))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_no_modules_import_each_other_in_a_circle():
    graph = grimp.build_graph(*PACKAGES, cache_dir=None)
    modules = {m for m in graph.modules if ".migrations" not in m}
    assert _circles(graph, modules) == []


def test_no_top_level_packages_import_each_other_in_a_circle():
    graph = grimp.build_graph(*PACKAGES, cache_dir=None)
    for low_package in PACKAGES:
        for high_package in PACKAGES:
            if low_package < high_package and graph.chain_exists(
                importer=low_package, imported=high_package, as_packages=True
            ):
                assert not graph.chain_exists(
                    importer=high_package, imported=low_package, as_packages=True
                ), f"{low_package} and {high_package} import each other"


@pytest.mark.skipif(not CIRCLES_TOOL.exists(), reason="the workplace's shared/tools is not here")
def test_the_workplace_tool_finds_no_circle():
    result = _run(sys.executable, str(CIRCLES_TOOL))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 module circles" in result.stdout and "0 package circles" in result.stdout
