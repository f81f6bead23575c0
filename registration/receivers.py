"""The registration app's answers to the tournaments' signals: its section of the desk's
page (the registered players at the top, the check-in by scanning)."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from clubs import permissions
from tournaments.signals import desk_sections

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
        "checked_in": CheckIn.objects.filter(entry__tournament=tournament).count(),
        "may_terms": permissions.can(request.user, permissions.Action.TERMS, tournament),
        "may_pay": permissions.can(request.user, permissions.Action.PAY, tournament),
        "drawn": tournament.rounds.exists(),
    }
    return mark_safe(render_to_string("registration/_desk.html", context, request=request))  # noqa: S308 - our template


def connect() -> None:
    desk_sections.connect(desk_section, dispatch_uid="registration.desk_section")
