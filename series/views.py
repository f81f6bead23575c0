"""Series pages: the public standings (phone first) and its PDF; for organisers the
list, the terms and the tournaments of their clubs' series, and the consent of their
clubs' tournaments to other clubs' series (``tournament_series``)."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import permissions
from clubs.permissions import staff_required
from core.http import posted, safe_next
from core.numbers import parse_id
from tournaments.models import Tournament

from . import presenters, services
from .forms import SeriesForm
from .models import Consent, Series
from .printing import render_series


def _visible(request, pk) -> Series:
    series = get_object_or_404(Series.objects.select_related("club"), pk=pk)
    if not permissions.can_view_series(request.user, series):
        raise Http404(_("No such series."))
    return series


def index(request):
    return render(
        request,
        "series/index.html",
        {"series_list": Series.objects.filter(is_public=True).select_related("club")[:100]},
    )


def detail(request, pk):
    series = _visible(request, pk)
    standings = presenters.public_standings(services.compute_series_standings(series))
    return render(
        request,
        "series/detail.html",
        {
            "series": series,
            "standings": standings,
            "rule_lines": presenters.rule_lines(standings),
        },
    )


def pdf(request, pk):
    series = _visible(request, pk)
    document = render_series(series)
    response = HttpResponse(document.content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{document.filename}"'
    return response


# --------------------------------------------------------------------------- staff


def _managed(user):
    if permissions.is_site_admin(user):
        return Series.objects.all()
    return Series.objects.filter(club__in=permissions.clubs_for(user, permissions.Action.SERIES))


@staff_required
def series_list(request):
    own = permissions.narrow(Tournament.objects.all(), request.user, permissions.Action.SERIES)
    abroad = services.other_clubs_series(own)
    return render(
        request,
        "series/staff_list.html",
        {
            "series_list": _managed(request.user).select_related("club"),
            "requests": [m for m in abroad if m.consent == Consent.REQUESTED],
            "counted_abroad": [m for m in abroad if m.consent == Consent.ACCEPTED],
            "own_tournaments": own.select_related("club", "open_to_series").order_by(
                "-date", "-pk"
            )[:30],
        },
    )


@staff_required
def series_create(request):
    clubs = permissions.clubs_for(request.user, permissions.Action.SERIES)
    form = SeriesForm(posted(request), clubs=clubs)
    if request.method == "POST" and form.is_valid():
        try:
            series = services.create_series(
                form.cleaned_data["name"],
                season=form.cleaned_data["season"],
                club=form.club(),
                scheme=form.cleaned_data["scheme"],
                points=form.points(),
                rest_points=form.cleaned_data["rest_points"],
                best_of=form.cleaned_data["best_of"],
                is_public=form.cleaned_data["is_public"],
                actor=request.user,
            )
        except services.SeriesError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("The series was created; now add its tournaments."))
            return redirect("staff:series_edit", series.pk)
    return render(request, "series/staff_form.html", {"form": form, "series": None})


def _series(pk) -> Series:
    return get_object_or_404(Series.objects.select_related("club"), pk=pk)


@staff_required
def series_edit(request, pk):
    series = _series(pk)
    form = SeriesForm(posted(request), instance=series)
    if request.method == "POST" and form.is_valid():
        try:
            services.update_series(
                series,
                name=form.cleaned_data["name"],
                season=form.cleaned_data["season"],
                scheme=form.cleaned_data["scheme"],
                points=list(form.points()),
                rest_points=form.cleaned_data["rest_points"],
                best_of=form.cleaned_data["best_of"],
                is_public=form.cleaned_data["is_public"],
                actor=request.user,
            )
        except services.SeriesError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("The series was saved."))
            return redirect("staff:series_edit", pk)
    members = services.members(series)
    # a tournament refused or withdrawn may be asked for again
    asked = (Consent.ACCEPTED, Consent.REQUESTED)
    taken = [m.tournament.pk for m in members if m.consent in asked]
    addable = (
        Tournament.objects.exclude(pk__in=taken)
        .filter(pk__in=permissions.narrow(Tournament.objects.all(), request.user).values("pk"))
        | Tournament.objects.exclude(pk__in=taken).filter(is_public=True)
    ).select_related("club").distinct().order_by("-date")[:100]
    return render(
        request,
        "series/staff_form.html",
        {"form": form, "series": series, "members": members, "addable": addable},
    )


@require_POST
@staff_required
def series_tournaments(request, pk):
    series = _series(pk)
    tournament = get_object_or_404(
        Tournament.objects.select_related("club"), pk=parse_id(request.POST.get("tournament"))
    )
    do = request.POST.get("do")
    try:
        if do == "add":
            if not permissions.may_add_to_series(request.user, tournament):
                raise PermissionDenied
            member = services.add_tournament(series, tournament, actor=request.user)
            if member.consent == Consent.ACCEPTED:
                messages.success(request, _("%(t)s was added.") % {"t": tournament})
            else:
                messages.success(
                    request,
                    _("%(club)s was asked whether %(t)s may count in this series; it counts "
                      "once they agree.") % {"club": tournament.club, "t": tournament},
                )
        elif do == "remove":
            services.remove_tournament(series, tournament, actor=request.user)
            messages.success(request, _("%(t)s was taken out.") % {"t": tournament})
        else:
            messages.error(request, _("Unknown request."))
    except services.SeriesError as error:
        messages.error(request, error.message)
    return redirect("staff:series_edit", pk)


# --------------------------------------------------------------------------- a tournament's consent

@staff_required
def tournament_series(request, pk):
    """The season series of other clubs that count a tournament of the user's club or ask
    to: agree, refuse, withdraw; and the setting "may be counted in other clubs' series"
    (the tournament's organisers: ``Action.SERIES`` of its club)."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    if request.method == "POST":
        do = request.POST.get("do")
        try:
            if do in ("open", "close"):
                services.set_open(tournament, do == "open", actor=request.user)
                text = (
                    _("Other clubs' series may now count %(t)s without asking.")
                    if do == "open"
                    else _("Other clubs' series must now ask before they count %(t)s.")
                )
                messages.success(request, text % {"t": tournament})
            elif do in ("accept", "refuse", "withdraw"):
                series = get_object_or_404(
                    Series.objects.select_related("club"),
                    pk=parse_id(request.POST.get("series")),
                    members__tournament=tournament,
                )
                if do == "withdraw":
                    services.withdraw_tournament(series, tournament, actor=request.user)
                    text = _("%(t)s was withdrawn from %(series)s.")
                else:
                    services.answer_request(
                        series, tournament, agree=do == "accept", actor=request.user
                    )
                    text = (
                        _("%(series)s may count %(t)s.")
                        if do == "accept"
                        else _("%(series)s may not count %(t)s.")
                    )
                messages.success(request, text % {"t": tournament, "series": series})
            else:
                messages.error(request, _("Unknown request."))
        except services.SeriesError as error:
            messages.error(request, error.message)
        return redirect(safe_next(request, reverse("staff:tournament_series", args=[pk])))
    return render(
        request,
        "series/tournament_series.html",
        {
            "tournament": tournament,
            "is_open": services.is_open(tournament),
            "memberships": services.other_clubs_series(Tournament.objects.filter(pk=pk)),
        },
    )
