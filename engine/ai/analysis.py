"""Game analysis for the replay view: at every decision of either player, the value of
the move made and of the best move, in game points for the player who moved.

Where nothing is hidden from the player (the talon is exhausted) the values are exact
(the open-card solver). Before that they are what PIMC (:class:`.pimc.PimcBot`, the
search of ``strong_v1`` and ``medium``) estimates from that player's view, with a fixed
seed, so an analysis is replayable: a mistake is judged
with the information the player had, not with the cards he could not see.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..actions import REVOKE, Action
from ..game import GameState
from .pimc import PimcBot, action_values, candidate_actions
from .search import Search

MISTAKE = 0.5  # a loss of at least half a game point is marked as a mistake


@dataclass(frozen=True)
class MoveAnalysis:
    index: int  # position of the action in the game's action list
    player: int
    action: Action  # the move made
    value: float  # its value (game points for ``player``; negative: he loses them)
    best_action: Action
    best_value: float
    exact: bool  # True: solved exactly; False: estimated from the player's view
    values: dict = field(default_factory=dict)  # str(action) -> value, every option

    @property
    def loss(self) -> float:
        return max(0.0, self.best_value - self.value)

    @property
    def is_mistake(self) -> bool:
        return self.loss >= MISTAKE

    def to_dict(self) -> dict:
        return {
            "index": self.index,
            "player": self.player,
            "action": str(self.action),
            "value": round(self.value, 3),
            "best_action": str(self.best_action),
            "best_value": round(self.best_value, 3),
            "loss": round(self.loss, 3),
            "mistake": self.is_mistake,
            "exact": self.exact,
            "values": {a: round(v, 3) for a, v in self.values.items()},
        }


def analyze_game(
    start: GameState,
    actions,
    *,
    seed: int = 0,
    time_budget: float = 0.1,
    only_choices: bool = True,
) -> list[MoveAnalysis]:
    """Analyse the game from ``start`` through ``actions`` (Actions or their strings).

    One :class:`MoveAnalysis` per decision; with ``only_choices`` the moves where the
    player had a single sensible option (one legal play, say) are left out. Referee
    entries (``revoke``) are skipped. Raises ``IllegalAction`` for an illegal action."""
    bot = PimcBot(seed=seed, time_budget=time_budget, name="analysis")
    state = start.copy()
    out: list[MoveAnalysis] = []
    for i, raw in enumerate(actions):
        action = Action.parse(raw)
        if state.is_over:
            break
        if action.kind == REVOKE:
            state.push(action)
            continue
        p = state.to_move
        view = state.view(p)
        acts = candidate_actions(view)
        if action not in acts:
            acts.append(action)
        if len(acts) > 1 or not only_choices:
            exact = view.talon_size == 0 and view.closed_by < 0
            if exact:
                signed = action_values(Search.of(state), state, acts)
                sign = 1 if p == 0 else -1
                vals = {a: sign * v for a, v in signed.items()}
            else:
                vals = bot.evaluate(view, acts)
            best = max(vals, key=lambda a: vals[a])
            if vals[action] >= vals[best] - 1e-9:
                best = action
            out.append(
                MoveAnalysis(
                    index=i,
                    player=p,
                    action=action,
                    value=vals[action],
                    best_action=best,
                    best_value=vals[best],
                    exact=exact,
                    values={str(a): v for a, v in vals.items()},
                )
            )
        state.push(action)
    return out


def analyze_record(record, **options) -> list[MoveAnalysis]:
    """Analyse a :class:`engine.record.GameRecord` (see :func:`analyze_game`)."""
    return analyze_game(record.start(), record.actions, **options)
