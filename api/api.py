"""The open API, version 1 (django-ninja): public data of tournaments, rounds, pairings,
standings, prizes and series, read-only and open to every website (CORS), and one write
endpoint for staff API tokens: a pairing's result, through the same service and checks
as the staff page.

Answers about a tournament carry its live version (``tournaments.live_version``, bumped
by every change of public data) as ETag and its time as Last-Modified; a client that sends
either back gets 304 until something changed. Lists carry an ETag of their content.
"""

from __future__ import annotations

import hashlib
import json
from typing import Annotated

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.http import http_date, parse_http_date_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from ninja import NinjaAPI, Path, Query, Status
from ninja.security import HttpBearer

from clubs.permissions import Action
from tournaments import live_version, services
from tournaments.models import PAIRING_HOLDERS, Pairing, Tournament
from tournaments.services import tournament_phase

from . import read, schemas
from .tokens import TokenActor, token_for

MAX_ID = 2**53  # ids in paths: larger ones are refused (422) before the database is asked
Id = Annotated[int, Path(ge=1, le=MAX_ID)]
READ = {304: None, 404: schemas.Error, 422: schemas.ValidationErrors}


class TokenAuth(HttpBearer):
    """``Authorization: Bearer sch_…``: an active staff API token (``api.tokens``)."""

    openapi_scheme = "bearer"

    def authenticate(self, request, token):
        found = token_for(token)
        if found is None:
            return None
        return TokenActor(found)


api = NinjaAPI(
    title="Preisschnapsen open API",
    version="1",
    description=(
        "Public data of the tournaments (Preisschnapsen and the Danish system) for club "
        "websites: tournaments, rounds, pairings, standings, prizes and season series. "
        "Read-only without a login; staff API tokens enter results."
    ),
    urls_namespace="api",
    docs_url="docs",
    openapi_url="openapi.json",
)


# --------------------------------------------------------------------------- caching


def _not_modified(request, etag: str, modified) -> bool:
    match = request.headers.get("If-None-Match")
    if match is not None:
        return etag in [tag.strip() for tag in match.split(",")] or match.strip() == "*"
    since = parse_http_date_safe(request.headers.get("If-Modified-Since", ""))
    return bool(modified and since and int(modified.timestamp()) <= since)


def _stamp(response: HttpResponse, etag: str, modified=None) -> None:
    response["ETag"] = etag
    if modified is not None:
        response["Last-Modified"] = http_date(modified.timestamp())
    response["Cache-Control"] = "public, no-cache"
    response["Vary"] = "Accept-Language"


def _tournament(request, tournament_id: int, response: HttpResponse):
    """The public tournament and its version; a 304 answer when the client has it."""
    t = get_object_or_404(read.public_tournaments(), pk=tournament_id)
    version, _public = live_version.load(t)
    etag = f'"{version}-{get_language()}"'
    modified = live_version.version_time(version)
    if _not_modified(request, etag, modified):
        answer = HttpResponseNotModified()
        _stamp(answer, etag, modified)
        return t, version, answer
    _stamp(response, etag, modified)
    return t, version, None


def _list_answer(request, response: HttpResponse, data):
    """A list with an ETag of its content (a 304 when unchanged)."""
    body = json.dumps(data, cls=DjangoJSONEncoder, sort_keys=True).encode()
    etag = f'"{hashlib.sha256(body).hexdigest()[:32]}-{get_language()}"'
    if _not_modified(request, etag, None):
        answer = HttpResponseNotModified()
        _stamp(answer, etag)
        return answer
    _stamp(response, etag)
    return data


# --------------------------------------------------------------------------- reading


@api.get("/", response=schemas.Index, url_name="index", summary="What the API offers")
def index(request: HttpRequest):
    def url(name, *args):
        return request.build_absolute_uri(reverse(name, args=args))

    return {
        "name": "Preisschnapsen open API",
        "version": "1",
        "schema_url": url("api:openapi-json"),
        "docs_url": url("api:openapi-view"),
        "tournaments_url": url("api:tournaments"),
        "series_url": url("api:series"),
        "calendar_url": url("embed:calendar"),
    }


@api.get(
    "/tournaments",
    response={200: list[schemas.TournamentSummary], **READ},
    url_name="tournaments",
    summary="Public tournaments, the newest first",
)
def tournaments(
    request: HttpRequest,
    response: HttpResponse,
    club: Annotated[str | None, Query(max_length=60, description="a club's slug")] = None,
    upcoming: Annotated[bool, Query(description="only those of today and later")] = False,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    offset: Annotated[int, Query(ge=0, le=100_000)] = 0,
):
    from django.utils import timezone

    query = read.public_tournaments()
    if club:
        query = query.filter(club__slug=club)
    if upcoming:
        query = query.filter(date__gte=timezone.localdate()).order_by("date", "pk")
    rows = list(query[offset : offset + limit])
    data = [read.tournament_summary(request, t, tournament_phase(t)) for t in rows]
    return _list_answer(request, response, data)


