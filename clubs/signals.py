"""Signals of the clubs app, for the apps built on it.

``club_changed``: a change to a club or its staff (a club made, a role given or taken,
an invitation, the logo), sent with ``club``, ``actor`` (the user, or None for the
command line), ``action`` (a code such as ``"grant_role"``), ``target`` (what was
changed, in words), ``before`` and ``after`` (JSON-able states). The tournaments app
writes it into the audit log (``tournaments.receivers``), which this app does not know.
"""

from django.dispatch import Signal

club_changed = Signal()
