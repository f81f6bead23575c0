"""Shared helpers: random endgames and a plain minimax over the engine's own GameState."""

from __future__ import annotations

import random

from engine import GameState, RuleSet
from engine.actions import DECLARE
from engine.bots import RandomBot

# The outside arena's rules as bench/arena_outside.py's outside_rules() gives them
# (automatic declaring, the king led with a marriage, the last trick one game point;
# no closing: the bots are told).
OUTSIDE_RULES = RuleSet(
    name="pypi-schnapsen", auto_declare=True, marriage_lead_king_only=True, last_trick="one"
)


def is_right(state: GameState, action) -> bool:
    if action.kind != DECLARE:
        return True
    p = state.to_move
    if not state.won[p]:
        return False
    extra = 0 if action.card is None else (40 if action.card // 5 == state.trump else 20)
    return state.score(p) + extra >= 66


def minimax(state: GameState) -> int:
    """Signed game points for player 0 with best play on both sides, right declarations
    only: the engine's legal_actions() and push(), no pruning, no table."""
    if state.result is not None:
        r = state.result
        return r.game_points if r.winner == 0 else -r.game_points
    values = []
    for a in state.legal_actions():
        if is_right(state, a):
            s = state.copy()
            s.push(a, check=False)
            values.append(minimax(s))
    return max(values) if state.to_move == 0 else min(values)


def random_rules(rng: random.Random) -> RuleSet:
    rules = RuleSet.preset(rng.choice(RuleSet.PRESETS))
    if rng.random() < 0.3:
        rules = rules.replace(auto_declare=True)
    if rng.random() < 0.3:
        rules = rules.replace(successful_close="two_or_three")
    if rng.random() < 0.3:
        rules = rules.replace(failed_close="closer_value_at_least_two")
    return rules


def random_position(rng: random.Random, *, until_pos: int = 9, strict: bool = True):
    """A random game played by random moves until the talon is exhausted or closed
    (``strict``) or until ``until_pos`` talon cards are drawn; None if it ended first."""
    rules = random_rules(rng)
    state = GameState.deal(rules, seed=rng.random(), dealer=rng.randint(0, 1))
    bot = RandomBot()
    while not state.is_over and not state.strict and state.pos < until_pos:
        state.push(bot.choose(state.view(state.to_move), rng))
    if state.is_over or (strict and not state.strict):
        return None
    if rng.random() < 0.5:  # half of them with a card on the table
        state.push(bot.choose(state.view(state.to_move), rng))
        if state.is_over:
            return None
    return state


def random_lead_positions(n, seed, tag="staged"):
    """Positions a few random moves into ``n`` deals (games not over; some at a follow)."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        state = GameState.deal("weich", seed=f"{tag}:{seed}:{i}")
        for _ in range(rng.randrange(0, 9)):
            if state.is_over or state.lead >= 0 and rng.random() < 0.3:
                break
            state.push(rng.choice(state.legal_actions()))
        if not state.is_over:
            out.append(state)
    return out
