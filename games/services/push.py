"""The push of a stored move to the match's open pages (players and spectators) over
the channel layer, with each page's new view built by the presenters: ``notify`` for a
two-player match, ``notify_table`` for a table of three or four. Above the presenters,
which build on the live state (``common``), and below the services that move."""

from __future__ import annotations

from channels.layers import get_channel_layer
from django.utils import translation

from core.push import send_to_group

from .. import presenters
from ..live import Live, TableLive
from ..models import Match
from ..table_presenters import sheet_lines, spectator_payload, table_payload
from .common import match_group


def notify(match: Match, live: Live | None = None) -> None:
    """Push the match's new sequence number and status to its open pages (after the
    transaction that stored the action; a failed push costs the pages one poll).

    With the live state (a two-player match, just moved) the push carries each seat's
    new view and the spectators' one, in the active language: each page's socket passes
    on only its own seat's view, and only to a page of that language, so the opponent's
    page shows the move without asking the server again; any other page fetches it."""
    layer = get_channel_layer()
    if layer is None:
        return
    event = {"type": "match.moved", "next_seq": match.next_seq, "status": match.status}
    if live is not None and live.match is match:
        event["lang"] = (translation.get_language() or "").lower()
        event["views"] = {
            "0": presenters.player_payload(live, 0),
            "1": presenters.player_payload(live, 1),
            "watch": presenters.spectator_payload(live),
        }
        live.pushed = {"lang": event["lang"], **event["views"]}
    send_to_group(match_group(match.pk), event, what=f"match {match.pk}")


def notify_table(m: Match, live: TableLive | None = None) -> None:
    """Push the table's new sequence number and status to its open pages, with each
    person's new view in the active language (each page's socket passes on only its
    own seat's view, and only to a page of that language: ``games.consumers``); a page
    without one fetches its view. A failed push costs the pages one poll."""
    layer = get_channel_layer()
    if layer is None:
        return
    event = {"type": "match.moved", "next_seq": m.next_seq, "status": m.status}
    if live is not None and live.match is m:
        sheet = sheet_lines(live)
        event["lang"] = (translation.get_language() or "").lower()
        event["views"] = {
            str(s.index): table_payload(live, s.index, sheet=sheet)
            for s in live.seats
            if not s.is_computer
        }
        event["views"]["watch"] = spectator_payload(live, sheet=sheet)
    send_to_group(match_group(m.pk), event, what=f"table {m.pk}")
