"""Staff pages of a round's results: the results page with its filters, entering,
confirming a result and starting a browser match for a pairing. Thin: every rule is in
``tournaments.services``."""

from django.conf import settings
from django.contrib import messages
from django.db.models import Q
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core import tables
from core.numbers import parse_int
from core.text import search_text
from tournaments import services
from tournaments.models import PAIRING_HOLDERS, Outcome, Pairing, ResultReport
from tournaments.services import TournamentError

from . import presenters
from .access import safe_next, staff_required
from .forms import ResultForm, result_choices
from .staff import _context, _fail, _tournament
from .tables import PairingTable

STATUS_FILTERS = ("open", "busy", "reported", "decided", "unconfirmed")


def filter_pairings(pairings, status: str, query: str):
    if status == "open":
        pairings = pairings.filter(outcome=Outcome.OPEN, started_at__isnull=True)
    elif status == "busy":
        pairings = pairings.filter(outcome=Outcome.OPEN, started_at__isnull=False)
    elif status == "decided":
        pairings = pairings.exclude(outcome=Outcome.OPEN)
    elif status == "reported":
        pairings = pairings.filter(
            outcome=Outcome.OPEN, reports__status__in=ResultReport.OPEN
        ).distinct()
    elif status == "unconfirmed":
        pairings = pairings.filter(
            outcome__in=[Outcome.PLAYED, Outcome.WALKOVER], confirmed_at__isnull=True
        )
    if query:
        condition = (
            Q(left__player__name__icontains=query)
            | Q(right__player__name__icontains=query)
            | Q(left__team__second__name__icontains=query)
            | Q(right__team__second__name__icontains=query)
        )
        if (value := parse_int(query, min=0)) is not None:
            condition |= Q(number=value) | Q(left__number=value) | Q(right__number=value)
        pairings = pairings.filter(condition)
    return pairings


@staff_required
def results_version(request, pk):
    """What the open results page asks for every few seconds: has anything it shows
    changed (a result entered elsewhere, a player's report, a match started)?"""
    tournament = _tournament(pk)
    response = JsonResponse({"version": services.results_version(tournament)})
    response["Cache-Control"] = "no-store"
    return response


@staff_required
def results(request, pk):
    tournament = _tournament(pk)
    rounds = list(tournament.rounds.order_by("number"))
    if not rounds:
        return render(request, "staff/results.html", _context(tournament, "results", rounds=[]))
    number = request.GET.get("round")
    current = rounds[-1]
    if number:
        wanted = parse_int(number, min=1)
        current = next((r for r in rounds if r.number == wanted), None)
        if current is None:
            raise Http404(_("No such round."))
    status = request.GET.get("status", "")
    if status not in STATUS_FILTERS:
        status = ""
    query = search_text(request.GET.get("q"))
    pairings = filter_pairings(
        current.pairings.select_related(*PAIRING_HOLDERS, "decided_by", "confirmed_by"),
        status,
        query,
    )
    availability = services.pairing_availability(current)
    correctable = current == rounds[-1]
    pairings = list(pairings)
    reports = services.reports_by_pairing(p.pk for p in pairings)
    table = PairingTable(
        [
            presenters.pairing_row(
                p,
                availability=availability,
                user=request.user,
                correctable=correctable,
                confirm=tournament.confirm_results,
                reports=reports.get(p.pk, ()),
            )
            for p in pairings
        ]
    )
    tables.configure(request, table, per_page=128)
    context = _context(
        tournament,
        "results",
        rounds=rounds,
        round=current,
        table=table,
        status=status,
        query=query,
        choices=result_choices(tournament.match_bummerl),
        step=services.next_step(tournament),
        disputed=presenters.disputed_list(services.disputed_pairings(tournament)),
        results_version=services.results_version(tournament),
        results_poll_ms=int(getattr(settings, "STAFF_RESULTS_POLL_MS", 10_000)),
        status_filters=[
            ("", _("all")),
            ("open", _("open")),
            ("busy", _("being played")),
            ("reported", _("reported by a player")),
            ("decided", _("decided")),
            ("unconfirmed", _("unconfirmed")),
        ],
    )
    template = "staff/_results_table.html" if request.GET.get("partial") else "staff/results.html"
    return render(request, template, context)


def _pairing(tournament_pk, pairing_pk) -> Pairing:
    return get_object_or_404(
        Pairing.objects.select_related("round__tournament", *PAIRING_HOLDERS),
        pk=pairing_pk,
        round__tournament_id=tournament_pk,
    )


def _results_url(pairing) -> str:
    return reverse("staff:results", args=[pairing.round.tournament_id]) + (
        f"?round={pairing.round.number}"
    )


@require_POST
@staff_required
def pairing_result(request, pk, pairing_pk):
    pairing = _pairing(pk, pairing_pk)
    form = ResultForm(request.POST)
    back = safe_next(request, _results_url(pairing))
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect(back)
    data = form.cleaned_data["result"]
    action = services.correct_result if pairing.decided else services.record_result
    try:
        action(
            pairing,
            winner=data["winner"],
            score=data["score"],
            walkover=data["walkover"],
            actor=request.user,
            expected_version=form.cleaned_data["version"],
        )
    except TournamentError as error:
        messages.error(
            request,
            _("%(pairing)s: %(message)s") % {"pairing": pairing.title, "message": error.message},
        )
    else:
        messages.success(request, _("%(pairing)s: result saved.") % {"pairing": pairing.title})
    return redirect(back)


@require_POST
@staff_required
def pairing_confirm(request, pk, pairing_pk):
    pairing = _pairing(pk, pairing_pk)
    try:
        services.confirm_result(pairing, actor=request.user)
    except TournamentError as error:
        _fail(request, error)
    else:
        messages.success(request, _("%(pairing)s: result confirmed.") % {"pairing": pairing.title})
    return redirect(safe_next(request, _results_url(pairing)))


@require_POST
@staff_required
def pairing_start(request, pk, pairing_pk):
    pairing = _pairing(pk, pairing_pk)
    try:
        services.start_pairing(pairing, actor=request.user)
    except TournamentError as error:
        _fail(request, error)
    return redirect(safe_next(request, _results_url(pairing)))


# --- standings and audit -----------------------------------------------------------------
