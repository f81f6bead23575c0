"""The arena against the outside ``schnapsen`` package (PyPI 0.0.5, a university
course's platform), in its own engine and rules (``bench/arena.py --outside``): the
package's virtual environment and the adapter that lets our bot play there.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / "bench" / "out" / "venv-arena"


def ensure_venv():
    import fcntl

    py = VENV / "bin" / "python"
    ready = VENV / "arena-ready"  # written once both installs succeeded
    if ready.exists():
        return py
    VENV.parent.mkdir(parents=True, exist_ok=True)
    # two runs started together (seed 1 and seed 2) create it once: the second waits
    with open(VENV.parent / "venv-arena.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if ready.exists():
            return py
        print(f"creating {VENV} (schnapsen 0.0.5 and this project)", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        pip = [str(VENV / "bin" / "pip"), "install", "-q"]
        subprocess.run([*pip, "schnapsen==0.0.5"], check=True)
        subprocess.run([*pip, "--no-deps", "-e", str(ROOT)], check=True)
        ready.write_text("schnapsen==0.0.5 and this project (editable)\n")
    return py


def outside_rules():
    """Their rules in our terms: declaring is automatic, a marriage leads the king, no
    closing (the bot is told), exchange allowed while the talon has cards, and the last
    trick without 66 wins one game point (their ``declare_winner``)."""
    from engine import RuleSet

    return RuleSet(
        name="pypi-schnapsen",
        auto_declare=True,
        marriage_lead_king_only=True,
        last_trick="one",
    )


def outside_arena(args, make_own_bot, run_deals):
    """Our bot against the package's bots inside the package's engine; ``make_own_bot``
    and ``run_deals`` are the arena's (``bench/arena.py``)."""
    import schnapsen.game as sg
    from schnapsen.bots import BullyBot, RandBot, RdeepBot

    from engine import Card as OurCard
    from engine.actions import EXCHANGE, MARRIAGE, PLAY
    from engine.cards import CARD_POINTS
    from engine.outcome import Marriage as OurMarriage
    from engine.outcome import PastTrick
    from engine.outcome import Trick as OurTrick
    from engine.sampling import sample_hidden
    from engine.view import PlayerView

    rules = outside_rules()
    ranks = {"ACE": "A", "TEN": "T", "KING": "K", "QUEEN": "Q", "JACK": "J"}
    suits = {"HEARTS": "H", "DIAMONDS": "D", "SPADES": "S", "CLUBS": "C"}

    def ours(card) -> int:
        return int(OurCard.parse(ranks[card.rank.name] + suits[card.suit.name]))

    theirs = {}
    for c in sg.Card:
        if c.rank.name in ranks:
            theirs[ours(c)] = c

    def mask(cards) -> int:
        m = 0
        for c in cards:
            m |= 1 << ours(c)
        return m

    def history(perspective):
        """The marriages announced, the last finished trick and every finished trick
        with its talon and face-up trump card, as our view has them (player 0 is us),
        from the package's game history: what a player has seen, and what the
        inference (ai/inference.py) reads."""
        marriages = []
        last = None
        tricks = []
        past = perspective.get_game_history()
        for (then, trick), (after, _) in zip(past, past[1:], strict=False):
            if trick is None or trick.is_trump_exchange():
                continue
            leader = 0 if then.am_i_leader() else 1
            move = trick.leader_move
            if move.is_marriage():
                lead = ours(move.as_marriage().king_card)
                marriages.append(OurMarriage(leader, lead // 5))
            else:
                lead = ours(move.as_regular_move().card)
            follow = ours(trick.follower_move.card)
            winner = 0 if after.am_i_leader() else 1
            last = OurTrick(leader, OurCard(lead), OurCard(follow), winner)
            tc = then.get_trump_card()
            talon = max(0, then.get_talon_size() - 1)
            tricks.append(
                PastTrick(leader, lead, follow, winner, talon, -1 if tc is None else ours(tc), -1)
            )
        return tuple(marriages), last, tuple(tricks)

    def view_of(perspective, leader_move) -> PlayerView:
        hand = mask(perspective.get_hand())
        won = (mask(perspective.get_won_cards()), mask(perspective.get_opponent_won_cards()))
        pts = tuple(sum(CARD_POINTS[c] for c in range(20) if w >> c & 1) for w in won)
        my, opp = perspective.get_my_score(), perspective.get_opponent_score()
        mar = [
            my.direct_points + my.pending_points - pts[0],
            opp.direct_points + opp.pending_points - pts[1],
        ]
        known = mask(perspective.get_known_cards_of_opponent_hand())
        trump = ours(sg.Card.get_card(sg.Rank.ACE, perspective.get_trump_suit())) // 5
        tc = perspective.get_trump_card()
        talon_len = perspective.get_talon_size()
        lead = -1
        if leader_move is not None:
            if leader_move.is_marriage():
                m = leader_move.as_marriage()
                lead = ours(m.king_card)
                known |= 1 << ours(m.queen_card)
                mar[1] += 40 if lead // 5 == trump else 20
            else:
                lead = ours(leader_move.as_regular_move().card)
            known &= ~(1 << lead)
        played = won[0] | won[1] | ((1 << lead) if lead >= 0 else 0)
        opp_size = 20 - hand.bit_count() - played.bit_count() - talon_len
        tricks = (won[0].bit_count() + won[1].bit_count()) // 2
        marriages, last_trick, past = history(perspective)
        if leader_move is not None and leader_move.is_marriage():
            marriages += (OurMarriage(1, lead // 5),)
        fields = dict(
            player=0,
            rules=rules,
            dealer=1,
            hand_mask=hand,
            opponent_hand_size=opp_size,
            opponent_known_mask=known,
            opponent_excluded_mask=0,
            own_known_mask=0,
            own_excluded_mask=0,
            won_masks=won,
            card_points_=pts,
            marriage_points=tuple(mar),
            talon_size=max(0, talon_len - 1),
            trump=trump,
            trump_card_index=-1 if tc is None else ours(tc),
            closed_by=-1,
            close_opp_pts=0,
            close_opp_trick=False,
            to_move=0,
            lead_index=lead,
            leader=1 if lead >= 0 else 0,
            first_lead_done=tricks > 0 or lead >= 0,
            marriages=marriages,
            last_trick=last_trick,
            tricks=tricks,
            result=None,
            legal=(),
            past=past,
        )
        view = PlayerView(**fields)
        state = sample_hidden(view, random.Random(0))
        if lead >= 0:  # the engine's follow position: the led card is on the table
            state.lead, state.leader, state.to_move = lead, 1, 0
        fields["legal"] = tuple(state.legal_actions())
        return PlayerView(**fields)

    # What our bot has seen of its opponent (``strong``'s record of his errors where
    # every card is in sight, ai/opponent.py) is kept from deal to deal, as over a
    # match: the bot is made anew for every deal, its record carried over (one
    # process plays the deals in order, so a run stays deterministic).
    records = {}

    class OurBot(sg.Bot):
        def __init__(self, spec, seed):
            super().__init__(spec)
            self.spec = spec
            self.bot = make_own_bot(spec, seed, allow_close=False)
            if hasattr(self.bot, "declare_on_announce") and "declare_on_announce=" not in spec:
                # their marriage points wait for a trick won (Search.declare_on_announce;
                # the spec may say otherwise: declare_on_announce=1, the bot before)
                self.bot.declare_on_announce = False
            if spec in records:
                self.bot.opponent = records[spec][0]
            self.rng = random.Random(seed)
            self.times = []

        def keep_record(self):
            if hasattr(self.bot, "opponent"):
                records[self.spec] = (self.bot.opponent, self.bot.current_softness())

        def get_move(self, perspective, leader_move):
            t0 = time.perf_counter()
            view = view_of(perspective, leader_move)
            action = self.bot.choose(view, self.rng)
            if action.kind == EXCHANGE:
                move = sg.TrumpExchange(theirs[rules_jack(view)])
            elif action.kind == MARRIAGE:
                k = action.card
                move = sg.Marriage(theirs[k + 1], theirs[k])
            elif action.kind == PLAY:
                move = sg.RegularMove(theirs[action.card])
            else:
                raise AssertionError(f"{action} has no move in the outside engine")
            self.times.append(time.perf_counter() - t0)
            return move

    def rules_jack(view):
        return view.trump * 5 + 4

    class Timed(sg.Bot):
        def __init__(self, bot, name):
            super().__init__(name)
            self.bot = bot
            self.times = []

        def get_move(self, perspective, leader_move):
            t0 = time.perf_counter()
            move = self.bot.get_move(perspective, leader_move)
            self.times.append(time.perf_counter() - t0)
            return move

    def opponent(spec, seed):
        name, *rest = spec.split(":")
        r = random.Random(seed)
        if name == "rdeep":
            samples, depth = (int(rest[0]), int(rest[1])) if rest else (16, 4)
            return Timed(RdeepBot(samples, depth, r), spec)
        if name == "bully":
            return Timed(BullyBot(r), spec)
        if name == "rand":
            return Timed(RandBot(r), spec)
        raise SystemExit(f"unknown outside bot {spec!r}: use rdeep[:S:D], bully, rand")

    def bot(spec, seed):
        if spec.split(":")[0] in ("rdeep", "bully", "rand"):
            return opponent(spec, seed)
        return OurBot(spec, seed)

    engine = sg.SchnapsenGamePlayEngine()

    def play(i):
        # Fresh bots per deal, seeded by the deal: the same games however deals are split.
        a = bot(args.bot_a, f"{args.seed}:{i}:a")
        b = bot(args.bot_b, f"{args.seed}:{i}:b")
        pts_a = pts_b = wins_a = 0
        for first in (a, b):
            second = b if first is a else a
            winner, points, _ = engine.play_game(first, second, random.Random(f"{args.seed}:{i}"))
            if winner is a:
                pts_a += points
                wins_a += 1
            else:
                pts_b += points
        for x in (a, b):
            if isinstance(x, OurBot):
                x.keep_record()
        return pts_a, pts_b, wins_a, a.times, b.times

    run_deals(args, play)
    for spec, (r, softness) in records.items():
        print(
            f"  {spec} judged its opponent's leads with every card in sight: {r.decisions}, "
            f"{r.errors} gave game points away (softness {softness:.3f})"
        )
