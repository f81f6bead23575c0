"""Pages of the tables of three or four: start one, a seat's page, its JSON, acting, and
the Bauernschnapsen score sheet check. Thin: the work is in ``services.tables``,
``services.multi_recording`` and ``table_presenters``."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from . import table_presenters
from .models import TABLE_LEVELS, BotLevel, DeckStyle, GameKind, Match, Status
from .presenters import card_labels
from .services import GameError, multi_recording, tables
from .view_helpers import action_body, over_friendly_limit, refused


def _forged(request, as_json: bool):
    return refused(
        request, pgettext("table", "This link is not valid for this table."), as_json=as_json
    )


def _table(pk) -> Match:
    return get_object_or_404(Match.objects.exclude(game_kind=GameKind.SCHNAPSEN), pk=pk)


def start_context() -> dict:
    """What the start form on /games/ needs for the tables."""
    return {
        "table_kinds": [
            (GameKind.BAUERNSCHNAPSEN, GameKind.BAUERNSCHNAPSEN.label, 4),
            (GameKind.TALONSCHNAPSEN, GameKind.TALONSCHNAPSEN.label, 3),
        ],
        "table_presets": tables.preset_labels(),
        "table_levels": TABLE_LEVELS,
        "table_seat_numbers": [0, 1, 2, 3],
    }


@require_POST
def start(request):
    """Start a friendly table from the form on /games/; the starter gets the first
    person's seat and the other people's links."""
    kind = request.POST.get("game", GameKind.BAUERNSCHNAPSEN)
    n = tables.SIZES.get(kind, 4)
    seats = []
    for i in range(n):
        who = request.POST.get(f"seat{i}", "person")
        level = request.POST.get(f"level{i}", BotLevel.EASY) if who == "computer" else ""
        seats.append({"name": request.POST.get(f"name{i}", ""), "level": level})
    if over_friendly_limit(request):
        messages.error(
            request,
            pgettext("table", "Too many friendly games with this account: try again in an hour.")
            if request.user.is_authenticated
            else pgettext(
                "table", "Too many friendly games from this address: try again in an hour."
            ),
        )
        return redirect("games:index")
    try:
        match = tables.create_table(
            game_kind=kind,
            seats=seats,
            preset=request.POST.get("preset", "ueblich"),
            bummerls=request.POST.get("bummerls", 1),
            deck_style=request.POST.get("deck", DeckStyle.FRENCH),
            actor=request.user,
        )
    except GameError as exc:
        messages.error(request, exc.message)
        return redirect("games:index")
    seat = tables.first_person(match)
    return redirect("games:table", pk=match.pk, token=seat.token)


@require_GET
def table(request, pk, token):
    match = _table(pk)
    seat = tables.seat_for_token(match, token)
    if seat is None:
        return _forged(request, as_json=False)
    live = tables.live_table(match)
    links = []
    starter = tables.first_person(match)
    if starter is not None and starter.index == seat:
        for s in live.seats:
            if s.index != seat and not s.is_computer:
                url = request.build_absolute_uri(reverse("games:table", args=[match.pk, s.token]))
                links.append({"seat": s.index, "name": s.name, "url": url})
    ctx = {
        "match": match,
        "seat": seat,
        "links": links,
        "payload": table_presenters.table_payload(live, seat),
        "labels": card_labels(),
        "ui": table_presenters.ui_strings(),
        "deck_styles": DeckStyle.choices,
        "poll_ms": int(getattr(settings, "GAMES_POLL_MS", 500)),
        "bot_poll_ms": 0 if settings.PUSH_ACROSS_PROCESSES else 250,
        "state_url": reverse("games:table_state", args=[match.pk, token]),
        "act_url": reverse("games:table_act", args=[match.pk, token]),
        "socket_url": f"/ws/games/{match.pk}/t/{token}/",
        "record_url": reverse("games:table_record", args=[match.pk, token]),
        "again_url": reverse("games:table_again", args=[match.pk, token]),
    }
    return render(request, "games/table.html", ctx)


def watch(request, match: Match):
    """The spectator page of a table (``games:watch`` of a table): everything on the
    table, no hand; pushed like a seat's page."""
    live = tables.live_table(match)
    ctx = {
        "match": match,
        "seat": None,
        "spectator": True,
        "links": [],
        "payload": table_presenters.spectator_payload(live),
        "labels": card_labels(),
        "ui": table_presenters.ui_strings(),
        "deck_styles": DeckStyle.choices,
        "poll_ms": int(getattr(settings, "GAMES_POLL_MS", 500)) * 4,
        "bot_poll_ms": 0,
        "state_url": reverse("games:watch_state", args=[match.pk]),
        "act_url": "",
        "socket_url": f"/ws/games/{match.pk}/watch/",
    }
    return render(request, "games/table.html", ctx)


