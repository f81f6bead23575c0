"""Benchmark of the rules engine, side by side with the PyPI `schnapsen` package (0.0.5).

    .venv/bin/python bench/engine.py [--seconds 3] [--no-pypi] [--no-multi] [--strong-moves 40]

Prints, for this engine: random-vs-random complete games per second (deal + play to the
end) on the lean playout path (``random_playout``) and through the public API
(``legal_actions()`` + ``push()``), the cost of ``copy()`` and of applying one action; and
the same figures for `schnapsen` 0.0.5 from PyPI, run in its own virtual environment under
``bench/out/`` (created on first use with ``python -m venv`` and pip).

For Bauernschnapsen and Talonschnapsen (unless ``--no-multi``): random complete games per
second through the public API, with uniformly random actions (silly announcements
included, so most games end at the first lost trick) and with every player passing in
the bidding and the doubling (a normal game played to its end), as a ratio to the
two-player API figure of the same run; ``copy()``/``push()``/``legal_actions()`` costs;
the open-card search of a whole deal (nodes, ms); and the strong player's time a move
(``--strong-moves`` decisions with more than one legal action, default budget).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import GameState, RuleSet  # noqa: E402
from engine.actions import DECLARE  # noqa: E402
from engine.playout import random_playout  # noqa: E402

OUT = ROOT / "bench" / "out"
VENV = OUT / "venv-schnapsen"
PYPI_PYTHONS = ("/root/.pyenv/versions/3.12.1/bin/python3", sys.executable)

PYPI_SCRIPT = r"""
import json, random, sys, time
from schnapsen.bots import RandBot
from schnapsen.game import SchnapsenGamePlayEngine, BotState, GameState

seconds = float(sys.argv[1])
mode = sys.argv[2] if len(sys.argv) > 2 else "all"
engine = SchnapsenGamePlayEngine()
rng = random.Random(1)
b1, b2 = RandBot(random.Random(2), "a"), RandBot(random.Random(3), "b")
n = 0
t0 = time.perf_counter()
while time.perf_counter() - t0 < seconds:
    engine.play_game(b1, b2, rng)
    n += 1
games_dt = time.perf_counter() - t0
if mode == "games":
    print(json.dumps({"games_per_s": n / games_dt, "games": n}))
    sys.exit(0)

def fresh():
    cards = engine.deck_generator.get_initial_deck()
    shuffled = engine.deck_generator.shuffle_deck(cards, rng)
    h1, h2, talon = engine.hand_generator.generateHands(shuffled)
    return GameState(leader=BotState(implementation=b1, hand=h1),
                     follower=BotState(implementation=b2, hand=h2), talon=talon, previous=None)

# copy: GameState.copy_for_next() (the package's state copy)
state = fresh()
k = 20000
t = time.perf_counter()
for _ in range(k):
    state.copy_for_next()
copy_us = (time.perf_counter() - t) / k * 1e6

# apply: the package applies a whole trick (leader's and follower's move) at a time
tricks = 0
t = time.perf_counter()
deadline = t + seconds / 2
while time.perf_counter() < deadline:
    s = fresh()
    while not engine.trick_scorer.declare_winner(s):
        s = engine.trick_implementer.play_trick(engine, s)
        tricks += 1
trick_us = (time.perf_counter() - t) / tricks * 1e6
print(json.dumps({"games_per_s": n / games_dt, "games": n, "copy_us": copy_us,
                  "trick_us": trick_us}))
