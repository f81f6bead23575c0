"""Merging two entries of the shared player register that are the same person
(organisers): choose the one to keep, find the other, see what moves, confirm."""

from django.contrib import messages
from django.db.models import Count, Q
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from clubs import permissions
from core.numbers import parse_id
from core.text import search_text
from tournaments import services
from tournaments.models import Player, Tournament
from tournaments.services import TournamentError
from tournaments.services.register import club_names, others_concerned

from .access import staff_required
from .players import acting, search_players


def _player(raw) -> Player | None:
    pk = parse_id(raw)
    return Player.objects.current().filter(pk=pk).first() if pk else None


def _tournaments(player: Player, user) -> tuple[list[Tournament], int]:
    """The tournaments ``player`` has entries in that ``user`` may see (public ones, and
    those of his own clubs), with his entries there (``held``); and how many others
    there are (other clubs' non-public tournaments: a number, never their names)."""
    own = permissions.narrow(Tournament.objects.all(), user).values("pk")
    seen = Q(is_public=True) | Q(pk__in=own)
    shown = list(
        Tournament.objects.filter(entries__player=player)
        .filter(seen)
        .select_related("club")
        .annotate(held=Count("entries"))
        .order_by("-date")
    )
    hidden = (
        Tournament.objects.filter(entries__player=player)
        .exclude(pk__in=[t.pk for t in shown])
        .distinct()
        .count()
    )
    return shown, hidden


@staff_required
def player_merge(request):
    source = request.POST if request.method == "POST" else request.GET
    keep = _player(source.get("keep"))
    other = _player(source.get("other"))
    if request.method == "POST":
        if keep is None or other is None:
            messages.error(request, _("Choose both players; nothing was merged."))
            return redirect("staff:player_merge")
        # the club the merge is made for, in its audit log: the user's own (a site
        # administrator of no club: the register's log of no club)
        club = (
            permissions.clubs_for(request.user, permissions.Action.MERGE)
            .filter(memberships__user=request.user)
            .first()
        )
        try:
            services.merge_players(
                keep,
                other,
                actor=request.user,
                club=club,
                allowed=acting(request.user, permissions.Action.MERGE),
            )
        except TournamentError as error:
            messages.error(request, error.message)
            return redirect(f"{request.path}?keep={keep.pk}&other={other.pk}")
        messages.success(
            request,
            _("%(other)s was merged into %(keep)s; the entries moved.")
            % {"other": other, "keep": keep},
        )
        return redirect("staff:player_edit", keep.pk)
    query = search_text(request.GET.get("q"))
    candidates = []
    if keep is not None and other is None and query:
        candidates = list(search_players(query).exclude(pk=keep.pk)[:30])
    keep_tournaments, keep_hidden = _tournaments(keep, request.user) if keep else ([], 0)
    other_tournaments, other_hidden = _tournaments(other, request.user) if other else ([], 0)
    context = {
        "keep": keep,
        "other": other,
        "query": query,
        "candidates": candidates,
        "keep_tournaments": keep_tournaments,
        "keep_hidden": keep_hidden,
        "other_tournaments": other_tournaments,
        "other_hidden": other_hidden,
        # the clubs with a stake that the user does not act for: they must merge
        "blocked": club_names(
            others_concerned(
                services.stake_clubs(keep) | services.stake_clubs(other),
                acting(request.user, permissions.Action.MERGE),
            ),
            [keep, other],
        )
        if keep and other
        else "",
    }
    if keep is None and query:
        context["candidates"] = list(search_players(query)[:30])
    return render(request, "staff/player_merge.html", context)
