"""Pages and JSON endpoints of matches: the friendly start, the player's page and its
JSON, the spectator's, the replay and the record. The staff's pages of a pairing are in
``pairing_views``, the tables' of three and four in ``table_views``. Thin: the work is in
``services`` and ``presenters``."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.db.models import Q
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs import permissions
from tournaments.models import Tournament

from . import player_reports, presenters, services, table_views
from .models import BotLevel, DeckStyle, Match, Mode, Status
from .public_names import ShownMatch, shown_matches, shown_names
from .services import GameError
from .tasks import analyse_game
from .view_helpers import (
    action_body,
    forged,
    match_or_404,
    may_see_everything,
    over_friendly_limit,
    public_or_404,
    seat_or_none,
)


def _context_common(match: Match) -> dict:
    return {
        "poll_ms": int(getattr(settings, "GAMES_POLL_MS", 500)),
        # the computer's moves are stored by the task worker: without a channel layer
        # across processes the page asks for them quickly while the computer thinks
        "bot_poll_ms": 0 if settings.PUSH_ACROSS_PROCESSES or match.bot_seat is None else 200,
        "match": match,
        "labels": presenters.card_labels(),
        "ui": presenters.ui_strings(),
        "deck_styles": DeckStyle.choices,
    }


# --------------------------------------------------------------------------- friendly start


@require_http_methods(["GET", "POST"])
def index(request):
    """Start a friendly match: against the computer or a friend."""
    if request.method == "POST":
        opponent = request.POST.get("opponent", "computer")
        if over_friendly_limit(request):
            if request.user.is_authenticated:
                text = _(
                    "One account may start %(n)d friendly matches an hour, and that many "
                    "have been started with yours. Finish a running match or try again in "
                    "an hour."
                )
            else:
                text = _(
                    "Without a login one address may start %(n)d friendly matches an hour, "
                    "and that many have been started from here. Finish a running match or "
                    "try again in an hour; club staff can log in to start more."
                )
            messages.error(request, text % {"n": settings.FRIENDLY_MATCHES_PER_HOUR})
            return render(request, "games/index.html", _index_context(request), status=429)
        try:
            match = services.create_friendly_match(
                name0=request.POST.get("name", ""),
                name1=request.POST.get("friend", ""),
                bot_level=request.POST.get("level", BotLevel.MEDIUM)
                if opponent == "computer"
                else None,
                rule_profile=request.POST.get("rules", "weich"),
                bummerl_to_win=request.POST.get("length", 2),
                deck_style=request.POST.get("deck", DeckStyle.FRENCH),
                auto_declare=request.POST.get("auto_declare") == "on",
                actor=request.user,
            )
        except GameError as exc:
            messages.error(request, exc.message)
            return redirect("games:index")
        return redirect("games:play", pk=match.pk, token=match.token0)
    return render(request, "games/index.html", _index_context(request))


def _index_context(request) -> dict:
    recent = Match.objects.filter(status=Status.PLAYING, pairing__isnull=False)
    if not permissions.is_site_admin(request.user):
        # public tournaments' matches, and those of the staff's own clubs
        mine = permissions.narrow(Tournament.objects.all(), request.user).values("pk")
        recent = recent.filter(
            Q(pairing__round__tournament__is_public=True) | Q(pairing__round__tournament__in=mine)
        )
    return {
        **table_views.start_context(),
        "levels": BotLevel.choices,
        "bots": services.bot_levels(),
        "deck_styles": DeckStyle.choices,
        # public: named as public pages name players (``public_names``)
        "running": shown_matches(recent.select_related("pairing__round__tournament")[:50]),
    }


# --------------------------------------------------------------------------- player


@require_GET
def play(request, pk, token):
    match = match_or_404(pk)
    seat = seat_or_none(match, token)
    if seat is None:
        return forged(request, as_json=False)
    if match.mode != Mode.PLAYED:
        return redirect("games:watch", pk=match.pk)
    live = services.live_state(match)
    share = None
    if match.pairing_id is None and match.bot_seat is None and seat == 0:
        share = request.build_absolute_uri(reverse("games:play", args=[match.pk, match.token1]))
    ctx = _context_common(match)
    ctx["match"] = ShownMatch(match, seat)  # his own name; a hidden opponent's left out
    reports = player_reports.report_context(match, seat)
    payload = presenters.player_payload(live, seat)
    payload["match"]["reports"] = reports["mark"] if reports else ""
    ctx.update(
        {
            "seat": seat,
            "payload": payload,
            "state_url": reverse("games:state", args=[match.pk, token]),
            "act_url": reverse("games:act", args=[match.pk, token]),
            "socket_url": f"/ws/games/{match.pk}/p/{token}/",
            "share_url": share,
            "record_url": reverse("games:player_record", args=[match.pk, token]),
            "reports": reports,
            "spectator": False,
        }
    )
    return render(request, "games/play.html", ctx)


@require_GET
def state(request, pk, token):
    match = match_or_404(pk)
    seat = seat_or_none(match, token)
    if seat is None:
        return forged(request, as_json=True)
    known = request.GET.get("known")
    mark = player_reports.report_mark(match)
    if known is not None and known == f"{match.next_seq}:{match.status}" + (
        f":{mark}" if mark else ""
    ):
        return JsonResponse({"changed": False})
    payload = presenters.player_payload(services.live_state(match), seat)
    payload["match"]["reports"] = mark
    return JsonResponse(payload)


@require_POST
def act(request, pk, token):
    """One action of the seat whose link this is: the seat is checked on the locked match
    row itself (no separate read), the answer is the seat's new view."""
    body = action_body(request)
    try:
        result = services.apply_action(
            pk, None, body.get("action", ""), body.get("seq"), token=token
        )
    except GameError as exc:
        if exc.code == "forbidden":
            return forged(request, as_json=True)
        status = {"turn": 409, "stale": 409, "future": 409, "over": 409, "not_found": 404}.get(
            exc.code, 400
        )
        if exc.code == "not_found":
            return JsonResponse({"error": exc.message, "code": exc.code}, status=status)
        match = match_or_404(pk)
        seat = seat_or_none(match, token)
        if seat is None:
            return forged(request, as_json=True)
        payload = presenters.player_payload(services.live_state(match), seat)
        return JsonResponse(
            {"error": exc.message, "code": exc.code, **payload},
            status=status,
        )
    live = result.live or services.live_state(result.match)
    pushed = live.pushed or {}
    if (
        pushed.get("lang") == (translation.get_language() or "").lower()
        and str(result.seat) in pushed
    ):  # the view the push carried to this seat's other pages: not built twice
        payload = dict(pushed[str(result.seat)])
    else:
        payload = presenters.player_payload(live, result.seat)
    payload["applied"] = result.applied
    if not result.applied:
        payload["message"] = _("This move was already made.")
    return JsonResponse(payload)


