"""Staff settle the results that players reported through their links: confirm one (or
take one of two that disagree). Entering their own result is the ordinary result form."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import services
from tournaments.models import ResultReport
from tournaments.services import TournamentError

from .access import safe_next, staff_required


@require_POST
@staff_required
def report_confirm(request, pk, report_pk):
    report = get_object_or_404(
        ResultReport.objects.select_related(
            "pairing__round", "pairing__left__player", "pairing__right__player"
        ),
        pk=report_pk,
        pairing__round__tournament_id=pk,
    )
    pairing = report.pairing
    back = safe_next(
        request,
        reverse("staff:results", args=[pk]) + f"?round={pairing.round.number}",
    )
    try:
        services.confirm_report(report, actor=request.user)
    except TournamentError as error:
        messages.error(
            request,
            _("%(pairing)s: %(message)s") % {"pairing": pairing.title, "message": error.message},
        )
    else:
        messages.success(
            request,
            _("%(pairing)s: the reported result is recorded (%(result)s).")
            % {"pairing": pairing.title, "result": services.report_text(report, pairing)},
        )
    return redirect(back)
