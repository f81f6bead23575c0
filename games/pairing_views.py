"""Staff pages of a tournament's browser matches: a pairing's page (start its match, its
private links as QR codes, record its result, the referee's revoke, a table's seats to
the computer) and starting a whole round. Thin: the work is in ``services``."""

from __future__ import annotations

import segno
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_http_methods, require_POST

from clubs.permissions import staff_required
from core.numbers import parse_id, parse_int
from tournaments.models import Pairing, Round

from . import presenters, services
from .models import Match, Mode, Status
from .multi_text import card_text
from .services import GameError, tables, team_tables
from .table_presenters import scorer_names


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
    if match.is_table:
        return _table_revoke(request, p, match)
    services.refuse_table_revoke(match)
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


def _table_revoke(request, p: Pairing, match: Match):
    """The referee calls a Renonce at a team table: the first POST asks for confirmation,
    the second has the engine check it against the cards played and records what it
    finds (``services.team_tables.record_table_revoke``); none found is refused."""
    offender = parse_int(request.POST.get("offender"), min=0)
    live = tables.live_table(match)
    if offender is None or not 0 <= offender < len(live.seats):
        raise GameError(pgettext("table", "Choose the seat that revoked."), "offender")
    teams = scorer_names(live)
    if request.POST.get("confirm") != "yes":
        if match.status != Status.PLAYING or live.table.to_move is None:
            raise GameError(_("This match is over."), "over")
        return render(
            request,
            "games/revoke_confirm.html",
            {
                "pairing": p,
                "tournament": p.round.tournament,
                "match": match,
                "table": True,
                "offender": offender,
                "offender_name": live.names[offender],
                "opponent_name": teams[1 - offender % 2],
                "game": live.table.score.games_played + 1,
                "seq": match.next_seq,
            },
        )
    done = team_tables.record_table_revoke(
        match.pk, offender, seq=request.POST.get("seq"), actor=request.user
    )
    if not done.applied:
        messages.info(request, _("This revoke was already recorded."))
        return redirect("games:pairing", pairing_pk=p.pk)
    result = done.live.table.last_state.result
    messages.success(
        request,
        pgettext(
            "table",
            "Renonce by %(offender)s found (%(card)s in trick %(trick)d): %(team)s wins the "
            "game with %(points)d points.",
        )
        % {
            "offender": live.names[offender],
            "card": card_text(result.reason.params["card"], match.deck_style),
            "trick": result.reason.params["trick"],
            "team": teams[1 - offender % 2],
            "points": sum(result.written),
        },
    )
    return redirect("games:pairing", pairing_pk=p.pk)


def _seat_to_computer(request, p: Pairing) -> None:
    """A seat of the pairing's running table to the computer (a player who left), or
    back to its player."""
    match = get_object_or_404(p.matches, pk=parse_id(request.POST.get("match")))
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
