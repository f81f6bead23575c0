"""One game (Spiel): the deal, the state, legal actions, applying them, and scoring.

:class:`GameState` keeps card sets as 20-bit masks. ``apply(action)`` returns a new state;
``push(action)`` changes the state in place (the fast path for search, together with the
cheap ``copy()``). Players are 0 and 1; the forehand (Vorhand) is ``1 - dealer``.
"""

from __future__ import annotations

import random

from .actions import (
    CLOSE,
    CLOSE_ACTION,
    DECLARE,
    DECLARE_ACTION,
    DECLARE_MARRIAGE_ACTIONS,
    EXCHANGE,
    EXCHANGE_ACTION,
    MARRIAGE,
    MARRIAGE_ACTIONS,
    PLAY,
    PLAY_ACTIONS,
    REVOKE,
    Action,
    IllegalAction,
)
from .cards import (
    ALL_CARDS,
    BITS,
    CARD_POINTS,
    SUIT_MASKS,
    Card,
    Suit,
    cards_of,
    mask_of,
    parse_cards,
)
from .deck import shuffled_order
from .messages import Reason, reason_of
from .outcome import (
    CLOSE_FAILED,
    CLOSED,
    DECLARED,
    LAST_TRICK,
    REVOKED,
    WRONG_DECLARATION,
    GameResult,
    Marriage,
    PastTrick,
    Trick,
    points_table,
)
from .rules import RuleSet
from .view import PlayerView

# STRONGER[c]: the cards of c's suit that beat c.
STRONGER: tuple[int, ...] = tuple(
    sum(1 << (c - c % 5 + r) for r in range(c % 5)) for c in range(20)
)
# The king bits: h & (h >> 1) & _KINGS marks each suit whose king and queen are in h.
_KINGS = sum(1 << (s * 5 + 2) for s in range(4))
_MARRIAGE_SUITS: dict[int, tuple[int, ...]] = {
    sum(1 << (s * 5 + 2) for s in range(4) if m >> s & 1): tuple(s for s in range(4) if m >> s & 1)
    for m in range(16)
}
_PLAYS: dict = {}


def _plays(mask: int) -> tuple:
    got = tuple(PLAY_ACTIONS[c] for c in range(20) if mask >> c & 1)
    if len(_PLAYS) < 1 << 17:
        _PLAYS[mask] = got
    return got


