"""bench/arena.py: the oracle ceiling bot, and runs that can be split and compared."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path

from engine import GameState
from engine.ai import solve
from engine.bots import RandomBot

ROOT = Path(__file__).resolve().parents[3]
spec = importlib.util.spec_from_file_location("arena", ROOT / "bench" / "arena.py")
arena = importlib.util.module_from_spec(spec)
sys.modules["arena"] = arena  # the worker processes find its functions by name
spec.loader.exec_module(arena)


def test_oracle_plays_the_exact_open_card_value():
    # The oracle sees the whole deal: the move it picks keeps the exact value of the
    # position (it cannot do worse than perfect open-card play against any opponent).
    oracle = arena.OracleBot()
    rng = random.Random(3)
    checked = 0
    for seed in range(30):
        state = GameState.deal("weich", seed=f"oracle:{seed}")
        for _ in range(rng.randrange(4, 9)):  # a few random moves: talon still open
            if state.is_over:
                break
            state.push(RandomBot().choose(state.view(state.to_move), rng))
        if state.is_over or state.talon_size > 6:
            continue
        value = solve(state)
        after = state.apply(oracle.choose_state(state))
        assert solve(after) == value
        checked += 1
    assert checked >= 10


def test_split_runs_are_the_same_games_and_compare(tmp_path, capsys):
    save = tmp_path / "one.json"
    arena.main(["easy", "random", "--deals", "6", "--save", str(save)])
    first = capsys.readouterr().out
    arena.main(["easy", "random", "--deals", "6", "--jobs", "2", "--against", str(save)])
    second = capsys.readouterr().out
    assert "6 deals x 2 seats = 12 games" in first
    share = next(line for line in first.splitlines() if "game points:" in line)
    assert share in second  # two processes play the very same games
    assert "+0.000 game points per deal" in second
    assert "closings by easy:" in second
    assert len(json.loads(save.read_text())["deals"]) == 6


def test_bot_specs_budget_noclose_and_options():
    from engine.ai import InfoSetBot, PimcBot
    from engine.ai.ismcts import IsmctsBot

    strong = arena.make_own_bot("strong:0.1:noclose", 1)
    assert isinstance(strong, InfoSetBot) and not strong.allow_close
    assert strong.node_budget == arena.make_own_bot("strong:0.1", 1).node_budget
    v1 = arena.make_own_bot("strong_v1:0.2:max_depth=2", 1)
    assert type(v1) is PimcBot and v1.max_depth == 2 and v1.allow_close
    assert isinstance(arena.make_own_bot("ismcts:0.05:noclose", 1), IsmctsBot)
    easy = arena.make_own_bot("easy:noclose", 1)
    state = GameState.deal("weich", seed=1)
    assert easy._close_is_safe(state.view(0)) is False
    for bad in ("strong:fast", "oracle:0.1", "strong:0.1:nosuch=1", "hard"):
        try:
            arena.make_own_bot(bad, 1)
        except SystemExit:
            continue
        raise AssertionError(f"{bad} accepted")


def test_closings_are_counted_per_bot_with_the_failed_rate(capsys):
    # easy closes when it has 66 nearly in hand; without closing it never does.
    arena.main(["easy", "easy:noclose", "--deals", "30"])
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("  closings by easy:"))
    assert "failed" in line and "%" in line and "game points in closed games" in line
    assert "by face-down cards:" in out
    assert "closings by easy:noclose: 0" in out


def test_a_logged_run_goes_on_where_it_stopped(tmp_path, capsys):
    log = tmp_path / "run.jsonl"
    arena.main(["easy", "random", "--deals", "4", "--log", str(log)])
    capsys.readouterr()
    assert len(log.read_text().splitlines()) == 5  # header and four deals
    arena.main(["easy", "random", "--deals", "6", "--log", str(log), "--jobs", "2"])
    resumed = capsys.readouterr().out
    assert len(log.read_text().splitlines()) == 7  # two more deals played, not six
    arena.main(["easy", "random", "--deals", "6"])
    fresh = capsys.readouterr().out
    share = next(line for line in fresh.splitlines() if "game points:" in line)
    assert share in resumed
    arena.main(["--report-log", str(log)])
    assert share in capsys.readouterr().out
    assert "net game points per deal for easy:" in fresh
    try:
        arena.main(["easy", "easy", "--deals", "6", "--log", str(log)])
    except SystemExit as exc:
        assert "another run" in str(exc)
    else:
        raise AssertionError("a log of another run was accepted")
