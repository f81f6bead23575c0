"""JSON for the live pages: the changed sections as HTML, polled every few seconds."""

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from tournaments.models import Tournament

from . import cached
from .public import SECTIONS, render_sections, visible_tournament


@require_GET
@never_cache
def live(request, pk):
    """The live sections of a version, or "unchanged": from the cache, whole; an unchanged
    poll reads one cache key and no table."""
    view = request.GET.get("view", "page")
    if view not in SECTIONS:
        view = "page"
    version, public = cached.version_of(pk, lambda: visible_tournament(request, pk))
    if not public:
        visible_tournament(request, pk)  # staff only; others get a 404
    since = request.GET.get("since")
    if since and since == version:
        return JsonResponse({"version": since, "changed": False})

    def build() -> bytes:
        tournament = get_object_or_404(Tournament, pk=pk)
        data = {"version": version, "changed": True, "sections": render_sections(tournament, view)}
        return json.dumps(data, cls=DjangoJSONEncoder, separators=(",", ":")).encode()

    body = cached.cached_body(cached.page_key("json", pk, view, version, request), build)
    etag = f'"{version}-{view}-{get_language()}-json"'
    response = cached.respond(request, body, "application/json", etag)
    response["Cache-Control"] = "no-cache, no-store"
    return response


@require_GET
def health(request):
    """A trivial page: for load balancers, and the baseline of ``bench/web.py``."""
    return HttpResponse("ok", content_type="text/plain")
