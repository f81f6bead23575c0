"""The prize ceremony on the projector: staff start (again) and stop it.

The projector shows the ceremony once every prize is decided, unless staff stopped
it; a start shows the places again from the 8th on. Both are audited, so the public
pages' live version changes and every projector follows within its update interval.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from .common import _audit, _lock


def set_ceremony(tournament, *, running: bool, actor=None):
    """Start (or restart) the prize ceremony on the projector, or stop it."""
    with transaction.atomic():
        t = _lock(tournament)
        before = {"ceremony": not t.ceremony_stopped}
        t.ceremony_stopped = not running
        if running:
            t.ceremony_started_at = timezone.now()
        t.save(update_fields=["ceremony_stopped", "ceremony_started_at", "updated_at"])
        _audit(
            t,
            actor,
            "start_ceremony" if running else "stop_ceremony",
            t.name,
            before,
            {"ceremony": running},
        )
    return t
