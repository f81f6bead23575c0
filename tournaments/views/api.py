"""JSON for the live pages: the changed sections as HTML, polled every few seconds."""

from django.http import HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from .public import SECTIONS, fingerprint, live_sections, visible_tournament


@require_GET
@never_cache
def live(request, pk):
    tournament = visible_tournament(request, pk)
    view = request.GET.get("view", "page")
    if view not in SECTIONS:
        view = "page"
    since = request.GET.get("since")
    if since and since == fingerprint(tournament):
        return JsonResponse({"version": since, "changed": False})
    version, sections = live_sections(tournament, view)
    return JsonResponse({"version": version, "changed": True, "sections": sections})


@require_GET
def health(request):
    """A trivial page: for load balancers, and the baseline of ``bench/web.py``."""
    return HttpResponse("ok", content_type="text/plain")
