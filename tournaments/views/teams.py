"""The desk of a team tournament: a list of teams imported from a CSV file (all or
nothing; every bad line named)."""

from django.contrib import messages
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments import once, services
from tournaments.models import Tournament
from tournaments.services import TournamentError
from tournaments.team_csv import decode

from .access import staff_required

MAX_UPLOAD = 2 * 1024 * 1024


@require_POST
@staff_required
def team_import(request, pk):
    tournament = get_object_or_404(Tournament, pk=pk)
    upload = request.FILES.get("file")
    if upload is not None:
        text = decode(upload.read(MAX_UPLOAD + 1)) if upload.size <= MAX_UPLOAD else None
        if text is None:
            messages.error(
                request,
                _("The file is neither UTF-8 nor Windows-1252 text, or larger than 2 MB."),
            )
            return redirect("staff:entries", pk)
    else:
        text = request.POST.get("content", "")
    try:
        with transaction.atomic():
            once.claim(request.POST, "team_import", request.user)
            sold = services.import_teams(tournament, text, actor=request.user)
    except TournamentError as error:
        messages.error(request, _("Nothing was imported."))
        for line in error.lines or [error.message]:
            messages.error(request, line)
    except once.MissingToken as error:
        messages.error(request, error.message)
    except once.AlreadyDone:
        messages.warning(request, _("This list was already imported (the form was sent twice)."))
    else:
        teams = len({e.team_id for e in sold})
        messages.success(
            request,
            ngettext(
                "%(count)d team imported (%(entries)d entries).",
                "%(count)d teams imported (%(entries)d entries).",
                teams,
            )
            % {"count": teams, "entries": len(sold)},
        )
    return redirect("staff:entries", pk)
