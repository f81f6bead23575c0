"""What one player may know (sampling the hidden cards consistently with it is in
``sampling``).

:class:`PlayerView` holds only public information plus the player's own hand: the trump
suit and face-up trump card, talon size, the cards in both players' tricks, the card on
the table, announced marriages, the cards of the opponent that are known (a marriage
partner not yet played, the old trump card taken by an exchange, the trump card drawn
with the last talon card), and the cards the opponent is known not to hold (he did not
follow suit, trump or win in the strict phase). It never holds the opponent's hidden
cards or the talon order; ``to_dict()`` is what a browser may be sent. ``past`` is every
finished trick with the public situation it was played in, as the players saw them
(what the computer's inference reads).

The game builds its views (``GameState.view(player)`` calls :meth:`PlayerView.of`), so
this module is below :mod:`engine.game` and does not import it: :meth:`PlayerView.of`
reads the state's attributes, as :meth:`engine.multi.view.MultiView.of` does.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .cards import ALL_CARDS, BITS, FULL_MASK, Card, Suit, cards_of
from .outcome import GameResult, Marriage, PastTrick, Trick
from .rules import RuleSet


@dataclass(frozen=True, slots=True)
class PlayerView:
    player: int
    rules: RuleSet
    dealer: int
    hand_mask: int
    opponent_hand_size: int
    opponent_known_mask: int  # cards known to be in the opponent's hand
    opponent_excluded_mask: int  # cards the opponent is known not to hold
    own_known_mask: int  # own cards the opponent knows about
    own_excluded_mask: int
    won_masks: tuple[int, int]
    card_points_: tuple[int, int]
    marriage_points: tuple[int, int]
    talon_size: int
    trump: int
    trump_card_index: int  # -1 once drawn
    closed_by: int
    close_opp_pts: int
    close_opp_trick: bool
    to_move: int
    lead_index: int
    leader: int
    first_lead_done: bool
    marriages: tuple[Marriage, ...]
    last_trick: Trick | None
    tricks: int
    result: GameResult | None
    legal: tuple[Action, ...]
    past: tuple[PastTrick, ...] = ()  # every finished trick, in order (public)

    @classmethod
    def of(cls, state, player: int) -> PlayerView:
        """What ``player`` may know of ``state`` (a :class:`~engine.game.GameState`)."""
        o = 1 - player
        return cls(
            player=player,
            rules=state.rules,
            dealer=state.dealer,
            hand_mask=state.hand[player],
            opponent_hand_size=state.hand[o].bit_count(),
            opponent_known_mask=state.known[o] & state.hand[o],
            opponent_excluded_mask=state.excl[o],
            own_known_mask=state.known[player] & state.hand[player],
            own_excluded_mask=state.excl[player],
            won_masks=(state.won[0], state.won[1]),
            card_points_=(state.pts[0], state.pts[1]),
            marriage_points=(state.mar[0], state.mar[1]),
            talon_size=9 - state.pos,
            trump=state.trump,
            trump_card_index=state.trump_card,
            closed_by=state.closed_by,
            close_opp_pts=state.close_opp_pts,
            close_opp_trick=state.close_opp_trick,
            to_move=state.to_move,
            lead_index=state.lead,
            leader=state.leader,
            first_lead_done=state.first_lead_done,
            marriages=state.marriages,
            last_trick=state.last_trick,
            tricks=state.tricks,
            result=state.result,
            legal=tuple(state.legal_actions()) if state.to_move == player else (),
            past=state.past,
        )

    # Convenience accessors -------------------------------------------------
    @property
    def hand(self) -> tuple[Card, ...]:
        return cards_of(self.hand_mask)

    @property
    def opponent(self) -> int:
        return 1 - self.player

    @property
    def opponent_known(self) -> tuple[Card, ...]:
        return cards_of(self.opponent_known_mask)

    @property
    def trump_suit(self) -> Suit:
        return Suit(self.trump)

    @property
    def trump_card(self) -> Card | None:
        return None if self.trump_card_index < 0 else ALL_CARDS[self.trump_card_index]

    @property
    def lead(self) -> Card | None:
        return None if self.lead_index < 0 else ALL_CARDS[self.lead_index]

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def my_turn(self) -> bool:
        return self.result is None and self.to_move == self.player

    def legal_actions(self) -> list[Action]:
        """The legal actions if it is this player's turn, else []."""
        return list(self.legal)

    def score(self, player: int) -> int:
        """Counted points (card points and marriages once a trick is won); public."""
        return self.card_points_[player] + (
            self.marriage_points[player] if self.won_masks[player] else 0
        )

    def card_points(self, player: int) -> int:
        return self.card_points_[player]

    def played_mask(self) -> int:
        m = self.won_masks[0] | self.won_masks[1]
        if self.lead_index >= 0:
            m |= BITS[self.lead_index]
        return m

    def unseen_mask(self) -> int:
        """Cards whose place this player does not know (opponent's hidden cards + talon)."""
        m = FULL_MASK & ~self.hand_mask & ~self.played_mask() & ~self.opponent_known_mask
        if self.trump_card_index >= 0:
            m &= ~BITS[self.trump_card_index]
        return m

    def to_dict(self) -> dict:
        """JSON-ready; safe to send to this player's browser."""
        o = self.opponent
        return {
            "player": self.player,
            "rules": self.rules.name,
            "dealer": self.dealer,
            "hand": [c.name for c in self.hand],
            "opponent_hand_size": self.opponent_hand_size,
            "opponent_known": [c.name for c in self.opponent_known],
            "trump": Suit(self.trump).letter,
            "trump_card": None if self.trump_card is None else self.trump_card.name,
            "talon_size": self.talon_size,
            "talon_closed_by": None if self.closed_by < 0 else self.closed_by,
            "lead": None if self.lead is None else self.lead.name,
            "tricks_won": [[c.name for c in cards_of(self.won_masks[p])] for p in (0, 1)],
            "scores": [self.score(0), self.score(1)],
            "pending_marriage_points": [
                0 if self.won_masks[p] else self.marriage_points[p] for p in (0, 1)
            ],
            "marriages": [
                {"player": p, "suit": Suit(s).letter, "points": 40 if s == self.trump else 20}
                for p, s in self.marriages
            ],
            "last_trick": None
            if self.last_trick is None
            else {
                "leader": self.last_trick[0],
                "lead": self.last_trick[1].name,
                "follow": self.last_trick[2].name,
                "winner": self.last_trick[3],
            },
            "to_move": None if self.result is not None else self.to_move,
            "legal_actions": [str(a) for a in self.legal],
            "opponent": o,
            "result": None if self.result is None else self.result.to_dict(),
        }