class GameState:
    """A game in progress. Create one with :meth:`deal`."""

    __slots__ = (
        "rules",
        "order",
        "dealer",
        "hand",
        "won",
        "pts",
        "mar",
        "known",
        "excl",
        "talon",
        "pos",
        "trump",
        "trump_card",
        "closed_by",
        "close_opp_pts",
        "close_opp_trick",
        "to_move",
        "lead",
        "leader",
        "first_lead_done",
        "marriages",
        "result",
        "last_trick",
        "tricks",
        "past",
    )

    # ------------------------------------------------------------------ creation
    @classmethod
    def deal(
        cls,
        rules: RuleSet | str | None = None,
        *,
        deck=None,
        seed=None,
        dealer: int = 0,
        rng: random.Random | None = None,
    ) -> GameState:
        """Deal a game. ``deck`` is the full deck order, top card first (codes, a string
        such as ``"AH TH ..."`` or Cards); without it the deck is shuffled with ``seed``.

        Forehand (``1 - dealer``) gets cards 1-3, the dealer 4-6, card 7 is the trump card,
        forehand 8-9, dealer 10-11, cards 12-20 are the talon (12 drawn first, the trump
        card last) -- reference 000 "Das Teilen". ``rng`` (instead of ``seed``) shuffles
        with a running generator, for fast self-play; record ``state.deck`` to replay.
        """
        if rules is None:
            rules = RuleSet()
        elif not isinstance(rules, RuleSet):
            rules = RuleSet.from_dict(rules)
        if dealer not in (0, 1):
            raise ValueError("dealer must be player 0 or 1")
        if deck is None:
            d = shuffled_order(rng if rng is not None else random.Random(seed))
        else:
            cards = parse_cards(deck)
            if len(cards) != 20 or mask_of(cards) != (1 << 20) - 1:
                raise ValueError("a deck order must list each of the 20 cards exactly once")
            d = [int(c) for c in cards]
        s = cls.__new__(cls)
        s.rules = rules
        s.order = tuple(d)
        s.dealer = dealer
        b = BITS
        m_fh = b[d[0]] | b[d[1]] | b[d[2]] | b[d[7]] | b[d[8]]
        m_de = b[d[3]] | b[d[4]] | b[d[5]] | b[d[9]] | b[d[10]]
        s.hand = [m_de, m_fh] if dealer == 0 else [m_fh, m_de]
        fh = 1 - dealer
        s.won = [0, 0]
        s.pts = [0, 0]
        s.mar = [0, 0]
        s.known = [0, 0]
        s.excl = [0, 0]
        s.talon = tuple(d[11:20])
        s.pos = 0
        s.trump_card = d[6]
        s.trump = d[6] // 5
        s.closed_by = -1
        s.close_opp_pts = 0
        s.close_opp_trick = False
        s.to_move = fh
        s.lead = -1
        s.leader = fh
        s.first_lead_done = False
        s.marriages = ()
        s.result = None
        s.last_trick = None
        s.tricks = 0
        s.past = ()
        return s

    def copy(self) -> GameState:
        """A cheap independent copy (the lists of two ints are copied, the rest shared)."""
        s = GameState.__new__(GameState)
        s.rules = self.rules
        s.order = self.order
        s.dealer = self.dealer
        s.hand = self.hand[:]
        s.won = self.won[:]
        s.pts = self.pts[:]
        s.mar = self.mar[:]
        s.known = self.known[:]
        s.excl = self.excl[:]
        s.talon = self.talon
        s.pos = self.pos
        s.trump = self.trump
        s.trump_card = self.trump_card
        s.closed_by = self.closed_by
        s.close_opp_pts = self.close_opp_pts
        s.close_opp_trick = self.close_opp_trick
        s.to_move = self.to_move
        s.lead = self.lead
        s.leader = self.leader
        s.first_lead_done = self.first_lead_done
        s.marriages = self.marriages
        s.result = self.result
        s.last_trick = self.last_trick
        s.tricks = self.tricks
        s.past = self.past
        return s

    __copy__ = copy

    # ------------------------------------------------------------------ queries
    @property
    def deck(self) -> tuple[Card, ...] | None:
        """The deck order this game was dealt from, top first (None for a sampled state)."""
        return None if self.order is None else tuple(ALL_CARDS[i] for i in self.order)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def forehand(self) -> int:
        return 1 - self.dealer

    @property
    def trump_suit(self) -> Suit:
        return Suit(self.trump)

    @property
    def face_up_trump(self) -> Card | None:
        """The trump card lying face up under the talon (None once drawn; after closing
        it lies turned down but is still known)."""
        return None if self.trump_card < 0 else ALL_CARDS[self.trump_card]

    @property
    def talon_size(self) -> int:
        """Face-down cards left on the trump card."""
        return 9 - self.pos

    @property
    def talon_closed(self) -> bool:
        return self.closed_by >= 0

    @property
    def strict(self) -> bool:
        """Must follow suit and win (talon exhausted or closed)."""
        return self.closed_by >= 0 or self.pos >= 9

    @property
    def lead_card(self) -> Card | None:
        return None if self.lead < 0 else ALL_CARDS[self.lead]

    def hand_of(self, player: int) -> tuple[Card, ...]:
        return cards_of(self.hand[player])

    def talon_cards(self) -> tuple[Card, ...]:
        """The face-down talon, next card to draw first (not including the trump card)."""
        return tuple(ALL_CARDS[c] for c in self.talon[self.pos :])

    def won_cards(self, player: int) -> tuple[Card, ...]:
        return cards_of(self.won[player])

    def card_points(self, player: int) -> int:
        """Card points (Augen) in the player's tricks, without marriages."""
        return self.pts[player]

    def score(self, player: int) -> int:
        """Counted points: card points plus announced marriages once he has a trick."""
        return self.pts[player] + (self.mar[player] if self.won[player] else 0)

    def pending_marriage_points(self, player: int) -> int:
        return 0 if self.won[player] else self.mar[player]

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """Legal actions of the player to move, in a fixed order: declarations, exchange,
        close, marriages (suit order, king first), plays (card index order)."""
        if self.result is not None:
            return []
        p = self.to_move
        h = self.hand[p]
        if self.lead >= 0:
            if self.closed_by >= 0 or self.pos >= 9:
                lead = self.lead
                same = h & SUIT_MASKS[lead // 5]
                if same:
                    h = (same & STRONGER[lead]) or same
                else:
                    h = (h & SUIT_MASKS[self.trump]) or h
            got = _PLAYS.get(h)
            return list(got if got is not None else _plays(h))
        rules = self.rules
        acts: list[Action] = []
        kq = h & (h >> 1) & _KINGS if (self.won[p] or rules.marriage_before_first_trick) else 0
        if not rules.auto_declare and self.won[p]:
            # without a trick a player's points do not count yet: a declaration could never
            # be right, so it is not offered
            acts.append(DECLARE_ACTION)
            if kq:
                acts.extend(DECLARE_MARRIAGE_ACTIONS[s * 5 + 2] for s in _MARRIAGE_SUITS[kq])
        if self.closed_by < 0:
            pos = self.pos
            if (
                pos <= (8 if rules.exchange_with_one_talon_card else 7)
                and h & BITS[self.trump * 5 + 4]
                and (self.first_lead_done or rules.exchange_before_first_lead)
            ):
                acts.append(EXCHANGE_ACTION)
            if pos <= 7:
                acts.append(CLOSE_ACTION)
        if kq:
            king_only = rules.marriage_lead_king_only
            for s in _MARRIAGE_SUITS[kq]:
                acts.append(MARRIAGE_ACTIONS[s * 5 + 2])
                if not king_only:
                    acts.append(MARRIAGE_ACTIONS[s * 5 + 3])
        got = _PLAYS.get(h)
        acts.extend(got if got is not None else _plays(h))
        return acts

    def _follow_mask(self, h: int) -> int:
        if not (self.closed_by >= 0 or self.pos >= 9):
            return h
        lead = self.lead
        same = h & SUIT_MASKS[lead // 5]
        if same:
            return (same & STRONGER[lead]) or same
        return (h & SUIT_MASKS[self.trump]) or h

    def _marriage_suits(self, p: int) -> list[int]:
        if not (self.won[p] or self.rules.marriage_before_first_trick):
            return []
        h = self.hand[p]
        return [s for s in range(4) if (h >> (s * 5 + 2)) & 3 == 3]

    def _can_exchange(self, p: int) -> bool:
        rules = self.rules
        return (
            self.closed_by < 0
            and self.pos <= (8 if rules.exchange_with_one_talon_card else 7)
            and bool(self.hand[p] & BITS[self.trump * 5 + 4])
            and (self.first_lead_done or rules.exchange_before_first_lead)
        )

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action) -> Reason | None:
        """None if legal, else the rule the action breaks: a :class:`Reason` (an English
        sentence with ``.code`` and ``.params``, see ``messages.py``)."""
        try:
            action = Action.parse(action)
        except ValueError as exc:
            return reason_of(exc)
        if self.result is not None:
            return Reason("two_player_game_over")
        if action.kind == REVOKE:
            return None
        if action in self.legal_actions():
            return None
        p = self.to_move
        h = self.hand[p]
        rules = self.rules
        kind, card = action.kind, action.card
        on_lead = self.lead < 0
        if kind == PLAY:
            if not h & BITS[card]:
                return Reason("two_player_not_in_hand", seat=p, card=card.name)
            lead = self.lead
            if h & SUIT_MASKS[lead // 5]:
                if card // 5 != lead // 5:
                    return Reason("two_player_must_follow", suit=Suit(lead // 5).letter)
                return Reason("two_player_must_win", suit=Suit(lead // 5).letter)
            return Reason("two_player_must_trump")
        if not on_lead:
            return Reason(
                "two_player_only_on_lead", kind=kind, seat=p, card=self.lead_card.name
            )
        if kind == DECLARE:
            if rules.auto_declare:
                return Reason("two_player_auto_declare")
            if not self.won[p]:
                return Reason("two_player_declare_needs_trick")
        if kind in (MARRIAGE, DECLARE) and card is not None:
            s = card // 5
            if (h >> (s * 5 + 2)) & 3 != 3:
                return Reason("two_player_marriage_needs_pair", suit=Suit(s).letter)
            if not self.won[p] and not rules.marriage_before_first_trick:
                return Reason("two_player_marriage_after_trick")
            if kind == MARRIAGE and card % 5 == 3 and rules.marriage_lead_king_only:
                return Reason("two_player_king_first")
        if kind == EXCHANGE:
            if self.closed_by >= 0:
                return Reason("two_player_no_exchange_closed")
            if self.pos >= 9:
                return Reason("two_player_no_exchange_exhausted")
            if not h & BITS[self.trump * 5 + 4]:
                return Reason("two_player_exchange_needs_jack", card=f"J{Suit(self.trump).letter}")
            if not self.first_lead_done and not rules.exchange_before_first_lead:
                return Reason("two_player_no_exchange_first_lead")
            return Reason("two_player_no_exchange_one_card")
        if kind == CLOSE:
            if self.closed_by >= 0:
                return Reason("two_player_already_closed")
            return Reason("two_player_close_needs_two")
        return Reason("two_player_not_legal", action=str(action))

    # ------------------------------------------------------------------ applying
    def apply(self, action, check: bool = True) -> GameState:
        """A new state after ``action`` (an Action or its string)."""
        s = self.copy()
        s.push(action, check)
        return s

    def push(self, action, check: bool = True) -> None:
        """Apply ``action`` in place. With ``check=False`` the caller guarantees legality
        (the fast path for search over ``legal_actions()``)."""
        if not isinstance(action, Action):
            action = Action.parse(action)
        if check:
            why = self.why_illegal(action)
            if why is not None:
                raise IllegalAction(f"{action}: {why}")
        kind = action.kind
        p = self.to_move
        if kind == PLAY:
            if self.lead < 0:
                self._lead(p, action.card)
            else:
                self._follow(p, action.card)
        elif kind == MARRIAGE:
            card = action.card
            self._announce(p, card // 5)
            if self.rules.auto_declare and self.won[p] and self.score(p) >= 66:
                self._declare(p)
            else:
                self._lead(p, card)
        elif kind == DECLARE:
            if action.card is not None:
                self._announce(p, action.card // 5)
            self._declare(p)
        elif kind == EXCHANGE:
            jack = self.trump * 5 + 4
            old = self.trump_card
            self.hand[p] ^= BITS[jack] | BITS[old]
            self.known[p] = (self.known[p] | BITS[old]) & ~BITS[jack]
            self.trump_card = jack
        elif kind == CLOSE:
            o = 1 - p
            self.closed_by = p
            self.close_opp_pts = self.score(o)
            self.close_opp_trick = self.won[o] != 0
        elif kind == REVOKE:
            o = 1 - action.player
            self.result = GameResult(o, 3, REVOKED, (self.score(0), self.score(1)))
        else:  # pragma: no cover - Action.parse guards the kinds
            raise IllegalAction(f"unknown action {action}")

    def _announce(self, p: int, suit: int) -> None:
        self.mar[p] += 40 if suit == self.trump else 20
        self.marriages = self.marriages + (Marriage(p, suit),)
        self.known[p] |= BITS[suit * 5 + 2] | BITS[suit * 5 + 3]

    def _lead(self, p: int, card: int) -> None:
        b = BITS[card]
        self.hand[p] ^= b
        self.known[p] &= ~b
        self.lead = card
        self.leader = p
        self.first_lead_done = True
        self.to_move = 1 - p

    def _follow(self, p: int, card: int) -> None:
        lead = self.lead
        leader = self.leader
        b = BITS[card]
        if self.closed_by >= 0 or self.pos >= 9:
            ls = lead // 5
            if card // 5 != ls:
                ex = SUIT_MASKS[ls]
                if card // 5 != self.trump:
                    ex |= SUIT_MASKS[self.trump]
                self.excl[p] |= ex
            elif card > lead:
                self.excl[p] |= STRONGER[lead]
        self.hand[p] ^= b
        self.known[p] &= ~b
        if card // 5 == lead // 5:
            w = p if card < lead else leader
        else:
            w = p if card // 5 == self.trump else leader
        self.pts[w] += CARD_POINTS[lead] + CARD_POINTS[card]
        self.won[w] |= BITS[lead] | b
        self.last_trick = Trick(leader, ALL_CARDS[lead], ALL_CARDS[card], w)
        self.past = self.past + (
            PastTrick(leader, lead, card, w, 9 - self.pos, self.trump_card, self.closed_by),
        )
        self.tricks += 1
        self.lead = -1
        self.to_move = w
        self.leader = w
        if self.closed_by < 0 and self.pos < 9:
            lo = 1 - w
            self.hand[w] |= BITS[self.talon[self.pos]]
            if self.pos == 8:
                tc = self.trump_card
                self.hand[lo] |= BITS[tc]
                self.known[lo] |= BITS[tc]
                self.trump_card = -1
                self.pos = 9
            else:
                self.hand[lo] |= BITS[self.talon[self.pos + 1]]
                self.pos += 2
        if self.rules.auto_declare and self.score(w) >= 66:
            self._declare(w)
        elif not self.hand[0] and not self.hand[1]:
            self._end_by_last_trick(w)

    # ------------------------------------------------------------------ scoring
    def _closer_value(self) -> int:
        """What the closer gets (or would get) for a successful close."""
        o = 1 - self.closed_by
        if self.rules.closed_points_at_end:
            opp_pts, opp_trick = self.score(o), self.won[o] != 0
        else:
            opp_pts, opp_trick = self.close_opp_pts, self.close_opp_trick
        if self.rules.successful_close == "two_or_three":
            return 2 if opp_trick else 3
        return points_table(opp_pts, opp_trick)

    def _failed_close_value(self) -> int:
        if self.rules.failed_close == "closer_value_at_least_two":
            return max(2, self._closer_value())
        return 2 if self.close_opp_trick else 3

    def _value_if_right(self, p: int) -> tuple[int, str]:
        c = self.closed_by
        if c < 0:
            o = 1 - p
            return points_table(self.score(o), self.won[o] != 0), DECLARED
        if c == p:
            return self._closer_value(), CLOSED
        return self._failed_close_value(), CLOSE_FAILED

    def _declare(self, p: int) -> None:
        value, reason = self._value_if_right(p)
        scores = (self.score(0), self.score(1))
        if scores[p] >= 66:
            self.result = GameResult(p, value, reason, scores, p)
            return
        wrong = self.rules.wrong_declaration
        if wrong == "three":
            value = 3
        elif wrong == "as_if_right_at_least_two":
            value = max(2, value)
        if self.closed_by == p:
            # a closer who declares without 66 has failed his close: never cheaper than
            # failing honestly (2, or 3 if the opponent had no trick at the close)
            value = max(value, self._failed_close_value())
        self.result = GameResult(1 - p, value, WRONG_DECLARATION, scores, p)

    def _end_by_last_trick(self, w: int) -> None:
        if self.score(w) >= 66:
            self._declare(w)  # the last trick brings him to 66: he declares
            return
        scores = (self.score(0), self.score(1))
        c = self.closed_by
        if c >= 0:
            self.result = GameResult(1 - c, self._failed_close_value(), CLOSE_FAILED, scores)
        else:
            if self.rules.last_trick == "one":
                value = 1
            else:
                lo = 1 - w
                value = points_table(scores[lo], self.won[lo] != 0)
            self.result = GameResult(w, value, LAST_TRICK, scores)

    # ------------------------------------------------------------------ views
    def view(self, player: int):
        """What ``player`` may know (see :class:`engine.view.PlayerView`)."""
        return PlayerView.of(self, player)

    def to_dict(self) -> dict:
        """The whole state as JSON-ready data (the referee's picture; not for players)."""
        return {
            "rules": self.rules.name,
            "dealer": self.dealer,
            "forehand": self.forehand,
            "trump": Suit(self.trump).letter,
            "trump_card": None if self.trump_card < 0 else ALL_CARDS[self.trump_card].name,
            "talon": [c.name for c in self.talon_cards()],
            "talon_closed_by": None if self.closed_by < 0 else self.closed_by,
            "hands": [[c.name for c in self.hand_of(p)] for p in (0, 1)],
            "tricks_won": [[c.name for c in self.won_cards(p)] for p in (0, 1)],
            "card_points": list(self.pts),
            "marriages": [
                {"player": p, "suit": Suit(s).letter, "points": 40 if s == self.trump else 20}
                for p, s in self.marriages
            ],
            "scores": [self.score(0), self.score(1)],
            "lead": None if self.lead < 0 else ALL_CARDS[self.lead].name,
            "to_move": None if self.result is not None else self.to_move,
            "legal_actions": [str(a) for a in self.legal_actions()],
            "result": None if self.result is None else self.result.to_dict(),
        }

    def __repr__(self) -> str:
        return (
            f"<GameState trump={Suit(self.trump).letter} to_move={self.to_move} "
            f"hands={[' '.join(c.name for c in self.hand_of(p)) for p in (0, 1)]} "
            f"talon={self.talon_size} scores={[self.score(0), self.score(1)]}"
            f"{' over' if self.result else ''}>"
        )
