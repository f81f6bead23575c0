"""The public ranking list and a player's page (public by his choice, always for the
staff of a club with a stake in him)."""

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from core.numbers import parse_id
from tournaments.models import Player

from . import presenters, services


def ranking(request):
    services.ensure_current()
    clubs, years = presenters.ranking_filters()
    club = parse_id(request.GET.get("club"))
    year = parse_id(request.GET.get("year"))
    minimum = parse_id(request.GET.get("min")) or 0
    if club is not None and club not in {c.pk for c in clubs}:
        club = None
    if year is not None and year not in years:
        year = None
    rows = presenters.ranking(club=club, year=year, minimum=min(minimum, 10000))
    return render(
        request,
        "ratings/ranking.html",
        {
            "rows": rows,
            "clubs": clubs,
            "years": years,
            "club": club,
            "year": year,
            "minimum": minimum,
            "limit": presenters.RANKING_LIMIT,
        },
    )


def player(request, pk):
    found = get_object_or_404(Player, pk=pk)
    if found.merged_into_id:
        return redirect("ratings:player", pk=found.merged_into_id)
    as_staff = presenters.staff_may_see(request.user, found)
    if not as_staff and not presenters.public_may_see(found):
        raise Http404(_("No such player."))
    services.ensure_current()
    page = presenters.player_page(found, request.user, as_staff=as_staff)
    return render(
        request,
        "ratings/player.html",
        {
            "page": page,
            "as_staff": as_staff,
            # numbers and dates only (``plot.rating_svg``): nothing from a user
            "svg": mark_safe(page.svg),  # noqa: S308
            "places_svg": mark_safe(page.places_svg),  # noqa: S308
        },
    )
