"""Helpers for hand-built deals: player 0 is the forehand, player 1 the dealer."""

from engine import GameState, RuleSet
from engine.cards import parse_cards


def deck(forehand: str, dealer: str, trump: str, talon: str) -> list:
    fh, de = parse_cards(forehand), parse_cards(dealer)
    cards = fh[:3] + de[:3] + parse_cards(trump) + fh[3:] + de[3:] + parse_cards(talon)
    assert len(cards) == 20 and len(set(cards)) == 20, "a test deck must hold every card once"
    return cards


def deal(forehand, dealer, trump, talon, rules="weich", **options) -> GameState:
    rules = RuleSet.preset(rules) if isinstance(rules, str) else rules
    if options:
        rules = rules.replace(**options)
    return GameState.deal(rules, deck=deck(forehand, dealer, trump, talon), dealer=1)


def play(state: GameState, *actions: str) -> GameState:
    for a in actions:
        state = state.apply(a)
    return state


def legal(state: GameState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def plays(state: GameState) -> set[str]:
    return {str(a)[5:] for a in state.legal_actions() if a.kind == "play"}
