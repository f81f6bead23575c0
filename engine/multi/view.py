"""What one seat may know in Bauernschnapsen or Talonschnapsen: :class:`MultiView`.

A view holds the game as that seat sees it: his own hand; the announcements (the trump
call or the turned-up card, every bid, the game, the doubles, the marriages); every card
played and who played it (they were played face up before all four; a table that follows
004 to the letter shows only each side's first trick face up, ``first_tricks``, and the
number of tricks; the rest is the player's memory); the cards of other hands that are known
(a turned-up trump, the partner card of a marriage, hands laid open in a Plauderer or
shown for a Farbringerl or Herrenschnapser, the opponents' cards a Plauderer (a) lets him
look at); what others are known to lack (they did not follow suit, trump or head a trick
when the rules made them); in Talonschnapsen the talon he took up and the cards he laid
away. It never holds another hand's hidden cards -- the partner's included --, the caller's
face-down cards before the call (not even for the caller), the talon, or the deck order.

Inside, a view keeps a *redacted* state: a copy of the game with every hidden card taken
out (the sizes are kept). :mod:`engine.multi.sampling` deals the hidden cards back
in, consistently with the view. ``to_dict()`` is what a browser may be sent.
"""

from __future__ import annotations

from ..cards import ALL_CARDS
from ..messages import Reason
from .actions import Action
from .outcome import card_names
from .phases import CUT_PHASE, DOUBLE, PHASE_NAMES
from .sampling import sample_hidden


class MultiView:
    """One seat's view. Build it with ``state.view(seat)``."""

    __slots__ = (
        "seat",
        "_s",
        "hand_sizes",
        "later_sizes",
        "talon_size",
        "discard_size",
        "undealt",
        "legal",
        "_sampler",
    )

    @classmethod
    def of(cls, state, seat: int) -> MultiView:
        if isinstance(seat, bool) or seat not in range(state.N):
            raise ValueError(f"seat must be 0..{state.N - 1}")
        v = cls.__new__(cls)
        v.seat = seat
        r = state.copy()
        n = state.N
        seen = state.seen[seat]
        for q in range(n):
            if q != seat:
                r.hand[q] = state.hand[q] & (state.known[q] | seen)
                r.seen[q] = 0
        r.later = [()] * n
        r.order = None
        r.talon = 0
        if seat != state.declarer:
            r.taken = 0
            # a publicly known card (the turned-up trump) laid away is known to be there
            r.discard = state.discard & state.known[state.declarer] if state.declarer >= 0 else 0
        v._s = r
        v.hand_sizes = tuple(h.bit_count() for h in state.hand)
        v.later_sizes = tuple(len(x) for x in state.later)
        v.talon_size = state.talon.bit_count()
        v.discard_size = state.discard.bit_count()
        v.undealt = 20 if state.phase == CUT_PHASE else 0
        v.legal = (
            tuple(state.legal_actions()) if state.result is None and state.to_move == seat else ()
        )
        v._sampler = None
        return v

    # ------------------------------------------------------------------ accessors
    def __getattr__(self, name):
        # The public fields of the game (phase, trump, bids, contract, trick, history,
        # won, known, excl, ...) read through to the redacted state: it holds nothing the
        # seat may not know.
        if name.startswith("__") or name in MultiView.__slots__:
            raise AttributeError(name)
        return getattr(self._s, name)

    @property
    def game(self) -> str:
        return self._s.GAME

    @property
    def hand_mask(self) -> int:
        return self._s.hand[self.seat]

    @property
    def hand(self):
        return self._s.hand_of(self.seat)

    @property
    def my_turn(self) -> bool:
        return self._s.result is None and self._s.to_move == self.seat

    def legal_actions(self) -> list[Action]:
        """The legal actions if it is this seat's turn, else []."""
        return list(self.legal)

    def known_mask(self, seat: int) -> int:
        """Cards known to be in ``seat``'s hand (all of them for this seat)."""
        return self._s.hand[seat]

    def unseen_mask(self) -> int:
        """Cards whose place this seat does not know."""
        s = self._s
        m = (1 << 20) - 1
        for h in s.hand:
            m &= ~h
        for w in s.won:
            m &= ~w
        for _, c in s.trick:
            m &= ~(1 << c)
        m &= ~s.discard
        return m

    def sample(self, rng):
        """A full state consistent with this view (see ``multi/sampling.py``)."""
        return sample_hidden(self, rng)

    def label(self, action) -> Reason:
        return action_label(self._s, Action.parse(action))

    def to_dict(self) -> dict:
        """JSON-ready; safe to send to this seat's browser."""
        s = self._s
        d = public_dict(s)
        d.update(
            seat=self.seat,
            my_turn=self.my_turn,
            hand=card_names(s.hand[self.seat]),
            face_down=self.later_sizes[self.seat],
            hand_sizes=list(self.hand_sizes),
            known_cards=[[] if q == self.seat else card_names(s.hand[q]) for q in range(s.N)],
            talon_size=self.talon_size,
            talon_taken=card_names(s.taken),
            discard=card_names(s.discard),
            discard_size=self.discard_size,
            legal_actions=[str(a) for a in self.legal],
            action_labels={str(a): action_label(s, a).to_dict() for a in self.legal},
        )
        return d


