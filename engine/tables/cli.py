"""The ``replay`` and ``selfplay`` commands for Bauernschnapsen and Talonschnapsen
(called by ``python -m engine``; see its docstring)."""

from __future__ import annotations

import json
import random
import sys
import time
from collections import Counter

from ..record import RecordError
from .bots import make_multi_bot, play_multi_game
from .record import (
    MultiGameRecord,
    MultiMatchRecord,
    MultiReplayError,
    _loads,
    load_multi_record,
    state_class,
)


def _print(data) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def replay_multi(text: str) -> int:
    try:
        record = load_multi_record(_loads(text))
        if isinstance(record, MultiMatchRecord):
            finals, match = record.replay()
            out = {"game": record.game, "games": [s.to_dict() for s in finals]}
            if match is not None:
                out["match"] = match.to_dict()
            _print(out)
        else:
            _print(record.replay()[-1].to_dict())
    except MultiReplayError as exc:
        out = {
            "error": str(exc),
            "illegal_action": exc.action,
            "action_index": exc.index,
            "rule": str(exc.reason),
            "code": exc.code,
            "params": exc.params,
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


def _rules_arg(cls, text):
    if text is None:
        return cls.RULES.preset()
    text = text.strip()
    if text.startswith("{"):
        return cls.RULES.from_dict(json.loads(text))
    return cls.RULES.from_dict(text)


def selfplay_multi(args) -> int:
    cls = state_class(args.game)
    n = cls.N
    try:
        names = [x.strip() for x in (args.bots or ",".join(["random"] * n)).split(",")]
        if len(names) != n:
            raise ValueError(f"--bots needs {n} bot names for {args.game}, one per seat")
        bots = [
            make_multi_bot(x, seed=args.seed * 10 + q, time_budget=args.budget)
            for q, x in enumerate(names)
        ]
        rules = _rules_arg(cls, args.rules)
    except (ValueError, json.JSONDecodeError) as exc:
        print(json.dumps({"error": str(exc)}), file=sys.stderr)
        return 2
    if args.games < 1:
        print(json.dumps({"error": "--games must be at least 1"}), file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    by_seat = [0] * n
    written = [0] * cls.SCORERS
    contracts: Counter[str] = Counter()
    made: Counter[str] = Counter()
    doubles: Counter[int] = Counter()
    records = []
    results = []
    moves: dict[str, list[float]] = {}
    for i in range(args.games):
        dealer = i % n
        seed = f"{args.seed}/{i}"
        state = cls.deal(rules, seed=seed, dealer=dealer)
        start = state.copy()
        actions = []
        while state.result is None:
            p = state.to_move
            t = time.perf_counter()
            a = bots[p].choose(state.view(p), rng)
            moves.setdefault(names[p], []).append(time.perf_counter() - t)
            state.push(a)
            actions.append(a)
        records.append(MultiGameRecord.of(start, actions, seed))
        r = state.result
        key = "redeal" if r.is_redeal else r.contract
        contracts[key] += 1
        if r.declarer_won:
            made[key] += 1
        doubles[r.doubles] += 1
        for k, w in enumerate(r.written):
            written[k] += w
        for q in range(n):
            by_seat[q] += r.written[q % 2] if n == 4 else r.written[q]
        results.append({"game": i + 1, "dealer": dealer, **r.to_dict()})
    out = {
        "game": args.game,
        "bots": names,
        "rules": rules.name,
        "seed": args.seed,
        "games": args.games,
        "points_by_seat": by_seat,
        "written": written,
        "contracts": dict(sorted(contracts.items())),
        "made": dict(sorted(made.items())),
        "doubles": {str(k): v for k, v in sorted(doubles.items())},
        "seconds_per_move": {
            k: {"mean": round(sum(v) / len(v), 4), "max": round(max(v), 4)}
            for k, v in moves.items()
        },
    }
    if args.verbose:
        out["results"] = results
    if args.out:
        rec = MultiMatchRecord(args.game, rules, 0, tuple(records), None, independent=True)
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(rec.to_json())
    _print(out)
    return 0


__all__ = ["replay_multi", "selfplay_multi", "play_multi_game"]
