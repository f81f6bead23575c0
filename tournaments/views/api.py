"""JSON for the live pages: the changed sections as HTML, polled every few seconds."""

from django.http import JsonResponse
from django.template.loader import render_to_string
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from .public import fingerprint, live_context, visible_tournament

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
    "projector": {
        "live-summary": "public/_summary.html",
        "projector-draw": "public/_projector_draw.html",
        "projector-open": "public/_projector_open.html",
    },
}


@require_GET
@never_cache
def live(request, pk):
    tournament = visible_tournament(request, pk)
    version = fingerprint(tournament)
    view = request.GET.get("view", "page")
    if view not in SECTIONS:
        view = "page"
    if request.GET.get("since") == version:
        return JsonResponse({"version": version, "changed": False})
    context = live_context(tournament)
    sections = {
        element: render_to_string(template, context, request=request)
        for element, template in SECTIONS[view].items()
    }
    return JsonResponse({"version": version, "changed": True, "sections": sections})
