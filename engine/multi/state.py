"""The state of one Bauernschnapsen or Talonschnapsen game (:class:`MultiState`): the
shared machinery; ``bauern/game.py`` and ``talon/game.py`` override only what differs
(the deal, who plays with whom, the talon, who writes the points).

The phases before the first card are in ``multi/auction.py``, the play in
``multi/play.py`` (mixins of this class). Like the two-player
:class:`~engine.game.GameState`: ``apply(action)`` returns a new
state, ``push(action)`` changes it in place (with ``check=False`` the fast path for
search), ``copy()`` is cheap, ``legal_actions()`` lists every legal action in a fixed
order, ``why_illegal(action)`` gives the rule broken as a
:class:`~engine.messages.Reason` (a ``str`` with ``.code`` and ``.params``), and
``view(seat)`` is what one seat may know. Seats are 0..N-1 clockwise; the dealer deals
clockwise, so the caller (Rufer, the first to get cards) is ``dealer + 1`` and the cutter
(right of the dealer) ``dealer - 1``.

Play (004 "Spielablauf", "Normales Spiel" and the section of each game): Farb- und
Stichzwang (``multi/tricks.py``); marriages by the player on lead, counted for his side
once it has a trick; the game ends as soon as it is decided: a side reaches 66 in the
normal game (004 names no declaring, "Ausmelden", for these games: the engine ends the
game when the 66 are there, as a right declaration would), the announcer of a Bettler
takes a trick, the other side takes a trick in a Schnapser or an all-tricks game, or the
Schnapser's tricks are played. A marriage that brings a side with a trick to 66 ends the
game at once, without the lead (004 "Schnapser": "zwei Stiche und 20"); otherwise its king
or queen is led (004: "Eine der beiden Karten dieses Paares wird dann normalerweise
ausgespielt").
"""

from __future__ import annotations

import random
from typing import ClassVar

from ..cards import ALL_CARDS, Card, Suit, mask_of, parse_cards
from ..deck import shuffled_order
from ..messages import Reason, RuleViolation, reason_of
from .actions import (
    BID,
    CALL,
    CUT,
    DISCARD,
    DOUBLE,
    KNOCK,
    MARRIAGE,
    PASS,
    PLAY,
    REDEAL,
    REVOKE,
    TURN_UP,
    Action,
)
from .auction import Auction
from .contracts import contracts_for
from .phases import BID as P_BID
from .phases import CALL as P_CALL
from .phases import CUT_PHASE, PHASE_KINDS, PHASE_NAMES
from .phases import DOUBLE as P_DOUBLE
from .phases import PLAY as P_PLAY
from .phases import RAISE as P_RAISE
from .phases import RAISE_AFTER as P_RAISE_AFTER
from .phases import TALON as P_TALON
from .play import Play, plays  # noqa: F401 - plays is re-exported
from .revoke import Renonce
from .view import MultiView, state_dict

_FIELDS = (
    "rules", "contracts", "order", "dealer", "phase", "to_move", "result",
    "hand", "later", "talon", "taken", "discard", "deal_mode",
    "trump", "called", "turned_up",
    "bids", "turns", "best", "first_bidder",
    "contract", "declarer", "no_talon", "side", "active", "nxt", "ace_low", "trump_in_play",
    "doubles", "queue",
    "trick", "win_card", "win_seat", "leader",
    "won", "pts", "ntr", "marriages", "spts", "smar", "strk", "ntricks",
    "history", "known", "excl", "seen",
)  # fmt: skip


