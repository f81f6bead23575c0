"""Pages and JSON endpoints of matches. Thin: the work is in ``services`` and ``presenters``."""

from __future__ import annotations

import json
import time

import segno
from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.db.models import Q
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs import permissions
from clubs.permissions import can_view_tournament, staff_required
from core.numbers import parse_id
from tournaments.models import Pairing, Round

from . import player_reports, presenters, services, table_views
from .models import BotLevel, DeckStyle, Match, Mode, Status
from .services import GameError
from .tasks import analyse_game


def _match(pk, *, tournament=False) -> Match:
    query = (
        Match.objects.select_related("pairing__round__tournament") if tournament else Match.objects
    )
    return get_object_or_404(query, pk=pk)


def _seat_or_none(match: Match, token: str) -> int | None:
    return services.seat_for_token(match, token)


def _forged(request, as_json: bool):
    message = _("This link is not valid for this match. Ask the tournament staff for your link.")
    if as_json:
        return JsonResponse({"error": message, "code": "forbidden"}, status=403)
    return render(request, "games/error.html", {"message": message}, status=403)


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
        if _over_friendly_limit(request):
            messages.error(
                request,
                _(
                    "Without a login one address may start %(n)d friendly matches an hour, "
                    "and that many have been started from here. Finish a running match or "
                    "try again in an hour; club staff can log in to start more."
                )
                % {"n": settings.FRIENDLY_MATCHES_PER_HOUR},
            )
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
        mine = permissions.tournaments_for(request.user).values("pk")
        recent = recent.filter(
            Q(pairing__round__tournament__is_public=True) | Q(pairing__round__tournament__in=mine)
        )
    from .table_views import start_context

    return {
        **start_context(),
        "levels": BotLevel.choices,
        "bots": services.bot_levels(),
        "deck_styles": DeckStyle.choices,
        "running": recent.select_related("pairing__round__tournament")[:50],
    }


def _over_friendly_limit(request) -> bool:
    """Anonymous friendly matches per address and hour (``FRIENDLY_MATCHES_PER_HOUR``;
    the count is kept in the shared cache). Behind a proxy the address is the client's
    as the ASGI server passes it on (uvicorn ``--proxy-headers``). Staff: no limit."""
    if request.user.is_authenticated:
        return False
    address = request.META.get("REMOTE_ADDR") or "unknown"
    key = f"games:friendly:{address}:{int(time.time() // 3600)}"
    cache.add(key, 0, 3700)
    try:
        count = cache.incr(key)
    except ValueError:  # expired in between
        cache.set(key, 1, 3700)
        count = 1
    return count > settings.FRIENDLY_MATCHES_PER_HOUR


# --------------------------------------------------------------------------- player


@require_GET
def play(request, pk, token):
    match = _match(pk)
    seat = _seat_or_none(match, token)
    if seat is None:
        return _forged(request, as_json=False)
    if match.mode != Mode.PLAYED:
        return redirect("games:watch", pk=match.pk)
    live = services.live_state(match)
    share = None
    if match.pairing_id is None and match.bot_seat is None and seat == 0:
        share = request.build_absolute_uri(reverse("games:play", args=[match.pk, match.token1]))
    ctx = _context_common(match)
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
    match = _match(pk)
    seat = _seat_or_none(match, token)
    if seat is None:
        return _forged(request, as_json=True)
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
    try:
        body = json.loads(request.body or b"{}")
        if not isinstance(body, dict):
            raise ValueError
    except ValueError:
        body = request.POST
    try:
        result = services.apply_action(
            pk, None, body.get("action", ""), body.get("seq"), token=token
        )
    except GameError as exc:
        if exc.code == "forbidden":
            return _forged(request, as_json=True)
        status = {"turn": 409, "stale": 409, "future": 409, "over": 409, "not_found": 404}.get(
            exc.code, 400
        )
        if exc.code == "not_found":
            return JsonResponse({"error": exc.message, "code": exc.code}, status=status)
        match = _match(pk)
        seat = _seat_or_none(match, token)
        if seat is None:
            return _forged(request, as_json=True)
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


def _public_or_404(request, match: Match, *, tables: bool = False) -> None:
    """A match of a tournament that is not public only for its staff; a table of three or
    four has its spectator page (``tables``) but no replay yet."""
    if match.is_table and not tables:
        raise Http404
    if (
        match.pairing_id
        and not match.pairing.round.tournament.is_public
        and not can_view_tournament(request.user, match.pairing.round.tournament)
    ):
        raise Http404


