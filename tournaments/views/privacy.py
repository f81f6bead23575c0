"""The data protection functions on the staff pages (organisers): a player's data as a
file (GDPR art. 15) and his erasure (art. 17). The rules are ``tournaments.privacy``."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from clubs import permissions
from tournaments import privacy
from tournaments.models import Player
from tournaments.services import TournamentError
from tournaments.services.register import club_names, others_concerned, stake_clubs

from .access import staff_required
from .players import acting


@require_GET
@staff_required
def player_export(request, pk):
    """Everything the user's clubs hold about the player, as a JSON file to hand him."""
    player = get_object_or_404(Player.objects.filter(merged_into__isnull=True), pk=pk)
    allowed = acting(request.user, permissions.Action.PRIVACY)
    body = privacy.export_json(player, allowed=allowed)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="player-{player.pk}.json"'
    return response


@staff_required
def player_erase(request, pk):
    """Confirm, then erase the player: what stays (places, prizes) and what goes."""
    player = get_object_or_404(Player.objects.current(), pk=pk)
    allowed = acting(request.user, permissions.Action.PRIVACY)
    if request.method == "POST":
        if request.POST.get("confirm") != str(player.pk):
            messages.error(request, _("Tick the confirmation to erase the player."))
            return redirect("staff:player_erase", player.pk)
        try:
            privacy.erase_player(player, actor=request.user, allowed=allowed)
        except TournamentError as error:
            messages.error(request, error.message)
            return redirect("staff:player_erase", player.pk)
        messages.success(
            request,
            _("The player was erased; his places in finished tournaments show as “%(name)s”.")
            % {"name": privacy.placeholder_name(player)},
        )
        return redirect("staff:players")
    context = {
        "player": player,
        "others": club_names(others_concerned(stake_clubs(player), allowed), [player]),
        "running": privacy.running_tournaments(player),
        "placeholder": privacy.placeholder_name(player),
    }
    return render(request, "staff/player_erase.html", context)
