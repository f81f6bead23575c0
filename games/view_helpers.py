"""What the pages of matches and tables share: the match and the seat a private link
names, the answer to a link that names none, who may look at a match, the limit on
friendly starts without a login, and an action's request body.

The page modules (``views``, ``pairing_views``, ``table_views``, ``player_reports``)
import this module; it imports none of them.
"""

from __future__ import annotations

import json
import time

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from clubs import permissions

from . import services
from .models import Match, Status

# --------------------------------------------------------------------------- the match, the seat


def match_or_404(pk, *, tournament=False) -> Match:
    """The match ``pk`` (with its pairing's round and tournament, ``tournament``)."""
    query = (
        Match.objects.select_related("pairing__round__tournament") if tournament else Match.objects
    )
    return get_object_or_404(query, pk=pk)


def seat_or_none(match: Match, token: str) -> int | None:
    """The seat whose private link carries ``token``, or None."""
    return services.seat_for_token(match, token)


def refused(request, message: str, *, as_json: bool):
    """403 with ``message``: JSON for the page's scripts, else the error page."""
    if as_json:
        return JsonResponse({"error": message, "code": "forbidden"}, status=403)
    return render(request, "games/error.html", {"message": message}, status=403)


def forged(request, as_json: bool):
    """The answer to a match link whose token is no seat's."""
    return refused(
        request,
        _("This link is not valid for this match. Ask the tournament staff for your link."),
        as_json=as_json,
    )


# --------------------------------------------------------------------------- who may look


def public_or_404(request, match: Match, *, tables: bool = False) -> None:
    """A match of a tournament that is not public only for its staff; a table of three or
    four has its spectator page (``tables``) but no replay yet."""
    if match.is_table and not tables:
        raise Http404
    if (
        match.pairing_id
        and not match.pairing.round.tournament.is_public
        and not permissions.can_view_tournament(request.user, match.pairing.round.tournament)
    ):
        raise Http404


def may_see_everything(request, match: Match) -> bool:
    """A running match's cards are for its players; the staff of its club who may see
    the pairings (and site administrators) may look too."""
    if match.status != Status.PLAYING:
        return True
    if match.pairing_id is None:
        return permissions.is_site_admin(request.user)
    return permissions.can(
        request.user, permissions.Action.PAIRINGS, match.pairing.round.tournament
    )


# --------------------------------------------------------------------------- requests


def over_friendly_limit(request) -> bool:
    """Friendly matches per hour (``FRIENDLY_MATCHES_PER_HOUR``; the count is kept in the
    shared cache): per account for a user who is logged in, per address otherwise.
    Behind a proxy the address is the client's as the ASGI server passes it on (uvicorn
    ``--proxy-headers``, trusting only the proxy's address): the app servers must be
    reachable only through the proxy, or anybody could name his own address. A club's
    staff (any role) and site administrators: no limit."""
    if permissions.is_staff(request.user):
        return False
    key = f"games:friendly:{friendly_limit_key(request)}:{int(time.time() // 3600)}"
    cache.add(key, 0, 3700)
    try:
        count = cache.incr(key)
    except ValueError:  # expired in between
        cache.set(key, 1, 3700)
        count = 1
    return count > settings.FRIENDLY_MATCHES_PER_HOUR


def friendly_limit_key(request) -> str:
    """Whom the limit of friendly matches counts: the account, else the address."""
    if request.user.is_authenticated:
        return f"user:{request.user.pk}"
    return f"address:{request.META.get('REMOTE_ADDR') or 'unknown'}"


def action_body(request):
    """An action's POST: its JSON object, else (not JSON, or not an object) its form."""
    try:
        body = json.loads(request.body or b"{}")
        if not isinstance(body, dict):
            raise ValueError
    except ValueError:
        body = request.POST
    return body
