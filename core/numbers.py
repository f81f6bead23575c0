"""The one way to read a whole number that came from outside: a request's GET or POST
data, a URL, a CSV file, a transcript or the command line.

``str.isdigit()`` is true for "²" and "٣" (which ``int()`` refuses or reads as 3), and
``int()`` reads 400 digits that no database column holds. Here a number is ASCII digits
with an optional sign, at most ``MAX_DIGITS`` of them, within the bounds asked for and
never beyond a 64-bit signed integer (what the databases store); anything else is
``None``, for the caller to answer with its own message. No Django import.
"""

from __future__ import annotations

import builtins
import re

MIN_INT = -(2**63)
MAX_INT = 2**63 - 1
MAX_ID = MAX_INT  # a primary key: 1 … the largest 64-bit signed integer
MAX_DIGITS = 19  # len(str(MAX_INT)): a longer number cannot be in range

_INTEGER = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}", re.ASCII)
_DIGITS = re.compile(r"[0-9]+", re.ASCII)


def is_digits(text) -> bool:
    """True when ``text`` is one or more ASCII digits and nothing else (not "²", not " 7")."""
    return isinstance(text, str) and _DIGITS.fullmatch(text) is not None


def parse_int(raw, *, min: int | None = None, max: int | None = None) -> int | None:  # noqa: A002
    """The whole number ``raw`` stands for, or ``None``.

    ``raw`` is a string (surrounding white space is ignored), an ``int`` (not a bool) or
    anything else (``None``). The number must lie within ``min`` … ``max`` where given,
    and within the 64-bit signed range always.
    """
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        value = raw
    elif isinstance(raw, str):
        text = raw.strip()
        if _INTEGER.fullmatch(text) is None:
            return None
        value = int(text)
    else:
        return None
    low = MIN_INT if min is None else builtins.max(min, MIN_INT)
    high = MAX_INT if max is None else builtins.min(max, MAX_INT)
    return value if low <= value <= high else None


def parse_digits(raw, *, max: int | None = None) -> int | None:  # noqa: A002
    """A number written as ASCII digits alone (no sign: "7", not "+7" or "-7"), or ``None``."""
    if not isinstance(raw, str) or not is_digits(raw.strip()):
        return None
    return parse_int(raw, min=0, max=max)


def parse_id(raw) -> int | None:
    """A primary key (1 … ``MAX_ID``) from ``raw``, or ``None``."""
    return parse_int(raw, min=1, max=MAX_ID)


def clamp(value: int, low: int, high: int) -> int:
    return builtins.max(low, builtins.min(high, value))
