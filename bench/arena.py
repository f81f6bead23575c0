"""The arena: how strong are the computer opponents? Prints figures; no test asserts them.

Own engine, any two bots of the pool: ``easy``/``rule``, ``random``, ``medium``,
``strong``, ``strong_v1`` (the previous strong, frozen: the baseline every change is
paired against), ``ismcts`` (information-set MCTS), and ``oracle`` (a player who sees
every card, the opponent's hand and the talon order, and plays the exact best open-card
move, the measure of what a target asks). A spec is ``name[:seconds][:noclose]
[:option=value]``: ``strong:0.1`` is strong with 0.1 s per move (a node budget, so the
figures do not depend on the machine's load), ``strong:0.1:noclose`` never closes the
talon (what closing is worth: play a bot against itself with closing disabled), and
``strong_v1:0.1:max_depth=2`` sets an attribute of the bot, for experiments::

    .venv/bin/python bench/arena.py strong:0.1 easy --deals 200 --seed 1 [--rules weich]

Each deal is played twice with the seats swapped (the same cards each way). It prints
the share of game points and of games won by the first bot with a 95% confidence
interval (bootstrap over deals), the mean and maximum time per move of each bot, and for
each bot how often it closed the talon, how often it failed (the failed-closing rate),
the game points of its closed games, and all that by the face-down cards at the close. ``--jobs 2`` plays deals in two
processes (times per move then include sharing the machine); ``--save run.json`` keeps
the points per deal and ``--against run.json`` prints the paired difference per deal
(with a 95% interval) to such a run on the same deals: the way to tell whether a change
to a bot helped.

Against the outside ``schnapsen`` package (PyPI 0.0.5, a university course's platform):
its rules differ (no closing; the game ends by itself at 66; a marriage leads the king),
and our bot plays those rules inside that package's engine::

    .venv/bin/python bench/arena.py strong:0.1 rdeep --outside --deals 200

The first run creates ``bench/out/venv-arena`` (git-ignored) with that package and this
project installed (``pip install --no-deps -e .``), then re-runs this script there.
Opponents there: ``rdeep`` (RdeepBot with 16 samples, depth 4), ``rdeep:S:D``, ``bully``,
``rand``.

The solver check (the exact endgame against a plain minimax, and its time)::

    .venv/bin/python bench/arena.py --solver-check 2000
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


# ---------------------------------------------------------------------- statistics
def bootstrap_ci(pairs, stat, *, rounds=2000, seed=12345):
    """95% interval of ``stat`` over deals resampled with replacement."""
    rng = random.Random(seed)
    n = len(pairs)
    values = sorted(stat([pairs[rng.randrange(n)] for _ in range(n)]) for _ in range(rounds))
    return values[int(0.025 * rounds)], values[int(0.975 * rounds) - 1]


def share_of_points(deals):
    won = sum(d[0] for d in deals)
    lost = sum(d[1] for d in deals)
    return won / (won + lost) if won + lost else 0.5


def share_of_games(deals):
    return sum(d[2] for d in deals) / (2 * len(deals))


def report(name_a, name_b, deals, times):
    pts = share_of_points(deals)
    lo, hi = bootstrap_ci(deals, share_of_points)
    games = share_of_games(deals)
    glo, ghi = bootstrap_ci(deals, share_of_games)
    won = sum(d[0] for d in deals)
    lost = sum(d[1] for d in deals)
    print(f"{name_a} vs {name_b}: {len(deals)} deals x 2 seats = {2 * len(deals)} games")
    print(
        f"  game points: {name_a} {won}, {name_b} {lost}; share {100 * pts:.1f}% "
        f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}%)"
    )
    print(f"  games won by {name_a}: {100 * games:.1f}% (95% CI {100 * glo:.1f}-{100 * ghi:.1f}%)")
    for who, ts in times.items():
        if ts:
            print(
                f"  time per move, {who}: mean {1000 * statistics.fmean(ts):.1f} ms, "
                f"max {1000 * max(ts):.1f} ms ({len(ts)} moves)"
            )
    sys.stdout.flush()


# ---------------------------------------------------------------------- own engine
class OracleBot:
    """Sees the whole deal (``choose_state``: both hands and the talon order) and plays
    the exact open-card best move, i.e. the best move against an opponent who plays
    perfectly too (of equal values the first in the engine's order, closing included).
    A measure of what a target asks: a fair player, who cannot see the cards, would
    have to make up for that by exploiting the opponent's mistakes."""

    name = "oracle"
    sees_all = True

    def choose_state(self, state):
        from engine.ai.pimc import action_values, candidate_actions
        from engine.ai.search import Search

        view = state.view(state.to_move)
        acts = candidate_actions(view)
        if len(acts) == 1:
            return acts[0]
        vals = action_values(Search.of(state), state, acts)
        sign = 1 if state.to_move == 0 else -1
        return max(acts, key=lambda a: sign * vals[a])


SEARCH_BOTS = ("medium", "strong", "master", "strong_v1", "ismcts")


def make_own_bot(spec: str, seed: int, allow_close: bool = True):
    """A bot from a spec ``name[:seconds][:noclose][:option=value...]``: ``easy``/``rule``,
    ``random``, ``oracle``, or a search bot (``medium``, ``strong``, ``strong_v1``,
    ``ismcts``) with its time budget (turned into a node budget: deterministic), with
    ``noclose`` never closing the talon (to measure what closing is worth; ``easy`` too),
    and with any attribute of the bot set, for experiments (``strong:0.1:softness=0.4``)."""
    from engine.ai import make_bot
    from engine.bots import RandomBot, RuleBot

    name, *rest = spec.split(":")
    seconds = None
    options = {}
    for part in rest:
        if part == "noclose":
            allow_close = False
        elif "=" in part:  # an attribute of a search bot, for experiments: max_depth=2
            key, _, value = part.partition("=")
            options[key] = float(value) if "." in value else int(value)
        else:
            try:
                seconds = float(part)
            except ValueError:
                raise SystemExit(f"bad bot spec {spec!r}: use name[:seconds][:noclose]") from None
    if name in ("easy", "rule", "random", "oracle") and (
        seconds is not None or not allow_close or options
    ):
        if not allow_close and name in ("easy", "rule"):
            return _no_close_rule_bot()
        if seconds is not None or options or name == "oracle":
            raise SystemExit(f"{name} takes no time budget, options or noclose")
    if name in ("easy", "rule"):
        return RuleBot()
    if name == "random":
        return RandomBot()
    if name == "oracle":
        return OracleBot()
    if name in SEARCH_BOTS:
        bot = make_bot(name, seed=seed, time_budget=seconds)
        bot.allow_close = allow_close
        for key, value in options.items():
            if not hasattr(bot, key):
                raise SystemExit(f"{name} has no option {key!r}")
            setattr(bot, key, value)
        return bot
    raise SystemExit(
        f"unknown bot {spec!r}: use easy, rule, random, oracle or "
        f"{', '.join(SEARCH_BOTS)} with [:seconds][:noclose]"
    )


def _no_close_rule_bot():
    from engine.bots import RuleBot

    class NoCloseRuleBot(RuleBot):
        """``easy`` that never closes the talon."""

        @staticmethod
        def _close_is_safe(view):
            return False

    return NoCloseRuleBot()


_BOTS: dict = {}


def _own_deal(args, i):
    """Play deal ``i`` twice (seats swapped): (points a, points b, games won by a,
    times of a, times of b, closings by a, of them failed, closings of a and of b as
    (face-down cards at the close, opponent had a trick, failed, game points won or
    lost) tuples)."""
    from engine import GameState, RuleSet
    from engine.deck import shuffled_deck

    key = (args.bot_a, args.bot_b, args.seed)
    if key not in _BOTS:  # once per process
        _BOTS[key] = (
            make_own_bot(args.bot_a, seed=args.seed),
            make_own_bot(args.bot_b, seed=args.seed + 1),
        )
    a, b = _BOTS[key]
    rules = RuleSet.preset(args.rules)
    rng = random.Random(f"{args.seed}:{i}")  # only the random bot uses it
    deck = shuffled_deck(f"arena:{args.seed}:{i}")
    pts_a = pts_b = wins_a = 0
    times = ([], [])
    closes = ([], [])
    for seat_a in (0, 1):
        state = GameState.deal(rules, deck=deck, dealer=i % 2)
        bots = {seat_a: (a, 0), 1 - seat_a: (b, 1)}
        close = None
        while not state.is_over:
            bot, who = bots[state.to_move]
            t0 = time.perf_counter()
            if getattr(bot, "sees_all", False):
                action = bot.choose_state(state)
            else:
                action = bot.choose(state.view(state.to_move), rng)
            times[who].append(time.perf_counter() - t0)
            if action.kind == "close":
                p = state.to_move
                close = (who, p, state.talon_size, bool(state.won[1 - p]))
            state.push(action)
        r = state.result
        if close is not None:
            who, p, size, trick = close
            won = r.game_points if r.winner == p else -r.game_points
            closes[who].append((size, trick, r.winner != p, won))
        if r.winner == seat_a:
            pts_a += r.game_points
            wins_a += 1
        else:
            pts_b += r.game_points
    closed = len(closes[0])
    failed = sum(c[2] for c in closes[0])
    return pts_a, pts_b, wins_a, times[0], times[1], closed, failed, closes[0], closes[1]


def closing_report(name, closes):
    """How often a bot closed, how often it failed, by face-down cards at the close."""
    if not closes:
        print(f"  closings by {name}: 0")
        return
    failed = sum(c[2] for c in closes)
    net = sum(c[3] for c in closes)
    print(
        f"  closings by {name}: {len(closes)}, failed {failed} "
        f"({100 * failed / len(closes):.1f}%), game points in closed games {net:+d}"
    )
    by_size = {}
    for size, trick, fail, _ in closes:
        n, f, nt = by_size.get(size, (0, 0, 0))
        by_size[size] = (n + 1, f + fail, nt + (not trick))
    parts = [
        f"{size}: {n} ({f} failed, {nt} with no trick of the opponent)"
        for size, (n, f, nt) in sorted(by_size.items())
    ]
    print("    by face-down cards: " + "; ".join(parts))


def own_arena(args):
    import functools

    run_deals(args, functools.partial(_own_deal, args))
    # ``strong`` keeps a record of its opponent's errors where every card is in sight
    # (ai/opponent.py) from deal to deal, as over a match (in each process; one process
    # plays the deals in order)
    bots = _BOTS.get((args.bot_a, args.bot_b, args.seed))
    for spec, bot in zip((args.bot_a, args.bot_b), bots or (None, None), strict=True):
        r = getattr(bot, "opponent", None)
        if r is not None and args.jobs == 1:
            print(
                f"  {spec} judged its opponent's leads with every card in sight: {r.decisions}, "
                f"{r.errors} gave game points away (softness {bot.current_softness():.3f})"
            )


_PLAY = None


def _log_header(args) -> dict:
    return {k: getattr(args, k) for k in ("bot_a", "bot_b", "seed", "rules", "outside")}


def read_log(path) -> tuple[dict, dict]:
    """A ``--log`` file: (its header, results by deal index)."""
    import json

    header = None
    done = {}
    for line in Path(path).read_text().splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if "args" in row:
            header = row["args"]
        else:
            done[row["i"]] = row["r"]
    return header, done


def run_deals(args, play):
    """Play deals ``0..args.deals-1`` with ``play(i)`` (in ``args.jobs`` processes),
    print the report; ``--save``, ``--against`` and ``--log`` as documented above."""
    import json

    global _PLAY
    done = {}
    log = None
    if args.log:
        if Path(args.log).exists():
            header, done = read_log(args.log)
            if header != _log_header(args):
                raise SystemExit(f"{args.log} is the log of another run: {header}")
            done = {i: r for i, r in done.items() if i < args.deals}
        log = open(args.log, "a")  # noqa: SIM115 - closed below
        if not done and Path(args.log).stat().st_size == 0:
            log.write(json.dumps({"args": _log_header(args)}) + "\n")
            log.flush()
    todo = [i for i in range(args.deals) if i not in done]

    def keep(i, r):
        done[i] = r
        if log is not None:
            log.write(json.dumps({"i": i, "r": r}) + "\n")
            log.flush()

    if args.jobs > 1:
        import multiprocessing

        _PLAY = play  # forked workers inherit it (closures do not pickle)
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            for i, r in pool.imap_unordered(_play_indexed, todo, chunksize=1):
                keep(i, r)
    else:
        for i in todo:
            keep(i, play(i))
    if log is not None:
        log.close()
    summarize(args, [done[i] for i in sorted(done)], sorted(done))


def _play_indexed(i):
    return i, _PLAY(i)


def summarize(args, results, indices):
    """The report of ``results`` (one per deal, in ``indices`` order)."""
    import json

    deals = [tuple(r[:3]) for r in results]
    times = {args.bot_a: [t for r in results for t in r[3]]}
    if args.bot_b != args.bot_a:
        times[args.bot_b] = [t for r in results for t in r[4]]
    report(args.bot_a, args.bot_b, deals, times)
    nets = [d[0] - d[1] for d in deals]
    lo, hi = bootstrap_ci(nets, statistics.fmean)
    print(
        f"  net game points per deal for {args.bot_a}: {statistics.fmean(nets):+.3f} "
        f"(95% CI {lo:+.3f}..{hi:+.3f})"
    )
    if len(results[0]) > 7:
        closing_report(args.bot_a, [tuple(c) for r in results for c in r[7]])
        if args.bot_b != args.bot_a:
            closing_report(args.bot_b, [tuple(c) for r in results for c in r[8]])
    if args.save:
        Path(args.save).write_text(
            json.dumps({"args": vars(args), "deals": deals, "indices": indices})
        )
    if args.against:
        path = Path(args.against)
        if path.suffix == ".jsonl":
            header, rows = read_log(path)
            other = {"args": header, "deals": {i: r[:3] for i, r in rows.items()}}
        else:
            other = json.loads(path.read_text())
            idx = other.get("indices", range(len(other["deals"])))
            other["deals"] = dict(zip(idx, other["deals"], strict=True))
        if other["args"]["seed"] != args.seed:
            raise SystemExit(f"{args.against} holds other deals (the seed differs)")
        common = [
            (d, other["deals"][i])
            for i, d in zip(indices, deals, strict=True)
            if i in other["deals"]
        ]
        if not common:
            raise SystemExit(f"{args.against} has none of these deals")
        diffs = [(d[0] - d[1]) - (o[0] - o[1]) for d, o in common]
        lo, hi = bootstrap_ci(diffs, statistics.fmean)
        print(
            f"  paired against {other['args']['bot_a']} ({args.against}, {len(common)} deals): "
            f"{statistics.fmean(diffs):+.3f} game points per deal (95% CI {lo:+.3f}..{hi:+.3f})"
        )


# ---------------------------------------------------------------------- solver check
def solver_check(args):
    sys.path.insert(0, str(ROOT / "tests" / "engine" / "ai"))
    from helpers import minimax, random_position

    from engine.ai import solve

    rng = random.Random(args.seed)
    n = agree = 0
    times = []
    t_mm = 0.0
    while n < args.solver_check:
        state = random_position(rng)
        if state is None:
            continue
        t0 = time.perf_counter()
        v = solve(state)
        t1 = time.perf_counter()
        m = minimax(state)
        t_mm += time.perf_counter() - t1
        if state.closed_by < 0:
            times.append(t1 - t0)
        n += 1
        agree += v == m
        if v != m:
            print(f"DISAGREE: solver {v}, minimax {m}: {state!r}")
    print(f"solver vs plain minimax: {agree}/{n} random endgames agree")
    print(
        f"  solver on talon-exhausted positions: mean {1000 * statistics.fmean(times):.2f} ms, "
        f"max {1000 * max(times):.2f} ms ({len(times)} positions); "
        f"minimax mean {1000 * t_mm / n:.1f} ms"
    )
    if agree != n:
        raise SystemExit(1)


def calibrate(args):
    """Search nodes per second of ``strong`` and ISMCTS iterations per second (the
    constants that turn a time budget into a deterministic amount of work)."""
    from engine import GameState, RuleSet
    from engine.ai import make_bot

    for level, unit, count in (
        ("strong", "search nodes", lambda b: b.last_info.get("nodes", 0)),
        ("ismcts", "ISMCTS iterations", lambda b: b.last_info.get("iterations", 0)),
    ):
        work = 0
        spent = 0.0
        for g in range(args.deals):
            state = GameState.deal(RuleSet(), seed=f"calibrate:{g}")
            bot = make_bot(level, seed=1, time_budget=0.1)
            while not state.is_over:
                t0 = time.perf_counter()
                action = bot.choose(state.view(state.to_move))
                spent += time.perf_counter() - t0
                work += count(bot)
                state.push(action)
        where = "NODES_PER_SECOND in ai/pimc.py" if level == "strong" else "ai/ismcts.py"
        print(f"{work / spent:.0f} {unit} per second ({where})")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bot_a", nargs="?", default="strong:0.1")
    parser.add_argument("bot_b", nargs="?", default="easy")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="weich", help="weich, scharf or turnier")
    parser.add_argument("--jobs", type=int, default=1, help="processes (own engine only)")
    parser.add_argument("--save", metavar="FILE", help="write the points per deal (JSON)")
    parser.add_argument(
        "--against", metavar="FILE", help="paired difference to a --save file of the same deals"
    )
    parser.add_argument(
        "--log",
        metavar="FILE",
        help="append each deal's result to FILE (JSON lines) as it is played; a run with the "
        "same log goes on where it stopped",
    )
    parser.add_argument(
        "--report-log", metavar="FILE", help="print the report of a --log file (partial or not)"
    )
    parser.add_argument("--outside", action="store_true", help="play in the schnapsen package")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--solver-check", type=int, default=0, metavar="N")
    parser.add_argument("--calibrate", action="store_true")
    args = parser.parse_args(argv)
    if args.report_log:
        header, rows = read_log(args.report_log)
        for k, v in header.items():
            setattr(args, k, v)
        return summarize(args, [rows[i] for i in sorted(rows)], sorted(rows))
    if args.solver_check:
        return solver_check(args)
    if args.calibrate:
        return calibrate(args)
    if args.outside and not args.inside:
        from arena_outside import ensure_venv

        py = ensure_venv()
        cmd = [str(py), __file__, *(argv if argv is not None else sys.argv[1:]), "--inside"]
        return subprocess.run(cmd, env={**os.environ, "PYTHONHASHSEED": "0"}).returncode
    if args.inside:
        from arena_outside import outside_arena

        return outside_arena(args, make_own_bot, run_deals)
    return own_arena(args)


if __name__ == "__main__":
    sys.exit(main() or 0)
