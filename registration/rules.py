"""The registration's rules without a database (no Django import): the key that makes
one registration per person, whether a registration gets a place or waits, who moves up
from the waiting list, and what a scanned code names."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass


def fold(name: str, town: str) -> str:
    """Name and town as one key: case, accents and spacing do not make another person."""

    def one(text: str) -> str:
        text = unicodedata.normalize("NFKD", text or "")
        text = "".join(c for c in text if not unicodedata.combining(c))
        return " ".join(text.casefold().split())

    return f"{one(name)}|{one(town)}"


def clean(text: str) -> str:
    return " ".join(str(text or "").split())


def gets_place(field_size: int, taken: int, count: int) -> bool:
    """Does a registration of ``count`` entries fit beside ``taken`` (sold entries and
    registered places)?"""
    return taken + count <= field_size


def moving_up(field_size: int, taken: int, waiting: list[int]) -> int:
    """How many of the waiting registrations (their counts, in order of registration)
    move up: strictly in order, the first that does not fit stops the rest."""
    moved = 0
    for count in waiting:
        if taken + count > field_size:
            break
        taken += count
        moved += 1
    return moved


@dataclass(frozen=True)
class Code:
    """What a scanned or typed code names: an entry card (``tournament``, ``number``;
    ``tournament`` None for a bare number typed at the desk) or a registration
    (``token``)."""

    kind: str  # "entry" | "registration"
    tournament: int | None = None
    number: int | None = None
    token: str = ""


_ENTRY = re.compile(r"/t/(\d{1,12})/?\?(?:.*&)?karte=(\d{1,9})\b")
_REGISTRATION = re.compile(r"/anmeldung/r/([A-Za-z0-9_-]{20,64})/?")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}")


def parse_code(text: str) -> Code | None:
    """The code of an entry card (the public page's address with ``?karte=N``), of a
    registration's confirmation (its private link), a bare entry number or a token."""
    text = (text or "").strip()
    if not text or len(text) > 500:
        return None
    if match := _ENTRY.search(text):
        return Code("entry", tournament=int(match[1]), number=int(match[2]))
    if match := _REGISTRATION.search(text):
        return Code("registration", token=match[1])
    if text.lstrip("#").isdigit() and len(text) <= 9:
        return Code("entry", number=int(text.lstrip("#")))
    if _TOKEN.fullmatch(text):
        return Code("registration", token=text)
    return None
