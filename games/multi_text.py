"""The engine's messages of Bauernschnapsen and Talonschnapsen in the UI language.

The engine gives every refusal, every button and every game result as a code with
parameters (``engine.messages``); this module keeps one translated template per
code and fills the parameters in words: a seat becomes the player's name, a card its
name in the table's deck, a suit its name, a game its German name. The templates use the
translation context ``table`` so they never collide with another page's strings.
"""

from __future__ import annotations

from django.utils.translation import pgettext

from engine.multi.contracts import GERMAN_NAMES

GERMAN_SUITS = {"H": "Herz", "D": "Schelle", "S": "Laub", "C": "Eichel"}


def _suit_names(deck: str) -> dict[str, str]:
    if deck == "german":  # doppeldeutsch: the German names in every language
        return GERMAN_SUITS
    return {
        "H": pgettext("table", "Hearts"),
        "D": pgettext("table", "Diamonds"),
        "S": pgettext("table", "Spades"),
        "C": pgettext("table", "Clubs"),
    }


def _rank_names(deck: str) -> dict[str, str]:
    if deck == "german":
        return {"A": "Daus", "T": "Zehner", "K": "König", "Q": "Ober", "J": "Unter"}
    return {
        "A": pgettext("table", "Ace"),
        "T": pgettext("table", "Ten"),
        "K": pgettext("table", "King"),
        "Q": pgettext("table", "Queen"),
        "J": pgettext("table", "Jack"),
    }


def card_text(code: str, deck: str = "french") -> str:
    """``QH`` -> "Herz Dame" ("Queen of Hearts"; a doppeldeutsch deck: "Herz Ober")."""
    code = str(code)
    if len(code) != 2:
        return code
    return pgettext("table", "%(rank)s of %(suit)s") % {
        "suit": _suit_names(deck).get(code[1], code[1]),
        "rank": _rank_names(deck).get(code[0], code[0]),
    }


def suit_text(letter: str, deck: str = "french") -> str:
    return _suit_names(deck).get(str(letter), str(letter))


def contract_text(name) -> str:
    if name is None:
        return pgettext("table", "Normales Spiel")
    return GERMAN_NAMES.get(str(name), str(name))


def phase_text(phase: str) -> str:
    return {
        "cut": pgettext("table", "cutting"),
        "call": pgettext("table", "calling trump"),
        "bid": pgettext("table", "bidding"),
        "raise": pgettext("table", "bidding"),
        "talon": pgettext("table", "the talon"),
        "raise_after_talon": pgettext("table", "bidding"),
        "double": pgettext("table", "doubling"),
        "play": pgettext("table", "play"),
        "over": pgettext("table", "the end of the game"),
    }.get(phase, phase)


def reason_text(reason, names=None, deck: str = "french") -> str:
    """A :class:`~engine.messages.Reason` (or its ``to_dict()``) in words: the one
    translation of engine codes, ``games.messages.engine_message``."""
    from engine.messages import CATALOGUE, Reason
    from games.messages import engine_message

    if isinstance(reason, dict):
        code, params, text = reason.get("code"), reason.get("params") or {}, reason.get("text")
        if code not in CATALOGUE:
            return str(text or code)
        try:
            reason = Reason(code, **params)
        except (KeyError, TypeError, ValueError, IndexError):
            return str(text or code)
    return engine_message(reason, names=names or (), deck=deck)
