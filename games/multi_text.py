"""The engine's messages of Bauernschnapsen and Talonschnapsen as the table pages use them.

The engine gives every refusal, every button and every game result as a code with
parameters (``engine.messages``); the tables' services and presenters push them as a
:class:`~engine.messages.Reason` or its ``to_dict()``. :func:`reason_text` puts either in
words through ``games.messages``, which keeps the one translated template per code (the
tables' in the translation context ``table``) and the names of cards, suits, games and
phases (``contract_text``, ``suit_text``, also used here by the table pages). This module
imports ``games.messages``; it never imports this one.
"""

from __future__ import annotations

from engine.messages import CATALOGUE, Reason
from games.messages import card_text, contract_text, engine_message, phase_text, suit_text

__all__ = ["card_text", "contract_text", "phase_text", "reason_text", "suit_text"]


def reason_text(reason, names=None, deck: str = "french") -> str:
    """A :class:`~engine.messages.Reason` (or its ``to_dict()``) in words: the one
    translation of engine codes, ``games.messages.engine_message``."""
    if isinstance(reason, dict):
        code, params, text = reason.get("code"), reason.get("params") or {}, reason.get("text")
        if code not in CATALOGUE:
            return str(text or code)
        try:
            reason = Reason(code, **params)
        except (KeyError, TypeError, ValueError, IndexError):
            return str(text or code)
    return engine_message(reason, names=names or (), deck=deck)