@require_GET
def watch(request, pk):
    match = _match(pk, tournament=True)
    _public_or_404(request, match, tables=True)
    if match.is_table:
        return table_views.watch(request, match)
    ctx = _context_common(match)
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
    match = _match(pk, tournament=True)
    _public_or_404(request, match, tables=True)
    if match.is_table:
        return table_views.watch_state(request, match)
    if match.mode != Mode.PLAYED:
        raise Http404
    known = request.GET.get("known")
    if known is not None and known == f"{match.next_seq}:{match.status}":
        return JsonResponse({"changed": False})
    return JsonResponse(presenters.spectator_payload(services.live_state(match)))


# --------------------------------------------------------------------------- replay, record


def _may_see_everything(request, match: Match) -> bool:
    """A running match's cards are for its players; the staff of its club who may see
    the pairings (and site administrators) may look too."""
    if match.status != Status.PLAYING:
        return True
    if match.pairing_id is None:
        return permissions.is_site_admin(request.user)
    return permissions.can(
        request.user, permissions.Action.PAIRINGS, match.pairing.round.tournament
    )


@require_GET
def replay(request, pk):
    match = _match(pk, tournament=True)
    _public_or_404(request, match)
    if not _may_see_everything(request, match):
        return render(
            request,
            "games/error.html",
            {"message": _("The replay opens when the match is over.")},
            status=403,
        )
    ctx = _context_common(match)
    games = services.replay_states(match) if match.mode == Mode.PLAYED else []
    rows = {g.index: g for g in match.games.all()}
    for data in games:
        row = rows.get(data["game"] - 1)
        finished = row is not None and row.winner is not None
        data["action_texts"] = [
            presenters.describe_action(a, match.deck_style, (match.name0, match.name1))
            for a in data["actions"]
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
    match = _match(pk, tournament=True)
    _public_or_404(request, match)
    if not _may_see_everything(request, match):
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
    match = _match(pk, tournament=True)
    _public_or_404(request, match)
    if not _may_see_everything(request, match) or match.mode != Mode.PLAYED:
        raise Http404
    response = JsonResponse(services.match_record(match).to_dict())
    response["Content-Disposition"] = f'attachment; filename="match-{match.pk}.json"'
    return response


# --------------------------------------------------------------------------- staff: pairing


def _qr_svg(url: str) -> str:
    return segno.make(url, error="m").svg_inline(scale=3)


@staff_required
@require_http_methods(["GET", "POST"])
def pairing(request, pairing_pk):
    """Staff: start a played match for a pairing, show its links, or record its result."""
    p = get_object_or_404(
        Pairing.objects.select_related("round__tournament", "left__player", "right__player"),
        pk=pairing_pk,
    )
    if request.method == "POST":
        what = request.POST.get("do")
        try:
            if what == "start":
                services.start_match_for_pairing(p, actor=request.user)
                messages.success(request, _("The match is started; give each player his link."))
            elif what == "quick":
                winner = request.POST.get("winner")
                score = (request.POST.get("won"), request.POST.get("lost"))
                services.record_quick(p, winner=winner, score=score, actor=request.user)
                messages.success(request, _("The result is recorded."))
            elif what == "sheet":
                services.record_score_sheet(p, request.POST.get("sheet", ""), actor=request.user)
                messages.success(request, _("The score sheet is checked and recorded."))
            elif what == "revoke":
                return _revoke(request, p)
            elif what == "seat":
                _seat_to_computer(request, p)
            else:
                messages.error(request, _("Unknown request."))
        except GameError as exc:
            messages.error(request, exc.message)
            return render(request, "games/pairing.html", _pairing_context(request, p), status=400)
        return redirect("games:pairing", pairing_pk=p.pk)
    return render(request, "games/pairing.html", _pairing_context(request, p))


@staff_required
@require_POST
def round_start(request, round_pk):
    """Staff: start the browser matches of every open pairing of a round at once."""
    rnd = get_object_or_404(Round.objects.select_related("tournament"), pk=round_pk)
    back = reverse("staff:results", args=[rnd.tournament_id]) + f"?round={rnd.number}"
    try:
        done = services.start_matches_for_round(rnd, actor=request.user)
    except GameError as exc:
        messages.error(request, exc.message)
        return redirect(back)
    messages.success(
        request,
        _(
            "Browser matches: %(started)d started, %(kept)d already running. The score "
            "sheets of this round now carry each player's private link as a QR code."
        )
        % {"started": len(done.started), "kept": len(done.kept)},
    )
    for p, reason in done.refused:
        messages.warning(
            request,
            _("Pairing %(number)d not started: %(reason)s")
            % {"number": p.number, "reason": reason},
        )
    return redirect(back)


def _revoke(request, p: Pairing):
    """The referee's revoke: the first POST asks for confirmation, the second records it."""
    match = get_object_or_404(p.matches, pk=parse_id(request.POST.get("match")))
    offender = request.POST.get("offender")
    if offender not in ("0", "1"):
        raise GameError(_("Choose the player who revoked."), "offender")
    offender = int(offender)
    if request.POST.get("confirm") != "yes":
        live = services.live_state(match)
        if live.state is None or match.status != Status.PLAYING:
            raise GameError(_("This match is over."), "over")
        return render(
            request,
            "games/revoke_confirm.html",
            {
                "pairing": p,
                "tournament": p.round.tournament,
                "match": match,
                "offender": offender,
                "offender_name": match.name(offender),
                "opponent_name": match.name(1 - offender),
                "game": live.game.index + 1,
                "seq": match.next_seq,
            },
        )
    result = services.record_revoke(
        match.pk, offender, seq=request.POST.get("seq"), actor=request.user
    )
    if result.applied:
        messages.success(
            request,
            _("Revoke by %(offender)s recorded: %(opponent)s wins the game with 3 game points.")
            % {"offender": match.name(offender), "opponent": match.name(1 - offender)},
        )
    else:
        messages.info(request, _("This revoke was already recorded."))
    return redirect("games:pairing", pairing_pk=p.pk)


def _seat_to_computer(request, p: Pairing) -> None:
    """A seat of the pairing's running table to the computer (a player who left), or
    back to its player."""
    from .services import team_tables

    raw = request.POST.get("match", "")
    match = get_object_or_404(p.matches, pk=int(raw) if raw.isdigit() else 0)
    seat = team_tables.seat_to_computer(
        match, request.POST.get("seat"), request.POST.get("level", ""), actor=request.user
    )
    if seat.is_computer:
        messages.success(
            request,
            _("The computer plays the seat of %(name)s now.") % {"name": seat.name},
        )
    else:
        messages.success(
            request, _("%(name)s plays his seat again with his link.") % {"name": seat.name}
        )


def _table_context(request, match: Match) -> dict:
    """The pairing page of a running table of four: each person's link with its QR code,
    the computer's seats, the score so far and the form to hand a seat over."""
    from .services import tables, team_tables
    from .table_presenters import scorer_names

    live = tables.live_table(match)
    links, seats = [], []
    for s in live.seats:
        seats.append({"index": s.index, "name": s.name, "level": s.bot_level})
        if s.is_computer:
            continue
        url = request.build_absolute_uri(reverse("games:table", args=[match.pk, s.token]))
        links.append({"seat": s.index, "name": s.name, "url": url, "qr": _qr_svg(url)})
    score = live.table.score
    to_move = live.table.to_move
    return {
        "links": links,
        "table": {
            "seats": seats,
            "levels": team_tables.table_levels(),
            "lines": [
                pgettext("table", "%(team)s: at %(figure)d, Bummerl got: %(n)d")
                % {"team": team, "figure": figure, "n": got}
                for team, figure, got in zip(
                    scorer_names(live), score.figures, score.bummerl_count, strict=True
                )
            ],
            "game": score.games_played + 1,
            "to_move": live.names[to_move] if to_move is not None else "",
        },
    }


def _pairing_context(request, p: Pairing) -> dict:
    p.refresh_from_db()
    match = services.active_match(p)
    links = []
    table = None
    if match is not None and match.is_table:
        table = _table_context(request, match)
        links = table["links"]
    elif match is not None:
        for seat in (0, 1):
            url = request.build_absolute_uri(
                reverse("games:play", args=[match.pk, match.token(seat)])
            )
            links.append({"seat": seat, "name": match.name(seat), "url": url, "qr": _qr_svg(url)})
    referee = None
    if match is not None and match.mode == Mode.PLAYED and not match.is_table:
        live = services.live_state(match)
        if live.state is not None:
            referee = {
                "game": live.game.index + 1,
                "seq": match.next_seq,
                "card_points": [live.state.score(0), live.state.score(1)],
                "bummerl_points": presenters.match_summary(live)["bummerl_points"],
                "to_move": match.name(live.state.to_move),
            }
    return {
        "referee": referee,
        "revoke_choices": [(0, match.name0), (1, match.name1)] if referee else [],
        "pairing": p,
        "tournament": p.round.tournament,
        "match": match,
        "links": links,
        "table": table and table["table"],
        "matches": p.matches.order_by("-pk"),
        "names": {
            "name0": str(p.left),
            "name1": str(p.right) if p.right_id else "",
            "bummerl_to_win": p.round.tournament.match_bummerl,
        },
        "post": request.POST if request.method == "POST" else {},
    }


def player_links(request, match: Match) -> list[str]:
    """The two private links of a match (for printed score sheets: QR codes)."""
    return [
        request.build_absolute_uri(reverse("games:play", args=[match.pk, match.token(s)]))
        for s in (0, 1)
    ]