class MultiState(Play, Auction, Renonce):
    """A game of three or four players in progress. Create one with ``deal()`` of a
    variant (:class:`~engine.bauern.BauernState`, :class:`~engine.talon.TalonState`)."""

    __slots__ = _FIELDS

    GAME: ClassVar[str] = ""
    N: ClassVar[int] = 4
    SCORERS: ClassVar[int] = 2
    HAS_TALON: ClassVar[bool] = False
    RULES: ClassVar[type]

    # ------------------------------------------------------------------ creation
    @classmethod
    def deal(cls, rules=None, *, deck=None, seed=None, dealer: int = 0, rng=None):
        """A new game. ``deck`` is the order the dealer deals from, top first (codes, a
        string ``"AH TH ..."`` or Cards); without it the deck is shuffled and cut with
        ``seed`` (or the running ``rng``, for fast self-play; record ``state.deck``)."""
        rules = cls.RULES.from_dict(rules)
        if isinstance(dealer, bool) or dealer not in range(cls.N):
            raise ValueError(f"dealer must be a seat 0..{cls.N - 1}")
        if deck is None:
            order = tuple(shuffled_order(rng if rng is not None else random.Random(seed)))
        else:
            cards = parse_cards(deck)
            if len(cards) != 20 or mask_of(cards) != (1 << 20) - 1:
                raise ValueError("a deck order must list each of the 20 cards exactly once")
            order = tuple(int(c) for c in cards)
        s = cls.__new__(cls)
        s._blank(rules, order, dealer)
        s._begin()
        return s

    def _blank(self, rules, order, dealer) -> None:
        n = self.N
        self.rules = rules
        self.contracts = contracts_for(rules)
        self.order = order
        self.dealer = dealer
        self.phase = CUT_PHASE
        self.to_move = (dealer - 1) % n
        self.result = None
        self.hand = [0] * n
        self.later = [()] * n
        self.talon = self.taken = self.discard = 0
        self.deal_mode = None
        self.trump = self.called = self.turned_up = -1
        self.bids = ()
        self.turns = 0
        self.best = self.first_bidder = -1
        self.contract = None
        self.declarer = -1
        self.no_talon = False
        self.side = ()
        self.active = ()
        self.nxt = ()
        self.ace_low = False
        self.trump_in_play = -1
        self.doubles = 0
        self.queue = ()
        self.trick = ()
        self.win_card = self.win_seat = -1
        self.leader = -1
        self.won = [0] * n
        self.pts = [0] * n
        self.ntr = [0] * n
        self.marriages = ()
        self.spts = [0, 0]
        self.smar = [0, 0]
        self.strk = [0, 0]
        self.ntricks = 0
        self.history = ()
        self.known = [0] * n
        self.excl = [0] * n
        self.seen = [0] * n

    def _begin(self) -> None:  # pragma: no cover - every variant overrides it
        raise NotImplementedError

    def copy(self):
        """A cheap independent copy (lists copied, immutable values shared)."""
        s = self.__class__.__new__(self.__class__)
        s.rules = self.rules
        s.contracts = self.contracts
        s.order = self.order
        s.dealer = self.dealer
        s.phase = self.phase
        s.to_move = self.to_move
        s.result = self.result
        s.hand = self.hand[:]
        s.later = self.later[:]
        s.talon = self.talon
        s.taken = self.taken
        s.discard = self.discard
        s.deal_mode = self.deal_mode
        s.trump = self.trump
        s.called = self.called
        s.turned_up = self.turned_up
        s.bids = self.bids
        s.turns = self.turns
        s.best = self.best
        s.first_bidder = self.first_bidder
        s.contract = self.contract
        s.declarer = self.declarer
        s.no_talon = self.no_talon
        s.side = self.side
        s.active = self.active
        s.nxt = self.nxt
        s.ace_low = self.ace_low
        s.trump_in_play = self.trump_in_play
        s.doubles = self.doubles
        s.queue = self.queue
        s.trick = self.trick
        s.win_card = self.win_card
        s.win_seat = self.win_seat
        s.leader = self.leader
        s.won = self.won[:]
        s.pts = self.pts[:]
        s.ntr = self.ntr[:]
        s.marriages = self.marriages
        s.spts = self.spts[:]
        s.smar = self.smar[:]
        s.strk = self.strk[:]
        s.ntricks = self.ntricks
        s.history = self.history
        s.known = self.known[:]
        s.excl = self.excl[:]
        s.seen = self.seen[:]
        return s

    __copy__ = copy

    # ------------------------------------------------------------------ variant hooks
    def partner(self, seat: int) -> int | None:
        return None

    def _sides(self, declarer: int) -> tuple[int, ...]:
        return tuple(0 if q == declarer else 1 for q in range(self.N))

    def _active(self, contract, declarer: int) -> tuple[int, ...]:
        return tuple(range(self.N))

    def _race(self, side: int) -> bool:
        """Does reaching 66 end the normal game for this side?"""
        return True

    def _normal_last_trick(self, winner: int) -> None:
        sd = self.side[winner]
        code = "result_caller_last_trick" if sd == 0 else "result_opponents_last_trick"
        self._finish(sd == 0, code)

    def _written(self, declarer_won: bool, points: int) -> tuple[int, ...]:  # pragma: no cover
        raise NotImplementedError

    # ------------------------------------------------------------------ queries
    @property
    def caller(self) -> int:
        """The Rufer: the first to receive cards (left of the dealer)."""
        return (self.dealer + 1) % self.N

    @property
    def cutter(self) -> int:
        return (self.dealer - 1) % self.N

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def deck(self) -> tuple[Card, ...] | None:
        return None if self.order is None else tuple(ALL_CARDS[i] for i in self.order)

    @property
    def trump_suit(self) -> Suit | None:
        return None if self.trump < 0 else Suit(self.trump)

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        return tuple(ALL_CARDS[i] for i in range(20) if self.hand[seat] >> i & 1)

    def counted(self, side: int) -> int:
        """A side's card points with its marriages once it has a trick."""
        return self.spts[side] + (self.smar[side] if self.strk[side] else 0)

    def double_name(self) -> str:
        """What a ``double`` now is called: flecken, retour or re."""
        return ("double", "retour", "re")[min(self.doubles, 2)]

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to move, in a fixed order: plays in card
        order after marriages; ``pass`` before the bids (catalogue order); calls by suit."""
        if self.result is not None:
            return []
        if self.phase == P_PLAY:
            return self._legal_play()
        return self._legal_auction(self.phase)

    def is_legal(self, action) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action, seat: int | None = None) -> Reason | None:
        """None if ``action`` is legal for the player to move (and, if given, ``seat`` is
        that player), else the :class:`Reason` naming the rule it breaks. A Renonce
        (``revoke:N``) may be called by anyone: it is legal when the recorded play holds
        one by seat N (``multi/revoke.py``)."""
        try:
            action = Action.parse(action)
        except ValueError as exc:
            return reason_of(exc)
        if self.result is not None:
            return Reason("game_over")
        if action.kind == REVOKE:  # called by anyone at the table, or the referee
            return self._revoke_problem(action.seat)
        if seat is not None and seat != self.to_move:
            return Reason("not_your_turn", seat=seat, to_move=self.to_move)
        if action in self.legal_actions():
            return None
        return self._explain(action)

    def _explain(self, action: Action) -> Reason:
        ph = self.phase
        kind = action.kind
        if kind not in PHASE_KINDS[ph]:
            return Reason("wrong_phase", action=str(action), phase=PHASE_NAMES[ph])
        if ph == P_CALL:
            return self._call_problem(action)
        if ph in (P_BID, P_RAISE, P_RAISE_AFTER) and kind == BID:
            why = self._bid_problem(self.to_move, action.contract, action.no_talon)
            if why is not None:
                return why
        if ph == P_TALON:
            return self._discard_problem(action)
        if ph == P_PLAY:
            return self._play_problem(action)
        return Reason("not_legal", action=str(action))  # pragma: no cover

    # ------------------------------------------------------------------ applying
    def apply(self, action, check: bool = True):
        """A new state after ``action`` (an Action or its string)."""
        s = self.copy()
        s.push(action, check)
        return s

    def push(self, action, check: bool = True) -> None:
        """Apply ``action`` in place; raises :class:`RuleViolation` (an ``IllegalAction``)
        naming the rule broken. ``check=False``: the caller guarantees legality."""
        if not isinstance(action, Action):
            try:
                action = Action.parse(action)
            except ValueError as exc:
                raise RuleViolation(action, reason_of(exc)) from None
        if check:
            why = self.why_illegal(action)
            if why is not None:
                raise RuleViolation(action, why)
        kind = action.kind
        if kind == PLAY:
            if self.trick:
                self._follow(self.to_move, action.card)
            else:
                self._lead(self.to_move, action.card)
        elif kind == MARRIAGE:
            self._marriage(action.card)
        elif kind == PASS:
            if self.phase == P_DOUBLE:
                self._double(False)
            else:
                self._bid(action)
        elif kind == BID:
            self._bid(action)
        elif kind == DOUBLE:
            self._double(True)
        elif kind == CALL:
            self._call(int(action.suit))
        elif kind == TURN_UP:
            self._turn_up(action.index)
        elif kind == DISCARD:
            self._discard(action)
        elif kind in (CUT, KNOCK):
            self._cut(kind)
        elif kind == REDEAL:
            self._redeal()
        elif kind == REVOKE:
            self._revoke(action.seat)
        else:  # pragma: no cover - Action.parse guards the kinds
            raise RuleViolation(action, Reason("not_legal", action=str(action)))

    # ------------------------------------------------------------------ views
    def view(self, seat: int):
        """What ``seat`` may know (see :mod:`engine.multi.view`)."""
        return MultiView.of(self, seat)

    def to_dict(self) -> dict:
        """The whole state as JSON-ready data (the referee's picture; not for players)."""
        return state_dict(self)

    def __repr__(self) -> str:
        hands = [" ".join(c.name for c in self.hand_of(p)) for p in range(self.N)]
        return (
            f"<{self.__class__.__name__} {PHASE_NAMES[self.phase]} "
            f"contract={self.contract.name if self.contract else None} "
            f"trump={'HDSC'[self.trump] if self.trump >= 0 else '-'} to_move={self.to_move} "
            f"hands={hands}{' over' if self.result else ''}>"
        )


__all__ = ["MultiState", "plays"]
