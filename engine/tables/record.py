"""Game and match records of Bauernschnapsen and Talonschnapsen as JSON, and replay.

A game record::

    {"format": "bauernschnapsen-game/1",          # or "talonschnapsen-game/1"
     "rules": {"name": "ueblich", ...all options...},   # or a preset name
     "deck": ["AH", "TH", ...20 codes, top first], "dealer": 0, "seed": 42 or null,
     "actions": ["knock", "call:H", "pass", "bid:gangl", ..., "play:QH", ...]}

A match record (``"bauernschnapsen-match/1"``, ``"talonschnapsen-match/1"``)::

    {"format": ..., "rules": {...}, "first_dealer": 0, "bummerls": 1 or null,
     "seed": the table's seed or null, ["first_to": N, a match to N Bummerl,]
     "games": [game records without "format" (and "rules" when the match's)...]}

``"...-games/1"`` has the shape of a match record and holds independent games (what
``selfplay --out`` writes). Replaying reproduces every state; records round-trip
(``from_json(to_json(r)) == r``). The game is told by the format.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field

from ..bauern.game import BauernState
from ..bauern.scoring import BauernMatch
from ..cards import Card, parse_cards
from ..messages import Reason, RuleViolation
from ..multi.actions import Action
from ..record import RecordError, ReplayError
from ..talon.game import TalonState
from ..talon.scoring import TalonMatch

GAMES = ("bauernschnapsen", "talonschnapsen")


def state_class(game: str):
    if game == "bauernschnapsen":
        return BauernState
    if game == "talonschnapsen":
        return TalonState
    raise RecordError(f"unknown game {game!r}: use {' or '.join(GAMES)}")


def match_class(game: str):
    if game == "bauernschnapsen":
        return BauernMatch
    return TalonMatch


def game_of_format(fmt) -> tuple[str, str] | None:
    """``"bauernschnapsen-match/1"`` -> ("bauernschnapsen", "match"); None if not ours."""
    if not isinstance(fmt, str) or "-" not in fmt:
        return None
    game, _, rest = fmt.partition("-")
    kind, _, version = rest.partition("/")
    if game in GAMES and kind in ("game", "match", "games") and version == "1":
        return game, kind
    return None


class MultiReplayError(ReplayError):
    """An illegal action in a record; ``reason`` is a :class:`Reason` (``.code``,
    ``.params``), besides ``index``, ``action``, ``state`` and ``game`` as in ReplayError."""

    def __init__(self, index, action, reason: Reason, state, game=None):
        super().__init__(index, action, reason, state, game)
        self.code = reason.code
        self.params = reason.params


@dataclass(frozen=True)
class MultiGameRecord:
    game: str
    rules: object
    deck: tuple[Card, ...]
    dealer: int
    actions: tuple[Action, ...] = ()
    seed: int | str | None = None

    @classmethod
    def new(cls, game: str, rules=None, *, deck=None, seed=None, dealer: int = 0):
        state = state_class(game).deal(rules, deck=deck, seed=seed, dealer=dealer)
        return cls(game, state.rules, state.deck, dealer, (), seed)

    @classmethod
    def of(cls, state, actions=(), seed=None):
        """The record of a state dealt from a known deck, with the actions played."""
        return cls(state.GAME, state.rules, state.deck, state.dealer, tuple(actions), seed)

    @property
    def format(self) -> str:
        return f"{self.game}-game/1"

    def start(self):
        return state_class(self.game).deal(self.rules, deck=self.deck, dealer=self.dealer)

    def with_action(self, action):
        return MultiGameRecord(
            self.game,
            self.rules,
            self.deck,
            self.dealer,
            (*self.actions, Action.parse(action)),
            self.seed,
        )

    def replay(self, game: int | None = None) -> list:
        """All states: ``states[0]`` the deal, ``states[i + 1]`` after action ``i``.
        Raises :class:`MultiReplayError` at the first illegal action."""
        state = self.start()
        states = [state]
        for i, action in enumerate(self.actions):
            try:
                state = state.apply(action)
            except RuleViolation as exc:
                raise MultiReplayError(i, str(action), exc.reason, state, game) from None
            states.append(state)
        return states

    def final_state(self, game: int | None = None):
        state = self.start()
        for i, action in enumerate(self.actions):
            why = state.why_illegal(action)
            if why is not None:
                raise MultiReplayError(i, str(action), why, state, game)
            state.push(action, check=False)
        return state

    def to_dict(self, with_format: bool = True, with_rules: bool = True) -> dict:
        d = {}
        if with_format:
            d["format"] = self.format
        if with_rules:
            d["rules"] = self.rules.to_dict()
        d.update(
            deck=[c.name for c in self.deck],
            dealer=self.dealer,
            seed=self.seed,
            actions=[str(a) for a in self.actions],
        )
        return d

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data, game: str | None = None, rules=None):
        if not isinstance(data, dict):
            raise RecordError("a game record is a JSON object")
        if game is None:
            got = game_of_format(data.get("format"))
            if got is None or got[1] != "game":
                raise RecordError(
                    f"not a game record (format {data.get('format')!r}, expected "
                    "bauernschnapsen-game/1 or talonschnapsen-game/1)"
                )
            game = got[0]
        st = state_class(game)
        for key in ("deck", "dealer"):
            if key not in data:
                raise RecordError(f"the game record has no {key!r}")
        try:
            rules = st.RULES.from_dict(data["rules"] if "rules" in data else rules)
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
        if isinstance(dealer, bool) or dealer not in range(st.N):
            raise RecordError(f"dealer: must be a seat 0..{st.N - 1}")
        raw = data.get("actions", [])
        if not isinstance(raw, list):
            raise RecordError("actions: a list of action strings such as bid:gangl or play:QH")
        actions = []
        for i, text in enumerate(raw):
            try:
                actions.append(Action.parse(text))
            except ValueError as exc:
                raise RecordError(f"actions[{i}]: {exc}") from None
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str)):
            raise RecordError("seed: a number, a string or null")
        return cls(game, rules, cards, dealer, tuple(actions), seed)

    @classmethod
    def from_json(cls, text: str):
        return cls.from_dict(_loads(text))


@dataclass(frozen=True)
class MultiMatchRecord:
    game: str
    rules: object
    first_dealer: int
    games: tuple[MultiGameRecord, ...] = field(default_factory=tuple)
    bummerls: int | None = 1
    independent: bool = False  # a "-games/1" file: independent deals, not one match
    seed: int | str | None = None  # the table's seed: game i is dealt with f"{seed}/{i}"
    first_to: int | None = None  # over once a scorer has got this many Bummerl

    def to_dict(self) -> dict:
        kind = "games" if self.independent else "match"
        extra = {} if self.first_to is None else {"first_to": self.first_to}
        return {
            "format": f"{self.game}-{kind}/1",
            "rules": self.rules.to_dict(),
            "first_dealer": self.first_dealer,
            "bummerls": self.bummerls,
            "seed": self.seed,
            **extra,
            "games": [
                g.to_dict(with_format=False, with_rules=g.rules != self.rules) for g in self.games
            ],
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def with_game(self, record: MultiGameRecord):
        return dataclasses.replace(self, games=(*self.games, record))

    def replace_last(self, record: MultiGameRecord):
        return dataclasses.replace(self, games=(*self.games[:-1], record))

    @classmethod
    def from_dict(cls, data):
        got = game_of_format(data.get("format")) if isinstance(data, dict) else None
        if got is None or got[1] == "game":
            raise RecordError(
                "not a match record (expected format bauernschnapsen-match/1 or talonschnapsen-match/1)"
            )
        game, kind = got
        st = state_class(game)
        try:
            rules = st.RULES.from_dict(data.get("rules"))
        except (ValueError, TypeError) as exc:
            raise RecordError(f"rules: {exc}") from None
        first = data.get("first_dealer", 0)
        if isinstance(first, bool) or first not in range(st.N):
            raise RecordError(f"first_dealer: must be a seat 0..{st.N - 1}")
        bummerls = data.get("bummerls", 1)
        if bummerls is not None and (
            isinstance(bummerls, bool) or not isinstance(bummerls, int) or bummerls < 1
        ):
            raise RecordError("bummerls: a whole number of at least 1, or null")
        games = data.get("games", [])
        if not isinstance(games, list):
            raise RecordError("games: a list of game records")
        out = []
        for i, g in enumerate(games):
            try:
                out.append(MultiGameRecord.from_dict(g, game=game, rules=rules))
            except RecordError as exc:
                raise RecordError(f"game {i + 1}: {exc}") from None
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str)):
            raise RecordError("seed: a number, a string or null")
        first_to = data.get("first_to")
        if first_to is not None and (
            isinstance(first_to, bool) or not isinstance(first_to, int) or first_to < 1
        ):
            raise RecordError("first_to: a whole number of at least 1, or absent")
        return cls(game, rules, first, tuple(out), bummerls, kind == "games", seed, first_to)

    @classmethod
    def from_json(cls, text: str):
        return cls.from_dict(_loads(text))

    def replay(self):
        """Replay every game and score the match: (final states, match score). Raises
        MultiReplayError (with ``game``) or RecordError for a wrong dealer order. For
        independent games the score is None."""
        finals = []
        if self.independent:
            return [g.replay(game=i)[-1] for i, g in enumerate(self.games)], None
        match = match_class(self.game)(
            self.rules,
            first_dealer=self.first_dealer,
            bummerls=self.bummerls,
            first_to=self.first_to,
        )
        for i, g in enumerate(self.games):
            if g.dealer != match.next_dealer:
                raise RecordError(
                    f"game {i + 1}: dealer {g.dealer}, but seat {match.next_dealer} deals "
                    "(the caller of the last game deals the next; after a new deal the same)"
                )
            state = g.replay(game=i)[-1]
            finals.append(state)
            if state.result is not None:
                if match.is_over:
                    raise RecordError(f"game {i + 1}: the match was already over")
                match.add_result(state.result)
            elif i != len(self.games) - 1:
                raise RecordError(f"game {i + 1} is not finished but later games follow")
        return finals, match


def load_multi_record(data):
    """A MultiGameRecord or MultiMatchRecord from parsed JSON (by its format)."""
    got = game_of_format(data.get("format")) if isinstance(data, dict) else None
    if got is None:
        raise RecordError("not a Bauernschnapsen or Talonschnapsen record")
    if got[1] == "game":
        return MultiGameRecord.from_dict(data)
    return MultiMatchRecord.from_dict(data)


def _loads(text: str):
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON: {exc}") from None
