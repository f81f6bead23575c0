"""Command line: ``python -m games.engine replay RECORD.json`` and ``... selfplay``.

``replay RECORD.json`` (or ``-`` for stdin) prints, as JSON, the state at the end of a game
record (hands, talon, trump, scores, whose turn, legal actions, the result if over), or for
a match record every game's end and the match score. An illegal action is named with the
rule it breaks and the exit status is 1; an unreadable record exits with 2.

``selfplay --bots random,rule --games N --seed S [--rules weich] [--out FILE]`` plays bots
against each other (the dealer alternates) and prints the results as JSON; ``--out``
writes all games as a match-style record that ``replay`` reads.
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
    try:
        names = [n.strip() for n in args.bots.split(",")]
        if len(names) != 2:
            raise ValueError("--bots needs two bot names separated by a comma, e.g. random,rule")
        bots = [make_bot(n) for n in names]
        rules = RuleSet.from_dict(args.rules)
    except ValueError as exc:
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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m games.engine", description=__doc__.split("\n")[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game or match record and print the end state")
    rp.add_argument("record", help="a JSON record file, or - for stdin")
    rp.set_defaults(func=cmd_replay)
    sp = sub.add_parser("selfplay", help="play bots against each other")
    sp.add_argument("--bots", default="random,random", help="two of: random, rule")
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--rules", default="weich", help="weich, scharf or turnier")
    sp.add_argument("--out", help="write the games as a record file")
    sp.add_argument("--verbose", action="store_true", help="list every game's result")
    sp.set_defaults(func=cmd_selfplay)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
