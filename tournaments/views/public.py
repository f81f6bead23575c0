"""Public pages: the live tournament page and projector mode (no login)."""

import segno
from django.core.cache import cache
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tournaments.models import PAIRING_HOLDERS, Bracket, Pairing, Round, Tournament

from . import cached, presenters
from .access import can_view_tournament


def home(request):
    tournaments = Tournament.objects.filter(is_public=True).select_related("club")[:50]
    return render(request, "public/home.html", {"tournaments": tournaments})


def visible_tournament(request, pk) -> Tournament:
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    if not tournament.is_public and not can_view_tournament(request.user, tournament):
        raise Http404(_("No such tournament."))
    return tournament


def qr_svg(request, tournament: Tournament) -> str:
    url = request.build_absolute_uri(reverse("public:tournament", args=[tournament.pk]))
    key = f"qr:{get_language()}:{url}"
    svg = cache.get(key)
    if svg is None:
        svg = segno.make(url, error="m").svg_inline(
            scale=4, title=_("QR code of the public page"), dark="#000", light="#fff"
        )
        cache.set(key, svg, 3600)
    return svg


SECTIONS = {
    "page": {
        "live-summary": "public/_summary.html",
        "live-draw": "public/_draw.html",
        "live-players": "public/_by_player.html",
        "live-byes": "public/_byes.html",
        "live-bracket": "public/_bracket.html",
        "live-prizes": "public/_prizes.html",
        "live-standings": "public/_standings.html",
    },
    # the widget on club websites (``api.embed``): where the round stands, the prizes, the
    # standings
    "embed": {
        "live-summary": "public/_summary.html",
        "live-prizes": "public/_prizes.html",
        "live-standings": "public/_standings.html",
    },
    "projector": {
        "live-summary": "public/_summary.html",
        "projector-draw": "public/_projector_draw.html",
        "projector-open": "public/_projector_open.html",
        "projector-ceremony": "public/_projector_ceremony.html",
    },
}


def render_sections(tournament: Tournament, view: str) -> dict[str, str]:
    """The live sections' HTML (no request: nothing per visitor in them)."""
    context = live_context(tournament)
    return {
        element: render_to_string(template, context) for element, template in SECTIONS[view].items()
    }


def page_context(request, tournament, view, version) -> dict:
    sections = render_sections(tournament, view)
    return {
        "tournament": tournament,
        "version": version,
        "live": {key.replace("-", "_"): html for key, html in sections.items()},
        "qr": qr_svg(request, tournament),
        # the public draw sheet exists once a round is released (no link to a 404 before)
        "has_released": tournament.rounds.filter(status=Round.Status.RELEASED).exists(),
    }


def live_context(tournament: Tournament) -> dict:
    """Everything the live sections show; a fixed number of queries whatever the field.
    Players are named as public surfaces name them (``tournaments.public_names``: at his
    request a player's place without his name), for every visitor, staff too: what the
    projector, the widget and the cached sections show is the same."""
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
            .select_related("round", *PAIRING_HOLDERS)
            .defer("round__protocol")  # the draw's protocol: large, and decoded per row
            .order_by("round__number", "number")
        ):
            pairings_by_round.setdefault(pairing.round_id, []).append(pairing)
    rows = (
        [presenters.pairing_row(p, public=True) for p in pairings_by_round.get(current.pk, [])]
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
        "bracket": presenters.bracket_columns(stage_rounds, pairings_by_round, public=True),
        "main_rows": main_rows,
    }
    context.update(presenters.standings_context(tournament, public=True))
    return context


TEMPLATES = {
    "page": "public/tournament.html",
    "projector": "public/projector.html",
    "embed": "public/embed.html",
}


def _page(request, pk, view):
    """The public page or the projector: served whole from the cache per version and
    language (``cached``); rendered for the visitor only for a logged-in staff member or
    a tournament that is not public."""
    key = cached.page_key("page", pk, view, request)
    version, public, body = cached.lookup(pk, key, lambda: get_object_or_404(Tournament, pk=pk))
    if not public or cached.is_logged_in(request):
        tournament = visible_tournament(request, pk)
        return render(request, TEMPLATES[view], page_context(request, tournament, view, version))
    if body is None:
        page_request = cached.anonymous(request)

        def build() -> bytes:
            tournament = get_object_or_404(Tournament, pk=pk)
            context = page_context(page_request, tournament, view, version)
            return render_to_string(TEMPLATES[view], context, request=page_request).encode()

        body = cached.cached_body(key, version, build)
    etag = f'"{version}-{view}-{get_language()}"'
    return cached.respond(request, body, "text/html; charset=utf-8", etag)


def tournament(request, pk):
    return _page(request, pk, "page")


def projector(request, pk):
    return _page(request, pk, "projector")


def widget(request, pk):
    """The live standings for an iframe on a club's website (``api.embed``)."""
    return _page(request, pk, "embed")
