"""bench/arena.py: the oracle ceiling bot, and runs that can be split and compared."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path

from games.engine import GameState
from games.engine.ai import solve
from games.engine.bots import RandomBot

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
