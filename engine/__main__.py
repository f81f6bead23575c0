"""Command line: ``python -m engine replay RECORD.json`` and ``... selfplay``.

``replay RECORD.json`` (or ``-`` for stdin) prints, as JSON, the state at the end of a game
record (hands, talon, trump, scores, whose turn, legal actions, the result if over), or for
a match record every game's end and the match score. The game (two-player Schnapsen,
Bauernschnapsen, Talonschnapsen) is told by the record's ``format``. An illegal action is
named with the rule it breaks (for the three- and four-player games also as a code with
parameters) and the exit status is 1; an unreadable record exits with 2.

``selfplay [--game schnapsen|bauernschnapsen|talonschnapsen] --bots B,B,... --games N
--seed S [--rules PRESET|JSON] [--out FILE]`` plays bots against each other (one bot name per
seat; the dealer moves on every game) and prints a summary as JSON; ``--out`` writes all
games as a record file that ``replay`` reads.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter

from .bots import make_bot, play_game
from .game import GameState
from .record import GAMES_FORMAT, GameRecord, MatchRecord, RecordError, ReplayError, load_record
from .rules import RuleSet
from .tables.record import game_of_format


def _print(data) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def cmd_replay(args) -> int:
    try:
        if args.record == "-":
            text = sys.stdin.read()
        else:
            with open(args.record, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        print(json.dumps({"error": f"cannot read {args.record}: {exc.strerror}"}), file=sys.stderr)
        return 2
    try:
        if _multi_format(text):
            return _replay_multi(text)
        record = load_record(text)
        if isinstance(record, MatchRecord):
            finals, match = record.replay()
            _print(
                {
                    "games": [s.to_dict() for s in finals],
                    "match": match.to_dict(),
                }
            )
        elif isinstance(record, list):
            _print({"games": [g.replay(game=i)[-1].to_dict() for i, g in enumerate(record)]})
        else:
            _print(record.replay()[-1].to_dict())
    except ReplayError as exc:
        out = {
            "error": str(exc),
            "illegal_action": exc.action,
            "action_index": exc.index,
            "rule": exc.reason,
            "state_before": exc.state.to_dict() if exc.state is not None else None,
        }
        if exc.game is not None:
            out["game_index"] = exc.game
        _print(out)
        return 1
    except RecordError as exc:
        print(json.dumps({"error": str(exc)}, ensure_ascii=False), file=sys.stderr)
        return 2
    return 0


def cmd_selfplay(args) -> int:
    if args.game != "schnapsen":
        # imported here for start-up: the multi-player CLI loads the computer players
        # (engine.ai: tens of milliseconds) that two-player schnapsen runs do not need
        from .tables.cli import selfplay_multi

        return selfplay_multi(args)
    args.bots = args.bots or "random,random"
    args.rules = args.rules or "weich"
    try:
        names = [n.strip() for n in args.bots.split(",")]
        if len(names) != 2:
            raise ValueError("--bots needs two bot names separated by a comma, e.g. random,rule")
        bots = [make_bot(n) for n in names]
        text = args.rules.strip()
        rules = RuleSet.from_dict(json.loads(text) if text.startswith("{") else text)
    except ValueError as exc:  # json.JSONDecodeError is one too
        print(json.dumps({"error": str(exc)}), file=sys.stderr)
        return 2
    if args.games < 1:
        print(json.dumps({"error": "--games must be at least 1"}), file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    wins = [0, 0]
    points = [0, 0]
    reasons: Counter[str] = Counter()
    records = []
    games = []
    for i in range(args.games):
        dealer = i % 2
        deal_seed = f"{args.seed}/{i}"
        state = GameState.deal(rules, seed=deal_seed, dealer=dealer)
        record = GameRecord(rules, state.deck, dealer, (), deal_seed)
        actions = play_game(state, bots, rng)
        record = GameRecord(rules, state.deck, dealer, tuple(actions), deal_seed)
        records.append(record)
        r = state.result
        wins[r.winner] += 1
        points[r.winner] += r.game_points
        reasons[r.reason] += 1
        games.append(
            {
                "game": i + 1,
                "dealer": dealer,
                "winner": r.winner,
                "game_points": r.game_points,
                "reason": r.reason,
                "scores": list(r.scores),
            }
        )
    out = {
        "bots": names,
        "rules": rules.name,
        "seed": args.seed,
        "games": args.games,
        "wins": wins,
        "game_points": points,
        "reasons": dict(sorted(reasons.items())),
    }
    if args.verbose:
        out["results"] = games
    if args.out:
        match = MatchRecord(rules, 0, tuple(records), rules.bummerl_to_win_match)
        data = match.to_dict()
        data["format"] = GAMES_FORMAT  # independent games, not one match
        with open(args.out, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False)
    _print(out)
    return 0


def _multi_format(text: str) -> bool:
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return False
    return isinstance(data, dict) and game_of_format(data.get("format")) is not None


def _replay_multi(text: str) -> int:
    from .tables.cli import replay_multi  # here for start-up, as in cmd_selfplay

    return replay_multi(text)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine", description=__doc__.split("\n")[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game or match record and print the end state")
    rp.add_argument("record", help="a JSON record file, or - for stdin")
    rp.set_defaults(func=cmd_replay)
    sp = sub.add_parser("selfplay", help="play bots against each other")
    sp.add_argument(
        "--game",
        default="schnapsen",
        choices=("schnapsen", "bauernschnapsen", "talonschnapsen"),
        help="the game (default: two-player schnapsen)",
    )
    sp.add_argument(
        "--bots",
        default=None,
        help="one bot per seat: schnapsen random, rule; the others random, rule, medium, "
        "strong (default: random for every seat)",
    )
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument(
        "--rules",
        default=None,
        help="schnapsen: weich, scharf or turnier; the others: ueblich, alles, ohne_bettler, "
        "keine; or a JSON object of rule options (any game)",
    )
    sp.add_argument("--budget", type=float, default=None, help="strong/medium: seconds a move")
    sp.add_argument("--out", help="write the games as a record file")
    sp.add_argument("--verbose", action="store_true", help="list every game's result")
    sp.set_defaults(func=cmd_selfplay)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
