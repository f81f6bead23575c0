"""For club websites: the live standings widget (an iframe page and the small script
that inserts it) and the iCalendar feed of upcoming public tournaments."""

from __future__ import annotations

import datetime

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.csp import csp_override
from django.views.decorators.http import require_GET

from clubs.models import Club
from tournaments.views import public

from .read import public_tournaments

CALENDAR_DAYS_BACK = 0  # a tournament of today is still upcoming
CALENDAR_LIMIT = 500


def widget_policy() -> dict:
    """The site's Content-Security-Policy with the widget's embedding rule: the websites
    of ``WIDGET_FRAME_ANCESTORS`` (default any) may frame it; all else as on every page."""
    return {**settings.SECURE_CSP, "frame-ancestors": list(settings.WIDGET_FRAME_ANCESTORS)}


@require_GET
@xframe_options_exempt
@csp_override(widget_policy())
def widget(request, pk):
    """The live standings of one tournament, to be shown in an iframe on any website:
    phone-first, updated by itself (pushed, or polled), from the public pages' cache.
    The one page other sites may frame (its Content-Security-Policy says which)."""
    return public.widget(request, pk)


@require_GET
def script(request):
    """``<script src=".../embed.js" async>``: puts the widget into every element with
    ``data-schnapsen-tournament`` and sizes it to its content."""
    body = render_to_string("api/embed.js", {})
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "public, max-age=3600"
    response["Access-Control-Allow-Origin"] = "*"
    return response


def _calendar(request, tournaments, name: str) -> HttpResponse:
    import icalendar

    cal = icalendar.Calendar()
    cal.add("prodid", "-//Preisschnapsen//Turniere//DE")
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", name)
    host = request.get_host().split(":")[0] or "localhost"
    now = timezone.now()
    for t in tournaments:
        event = icalendar.Event()
        url = request.build_absolute_uri(reverse("public:tournament", args=[t.pk]))
        event.add("uid", f"tournament-{t.pk}@{host}")
        event.add("dtstamp", now)
        event.add("dtstart", t.date)
        event.add("dtend", t.date + datetime.timedelta(days=1))
        event.add("summary", t.name)
        if t.venue:
            event.add("location", t.venue)
        event.add("url", url)
        description = " · ".join(
            x for x in (t.club.printed_name, str(t.format_rules.label()), url) if x
        )
        event.add("description", description)
        event.add("last-modified", t.updated_at)
        cal.add_component(event)
    response = HttpResponse(cal.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="tournaments.ics"'
    response["Cache-Control"] = "public, max-age=300"
    response["Access-Control-Allow-Origin"] = "*"
    return response


def _upcoming(**filters):
    today = timezone.localdate() - datetime.timedelta(days=CALENDAR_DAYS_BACK)
    query = public_tournaments().filter(date__gte=today, **filters)
    return query.order_by("date", "pk")[:CALENDAR_LIMIT]


@require_GET
def calendar(request):
    """Every club's upcoming public tournaments (iCalendar)."""
    return _calendar(request, _upcoming(), "Preisschnapsen")


@require_GET
def club_calendar(request, slug):
    """One club's upcoming public tournaments (iCalendar)."""
    club = get_object_or_404(Club, slug=slug)
    return _calendar(request, _upcoming(club=club), club.name)
