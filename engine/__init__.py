"""The rules engine: two-player Schnapsen, Bauernschnapsen (four players, two teams) and
Talonschnapsen / Dreierschnapsen (three players). Pure Python, no Django.

Every rule lives here: ``rules.py`` for the two-player rule profiles and their sources,
``multi/rules.py``, ``bauern/rules.py`` and ``talon/rules.py`` for the others, each option
with its source in reference 004.

Two-player quick guide::

    from engine import GameState, RuleSet, Action, Card, sample_hidden

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
``choose(view, rng) -> Action``. Command line: ``python -m engine replay FILE``,
``python -m engine selfplay --bots random,rule --games 100 --seed 1``.

Search: ``engine.playout.random_playout(state, rng)`` plays a state to the end
with RandomBot's moves on plain integers (tens of thousands of games a second; see
``bench/engine.py``). Internals for search code: card sets are 20-bit masks
(``state.hand[p]``, ``state.won[p]``), ``int(card)`` is its bit index.

Bauernschnapsen and Talonschnapsen guide (``multi/`` is what they share, ``bauern/`` and
``talon/`` what differs, ``tables/`` what knows both games and the computer players:
records, the table, bots by name, the command line)::

    from engine import BauernState, BauernRules, TalonState, TalonRules, MultiAction
    rules = BauernRules.preset("ueblich")        # or "alles", "ohne_bettler", "keine";
    rules = rules.replace(catalogue=("schnapser", "gangl", "bettler"), count="up")
    state = BauernState.deal(rules, seed=42, dealer=0)   # or deck="AH TH ..." (dealing order)
    state = TalonState.deal("alles", seed=7, dealer=2)

    state.phase_name    # "cut", "call", "bid", "raise", "talon", "raise_after_talon",
                        # "double", "play" or "over"
    state.to_move       # the seat to act (0..3 / 0..2 clockwise; caller = dealer + 1)
    state.legal_actions()    # [Action('cut'), Action('knock')], [call:H ... turn_up:1],
                             # [pass, bid:schnapser, bid:gangl ...], [double, pass], [play:QH ...]
    state = state.apply("bid:gangl")     # new state; raises RuleViolation (an IllegalAction)
    state.push(action, check=False)      # in place (search); state.copy() is cheap
    state.why_illegal("play:AS")         # None or a Reason: a str with .code and .params
    state.contract, state.declarer, state.doubles, state.trump
    state.result        # MultiResult: contract, declarer_won, game_points, written (per
                        # team / seat), reason (a Reason), side_points, side_tricks

    view = state.view(seat)      # MultiView: only what that seat may know (own hand, the
    view.to_dict()               # announcements, known cards, played cards, first tricks);
                                 # JSON for that seat's browser, with "legal_actions" and
                                 # "action_labels" ({"play:QH": {"code", "params", "text"}})
    guess = view.sample(rng)     # a full state consistent with the view, uniformly
                                 # (multi.sampling.sample_hidden(view, rng) is the same)

Notation (round-trips, ``multi/actions.py``): ``cut``, ``knock``, ``call:H``,
``turn_up:1``, ``redeal``, ``bid:gangl``, ``bid:gangl:no_talon``, ``pass``, ``double``,
``discard:JS,QH``, ``play:QH``, ``marriage:KH``. The games and their values:
``multi/contracts.py``.

A match at a table (``tables/table.py``): ``MultiTable(game, rules, seed=S,
first_dealer=d, bummerls=1)``; ``table.to_move``, ``table.view(seat)`` (the view's dict
plus ``"score"``: the running figures from 24, Bummerl, the last result),
``table.act(seat, action)`` (the turn checked: ``not_your_turn``), ``table.record``
(a ``MultiMatchRecord``; ``to_json()`` to store), ``MultiTable.resume(json)``.
Records (``tables/record.py``): ``MultiGameRecord`` / ``MultiMatchRecord`` with formats
``bauernschnapsen-game/1``, ``...-match/1``, ``talonschnapsen-...``; ``replay()`` raises
``MultiReplayError`` (``.code``, ``.params``) at the first illegal action. Scoring:
``bauern.scoring.BauernMatch`` (Bummerl from 24, Schneider, Retourschneider) and
``bauern.scoring.validate_score_sheet(rules, lines)`` (raises ``SheetError`` naming the
first wrong line, with a code), ``talon.scoring.TalonMatch``. Bots (``tables/bots.py``):
``make_multi_bot("random" | "rule" | "medium" | "strong", seed=..., time_budget=...)``,
each ``choose(view, rng) -> Action``; the random and rule bots are in
``multi/rule_bots.py``, the strong one is ``ai/multi_pimc.py`` over the exact open-card
search of ``ai/multi_search.py``.

Messages (``messages.py``): every reason, score-sheet error and result of all the games
(``GameState.why_illegal`` and ``match.validate_score_sheet`` too) is a :class:`Reason`
with a stable ``code`` and ``params``; the catalogue ``CATALOGUE`` maps codes to English
templates, so the Django layer translates by code (``games/messages.py``). Seats in the
parameters are 0-based; a sheet's figures are the ones written on it.
"""

from .actions import Action, IllegalAction
from .bauern import BauernRules, BauernState
from .cards import Card, Rank, Suit
from .deck import shuffled_deck
from .game import GameResult, GameState, Marriage, Trick, points_table
from .messages import CATALOGUE, Reason, RuleViolation
from .multi import Action as MultiAction
from .multi import MultiResult, MultiView
from .rules import RuleSet
from .sampling import sample_hidden
from .tables.table import MultiTable
from .talon import TalonRules, TalonState
from .view import PlayerView

__all__ = [
    "Action",
    "BauernRules",
    "BauernState",
    "CATALOGUE",
    "MultiAction",
    "MultiResult",
    "MultiTable",
    "MultiView",
    "Reason",
    "RuleViolation",
    "TalonRules",
    "TalonState",
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
