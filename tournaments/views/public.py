"""Public pages: the live tournament page and projector mode (no login)."""

import segno
from django.db.models import Max
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.models import Bracket, Pairing, Round, Tournament

from . import presenters
from .access import is_staff


def home(request):
    tournaments = Tournament.objects.filter(is_public=True)[:50]
    return render(request, "public/home.html", {"tournaments": tournaments})


def visible_tournament(request, pk) -> Tournament:
    tournament = get_object_or_404(Tournament, pk=pk)
    if not tournament.is_public and not is_staff(request.user):
        raise Http404(_("No such tournament."))
    return tournament


def fingerprint(tournament: Tournament) -> str:
    """Changes whenever anything public may have changed: every change is audited."""
    last = tournament.audit_log.aggregate(last=Max("pk"))["last"] or 0
    return f"{last}-{tournament.updated_at.timestamp():.0f}"


def qr_svg(request, tournament: Tournament) -> str:
    url = request.build_absolute_uri(reverse("public:tournament", args=[tournament.pk]))
    return segno.make(url, error="m").svg_inline(
        scale=4, title=_("QR code of the public page"), dark="#000", light="#fff"
    )


def live_context(tournament: Tournament) -> dict:
    """Everything the live sections show; a fixed number of queries whatever the field."""
    rounds = list(tournament.rounds.filter(status=Round.Status.RELEASED).order_by("number"))
    current = rounds[-1] if rounds else None
    stage_rounds = [r for r in rounds if r.stage in presenters.STAGE_COLUMNS]
    wanted = {r.pk for r in stage_rounds}
    if current:
        wanted.add(current.pk)
    pairings_by_round: dict[int, list] = {}
    if wanted:
        for pairing in (
            Pairing.objects.filter(round_id__in=wanted)
            .select_related("left__player", "right__player")
            .order_by("round__number", "bracket", "number")
        ):
            pairings_by_round.setdefault(pairing.round_id, []).append(pairing)
    rows = (
        [presenters.pairing_row(p) for p in pairings_by_round.get(current.pk, [])]
        if current
        else []
    )
    main_rows = [r for r in rows if r.bracket == Bracket.MAIN] if rows else []
    context = {
        "tournament": tournament,
        "current": current,
        "rows": rows,
        "open_rows": [r for r in rows if r.status in ("open", "busy")],
        "finished_count": sum(1 for r in rows if r.decided),
        "bye_rows": [r for r in rows if r.status == "bye"],
        "by_player": presenters.by_player(rows),
        "bracket": presenters.bracket_columns(stage_rounds, pairings_by_round),
        "main_rows": main_rows,
    }
    context.update(presenters.standings_context(tournament))
    return context


def tournament(request, pk):
    tournament = visible_tournament(request, pk)
    context = live_context(tournament)
    context.update(qr=qr_svg(request, tournament), version=fingerprint(tournament))
    return render(request, "public/tournament.html", context)


def projector(request, pk):
    tournament = visible_tournament(request, pk)
    context = live_context(tournament)
    context.update(qr=qr_svg(request, tournament), version=fingerprint(tournament))
    return render(request, "public/projector.html", context)
