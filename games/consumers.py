"""Pushed moves: a WebSocket per open player or spectator page of a match. Each stored
action (a player's or the computer's) is pushed as the match's new sequence number and
status (``services.notify``), with the new view of this page's seat when the push
carries one in the page's language (only a seat's link gets that seat's cards); else the
page fetches its own view. Polling stays as the fallback."""

from __future__ import annotations

from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from clubs.permissions import can_view_tournament
from games import services
from games.models import Match
from games.services.common import match_group
from games.services.tables import seat_for_token


def _allowed(pk: int, token: str | None, user) -> dict | None:

    match = Match.objects.select_related("pairing__round__tournament").filter(pk=pk).first()
    if match is None:
        return None
    seat = None
    if token is not None:
        if match.is_table:  # a table of three or four: its seats' own links

            seat = seat_for_token(match, token)
        else:
            seat = services.seat_for_token(match, token)
        if seat is None:
            return None
    elif match.pairing_id and not match.pairing.round.tournament.is_public:
        if user is None or not can_view_tournament(user, match.pairing.round.tournament):
            return None
    return {"next_seq": match.next_seq, "status": match.status, "seat": seat}


class MatchConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        kwargs = self.scope["url_route"]["kwargs"]
        self.pk = int(kwargs["pk"])
        state = await sync_to_async(_allowed)(self.pk, kwargs.get("token"), self.scope.get("user"))
        if state is None:
            await self.close(code=4403)
            return
        seat = state.pop("seat")
        self.view_key = "watch" if seat is None else str(seat)
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.lang = (query.get("lang") or [""])[0].lower()
        self.group = match_group(self.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json(state)

    async def disconnect(self, code):
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs):
        """Nothing is read from the page: actions go through the HTTP endpoint."""

    async def match_moved(self, event):
        message = {"next_seq": event["next_seq"], "status": event["status"]}
        if "reports" in event:  # a result reported or answered (``player_reports``)
            message["reports"] = event["reports"]
        views = event.get("views")
        if views and self.lang and event.get("lang") == self.lang:
            view = views.get(self.view_key)
            if view is not None:
                message["payload"] = view
        await self.send_json(message)