# --------------------------------------------------------------------------- spectator


@require_GET
def watch(request, pk):
    match = match_or_404(pk, tournament=True)
    public_or_404(request, match, tables=True)
    if match.is_table:
        return table_views.watch(request, match)
    ctx = _context_common(match)
    ctx["match"] = ShownMatch(match)  # public: names as public pages show them
    live = services.live_state(match) if match.mode == Mode.PLAYED else None
    ctx.update(
        {
            "seat": None,
            "payload": presenters.spectator_payload(live) if live else None,
            "state_url": reverse("games:watch_state", args=[match.pk]),
            "act_url": "",
            "socket_url": f"/ws/games/{match.pk}/watch/",
            "spectator": True,
        }
    )
    return render(request, "games/play.html" if live else "games/recorded.html", ctx)


@require_GET
def watch_state(request, pk):
    match = match_or_404(pk, tournament=True)
    public_or_404(request, match, tables=True)
    if match.is_table:
        return table_views.watch_state(request, match)
    if match.mode != Mode.PLAYED:
        raise Http404
    known = request.GET.get("known")
    if known is not None and known == f"{match.next_seq}:{match.status}":
        return JsonResponse({"changed": False})
    return JsonResponse(presenters.spectator_payload(services.live_state(match)))


# --------------------------------------------------------------------------- replay, record


@require_GET
def replay(request, pk):
    match = match_or_404(pk, tournament=True)
    public_or_404(request, match)
    if not may_see_everything(request, match):
        return render(
            request,
            "games/error.html",
            {"message": _("The replay opens when the match is over.")},
            status=403,
        )
    ctx = _context_common(match)
    ctx["match"] = ShownMatch(match)  # public: names as public pages show them
    names = shown_names(match)
    # the staff may follow a running match's moves; its current game's hidden cards show
    # once that game is over
    running = match.status == Status.PLAYING
    games = (
        services.replay_states(match, hide_running=running) if match.mode == Mode.PLAYED else []
    )
    rows = {g.index: g for g in match.games.all()}
    for data in games:
        row = rows.get(data["game"] - 1)
        finished = row is not None and row.winner is not None
        data["action_texts"] = [
            presenters.describe_action(a, match.deck_style, names) for a in data["actions"]
        ]
        data["analysis"] = presenters.analysis_notes(match, row.analysis) if finished else None
        data["analysis_url"] = (
            reverse("games:analysis", args=[match.pk, data["game"]]) if finished else ""
        )
    ctx["replay"] = games
    return render(request, "games/replay.html", ctx)


@require_GET
def analysis(request, pk, game):
    """The solver's verdict at each decision of one finished game: computed once by a task
    (``games.tasks.analyse_game``, a node budget of about a second) that the first request
    queues; until it is stored the answer is 202 "pending"; then read from the game row."""
    match = match_or_404(pk, tournament=True)
    public_or_404(request, match)
    if not may_see_everything(request, match):
        return JsonResponse(
            {"error": _("The replay opens when the match is over."), "code": "forbidden"},
            status=403,
        )
    row = match.games.filter(index=game - 1).first() if game >= 1 else None
    if row is None:
        return JsonResponse(
            {"error": _("This game does not exist."), "code": "not_found"}, status=404
        )
    if match.mode != Mode.PLAYED or row.winner is None:
        return JsonResponse(
            {"error": _("Only a finished game can be analysed."), "code": "not_finished"},
            status=400,
        )
    data = row.analysis
    if data is None:
        # a task computes it (once: a second request within two minutes queues nothing)
        if cache.add(f"games:analysis-queued:{row.pk}", 1, 120):
            analyse_game.enqueue(row.pk)
        row.refresh_from_db(fields=["analysis"])
        data = row.analysis
        if data is None:
            return JsonResponse({"game": game, "pending": True}, status=202)
    return JsonResponse(
        {"game": game, "notes": presenters.analysis_notes(match, data), "analysis": data}
    )


@require_GET
def record_json(request, pk):
    match = match_or_404(pk, tournament=True)
    public_or_404(request, match)
    if match.mode != Mode.PLAYED or match.status == Status.PLAYING:
        raise Http404  # the record holds every deal's cards: only once the match is over
    response = JsonResponse(services.match_record(match).to_dict())
    response["Content-Disposition"] = f'attachment; filename="match-{match.pk}.json"'
    return response
