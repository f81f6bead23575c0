"""Game and match records as JSON, and replaying them.

A game record::

    {"format": "schnapsen-game/1", "rules": {"name": "weich", ...all options...},
     "deck": ["AH", "TH", ...20 codes, top first], "dealer": 0, "seed": 42 or null,
     "actions": ["play:QH", "play:KH", ...]}

``rules`` may also be written as a preset name (``"scharf"``). A match record::

    {"format": "schnapsen-match/1", "rules": {...}, "first_dealer": 0,
     "bummerl_to_win": 2, "games": [game records without "format"...]}

Replaying reproduces every state; records round-trip (``from_json(to_json(r)) == r``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from .actions import Action, IllegalAction
from .cards import Card, parse_cards
from .game import GameState
from .match import Match
from .rules import RuleSet

GAME_FORMAT = "schnapsen-game/1"
MATCH_FORMAT = "schnapsen-match/1"
GAMES_FORMAT = "schnapsen-games/1"  # independent games (selfplay output), same shape as a match


class RecordError(ValueError):
    """A record that cannot be read (bad JSON, missing or wrong fields)."""


class ReplayError(ValueError):
    """An action in a record that the rules do not allow.

    ``index`` is the 0-based position of the action, ``action`` its text, ``reason`` the
    rule it breaks, ``state`` the state before it, ``game`` the game index in a match."""

    def __init__(self, index: int, action: str, reason: str, state: GameState | None, game=None):
        self.index, self.action, self.reason, self.state, self.game = (
            index,
            action,
            reason,
            state,
            game,
        )
        where = f"game {game + 1}, " if game is not None else ""
        super().__init__(f"{where}action {index + 1} ({action}) is illegal: {reason}")


@dataclass(frozen=True)
class GameRecord:
    rules: RuleSet
    deck: tuple[Card, ...]
    dealer: int
    actions: tuple[Action, ...] = ()
    seed: int | str | None = None

    @classmethod
    def new(cls, rules=None, *, deck=None, seed=None, dealer: int = 0) -> GameRecord:
        state = GameState.deal(rules, deck=deck, seed=seed, dealer=dealer)
        return cls(state.rules, state.deck, dealer, (), seed)

    def start(self) -> GameState:
        return GameState.deal(self.rules, deck=self.deck, dealer=self.dealer)

    def with_action(self, action) -> GameRecord:
        return GameRecord(
            self.rules, self.deck, self.dealer, (*self.actions, Action.parse(action)), self.seed
        )

    def replay(self, game: int | None = None) -> list[GameState]:
        """All states: ``states[0]`` is the deal, ``states[i + 1]`` follows action ``i``.
        Raises :class:`ReplayError` at the first illegal action."""
        state = self.start()
        states = [state]
        for i, action in enumerate(self.actions):
            try:
                state = state.apply(action)
            except IllegalAction as exc:
                raise ReplayError(i, str(action), _reason(exc), state, game) from None
            states.append(state)
        return states

    def final_state(self) -> GameState:
        state = self.start()
        for i, action in enumerate(self.actions):
            why = state.why_illegal(action)
            if why is not None:
                raise ReplayError(i, str(action), why, state)
            state.push(action, check=False)
        return state

    def to_dict(self, with_format: bool = True) -> dict:
        d = {
            "rules": self.rules.to_dict(),
            "deck": [c.name for c in self.deck],
            "dealer": self.dealer,
            "seed": self.seed,
            "actions": [str(a) for a in self.actions],
        }
        return {"format": GAME_FORMAT, **d} if with_format else d

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError("a game record is a JSON object")
        fmt = data.get("format", GAME_FORMAT)
        if fmt != GAME_FORMAT:
            raise RecordError(f"not a game record (format {fmt!r}, expected {GAME_FORMAT!r})")
        for key in ("deck", "dealer"):
            if key not in data:
                raise RecordError(f"the game record has no {key!r}")
        try:
            rules = RuleSet.from_dict(data.get("rules", "weich"))
        except (ValueError, TypeError) as exc:
            raise RecordError(f"rules: {exc}") from None
        deck = data["deck"]
        if not isinstance(deck, list | str):
            raise RecordError("deck: a list of 20 card codes, top first")
        try:
            cards = tuple(parse_cards(deck))
        except ValueError as exc:
            raise RecordError(f"deck: {exc}") from None
        if len(cards) != 20 or len(set(cards)) != 20:
            raise RecordError("deck: it must list each of the 20 cards exactly once")
        dealer = data["dealer"]
        if dealer not in (0, 1) or isinstance(dealer, bool):
            raise RecordError("dealer: must be 0 or 1")
        raw = data.get("actions", [])
        if not isinstance(raw, list):
            raise RecordError("actions: a list of action strings such as play:QH")
        actions = []
        for i, text in enumerate(raw):
            try:
                actions.append(Action.parse(text))
            except ValueError as exc:
                raise RecordError(f"actions[{i}]: {exc}") from None
        seed = data.get("seed")
        if seed is not None and not isinstance(seed, int | str):
            raise RecordError("seed: a number, a string or null")
        return cls(rules, cards, dealer, tuple(actions), seed)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        return cls.from_dict(_loads(text))


@dataclass(frozen=True)
class MatchRecord:
    rules: RuleSet
    first_dealer: int
    games: tuple[GameRecord, ...] = field(default_factory=tuple)
    bummerl_to_win: int = 2

    def to_dict(self) -> dict:
        return {
            "format": MATCH_FORMAT,
            "rules": self.rules.to_dict(),
            "first_dealer": self.first_dealer,
            "bummerl_to_win": self.bummerl_to_win,
            "games": [g.to_dict(with_format=False) for g in self.games],
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data) -> MatchRecord:
        if not isinstance(data, dict) or data.get("format") != MATCH_FORMAT:
            raise RecordError(f"not a match record (expected format {MATCH_FORMAT!r})")
        try:
            rules = RuleSet.from_dict(data.get("rules", "weich"))
        except (ValueError, TypeError) as exc:
            raise RecordError(f"rules: {exc}") from None
        first = data.get("first_dealer", 0)
        if first not in (0, 1) or isinstance(first, bool):
            raise RecordError("first_dealer: must be 0 or 1")
        to_win = data.get("bummerl_to_win", rules.bummerl_to_win_match)
        if to_win not in (2, 3):
            raise RecordError("bummerl_to_win: must be 2 or 3")
        games = data.get("games", [])
        if not isinstance(games, list):
            raise RecordError("games: a list of game records")
        out = []
        for i, g in enumerate(games):
            if isinstance(g, dict) and "rules" not in g:
                g = {**g, "rules": rules.to_dict()}
            try:
                out.append(GameRecord.from_dict(g))
            except RecordError as exc:
                raise RecordError(f"game {i + 1}: {exc}") from None
        return cls(rules, first, tuple(out), to_win)

    @classmethod
    def from_json(cls, text: str) -> MatchRecord:
        return cls.from_dict(_loads(text))

    def replay(self):
        """Replay every game and score the match; returns (final states, Match).
        Raises ReplayError (with ``game``) or a ValueError for a wrong dealer order."""
        match = Match(
            self.rules, first_dealer=self.first_dealer, bummerl_to_win=self.bummerl_to_win
        )
        finals = []
        for i, g in enumerate(self.games):
            if g.dealer != match.next_dealer:
                raise RecordError(
                    f"game {i + 1}: dealer {g.dealer}, but the deal alternates and it is "
                    f"player {match.next_dealer}'s turn to deal"
                )
            state = g.replay(game=i)[-1]
            finals.append(state)
            if state.result is not None:
                match.add_result(state.result)
            elif i != len(self.games) - 1:
                raise RecordError(f"game {i + 1} is not finished but later games follow")
        return finals, match


def load_record(text: str) -> GameRecord | MatchRecord | list[GameRecord]:
    """Read a game record, a match record, or a list of independent games."""
    data = _loads(text)
    if isinstance(data, dict) and data.get("format") == MATCH_FORMAT:
        return MatchRecord.from_dict(data)
    if isinstance(data, dict) and data.get("format") == GAMES_FORMAT:
        return list(MatchRecord.from_dict({**data, "format": MATCH_FORMAT}).games)
    return GameRecord.from_dict(data)


def _loads(text: str):
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON: {exc}") from None


def _reason(exc: IllegalAction) -> str:
    text = str(exc)
    return text.split(": ", 1)[1] if ": " in text else text
