"""The rules engine for two-player Schnapsen: pure Python, no Django.

Every rule lives here (see ``rules.py`` for the rule profiles and their sources).

Quick guide::

    from games.engine import GameState, RuleSet, Action, Card, sample_hidden

    rules = RuleSet.preset("weich")              # or "scharf", "turnier"; .replace(auto_declare=True)
    state = GameState.deal(rules, seed=42, dealer=0)          # shuffled and cut with the seed
    state = GameState.deal(rules, deck="AH TH KH ...", dealer=1)  # exact deck order, top first

    state.to_move                      # 0 or 1 (the forehand, 1 - dealer, leads first)
    state.legal_actions()              # [Action('declare'), Action('close'), Action('play:QH'), ...]
    state = state.apply("play:QH")     # new state; raises IllegalAction naming the rule broken
    state.push(action, check=False)    # in place (search); state.copy() is cheap
    state.why_illegal("play:AS")       # None, or the reason as a sentence
    state.is_over, state.result        # GameResult(winner, game_points, reason, scores, declarer)

    view = state.view(player)          # PlayerView: only what that player may know
    view.to_dict()                     # JSON for that player's browser
    guess = sample_hidden(view, rng)   # a full GameState consistent with the view

    Action.parse("marriage:KH"); str(action)   # notation: see actions.py
    Card.parse("QH"); Card.QH.german_name("german")  # "Herz Ober"

Records and replay (``record.py``): ``GameRecord(rules, deck, dealer, actions)``,
``GameRecord.from_json(text)``, ``record.replay()`` -> list of states (raises
``ReplayError`` naming the first illegal action). Match scoring (``match.py``):
``Match`` / ``Bummerl`` accumulate ``GameResult``s; ``validate_score_sheet`` checks a
hand-written sheet. Bots (``bots.py``): ``RandomBot``, ``RuleBot``, each
``choose(view, rng) -> Action``. Command line: ``python -m games.engine replay FILE``,
``python -m games.engine selfplay --bots random,rule --games 100 --seed 1``.

Search: ``games.engine.playout.random_playout(state, rng)`` plays a state to the end
with RandomBot's moves on plain integers (tens of thousands of games a second; see
``bench/engine.py``). Internals for search code: card sets are 20-bit masks
(``state.hand[p]``, ``state.won[p]``), ``int(card)`` is its bit index.
"""

from .actions import Action, IllegalAction
from .cards import Card, Rank, Suit
from .game import GameResult, GameState, Marriage, Trick, points_table, shuffled_deck
from .rules import RuleSet
from .sampling import sample_hidden
from .view import PlayerView

__all__ = [
    "Action",
    "Card",
    "GameResult",
    "GameState",
    "IllegalAction",
    "Marriage",
    "PlayerView",
    "Rank",
    "RuleSet",
    "Suit",
    "Trick",
    "points_table",
    "sample_hidden",
    "shuffled_deck",
]
