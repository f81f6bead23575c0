"""Pushed updates of the public page and the projector: a WebSocket per open page that
is told each new version of the tournament (``live_version.push``); the page then fetches
the changed sections from the cache (``live.json``). Polling stays as the fallback."""

from __future__ import annotations

from asgiref.sync import sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from clubs.permissions import Action, can
from tournaments import live_version
from tournaments.models import Tournament


def _version_if_visible(pk: int, user) -> str | None:

    found = live_version.current(pk)
    if found is None:
        tournament = Tournament.objects.filter(pk=pk).first()
        if tournament is None:
            return None
        found = live_version.load(tournament)
    version, public = found
    if not public:
        # a tournament that is not public: for the staff of its club only
        club = Tournament.objects.filter(pk=pk).values_list("club_id", flat=True).first()
        if user is None or club is None or not can(user, Action.VIEW, club):
            return None
    return version


class LiveConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        self.pk = int(self.scope["url_route"]["kwargs"]["pk"])
        version = await sync_to_async(_version_if_visible)(self.pk, self.scope.get("user"))
        if version is None:
            await self.close(code=4404)
            return
        self.group = live_version.group_name(self.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"version": version})

    async def disconnect(self, code):
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs):
        """Nothing is read from the page (a ping keeps proxies from closing the socket)."""

    async def live_version(self, event):
        await self.send_json({"version": event["version"]})