def action_label(state, action: Action) -> Reason:
    """A button label for ``action`` in ``state`` as a code with parameters."""
    k = action.kind
    if k == "play":
        return Reason("action_play", card=action.card.name)
    if k == "marriage":
        points = 40 if action.card // 5 == state.trump else 20
        return Reason("action_marriage", card=action.card.name, points=points)
    if k == "bid":
        code = "action_bid_no_talon" if action.no_talon else "action_bid"
        return Reason(code, contract=action.contract)
    if k == "pass":
        return Reason("action_no_double" if state.phase == DOUBLE else "action_pass")
    if k == "double":
        return Reason(("action_double", "action_retour", "action_re")[min(state.doubles, 2)])
    if k == "call":
        return Reason("action_call", suit=action.suit.letter)
    if k == "turn_up":
        return Reason("action_turn_up", index=action.index)
    if k == "discard":
        return Reason("action_discard", cards=",".join(c.name for c in action.cards))
    return Reason(f"action_{k}")


def _trick_dict(t) -> dict | None:
    return None if t is None else t.to_dict()


def public_dict(s) -> dict:
    """The facts of a state every seat may know, as JSON-ready data."""
    c = s.contract
    first = [None, None]
    for t in s.history:
        sd = s.side[t.winner]
        if first[sd] is None:
            first[sd] = t
    return {
        "game": s.GAME,
        "rules": s.rules.name,
        "phase": PHASE_NAMES[s.phase],
        "dealer": s.dealer,
        "caller": s.caller,
        "cutter": s.cutter if s.GAME == "bauernschnapsen" else None,
        "deal_mode": s.deal_mode,
        "to_move": None if s.result is not None else s.to_move,
        "trump": None if s.trump < 0 else "HDSC"[s.trump],
        "trump_in_play": None if s.trump_in_play < 0 else "HDSC"[s.trump_in_play],
        "called": None if s.called < 0 else "HDSC"[s.called],
        "turned_up": None if s.turned_up < 0 else ALL_CARDS[s.turned_up].name,
        "bids": [b.to_dict() for b in s.bids],
        "contract": None if c is None else c.to_dict(),
        "declarer": None if s.declarer < 0 else s.declarer,
        "no_talon": s.no_talon,
        "sides": list(s.side),
        "active": list(s.active),
        "doubles": s.doubles,
        "trick": [{"seat": q, "card": ALL_CARDS[x].name} for q, x in s.trick],
        "leader": None if s.leader < 0 else s.leader,
        "first_tricks": [_trick_dict(t) for t in first],
        "tricks": [t.to_dict() for t in s.history],
        "trick_counts": list(s.ntr),
        "side_tricks": list(s.strk),
        "side_points": [s.counted(0), s.counted(1)],
        "marriages": [
            {"seat": m.seat, "suit": "HDSC"[m.suit], "points": m.points} for m in s.marriages
        ],
        "result": None if s.result is None else s.result.to_dict(),
    }


def state_dict(s) -> dict:
    """The whole state (the referee's picture, for replay output; not for players)."""
    d = public_dict(s)
    d.update(
        hands=[card_names(h) for h in s.hand],
        face_down=[[ALL_CARDS[c].name for c in x] for x in s.later],
        talon=card_names(s.talon),
        talon_taken=card_names(s.taken),
        discard=card_names(s.discard),
        legal_actions=[str(a) for a in s.legal_actions()],
    )
    return d