"""


def ensure_pypi_venv() -> Path | None:
    python = VENV / "bin" / "python"
    if python.exists():
        check = subprocess.run([python, "-c", "import schnapsen"], capture_output=True)
        if check.returncode == 0:
            return python
    OUT.mkdir(parents=True, exist_ok=True)
    base = next((p for p in PYPI_PYTHONS if os.path.exists(p)), sys.executable)
    print(f"creating {VENV} with {base} and installing schnapsen==0.0.5 ...", file=sys.stderr)
    if subprocess.run([base, "-m", "venv", str(VENV)]).returncode != 0:
        return None
    pip = subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "schnapsen==0.0.5"],
        capture_output=True,
        text=True,
    )
    if pip.returncode != 0:
        print(pip.stderr[-2000:], file=sys.stderr)
        return None
    return python


def measure_pypi(seconds: float, mode: str = "all") -> dict | None:
    python = ensure_pypi_venv()
    if python is None:
        return None
    script = OUT / "pypi_schnapsen_bench.py"
    script.write_text(PYPI_SCRIPT)
    run = subprocess.run([python, script, str(seconds), mode], capture_output=True, text=True)
    if run.returncode != 0:
        print(run.stderr[-2000:], file=sys.stderr)
        return None
    return json.loads(run.stdout)


def lean_games_per_s(seconds: float, rules: RuleSet, rng: random.Random) -> float:
    """Deal + random_playout, complete random-vs-random games per second."""
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(200):
            random_playout(GameState.deal(rules, rng=rng, dealer=n & 1), rng)
            n += 1
    return n / (time.perf_counter() - t0)


def api_games_per_s(seconds: float, rules: RuleSet, rng: random.Random) -> tuple[float, float]:
    """Deal + legal_actions() + push(check=False) with the RandomBot policy."""
    n = actions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = GameState.deal(rules, rng=rng, dealer=n & 1)
        while s.result is None:
            acts = [a for a in s.legal_actions() if a.kind != DECLARE]
            s.push(acts[int(rng.random() * len(acts))] if len(acts) > 1 else acts[0], False)
            actions += 1
        n += 1
    return n / (time.perf_counter() - t0), actions / max(1, n)


def measure_ours(seconds: float, rules: RuleSet) -> dict:
    rng = random.Random(1)
    # 1. lean path: deal + random_playout
    lean = lean_games_per_s(seconds, rules, rng)

    # 2. public API: legal_actions() + push(check=False), the RandomBot policy
    api, actions_per_game = api_games_per_s(seconds / 2, rules, rng)

    # 3. copy() and apply costs on mid-game states
    states, moves = [], []
    for i in range(300):
        s = GameState.deal(rules, rng=rng, dealer=i & 1)
        for _ in range(rng.randrange(0, 8)):
            acts = s.legal_actions()
            if s.result is not None or not acts:
                break
            s.push(rng.choice(acts), False)
        if s.result is None:
            states.append(s)
            moves.append(rng.choice(s.legal_actions()))
    reps = 60
    t = time.perf_counter()
    for _ in range(reps):
        for s in states:
            s.copy()
    copy_us = (time.perf_counter() - t) / (reps * len(states)) * 1e6
    t = time.perf_counter()
    for _ in range(reps):
        for s, a in zip(states, moves, strict=True):
            s.copy().push(a, False)
    push_us = (time.perf_counter() - t) / (reps * len(states)) * 1e6 - copy_us
    t = time.perf_counter()
    for _ in range(reps):
        for s, a in zip(states, moves, strict=True):
            s.apply(a)
    apply_us = (time.perf_counter() - t) / (reps * len(states)) * 1e6
    t = time.perf_counter()
    for _ in range(reps):
        for s in states:
            s.legal_actions()
    legal_us = (time.perf_counter() - t) / (reps * len(states)) * 1e6
    return {
        "lean_games_per_s": lean,
        "api_games_per_s": api,
        "api_actions_per_game": actions_per_game,
        "copy_us": copy_us,
        "push_us": push_us,
        "apply_checked_us": apply_us,
        "legal_actions_us": legal_us,
    }


def multi_games_per_s(cls, seconds: float, rng: random.Random, quiet: bool) -> tuple[float, float]:
    """Deal + legal_actions() + push(check=False) with uniform random actions; ``quiet``
    passes whenever passing is legal (bidding, doubling: a normal game)."""
    n = actions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = cls.deal(None, rng=rng, dealer=n % cls.N)
        while s.result is None:
            acts = s.legal_actions()
            if quiet and acts[0].kind == "pass":
                a = acts[0]
            elif quiet and acts[-1].kind == "pass":
                a = acts[-1]
            else:
                a = acts[int(rng.random() * len(acts))] if len(acts) > 1 else acts[0]
            s.push(a, False)
            actions += 1
        n += 1
    return n / (time.perf_counter() - t0), actions / max(1, n)


def measure_multi(seconds: float, strong_moves: int) -> dict:
    from engine.ai.multi_pimc import MultiPimcBot
    from engine.ai.multi_search import MultiSearch
    from engine.bauern import BauernState
    from engine.multi.rule_bots import MultiRuleBot
    from engine.talon import TalonState

    out = {}
    rng = random.Random(3)
    for cls in (BauernState, TalonState):
        uniform, per_uniform = multi_games_per_s(cls, seconds / 2, rng, quiet=False)
        normal, per_normal = multi_games_per_s(cls, seconds / 2, rng, quiet=True)
        states, moves = [], []
        while len(states) < 300:
            s = cls.deal(None, rng=rng, dealer=len(states) % cls.N)
            for _ in range(rng.randrange(0, 25)):
                if s.result is not None:
                    break
                s.push(rng.choice(s.legal_actions()), False)
            if s.result is None:
                states.append(s)
                moves.append(rng.choice(s.legal_actions()))
        reps = 30
        t = time.perf_counter()
        for _ in range(reps):
            for s in states:
                s.copy()
        copy_us = (time.perf_counter() - t) / (reps * len(states)) * 1e6
        t = time.perf_counter()
        for _ in range(reps):
            for s, a in zip(states, moves, strict=True):
                s.copy().push(a, False)
        push_us = (time.perf_counter() - t) / (reps * len(states)) * 1e6 - copy_us
        t = time.perf_counter()
        for _ in range(reps):
            for s in states:
                s.legal_actions()
        legal_us = (time.perf_counter() - t) / (reps * len(states)) * 1e6
        # the open-card search of whole deals (normal games, the rule bot's calls)
        rule = MultiRuleBot()
        nodes, solve_s, solved = 0, 0.0, 0
        for i in range(20):
            s = cls.deal("keine", seed=i, dealer=i % cls.N)
            while s.result is None and s.phase_name != "play":
                s.push(rule.choose(s.view(s.to_move)))
            if s.result is None:
                t = time.perf_counter()
                se = MultiSearch(s)
                se.value(s)
                solve_s += time.perf_counter() - t
                nodes += se.nodes
                solved += 1
        # the strong player's time a move against the rule bot
        times = []
        i = 0
        while len(times) < strong_moves:
            s = cls.deal("ueblich", seed=100 + i, dealer=i % cls.N)
            bots = [MultiPimcBot(seed=q) if q % 2 == 0 else rule for q in range(cls.N)]
            while s.result is None and len(times) < strong_moves:
                p = s.to_move
                v = s.view(p)
                t = time.perf_counter()
                a = bots[p].choose(v)
                if isinstance(bots[p], MultiPimcBot) and len(v.legal) > 1:
                    times.append(time.perf_counter() - t)
                s.push(a)
            i += 1
        out[cls.GAME] = {
            "uniform_games_per_s": uniform,
            "uniform_actions_per_game": per_uniform,
            "normal_games_per_s": normal,
            "normal_actions_per_game": per_normal,
            "copy_us": copy_us,
            "push_us": push_us,
            "legal_actions_us": legal_us,
            "solve_nodes": nodes / max(1, solved),
            "solve_ms": solve_s / max(1, solved) * 1000,
            "strong_mean_ms": statistics.mean(times) * 1000 if times else 0.0,
            "strong_max_ms": max(times) * 1000 if times else 0.0,
            "strong_moves": len(times),
        }
    return out


def print_multi(multi: dict, api_baseline: float) -> None:
    print()
    print(f"{'':44}{'Bauernschnapsen':>17}{'Talonschnapsen':>17}")
    b, t = multi["bauernschnapsen"], multi["talonschnapsen"]
    rows = (
        ("random games/s, uniform actions (API)", "uniform_games_per_s", ",.0f"),
        ("  actions a game", "uniform_actions_per_game", ".1f"),
        ("random games/s, normal game (all pass)", "normal_games_per_s", ",.0f"),
        ("  actions a game", "normal_actions_per_game", ".1f"),
        ("copy a state, µs", "copy_us", ".2f"),
        ("apply one action (push, unchecked), µs", "push_us", ".2f"),
        ("legal_actions(), µs", "legal_actions_us", ".2f"),
        ("open-card search of a whole deal, nodes", "solve_nodes", ",.0f"),
        ("open-card search of a whole deal, ms", "solve_ms", ".1f"),
        ("strong player, ms a move (mean)", "strong_mean_ms", ".0f"),
        ("strong player, ms a move (max)", "strong_max_ms", ".0f"),
    )
    for label, key, fmt in rows:
        print(f"{label:44}{format(b[key], fmt):>17}{format(t[key], fmt):>17}")
    print(
        f"normal games/s as a ratio to two-player Schnapsen's API games/s of this run "
        f"({api_baseline:,.0f}): Bauernschnapsen {b['normal_games_per_s'] / api_baseline:.2f}, "
        f"Talonschnapsen {t['normal_games_per_s'] / api_baseline:.2f}; strong player over "
        f"{b['strong_moves']} / {t['strong_moves']} decisions at its default budget"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--no-pypi", action="store_true")
    parser.add_argument("--rules", default="weich")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds of games/s")
    parser.add_argument("--no-multi", action="store_true", help="skip Bauern- and Talonschnapsen")
    parser.add_argument("--strong-moves", type=int, default=40)
    args = parser.parse_args()
    rules = RuleSet.from_dict(args.rules)
    ours = measure_ours(args.seconds, rules)
    theirs = None if args.no_pypi else measure_pypi(args.seconds)
    # The machine is shared: interleave short rounds of both engines' games/s and report
    # the median of each, so that load changes hit both alike.
    if theirs:
        rng = random.Random(2)
        ours_rounds, theirs_rounds = [ours["lean_games_per_s"]], [theirs["games_per_s"]]
        api_rounds = [ours["api_games_per_s"]]
        for _ in range(args.rounds - 1):
            ours_rounds.append(lean_games_per_s(args.seconds / 2, rules, rng))
            api_rounds.append(api_games_per_s(args.seconds / 2, rules, rng)[0])
            got = measure_pypi(args.seconds / 2, "games")
            if got:
                theirs_rounds.append(got["games_per_s"])
        ours["lean_games_per_s"] = statistics.median(ours_rounds)
        ours["api_games_per_s"] = statistics.median(api_rounds)
        ours["api_rounds"] = [round(x) for x in api_rounds]
        theirs["games_per_s"] = statistics.median(theirs_rounds)
        ours["rounds"] = [round(x) for x in ours_rounds]
        theirs["rounds"] = [round(x) for x in theirs_rounds]
    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}, rules {rules.name}")
    print(f"{'':44}{'engine':>14}{'schnapsen 0.0.5':>17}")
    t_games = f"{theirs['games_per_s']:>17,.0f}" if theirs else f"{'n/a':>17}"
    print(
        f"{'random games/s, lean playout (deal + play)':44}{ours['lean_games_per_s']:>14,.0f}{t_games}"
    )
    print(
        f"{'random games/s, public API (legal + push)':44}{ours['api_games_per_s']:>14,.0f}{t_games}"
    )
    t_copy = f"{theirs['copy_us']:>17.2f}" if theirs else f"{'n/a':>17}"
    print(f"{'copy a state, µs':44}{ours['copy_us']:>14.2f}{t_copy}")
    t_apply = f"{theirs['trick_us'] / 2:>17.2f}" if theirs else f"{'n/a':>17}"
    print(f"{'apply one action (push, unchecked), µs':44}{ours['push_us']:>14.2f}{t_apply}")
    print(f"{'apply one action (apply, checked + copy), µs':44}{ours['apply_checked_us']:>14.2f}")
    print(f"{'legal_actions(), µs':44}{ours['legal_actions_us']:>14.2f}")
    if theirs:
        print(
            f"speed-up in random games/s: lean {ours['lean_games_per_s'] / theirs['games_per_s']:.1f}x, "
            f"API {ours['api_games_per_s'] / theirs['games_per_s']:.1f}x "
            f"(schnapsen played {theirs['games']} games; its apply is a whole trick "
            f"({theirs['trick_us']:.1f} µs) / 2, its copy is copy_for_next())"
        )
        print(
            f"games/s rounds (median shown): lean {ours['rounds']}, API {ours['api_rounds']}, "
            f"schnapsen {theirs['rounds']}"
        )
    if not args.no_multi:
        print_multi(measure_multi(args.seconds, args.strong_moves), ours["api_games_per_s"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
