"""The games app's part of a player's data (``tournaments.signals.player_data``,
``player_erased``): the matches of his tournaments' pairings, and their copies of his name
(a match keeps the names it was played under)."""

from __future__ import annotations

from django.db.models import Q

from .models import Match, Seat


def _his_matches(player, tournament_ids):
    his = Q(pairing__left__player=player) | Q(pairing__right__player=player)
    his |= Q(pairing__left__team__first=player) | Q(pairing__left__team__second=player)
    his |= Q(pairing__right__team__first=player) | Q(pairing__right__team__second=player)
    matches = Match.objects.filter(his)
    if tournament_ids is not None:
        matches = matches.filter(pairing__round__tournament_id__in=tournament_ids)
    return matches.select_related("pairing__round").distinct()


def matches_of(player, tournament_ids) -> dict:
    """His matches in the tournaments ``tournament_ids``: who played, the result."""
    rows = []
    for m in _his_matches(player, tournament_ids).order_by("created_at", "pk"):
        names = [s.name for s in m.seats.all()] if m.is_table else [m.name0, m.name1]
        rows.append(
            {
                "match": m.pk,
                "tournament": m.pairing.round.tournament_id,
                "round": m.pairing.round.number,
                "game": m.game_kind,
                "mode": m.mode,
                "status": m.status,
                "players": names,
                "winner": m.winner,
                "bummerl": m.bummerl,
                "finished_at": m.finished_at.isoformat() if m.finished_at else None,
            }
        )
    return {"matches": rows}


def erase_names(player, names: list[str], placeholder: str) -> None:
    """His matches name him by the placeholder (the names of the other seats stay)."""
    matches = list(_his_matches(player, None))
    for m in matches:
        changed = [f for f in ("name0", "name1") if getattr(m, f) in names]
        for f in changed:
            setattr(m, f, placeholder)
        if changed:
            Match.objects.filter(pk=m.pk).update(**{f: placeholder for f in changed})
    Seat.objects.filter(match__in=matches, name__in=names).update(name=placeholder)
