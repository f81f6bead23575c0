"""One-time tokens for staff forms whose POST must not be applied twice.

A double click, a reload after a sale, or the browser's "send again" without JavaScript
would otherwise sell the entries twice. Each such form carries a fresh random token
(``{% once_field %}``); the view claims it inside the transaction that makes the change.
The token is stored in ``SubmissionToken`` whose unique index makes the claim race-free on
SQLite and PostgreSQL: of two identical POSTs at once, the second waits for the first's
commit and then fails on the index (if the first was refused and rolled back, its token is
free again and the second is applied). A separate small table rather than a field of the
AuditLog row: a sale writes one audit row per entry, and the guard is also used by forms
that write no tournament audit row (a new tournament, a player).

Tokens are kept for ``KEEP`` (30 days: longer than any page stays open at a venue) and
then deleted after a later claim has committed, in a statement of its own, so that the
table does not grow without end and the cleanup never holds up or undoes a sale.
"""

from __future__ import annotations

import datetime
import secrets

from django.db import DatabaseError, IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models import SubmissionToken

FIELD = "once"
KEEP = datetime.timedelta(days=30)


class MissingToken(Exception):
    """The POST carries no usable token (an old page or a hand-made request)."""

    message = _("The form is out of date or incomplete; nothing was changed. Please try again.")


class AlreadyDone(Exception):
    """The token was used before: this form was already sent and applied."""


def new_token() -> str:
    return secrets.token_urlsafe(24)


def claim(data, purpose: str, user=None) -> None:
    """Use the token in ``data`` (a POST) once; call inside the change's transaction.

    Raises ``MissingToken`` or ``AlreadyDone``; the caller's transaction then stores
    nothing.
    """
    token = (data.get(FIELD) or "").strip()
    if not 16 <= len(token) <= 64:
        raise MissingToken
    if user is not None and not getattr(user, "is_authenticated", False):
        user = None
    try:
        with transaction.atomic():
            SubmissionToken.objects.create(token=token, purpose=purpose, user=user)
    except IntegrityError:
        raise AlreadyDone from None
    transaction.on_commit(forget_old)


def forget_old() -> int:
    """Delete the tokens used more than ``KEEP`` ago; returns how many. A failure (two
    cleanups racing) is harmless: the next claim tries again."""
    try:
        deleted, _ = SubmissionToken.objects.filter(used_at__lt=timezone.now() - KEEP).delete()
    except DatabaseError:
        return 0
    return deleted