def watch_state(request, match: Match):
    known = request.GET.get("known")
    if known is not None and known == f"{match.next_seq}:{match.status}":
        return JsonResponse({"changed": False})
    return JsonResponse(table_presenters.spectator_payload(tables.live_table(match)))


@require_GET
def table_state(request, pk, token):
    match = _table(pk)
    seat = tables.seat_for_token(match, token)
    if seat is None:
        return _forged(request, as_json=True)
    known = request.GET.get("known")
    if known is not None and known == f"{match.next_seq}:{match.status}":
        return JsonResponse({"changed": False})
    return JsonResponse(table_presenters.table_payload(tables.live_table(match), seat))


@require_POST
def table_act(request, pk, token):
    body = action_body(request)
    try:
        result = tables.act(pk, token, body.get("action", ""), body.get("seq"))
    except GameError as exc:
        if exc.code == "forbidden":
            return _forged(request, as_json=True)
        if exc.code == "not_found":
            return JsonResponse({"error": exc.message, "code": exc.code}, status=404)
        status = {"turn": 409, "stale": 409, "future": 409, "over": 409}.get(exc.code, 400)
        match = _table(pk)
        seat = tables.seat_for_token(match, token)
        if seat is None:  # a refused action through a link that is no seat's: no view
            return _forged(request, as_json=True)
        payload = table_presenters.table_payload(tables.live_table(match), seat)
        return JsonResponse({"error": exc.message, "code": exc.code, **payload}, status=status)
    # read again: the computer's answers (a task; at once with the immediate backend)
    live = tables.live_table(Match.objects.get(pk=result.match.pk))
    payload = table_presenters.table_payload(live, result.seat)
    payload["applied"] = result.applied
    if not result.applied:
        payload["message"] = pgettext("table", "This move was already made.")
    return JsonResponse(payload)


@require_GET
def table_record(request, pk, token):
    """The finished table's match record (JSON; ``python -m engine replay`` replays
    it). While the table runs it would show every hand: refused."""
    match = _table(pk)
    if tables.seat_for_token(match, token) is None:
        return _forged(request, as_json=True)
    if match.status == Status.PLAYING:
        return JsonResponse(
            {
                "error": pgettext("table", "The record opens when the table is over."),
                "code": "running",
            },
            status=403,
        )
    response = HttpResponse(
        tables.live_table(match).table.record.to_json(), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="table-{match.pk}.json"'
    return response


@require_POST
def table_again(request, pk, token):
    """A player of a finished table starts the next one with the same seats; everyone's
    page then links to his own seat there."""
    try:
        new = tables.play_again(pk, token, actor=request.user)
    except GameError as exc:
        if exc.code == "forbidden":
            return _forged(request, as_json=False)
        messages.error(request, exc.message)
        return redirect("games:table", pk=pk, token=token)
    seat = tables.seat_for_token(_table(pk), token)
    return redirect("games:table", pk=new.pk, token=new.seats.get(index=seat).token)


# --------------------------------------------------------------------------- score sheet


@require_http_methods(["GET", "POST"])
def sheet(request):
    """Check a Bauernschnapsen score sheet as the players wrote it (friendly: nothing is
    stored); the first wrong line is named."""
    ctx = {
        "presets": tables.preset_labels(),
        "post": request.POST,
        "result": None,
        "error": None,
        "examples": multi_recording.EXAMPLE,
        "games": multi_recording.sheet_games(),
    }
    status = 200
    if request.method == "POST":
        try:
            ctx["result"] = multi_recording.check_bauern_sheet(
                request.POST.get("sheet", ""),
                rules=request.POST.get("preset", "ueblich"),
                teams=(request.POST.get("team_a", ""), request.POST.get("team_b", "")),
                count=request.POST.get("count", "down"),
            )
        except GameError as exc:
            ctx["error"] = exc.message
            ctx["error_line"] = getattr(exc, "line", None)
            status = 400
    return render(request, "games/bauern_sheet.html", ctx, status=status)
