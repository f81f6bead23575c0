"""The venue laptop's calls to the club's server: ``Authorization: Bearer sch_…`` (a club
API token with the organiser's rights), JSON answers; a refusal is a JSON ``error`` in
the user's language with its ``code``, never a page."""

from __future__ import annotations

from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from api.tokens import TokenActor, token_for

from . import services

STATUS = {"not_found": 404, "checked_out": 409, "not_checked_out": 409}


def _actor(request) -> TokenActor | None:
    header = request.headers.get("Authorization", "")
    scheme, _sep, secret = header.partition(" ")
    if scheme.lower() != "bearer":
        return None
    token = token_for(secret.strip())
    return TokenActor(token) if token is not None else None


def _refused(exc: services.VenueError) -> JsonResponse:
    return JsonResponse({"error": exc.message, "code": exc.code}, status=STATUS.get(exc.code, 400))


def _unauthorised() -> JsonResponse:
    return JsonResponse(
        {"error": _("A valid API token of the club is needed."), "code": "token"}, status=401
    )


@csrf_exempt
@require_POST
def checkout(request, pk: int):
    actor = _actor(request)
    if actor is None:
        return _unauthorised()
    try:
        made, document = services.checkout(pk, actor)
    except services.VenueError as exc:
        return _refused(exc)
    return JsonResponse(
        {"checkout": made.pk, "holder": made.holder, "tournament": document}, status=201
    )


@csrf_exempt
@require_POST
def checkin(request, pk: int):
    actor = _actor(request)
    if actor is None:
        return _unauthorised()
    try:
        ended = services.checkin(pk, actor)
    except services.VenueError as exc:
        return _refused(exc)
    return JsonResponse({"checkout": ended.pk, "last_version": ended.last_version})
