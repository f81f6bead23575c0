"""Whether a tournament may be changed here: a registry the apps above answer.

Every service that writes a tournament locks it first (``services.common._lock``) and
asks :func:`refusal` there. An app above registers a guard (``register``) from its
``AppConfig.ready``: the ``venue`` app refuses changes to a tournament checked out to a
venue laptop, whose copy is the one being played. The guard answers with the message
the staff see, or None. :func:`allowed` lets the one writer that may (the venue's
pushed versions being applied) through for a tournament.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Iterator
from contextlib import contextmanager

Guard = Callable[[int], "str | None"]

_guards: list[Guard] = []
_allowed: contextvars.ContextVar[frozenset[int]] = contextvars.ContextVar(
    "tournament_writes_allowed", default=frozenset()
)


def register(guard: Guard) -> None:
    if guard not in _guards:
        _guards.append(guard)


def refusal(tournament_id: int) -> str | None:
    """Why the tournament may not be changed here, or None."""
    if tournament_id in _allowed.get():
        return None
    for guard in _guards:
        message = guard(tournament_id)
        if message:
            return str(message)
    return None


@contextmanager
def allowed(tournament_id: int) -> Iterator[None]:
    token = _allowed.set(_allowed.get() | {tournament_id})
    try:
        yield
    finally:
        _allowed.reset(token)
