"""What the tournaments app does when the apps below it change something: a change to a
club or its staff (``clubs.signals.club_changed``) is written into the audit log of the
club. Connected by ``TournamentsConfig.ready``."""

from clubs.signals import club_changed

from .models import AuditLog


def record_club_change(sender, *, club, actor, action, target="", before=None, after=None, **kw):
    AuditLog.objects.create(
        club=club,
        user=actor if getattr(actor, "is_authenticated", False) else None,
        action=action,
        target=str(target)[:200],
        before=before,
        after=after,
    )


def connect() -> None:
    club_changed.connect(record_club_change, dispatch_uid="tournaments.club_audit")
