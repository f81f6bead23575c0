"""The Danish system's absences: who is left out of the rounds still to be paired."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from core.numbers import parse_id
from tournaments import services
from tournaments.models import Entry, Tournament
from tournaments.services import TournamentError

from .access import staff_required


@staff_required
def absence(request, pk):
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    if not tournament.format_rules.absences:
        raise Http404(_("Only a Danish tournament has absences."))
    if request.method == "POST":
        entry_pk = parse_id(request.POST.get("entry"))
        entry = (
            Entry.objects.filter(tournament=tournament, pk=entry_pk).select_related("player").first()
            if entry_pk
            else None
        )
        absent = request.POST.get("absent")
        if entry is None or absent not in ("0", "1"):
            messages.error(request, _("The request was incomplete; nothing was changed."))
        else:
            try:
                services.set_absent(entry, absent == "1", actor=request.user)
            except TournamentError as error:
                messages.error(request, error.message)
            else:
                messages.success(
                    request,
                    (
                        _("%(player)s is absent from the next rounds.")
                        if absent == "1"
                        else _("%(player)s is back and is paired again.")
                    )
                    % {"player": entry.player.name},
                )
        return redirect("staff:absence", pk)
    entries = list(
        tournament.entries.filter(cancelled_at__isnull=True)
        .select_related("player")
        .order_by("player__name", "number")
    )
    step = services.next_step(tournament)
    return render(
        request,
        "staff/absence.html",
        {
            "tournament": tournament,
            "section": "absence",
            "entries": entries,
            "absent_count": sum(1 for e in entries if e.absent),
            "step": step,
        },
    )
