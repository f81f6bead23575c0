"""The registration app's answers to the tournaments' signals: its section of the desk's
page (the registered players at the top, the check-in by scanning)."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from clubs import permissions
from tournaments.signals import desk_sections, reserved_places
from tournaments.views.tables import AUDIT_ACTIONS

from . import services
from .models import CheckIn, Registration, Status


def desk_section(sender, request, tournament, **kwargs):
    terms = services.terms_of(tournament)
    services.release_due(tournament)
    registrations = list(
        Registration.objects.filter(
            tournament=tournament, status__in=(Status.REGISTERED, Status.WAITING)
        ).order_by("status", "created_at", "pk")
    )
    context = {
        "tournament": tournament,
        "terms": terms,
        "registered": [r for r in registrations if r.status == Status.REGISTERED],
        "waiting": [r for r in registrations if r.status == Status.WAITING],
        "moved_up": [r for r in registrations if r.moved_up_at and r.status == Status.REGISTERED],
        "reserved": services.reserved(tournament),
        "free": max(0, tournament.field_size - services.taken(tournament)),
        "checked_in": CheckIn.objects.filter(entry__tournament=tournament).count(),
        "may_terms": permissions.can(request.user, permissions.Action.TERMS, tournament),
        "may_pay": permissions.can(request.user, permissions.Action.PAY, tournament),
        "drawn": tournament.rounds.exists(),
    }
    return mark_safe(render_to_string("registration/_desk.html", context, request=request))  # noqa: S308 - our template


#: the audit log's words for the registration app's entries
AUDIT_LABELS = {
    "registration_terms": _("registration terms changed"),
    "registration": _("registered before the day"),
    "registration_change": _("registration changed"),
    "registration_cancel": _("registration cancelled"),
    "registration_moved_up": _("moved up from the waiting list"),
    "registration_release": _("registrations released"),
    "registration_take_up": _("registration taken up at the desk"),
    "check_in": _("checked in"),
}


def reserved(sender, tournament, **kwargs) -> int:
    return services.reserved(tournament)


def connect() -> None:
    desk_sections.connect(desk_section, dispatch_uid="registration.desk_section")
    reserved_places.connect(reserved, dispatch_uid="registration.reserved_places")
    AUDIT_ACTIONS.update(AUDIT_LABELS)  # the audit log names them in words