@api.get(
    "/tournaments/{tournament_id}",
    response={200: schemas.Tournament, **READ},
    url_name="tournament",
    summary="A public tournament: its terms and where it stands",
)
def tournament(request: HttpRequest, response: HttpResponse, tournament_id: Id):
    t, version, answer = _tournament(request, tournament_id, response)
    return answer or read.tournament_detail(request, t, version)


@api.get(
    "/tournaments/{tournament_id}/rounds",
    response={200: list[schemas.Round], **READ},
    url_name="rounds",
    summary="The released rounds",
)
def rounds(request: HttpRequest, response: HttpResponse, tournament_id: Id):
    t, _version, answer = _tournament(request, tournament_id, response)
    return answer or [read.round_json(r) for r in read.released_rounds(t)]


@api.get(
    "/tournaments/{tournament_id}/rounds/{number}",
    response={200: schemas.RoundDetail, **READ},
    url_name="round",
    summary="A released round with its pairings",
)
def round_detail(
    request: HttpRequest,
    response: HttpResponse,
    tournament_id: Id,
    number: Annotated[int, Path(ge=1, le=10_000)],
):
    t, _version, answer = _tournament(request, tournament_id, response)
    if answer:
        return answer
    r = get_object_or_404(read.released_rounds(t), number=number)
    return {**read.round_json(r), "matches": read.round_pairings(r)}


@api.get(
    "/tournaments/{tournament_id}/standings",
    response={200: schemas.Standings, **READ},
    url_name="standings",
    summary="The standings (Preisschnapsen: by place and round; Danish: by points)",
)
def standings(request: HttpRequest, response: HttpResponse, tournament_id: Id):
    t, _version, answer = _tournament(request, tournament_id, response)
    return answer or read.standings_json(t)


@api.get(
    "/tournaments/{tournament_id}/prizes",
    response={200: list[schemas.Prize], **READ},
    url_name="prizes",
    summary="The eight prizes and the categories' prizes, with their winners",
)
def prizes(request: HttpRequest, response: HttpResponse, tournament_id: Id):
    t, _version, answer = _tournament(request, tournament_id, response)
    return answer or read.prizes_json(t)


@api.get(
    "/series",
    response={200: list[schemas.SeriesSummary], **READ},
    url_name="series",
    summary="Public season series",
)
def series_list(request: HttpRequest, response: HttpResponse):
    data = [read.series_summary(request, s) for s in read.public_series()[:200]]
    return _list_answer(request, response, data)


@api.get(
    "/series/{series_id}",
    response={200: schemas.SeriesDetail, **READ},
    url_name="series_detail",
    summary="A public season series with its standings",
)
def series_detail(request: HttpRequest, response: HttpResponse, series_id: Id):
    s = get_object_or_404(read.public_series(), pk=series_id)
    return _list_answer(request, response, read.series_detail(request, s))


# --------------------------------------------------------------------------- writing


@api.post(
    "/tournaments/{tournament_id}/pairings/{pairing_id}/result",
    response={
        200: schemas.Pairing,
        400: schemas.Error,
        401: schemas.Error,
        403: schemas.Error,
        404: schemas.Error,
        409: schemas.Error,
        422: schemas.ValidationErrors,
    },
    auth=TokenAuth(),
    url_name="pairing_result",
    summary="Enter or correct a pairing's result (staff API token)",
    description=(
        "The same service and checks as the staff results page: the round must be "
        "released, the score valid for the match length, a correction only until the next "
        "round is drawn; with `version` the request is refused when the pairing changed "
        "since it was read. The token needs a role that enters results (table staff or "
        "organiser) in the tournament's club; the audit log names the token."
    ),
)
def pairing_result(request: HttpRequest, tournament_id: Id, pairing_id: Id, data: schemas.ResultIn):
    actor: TokenActor = request.auth
    club_id = Tournament.objects.filter(pk=tournament_id).values_list("club_id", flat=True).first()
    if club_id is None or club_id != actor.token.club_id:
        return Status(404, {"detail": _("There is no such tournament in this token's club.")})
    if not actor.can(Action.RESULTS, club_id):
        return Status(403, {"detail": _("This token's role may not enter results.")})
    pairing = (
        Pairing.objects.filter(pk=pairing_id, round__tournament_id=tournament_id)
        .select_related("round")
        .first()
    )
    if pairing is None:
        return Status(404, {"detail": _("There is no such pairing in this tournament.")})
    if data.walkover == (data.score is not None):
        return Status(409, {"detail": _("Give a score, or walkover true and no score.")})
    action = services.correct_result if pairing.decided else services.record_result
    try:
        done = action(
            pairing,
            winner=data.winner,
            score=tuple(data.score) if data.score is not None else None,
            walkover=data.walkover,
            actor=actor,
            expected_version=data.version,
        )
    except services.TournamentError as error:
        return Status(409, {"detail": str(error.message)})
    done = (
        Pairing.objects.select_related("round", *PAIRING_HOLDERS)
        .defer("round__protocol")
        .get(pk=done.pk)
    )
    return read.pairing_json(done, public=False)  # the token's own club: by name
