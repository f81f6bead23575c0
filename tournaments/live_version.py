"""The live version of a tournament's public data: one value per tournament, kept in the
cache, that changes with every change of anything public.

Every change goes through :func:`bump`: the tournament services call it where they lock
the tournament (``services.common._lock``: every service that writes does), and model
signals call it for the few writes outside the services (the admin, a renamed player;
a match that starts or finishes, connected by the games app in ``games.receivers``). The
public page and the live poll are cached under the version, so a change shows at the
next update; an unchanged poll reads one cache key and no table.

A bump sets a new version at once (so the same connection sees its own change, as tests
do) and again when the transaction commits, then pushes the new version to the open
pages (``live.<id>`` group of the channel layer). A page rendered by another request
while the transaction was still open is cached under the intermediate version and never
served after the commit.
"""

from __future__ import annotations

import itertools
import os
import time

from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import Q
from django.db.models.signals import post_delete, post_save

from core.push import send_to_group
from tournaments.models import (
    AuditLog,
    Entry,
    Pairing,
    Player,
    Prize,
    ResultReport,
    Round,
    Team,
    Tournament,
)

_counter = itertools.count()
KEY = "live:v:{}"


def group_name(tournament_id: int) -> str:
    return f"live.{tournament_id}"


def _new_token() -> str:
    # unique across processes and restarts: time, process and a counter
    return f"{time.time_ns():x}{os.getpid() % 4096:03x}{next(_counter) % 4096:03x}"


def version_time(version: str):
    """When a version was made (its token begins with the time in nanoseconds, in hex),
    as an aware datetime; None for a token of another shape. The open API's
    Last-Modified."""
    import datetime

    try:
        nanoseconds = int(version[:-6], 16)
    except (TypeError, ValueError):
        return None
    return datetime.datetime.fromtimestamp(nanoseconds / 1e9, tz=datetime.UTC)


def current(tournament_id: int) -> tuple[str, bool] | None:
    """The cached (version, is public) of a tournament, or None when not cached."""
    value = cache.get(KEY.format(tournament_id))
    return tuple(value) if value else None


def load(tournament) -> tuple[str, bool]:
    """(version, is public) of a loaded tournament: the cached one, else a new one."""
    found = current(tournament.pk)
    if found is not None:
        return found
    value = (_new_token(), bool(tournament.is_public))
    if cache.add(KEY.format(tournament.pk), value, None):
        return value
    return current(tournament.pk) or value


def _set_new(tournament_id: int) -> str:
    public = Tournament.objects.filter(pk=tournament_id).values_list("is_public", flat=True)
    public = list(public)
    if not public:  # deleted
        cache.delete(KEY.format(tournament_id))
        return ""
    token = _new_token()
    cache.set(KEY.format(tournament_id), (token, bool(public[0])), None)
    return token


def _commit_bump(tournament_id: int) -> None:
    version = _set_new(tournament_id)
    if version:
        push(tournament_id, version)


def bump(tournament_id: int | None) -> None:
    """Public data of this tournament changed (or is about to, in this transaction)."""
    if tournament_id is None:
        return
    if not connection.in_atomic_block:
        _commit_bump(tournament_id)
        return
    # the immediate bump: pages read on this connection (and tests) see the change
    cache.delete(KEY.format(tournament_id))
    marker = ("live-bump", tournament_id)
    for entry in connection.run_on_commit:
        if getattr(entry[1], "live_marker", None) == marker:
            return  # one bump and one push per transaction

    def callback():
        _commit_bump(tournament_id)

    callback.live_marker = marker
    transaction.on_commit(callback, robust=True)


def push(tournament_id: int, version: str) -> None:
    """Tell the open public pages and projectors that a new version is there."""
    send_to_group(
        group_name(tournament_id),
        {"type": "live.version", "version": version},
        what=f"tournament {tournament_id}",
    )


# --------------------------------------------------------------------------- signals


def tournament_of(instance) -> int | None:
    if isinstance(instance, Tournament):
        return instance.pk
    if hasattr(instance, "tournament_id"):
        return instance.tournament_id
    if isinstance(instance, Round):
        return instance.tournament_id
    round_id = getattr(instance, "round_id", None)
    if round_id is not None:
        return Round.objects.filter(pk=round_id).values_list("tournament_id", flat=True).first()
    return None


def connect() -> None:
    """Connect the model signals (from ``TournamentsConfig.ready``)."""
    # a player's report shows on the staff pages and the players' pages: a change too
    for model in (Tournament, Prize, Entry, Round, Pairing, AuditLog, ResultReport):
        post_save.connect(_changed, sender=model, dispatch_uid=f"live-save-{model.__name__}")
        post_delete.connect(_changed, sender=model, dispatch_uid=f"live-del-{model.__name__}")
    post_save.connect(_player_changed, sender=Player, dispatch_uid="live-save-player")


def _changed(sender, instance, **kwargs):
    if kwargs.get("raw"):
        return
    bump(tournament_of(instance))


def _player_changed(sender, instance, created=False, raw=False, **kwargs):
    """A renamed player (a changed town, his name left out of public pages or shown again)
    changes every tournament he has entries in, or plays in as one of a team."""
    if created or raw:
        return

    ids = set(Entry.objects.filter(player=instance).values_list("tournament_id", flat=True))
    ids |= set(
        Team.objects.filter(Q(first=instance) | Q(second=instance)).values_list(
            "tournament_id", flat=True
        )
    )
    for tournament_id in ids:
        bump(tournament_id)
