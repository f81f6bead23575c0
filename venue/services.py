"""Checking a tournament out to a venue laptop, in again, and breaking a lost lock.

A club's API token with the organiser's rights (``Action.TERMS``) checks a tournament
out: it gets the tournament as the exchange document (``tournaments.exchange``: terms,
players, entries sold, rounds) and this server refuses the staff's changes to it
(``tournaments.write_guard``) until the token checks it in, or a site administrator
breaks the lock of a lost laptop (an audit entry in the tournament's log)."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from api.tokens import TokenActor
from clubs.permissions import Action
from core.errors import UserError
from tournaments.exchange.export import export_tournament
from tournaments.models import AuditLog, Tournament

from .models import Checkout


class VenueError(UserError):
    """A checkout, check-in or lock break was refused."""


def open_checkout(tournament_id: int) -> Checkout | None:
    return (
        Checkout.objects.filter(tournament_id=tournament_id, ended_at__isnull=True)
        .order_by("-checked_out_at")
        .first()
    )


def _when(moment) -> str:
    return formats.date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT")


def refusal(tournament_id: int) -> str | None:
    """The write guard (``tournaments.write_guard``): why the staff may not change it."""
    checkout = open_checkout(tournament_id)
    if checkout is None:
        return None
    return _(
        "This tournament is being run at the venue on “%(holder)s” (checked out %(when)s): "
        "change it there. This copy shows what the venue last sent%(last)s."
    ) % {
        "holder": checkout.holder,
        "when": _when(checkout.checked_out_at),
        "last": (
            _(" (%(when)s)") % {"when": _when(checkout.last_received_at)}
            if checkout.last_received_at
            else ""
        ),
    }


def _audit(tournament, *, user=None, role="", action: str, checkout: Checkout, **after) -> None:
    AuditLog.objects.create(
        tournament=tournament,
        club_id=tournament.club_id,
        user=user,
        role=role,
        action=action,
        target=checkout.holder[:200],
        after={"checkout": checkout.pk, **after},
    )


def checkout(tournament_id: int, actor: TokenActor) -> tuple[Checkout, dict]:
    """Check the tournament out to the token's laptop; the checkout and the document."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None or not actor.can(Action.TERMS, tournament.club_id):
            # another club's tournament is not told apart from none
            raise VenueError(_("There is no such tournament of your club."), "not_found")
        current = open_checkout(tournament.pk)
        if current is not None:
            raise VenueError(
                _(
                    "This tournament is already checked out to “%(holder)s” (since "
                    "%(when)s). It must be checked in there first; if that laptop is "
                    "lost, a site administrator can break its lock."
                )
                % {"holder": current.holder, "when": _when(current.checked_out_at)},
                "checked_out",
            )
        try:
            with transaction.atomic():
                made = Checkout.objects.create(
                    tournament=tournament, token=actor.token, holder=actor.token.name
                )
        except IntegrityError:  # a second checkout at the same moment
            raise VenueError(
                _("This tournament was checked out just now."), "checked_out"
            ) from None
        _audit(tournament, role=actor.audit_role, action="venue_checkout", checkout=made)
        document = export_tournament(tournament)
    return made, document


def checkin(tournament_id: int, actor: TokenActor) -> Checkout:
    with transaction.atomic():
        current = open_checkout(tournament_id)
        if current is None or current.token_id != actor.token.pk:
            raise VenueError(
                _("This tournament is not checked out with this token."), "not_checked_out"
            )
        current = Checkout.objects.select_for_update().get(pk=current.pk)
        current.ended_at = timezone.now()
        current.ended_how = Checkout.Ended.CHECKED_IN
        current.save(update_fields=["ended_at", "ended_how"])
        _audit(
            current.tournament,
            role=actor.audit_role,
            action="venue_checkin",
            checkout=current,
            last_version=current.last_version,
        )
    return current


def break_lock(checkout_id: int, user, reason: str = "") -> Checkout:
    """A site administrator ends a lost laptop's checkout; an audit entry says who."""
    if not getattr(user, "is_superuser", False):
        raise VenueError(_("Only a site administrator can break a venue's lock."), "forbidden")
    with transaction.atomic():
        current = Checkout.objects.select_for_update().filter(pk=checkout_id).first()
        if current is None or current.ended_at is not None:
            raise VenueError(_("This checkout has ended already."), "ended")
        current.ended_at = timezone.now()
        current.ended_how = Checkout.Ended.BROKEN
        current.ended_by = user
        current.save(update_fields=["ended_at", "ended_how", "ended_by"])
        _audit(
            current.tournament,
            user=user,
            role="admin",
            action="venue_lock_broken",
            checkout=current,
            reason=reason[:500],
            last_version=current.last_version,
        )
    return current
