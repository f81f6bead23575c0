"""A table playing a match of Bauernschnapsen or Talonschnapsen: :class:`MultiTable`.

What a web page (or any other front end) needs, in one object: the game being played
(``table.state``), whose turn it is, each seat's view with its legal actions and their
labels and the running score (:meth:`view`), applying a seat's action with the turn
checked (:meth:`act`, raising :class:`~engine.messages.RuleViolation` with a code),
the match record to store (:attr:`record`, JSON via ``record.to_json()``) and resuming
from it (:meth:`resume`). Game ``i`` is dealt from the seed ``f"{seed}/{i}"`` (stored in
each game record), the dealer as the match says (the caller deals next; the same dealer
after a new deal for three jacks). A finished game stays readable as
:attr:`last_state` while the next one is dealt.
"""

from __future__ import annotations

import copy

from ..messages import Reason, RuleViolation
from ..multi.actions import Action
from .record import MultiGameRecord, MultiMatchRecord, match_class, state_class


class MultiTable:
    def __init__(
        self,
        game: str,
        rules=None,
        *,
        seed,
        first_dealer: int = 0,
        bummerls: int | None = 1,
        first_to: int | None = None,
    ):
        """``bummerls``: the Bummerl to play (None: open-ended); ``first_to``: the match
        ends once a scorer has got that many (a tournament match)."""
        self.cls = state_class(game)
        self.rules = self.cls.RULES.from_dict(rules)
        self.record = MultiMatchRecord(
            game, self.rules, first_dealer, (), bummerls, False, seed, first_to
        )
        self.score = match_class(game)(
            self.rules, first_dealer=first_dealer, bummerls=bummerls, first_to=first_to
        )
        self.state = None
        self.last_state = None
        self._deal_next()

    # ------------------------------------------------------------------ state
    @property
    def game(self) -> str:
        return self.cls.GAME

    @property
    def seed(self):
        return self.record.seed

    @property
    def is_over(self) -> bool:
        return self.score.is_over

    @property
    def to_move(self) -> int | None:
        """The seat to act, or None when the match is over."""
        if self.is_over or self.state is None or self.state.result is not None:
            return None
        return self.state.to_move

    def _deal_next(self) -> None:
        i = len(self.record.games)
        seed = f"{self.record.seed}/{i}"
        state = self.cls.deal(self.rules, seed=seed, dealer=self.score.next_dealer)
        self.state = state
        self.record = self.record.with_game(MultiGameRecord.of(state, (), seed))

    # ------------------------------------------------------------------ acting
    def why_illegal(self, seat: int, action) -> Reason | None:
        if self.is_over:
            return Reason("game_over")
        return self.state.why_illegal(action, seat=seat)

    def act(self, seat: int, action) -> None:
        """Apply ``seat``'s action; raises RuleViolation (``not_your_turn``, the rule
        broken, ``game_over``) without changing anything."""
        why = self.why_illegal(seat, action)
        if why is not None:
            raise RuleViolation(action, why)
        action = Action.parse(action)
        self.state.push(action, check=False)
        self.record = self.record.replace_last(self.record.games[-1].with_action(action))
        if self.state.result is not None:
            self.score.add_result(self.state.result)
            self.last_state = self.state
            if not self.score.is_over:
                self._deal_next()

    def copy(self) -> MultiTable:
        """An independent copy: acting on it leaves this table as it is. The record
        (frozen), the rules and the last finished game (never changed again) are shared;
        the game being played and the score are copied."""
        t = MultiTable.__new__(MultiTable)
        t.cls, t.rules, t.record, t.last_state = self.cls, self.rules, self.record, self.last_state
        t.state = None if self.state is None else self.state.copy()
        if self.state is self.last_state:  # the match is over: its last game stays shared
            t.state = self.last_state
        t.score = copy.deepcopy(self.score, {id(self.rules): self.rules})
        return t

    @property
    def actions_applied(self) -> int:
        """Actions acted on this table since its first deal (the games' logs)."""
        return sum(len(g.actions) for g in self.record.games)

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> dict:
        """The seat's view (``MultiView.to_dict()``) with the score: the running figures
        (from 24 down, or up, as the rules count), the Bummerl each scorer has got, the
        last finished game's result, whether the match is over."""
        d = self.state.view(seat).to_dict()
        if self.is_over:
            d["legal_actions"], d["action_labels"], d["to_move"], d["my_turn"] = [], {}, None, False
        d["score"] = {
            "figures": list(self.score.figures),
            "bummerl_count": list(self.score.bummerl_count),
            "games_played": self.score.games_played,
            "scorers": "teams" if self.cls.N == 4 else "seats",
            "count": self.rules.count,
            "match_over": self.is_over,
            "last_result": None if self.last_state is None else self.last_state.result.to_dict(),
        }
        return d

    # ------------------------------------------------------------------ storing
    @classmethod
    def resume(cls, record) -> MultiTable:
        """A table from its stored match record (JSON text, dict or MultiMatchRecord):
        every game replayed and scored, the current game ready to go on."""
        if isinstance(record, str):
            record = MultiMatchRecord.from_json(record)
        elif isinstance(record, dict):
            record = MultiMatchRecord.from_dict(record)
        table = cls.__new__(cls)
        table.cls = state_class(record.game)
        table.rules = record.rules
        finals, score = record.replay()
        table.record = record
        table.score = score
        table.last_state = next((s for s in reversed(finals) if s.result is not None), None)
        if finals and finals[-1].result is None:
            table.state = finals[-1]
        elif score.is_over:
            table.state = finals[-1] if finals else None
        else:
            table.state = None
            table._deal_next()
        return table
