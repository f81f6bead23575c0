"""How often players leave a chance out: the tendencies the ``strong`` bot's inference
assumes (``engine.ai.inference.Tendencies``), measured in play.

Plays games between two bots, every deal twice with the seats swapped, and counts at
each decision of each bot:

- ``missed_exchange``: leads (with no marriage announced first) without exchanging the
  trump jack although the exchange was legal;
- ``missed_marriage``: leads a card without announcing although a marriage was legal;
- ``let_go``: with the talon open, lets an ace or a ten that was led go although a card
  of his could take it (a higher card of the suit, or a trump on a side suit).

::

    .venv/bin/python bench/tendencies.py strong strong_v1 --games 700
    .venv/bin/python bench/tendencies.py rdeep rdeep --outside --games 300

``--outside`` plays the outside ``schnapsen`` package's own bots in its engine (its
virtual environment as ``bench/arena.py --outside`` makes it). No test asserts the
figures; README "How strong is the computer" gives those the defaults were set from.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def report(counts: Counter, names) -> None:
    def rate(who, miss, chances):
        n = sum(counts[w, chances] for w in who)
        k = sum(counts[w, miss] for w in who)
        return f"{k / n:.3f} ({k} of {n})" if n else "-"

    for label, who in [(n, [n]) for n in dict.fromkeys(names)] + [("both", list(names))]:
        print(
            f"{label}: missed_exchange {rate(who, 'kept', 'exchange')}, "
            f"missed_marriage {rate(who, 'silent', 'marriage')}, "
            f"let_go {rate(who, 'let_go', 'could_take')}"
        )


def own(args) -> None:
    from engine import GameState, RuleSet
    from engine.actions import DECLARE, EXCHANGE, MARRIAGE, PLAY
    from engine.ai import make_bot
    from engine.bots import RuleBot
    from engine.cards import CARD_POINTS, SUIT_MASKS
    from engine.game import STRONGER

    def bot(name, seed):
        if name in ("easy", "rule"):
            return RuleBot()
        return make_bot(name, seed=seed, time_budget=args.budget)

    counts = Counter()
    names = (args.bot_a, args.bot_b)
    for g in range(args.games):
        for swap in (False, True):
            seats = names[::-1] if swap else names
            bots = [bot(seats[0], 2 * g), bot(seats[1], 2 * g + 1)]
            st = GameState.deal(RuleSet.preset(args.rules), seed=f"tend:{g}", dealer=g % 2)
            rng = random.Random(g)
            while not st.is_over:
                p = st.to_move
                who = seats[p]
                acts = st.legal_actions()
                a = bots[p].choose(st.view(p), rng)
                if st.lead < 0 and a.kind != DECLARE:
                    if any(x.kind == EXCHANGE for x in acts):
                        counts[who, "exchange"] += 1
                        counts[who, "kept"] += a.kind != EXCHANGE
                    if any(x.kind == MARRIAGE for x in acts) and a.kind in (PLAY, MARRIAGE):
                        counts[who, "marriage"] += 1
                        counts[who, "silent"] += a.kind == PLAY
                elif st.lead >= 0 and not st.strict and CARD_POINTS[st.lead] >= 10:
                    lead, hand = st.lead, st.hand[p]
                    winners = hand & STRONGER[lead]
                    if lead // 5 != st.trump:
                        winners |= hand & SUIT_MASKS[st.trump]
                    if winners:
                        counts[who, "could_take"] += 1
                        counts[who, "let_go"] += not winners >> a.card & 1
                st.push(a)
    report(counts, names)


def outside(args) -> None:
    import schnapsen.game as sg
    from schnapsen.bots import RdeepBot

    order = ["ACE", "TEN", "KING", "QUEEN", "JACK"]
    counts = Counter()

    def beats(card, lead, trump):
        if card.suit == lead.suit:
            return order.index(card.rank.name) < order.index(lead.rank.name)
        return card.suit == trump and lead.suit != trump

    class Spy(sg.Bot):
        def __init__(self, name, bot):
            super().__init__(name)
            self.label = name
            self.bot = bot

        def get_move(self, p, leader_move):
            moves = p.valid_moves()
            m = self.bot.get_move(p, leader_move)
            if leader_move is None:
                if any(x.is_trump_exchange() for x in moves):
                    counts[self.label, "exchange"] += 1
                    counts[self.label, "kept"] += not m.is_trump_exchange()
                if not m.is_trump_exchange() and any(x.is_marriage() for x in moves):
                    counts[self.label, "marriage"] += 1
                    counts[self.label, "silent"] += not m.is_marriage()
            elif p.get_phase() == sg.GamePhase.ONE:
                if leader_move.is_marriage():
                    lead = leader_move.as_marriage().king_card
                else:
                    lead = leader_move.as_regular_move().card
                if lead.rank.name in ("ACE", "TEN"):
                    trump = p.get_trump_suit()
                    if any(beats(c, lead, trump) for c in p.get_hand().get_cards()):
                        counts[self.label, "could_take"] += 1
                        card = m.as_regular_move().card
                        counts[self.label, "let_go"] += not beats(card, lead, trump)
            return m

    def make(name, seed):
        if name.split(":")[0] != "rdeep":
            raise SystemExit("--outside measures the package's rdeep[:S:D] only")
        rest = name.split(":")[1:]
        samples, depth = (int(rest[0]), int(rest[1])) if rest else (16, 4)
        return RdeepBot(samples, depth, random.Random(seed))

    engine = sg.SchnapsenGamePlayEngine()
    names = (args.bot_a + " (first)", args.bot_b + " (second)")
    for g in range(args.games):
        a = Spy(names[0], make(args.bot_a, f"a{g}"))
        b = Spy(names[1], make(args.bot_b, f"b{g}"))
        for first, second in ((a, b), (b, a)):
            engine.play_game(first, second, random.Random(f"tend:{g}"))
    report(counts, names)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bot_a", nargs="?", default="strong")
    parser.add_argument("bot_b", nargs="?", default="strong_v1")
    parser.add_argument("--games", type=int, default=200, help="deals (two games each)")
    parser.add_argument("--budget", type=float, default=0.05, help="seconds a move")
    parser.add_argument("--rules", default="weich")
    parser.add_argument("--outside", action="store_true")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.outside and not args.inside:
        from arena_outside import ensure_venv

        cmd = [str(ensure_venv()), __file__, *(argv or sys.argv[1:]), "--inside"]
        return subprocess.run(cmd).returncode
    return outside(args) if args.inside else own(args)


if __name__ == "__main__":
    sys.exit(main() or 0)
