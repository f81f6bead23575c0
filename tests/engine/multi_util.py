"""Helpers for hand-built Bauernschnapsen and Talonschnapsen deals.

Bauernschnapsen deals use dealer 3, so the caller is seat 0 (partner 2, opponents 1 and
3) and the cutter seat 2. Talonschnapsen deals use dealer 2: the caller is seat 0.
"""

from engine.bauern import BauernRules, BauernState
from engine.cards import parse_cards
from engine.talon import TalonRules, TalonState


def bauern_deck(h0: str, h1: str, h2: str, h3: str, mode: str = "cut") -> list:
    """The deck order that gives seat q the hand hq (the caller's first three cards are
    the first three listed) with dealer 3, for ``cut`` or ``knock``."""
    hs = [parse_cards(h) for h in (h0, h1, h2, h3)]
    assert all(len(h) == 5 for h in hs)
    if mode == "cut":
        cards = [c for h in hs for c in h[:3]] + [c for h in hs for c in h[3:]]
    else:
        cards = [c for h in hs for c in h]
    assert len(set(cards)) == 20, "a test deck must hold every card once"
    return cards


def bauern(h0, h1, h2, h3, rules="ueblich", mode="cut", **options) -> BauernState:
    """A Bauernschnapsen game dealt and cut (or knocked): the caller (seat 0) to call."""
    r = BauernRules.from_dict(rules).replace(**options) if options else BauernRules.from_dict(rules)
    s = BauernState.deal(r, deck=bauern_deck(h0, h1, h2, h3, mode), dealer=3)
    return s.apply(mode)


def talon_deck(h0: str, h1: str, h2: str, talon: str) -> list:
    hs = [parse_cards(h) for h in (h0, h1, h2)]
    assert all(len(h) == 6 for h in hs)
    cards = [c for h in hs for c in h[:3]] + parse_cards(talon) + [c for h in hs for c in h[3:]]
    assert len(set(cards)) == 20, "a test deck must hold every card once"
    return cards


def talon(h0, h1, h2, t, rules="ueblich", **options) -> TalonState:
    """A Talonschnapsen game: the caller (seat 0) to call trump."""
    r = TalonRules.from_dict(rules).replace(**options) if options else TalonRules.from_dict(rules)
    return TalonState.deal(r, deck=talon_deck(h0, h1, h2, t), dealer=2)


def run(state, *actions):
    for a in actions:
        state = state.apply(a)
    return state


def legal(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def play_out(state, pick=0):
    """Play on with the first (or last, pick=-1) legal action until the game ends."""
    while not state.is_over:
        state = state.apply(state.legal_actions()[pick])
    return state


def card_set(text: str) -> set[str]:
    return {c.name for c in parse_cards(text)}
