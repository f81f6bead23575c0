"""A player's result report from his private link, and the opponent's answer (confirm or
contradict): the page's part and the POST. The rules are in
``tournaments.services.reports``; the engine checks a score sheet (``services.recording``).
"""

from __future__ import annotations

import re

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.push import send_to_group
from tournaments import services as tournament_services
from tournaments.models import Outcome, Pairing, ResultReport, Side

from . import services
from .models import Match, Status
from .services import GameError
from .services.common import match_group
from .view_helpers import forged


def _side(seat: int) -> str:
    return Side.LEFT if seat == 0 else Side.RIGHT


def report_mark(match: Match) -> str:
    """Changes whenever a report of the match's pairing is made or settled: the player's
    page compares it on every poll and reloads when it changed (one query)."""
    if match.pairing_id is None:
        return ""
    rows = ResultReport.objects.filter(pairing_id=match.pairing_id).values_list("pk", "status")
    return ",".join(f"{pk}{status[:2]}" for pk, status in rows.order_by("pk"))


def report_context(match: Match, seat: int) -> dict | None:
    """What the player's page shows about reports: the open ones (his own, waiting; the
    opponent's, to confirm or contradict) and the result once the pairing is decided."""
    if match.pairing_id is None:
        return None
    p = Pairing.objects.select_related("round", "left__player", "right__player").get(
        pk=match.pairing_id
    )
    me = _side(seat)
    items = []
    for r in p.reports.filter(status__in=ResultReport.OPEN).order_by("created_at", "pk"):
        items.append(
            {
                "pk": r.pk,
                "mine": r.side == me,
                "by": tournament_services.reports.side_player(p, r.side),
                "text": tournament_services.report_text(r, p),
                "disputed": r.status == ResultReport.Status.DISPUTED,
                "at": r.created_at,
            }
        )
    result = ""
    if p.outcome == Outcome.PLAYED and p.winner_bummerl is not None:
        result = _("%(winner)s won %(won)d:%(lost)d") % {
            "winner": tournament_services.reports.side_player(p, p.winner),
            "won": p.winner_bummerl,
            "lost": p.loser_bummerl,
        }
    elif p.outcome != Outcome.OPEN:
        result = str(Outcome(p.outcome).label)
    return {
        "items": items,
        "disputed": any(i["disputed"] for i in items),
        "decided": p.outcome != Outcome.OPEN,
        "result": result,
        "opponent": tournament_services.reports.side_player(p, Side.RIGHT if seat == 0 else Side.LEFT),
        "mark": report_mark(match),
    }


def push_reports(match: Match) -> None:
    """Tell the open pages of the pairing's matches that its reports changed (a failed
    push costs the pages one poll)."""
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    if layer is None or match.pairing_id is None:
        return
    mark = report_mark(match)
    for m in Match.objects.filter(pairing_id=match.pairing_id).only("pk", "next_seq", "status"):
        event = {
            "type": "match.moved",
            "next_seq": m.next_seq,
            "status": m.status,
            "reports": mark,
        }
        send_to_group(match_group(m.pk), event, what=f"match {m.pk}")


_NUMBER = re.compile(r"[0-9]{1,18}")


@require_POST
def player_record(request, pk, token):
    """A player reports the tournament match's result through his private link, or
    answers his opponent's report. A report decides nothing until it is confirmed."""
    match = get_object_or_404(Match, pk=pk)
    seat = services.seat_for_token(match, token)
    if seat is None:
        return forged(request, as_json=False)
    back = reverse("games:play", args=[match.pk, token])
    if match.pairing_id is None:
        messages.error(request, _("Only a running tournament match can be recorded here."))
        return redirect(back)
    pairing = Pairing.objects.select_related(
        "round__tournament", "left__player", "right__player"
    ).get(pk=match.pairing_id)
    opponent = tournament_services.reports.side_player(pairing, Side.RIGHT if seat == 0 else Side.LEFT)
    do = request.POST.get("do")
    try:
        if do in ("confirm", "dispute"):
            report = request.POST.get("report", "")
            if (
                not _NUMBER.fullmatch(report)
                or not ResultReport.objects.filter(pk=int(report), pairing_id=pairing.pk).exists()
            ):
                raise GameError(
                    _("This report does not belong to your match; reload the page."), "report"
                )
            services.answer_report(int(report), seat, confirm=do == "confirm")
            push_reports(match)
            if do == "confirm":
                messages.success(request, _("You confirmed the result: it is recorded."))
            else:
                messages.warning(
                    request,
                    _(
                        "You contradicted the report: the tournament staff will decide. "
                        "You can report the result as you see it below."
                    ),
                )
            return redirect(back)
        if match.status != Status.PLAYING:
            raise GameError(_("Only a running tournament match can be recorded here."), "over")
        if do == "sheet":
            outcome = services.report_score_sheet(pairing, seat, request.POST.get("sheet", ""))
        else:
            outcome = services.report_quick(
                pairing,
                seat,
                winner=request.POST.get("winner"),
                score=(request.POST.get("won"), request.POST.get("lost")),
            )
    except GameError as exc:
        messages.error(request, exc.message)
        return redirect(back)
    push_reports(match)
    text = tournament_services.report_text(outcome.report, pairing)
    if outcome.state == "confirmed":
        messages.success(
            request,
            _("%(opponent)s reported the same result (%(result)s): it is recorded.")
            % {"opponent": opponent, "result": text},
        )
    elif outcome.state == "disputed":
        messages.warning(
            request,
            _(
                "Your report (%(result)s) differs from the report of %(opponent)s. The "
                "tournament staff will decide."
            )
            % {"opponent": opponent, "result": text},
        )
    elif outcome.state == "unchanged":
        messages.info(
            request,
            _("You have reported this result already (%(result)s); it waits for confirmation.")
            % {"result": text},
        )
    else:
        messages.success(
            request,
            _(
                "Your result is reported: %(result)s. It counts once %(opponent)s confirms "
                "it from his link, or the tournament staff do."
            )
            % {"opponent": opponent, "result": text},
        )
    return redirect(back)
