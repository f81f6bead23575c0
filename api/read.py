"""The public data the open API serves, read from the models: public tournaments only,
released rounds only (as the public pages). A fixed number of queries per answer."""

from __future__ import annotations

from django.db.models import Count, Q
from django.urls import reverse

from clubs.models import Club
from series.models import Series
from series.presenters import public_standings
from series.services import compute_series_standings, series_tournaments
from tournaments.models import PAIRING_HOLDERS, Entry, Outcome, Pairing, Round, Tournament
from tournaments.public_names import public_holder
from tournaments.services import tournament_phase
from tournaments.standings import compute_standings


def public_tournaments():
    return Tournament.objects.filter(is_public=True).select_related("club")


def club_json(club: Club | None) -> dict | None:
    if club is None:
        return None
    return {"slug": club.slug, "name": club.name}


def _url(request, name, *args) -> str:
    return request.build_absolute_uri(reverse(name, args=args))


def tournament_summary(request, t: Tournament, phase: str) -> dict:
    return {
        "id": t.pk,
        "name": t.name,
        "date": t.date,
        "venue": t.venue,
        "club": club_json(t.club),
        "format": t.format,
        "game": t.game,
        "phase": phase,
        "url": _url(request, "public:tournament", t.pk),
        "api_url": _url(request, "api:tournament", t.pk),
    }


def tournament_detail(request, t: Tournament, version: str) -> dict:
    data = tournament_summary(request, t, tournament_phase(t))
    data.update(
        version=version,
        match_bummerl=t.match_bummerl,
        rule_profile=t.rule_profile,
        field_size=t.field_size,
        players=Entry.objects.filter(tournament=t, cancelled_at__isnull=True)
        .values("player")
        .distinct()
        .count(),
        rounds_planned=t.format_rules.rounds_planned(t),
        catalogue=t.catalogue,
        rounds_released=t.rounds.filter(status=Round.Status.RELEASED).count(),
        danish={
            "rounds": t.danish_rounds,
            "rematches": t.danish_rematches,
            "bye_score": t.danish_bye_score,
            "last_tiebreak": t.danish_last_tiebreak,
        }
        if t.is_danish
        else None,
        widget_url=_url(request, "embed:widget", t.pk),
        projector_url=_url(request, "public:projector", t.pk),
    )
    return data


def released_rounds(t: Tournament):
    return (
        t.rounds.filter(status=Round.Status.RELEASED)
        .annotate(
            pairing_count=Count("pairings"),
            open_count=Count("pairings", filter=Q(pairings__outcome=Outcome.OPEN)),
        )
        .defer("protocol")
        .order_by("number")
    )


def round_json(r: Round) -> dict:
    return {
        "number": r.number,
        "stage": r.stage,
        "released_at": r.released_at,
        "seed": r.seed,
        "pairings": r.pairing_count,
        "open_pairings": r.open_count,
    }


def _entry(e: Entry | None, public: bool = True) -> dict | None:
    """An entry's number and holder: as public surfaces name him (``public_names``: at
    his request without his name and town), or by name for the staff (``public`` False)."""
    if e is None:
        return None
    holder = public_holder(e) if public else e.holder
    return {"number": e.number, "player": holder.name, "town": holder.town}


def pairing_json(p: Pairing, *, public: bool = True) -> dict:
    """A pairing; ``public`` False only for the answer to a staff token (its club's own
    players, by name)."""
    return {
        "id": p.pk,
        "round": p.round.number,
        "number": p.number,
        "table": p.table,
        "bracket": p.bracket,
        "name": p.match_name,
        "left": _entry(p.left, public),
        "right": _entry(p.right, public) if p.right_id else None,
        "outcome": p.outcome,
        "winner": p.winner,
        "score": [p.winner_bummerl, p.loser_bummerl] if p.winner_bummerl is not None else None,
        "version": p.version,
    }


def round_pairings(r: Round) -> list[dict]:
    rows = (
        r.pairings.select_related("round", *PAIRING_HOLDERS)
        .defer("round__protocol")
        .order_by("number")
    )
    return [pairing_json(p) for p in rows]


def standings_json(t: Tournament) -> dict:
    s = compute_standings(t, public=True)
    phase = tournament_phase(t)
    return {
        "tournament": t.pk,
        "format": t.format,
        "phase": phase,
        "final": phase == "finished",
        "lines": [
            {
                "place": row.place,
                "entry": row.number,
                "player": row.player.name,
                "town": row.player.town,
                "round_reached": row.round_reached,
                "alive": row.alive,
                "how": row.how,
                "danish": None if row.danish is None else row.danish.to_dict(),
                "categories": [{"category": c.name, "place": place} for c, place in row.categories],
            }
            for row in s.entries
        ],
    }


def prizes_json(t: Tournament) -> list[dict]:
    s = compute_standings(t, public=True)
    prizes = [*s.prizes, *(p for cs in s.categories for p in cs.prizes)]
    return [
        {
            "place": p.place,
            "category": p.category.name if p.category is not None else None,
            "description": p.description,
            "amount": f"{p.amount:.2f}" if p.amount is not None else None,
            "entry": p.entry.number if p.entry is not None else None,
            "player": p.player.name if p.player is not None else None,
            "reached": p.reached,
            "reason": str(p.reason),
        }
        for p in prizes
    ]


def public_series():
    return Series.objects.filter(is_public=True).select_related("club")


def series_summary(request, s: Series) -> dict:
    # the tournaments the series counts (another club's only with its consent, while public)
    ids = [t.pk for t in series_tournaments(s)]
    return {
        "id": s.pk,
        "name": s.name,
        "season": s.season,
        "club": club_json(s.club),
        "scheme": s.scheme,
        "tournaments": ids,
        "url": _url(request, "series:detail", s.pk),
        "api_url": _url(request, "api:series_detail", s.pk),
    }


def series_detail(request, s: Series) -> dict:
    standings = public_standings(compute_series_standings(s))
    data = series_summary(request, s)
    data.update(
        finished_tournaments=standings.finished_count,
        lines=[
            {
                "rank": row.rank,
                "shared": row.shared,
                "player": row.player.name,
                "town": row.player.town,
                "points": row.points,
                "results": [
                    {
                        "tournament": c.column.tournament.pk,
                        "place": c.place,
                        "rounds": c.rounds,
                        "points": c.points,
                        "counted": c.counted,
                    }
                    for c in row.cells
                ],
            }
            for row in standings.rows
        ],
    )
    return data
