"""JSON for the live pages: the changed sections as HTML, polled every few seconds."""

import json

from django.core.cache import cache
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
    since = request.GET.get("since")
    key = cached.page_key("json", pk, view, request)
    if since:  # an open page: most often nothing changed, and only the version is read
        version, public = cached.version_of(pk, lambda: visible_tournament(request, pk))
        body = None
    else:
        version, public, body = cached.lookup(pk, key, lambda: visible_tournament(request, pk))
    if not public:
        visible_tournament(request, pk)  # staff only; others get a 404
    if since and since == version:
        return JsonResponse({"version": since, "changed": False})
    if body is None:

        def build() -> bytes:
            tournament = get_object_or_404(Tournament, pk=pk)
            data = {
                "version": version,
                "changed": True,
                "sections": render_sections(tournament, view),
            }
            return json.dumps(data, cls=DjangoJSONEncoder, separators=(",", ":")).encode()

        stored = cache.get(key) if since else None
        if stored and stored[0] == version:
            body = stored[1]
        else:
            body = cached.cached_body(key, version, build)
    etag = f'"{version}-{view}-{get_language()}-json"'
    response = cached.respond(request, body, "application/json", etag)
    response["Cache-Control"] = "no-cache, no-store"
    return response


@require_GET
def health(request):
    """A trivial page: for load balancers, and the baseline of ``bench/web.py``."""
    return HttpResponse("ok", content_type="text/plain")
