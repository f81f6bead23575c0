"""Information-set Monte Carlo tree search (ISMCTS): an opponent of another kind.

Single-observer ISMCTS after Cowling, Powley and Whitehouse, "Information Set Monte
Carlo Tree Search" (IEEE TCIAIG 2012): one tree over the bot's information sets; every
iteration deals the hidden cards anew (``sample_hidden``, a *determinization*), walks
down the tree choosing among the actions legal in that deal by UCB1 with availability
counts (an action is judged against the iterations in which it was available), adds one
node, plays the game out at random (:func:`engine.playout.random_playout`) and
backs the game points up, each node scored for the player who moved into it. The action
played is the root's most visited. Unlike PIMC it never solves a deal as if it saw the
cards: decisions are averaged over deals inside the tree, so it has no strategy fusion,
but its values are those of random continuations (it is weak where exact counting
matters). It is here as a different kind of opponent for the arena
(``bench/arena.py ismcts``), not as a browser level.

Deterministic: the iterations come from the time budget (``ITERATIONS_PER_SECOND``,
measured on the development machine), the random numbers from the seed and the view.
"""

from __future__ import annotations

import math
import random

from ..actions import DECLARE, Action
from ..playout import random_playout
from ..sampling import sample_hidden
from ..view import PlayerView
from .pimc import _view_key, is_right_declaration

ITERATIONS_PER_SECOND = 10_000  # 0.0495 iterations per solver node of time (measured in one run), x NODES_PER_SECOND
EXPLORATION = 0.7  # UCB1 constant, rewards in game points / 3 (-1..1)


class _Node:
    __slots__ = ("children", "visits", "total", "avail")

    def __init__(self):
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.total = 0.0  # reward for the player who moved into this node
        self.avail = 0


def _actions(state) -> list[Action]:
    """The actions searched: a right declaration when there is one (it ends the game
    at its best value), else every legal action but declarations."""
    p = state.to_move
    legal = state.legal_actions()
    if state.won[p]:
        score = state.score(p)
        for a in legal:
            if a.kind == DECLARE:
                extra = 0 if a.card is None else (40 if a.card // 5 == state.trump else 20)
                if score + extra >= 66:
                    return [a]
    return [a for a in legal if a.kind != DECLARE]


class IsmctsBot:
    """SO-ISMCTS with ``iterations`` per move (default from ``time_budget``)."""

    def __init__(
        self,
        *,
        seed: int = 0,
        time_budget: float | None = 0.5,
        iterations: int | None = None,
        exploration: float = EXPLORATION,
        allow_close: bool = True,
        name: str = "ismcts",
    ):
        self.seed = seed
        self.time_budget = time_budget
        self.iterations = iterations or max(20, int((time_budget or 0.5) * ITERATIONS_PER_SECOND))
        self.exploration = exploration
        self.allow_close = allow_close
        self.name = name
        self.last_info: dict = {}

    def choose(self, view: PlayerView, rng: random.Random | None = None) -> Action:
        right = [a for a in view.legal if is_right_declaration(view, a)]
        if right:
            return right[0]
        acts = [
            a for a in view.legal if a.kind != DECLARE and (self.allow_close or a.kind != "close")
        ]
        if len(acts) == 1:
            self.last_info = {"iterations": 0}
            return acts[0]
        r = random.Random(f"ismcts:{self.seed}:{_view_key(view)}")
        root = _Node()
        me = view.player
        c = self.exploration
        for _ in range(self.iterations):
            state = sample_hidden(view, r)
            node = root
            path = [(node, me)]
            while state.result is None:
                legal = _actions(state)
                if not self.allow_close:
                    legal = [a for a in legal if a.kind != "close"] or legal
                fresh = [a for a in legal if a not in node.children]
                for a in legal:
                    if a in node.children:
                        node.children[a].avail += 1
                mover = state.to_move
                if fresh:
                    a = fresh[int(r.random() * len(fresh))]
                    child = node.children[a] = _Node()
                    child.avail = 1
                    state.push(a, check=False)
                    path.append((child, mover))
                    break
                best = None
                best_u = -1e9
                for a in legal:
                    ch = node.children[a]
                    u = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if u > best_u:
                        best, best_u = a, u
                node = node.children[best]
                state.push(best, check=False)
                path.append((node, mover))
            result = state.result if state.result is not None else random_playout(state, r)
            for n, mover in path:
                n.visits += 1
                pts = result.game_points / 3.0
                n.total += pts if result.winner == mover else -pts
        counts = {a: root.children[a].visits for a in acts if a in root.children}
        self.last_info = {"iterations": self.iterations, "visits": counts}
        best = max(acts, key=lambda a: (counts.get(a, -1), -acts.index(a)))
        return best
