"""Computing the ratings from the stored results.

Each tournament is one Glicko-2 rating period, in the order (date, id). A match counts
when it was played (``Outcome.PLAYED`` with a winner and an opponent): walkovers, byes
and a player meeting himself count nothing. A team entry's match rates both partners
(``glicko2.rate_period``). A player's deviation grows by one idle period per full 30 days
since his last rated tournament (``IDLE_DAYS``).

The ratings are stored per player and tournament (``Snapshot``). A changed result (or a
tournament deleted or moved to another date) marks the ratings stale from that tournament
on (``mark_stale``, from ``receivers``); ``ensure_current`` recomputes from the earliest
stale tournament on, starting from everyone's rating before it, so the numbers equal a
recomputation from scratch (``recompute()``, ``manage.py ratings recompute``).
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.db.models import Min, Q

from tournaments.choices import Outcome, Side
from tournaments.models import Pairing, Tournament

from . import glicko2
from .models import Snapshot, Stale

IDLE_DAYS = 30
#: tournaments whose matches are read in one query
BATCH = 50


def mark_stale(tournament_id: int, date: datetime.date) -> None:
    """The ratings from this tournament on need recomputing (one mark per tournament)."""
    if not Stale.objects.filter(tournament_id=tournament_id, date=date).exists():
        Stale.objects.create(tournament_id=tournament_id, date=date)


def _after(key, date_field="date", id_field="pk") -> Q:
    date, pk = key
    return Q(**{f"{date_field}__gt": date}) | Q(**{date_field: date, f"{id_field}__gte": pk})


def ensure_current() -> bool:
    """Recompute from the earliest stale tournament on, if any; True when it did."""
    if not Stale.objects.exists():
        return False
    with transaction.atomic():
        marks = list(Stale.objects.select_for_update().order_by("date", "tournament_id"))
        if not marks:
            return False
        key = (marks[0].date, marks[0].tournament_id)
        # a tournament moved to a later date: its old ratings count from the old date
        earlier = Snapshot.objects.filter(
            tournament_id__in=[m.tournament_id for m in marks]
        ).aggregate(date=Min("date"))["date"]
        if earlier is not None and earlier < key[0]:
            key = (earlier, 0)
        recompute(key)
        Stale.objects.filter(pk__in=[m.pk for m in marks]).delete()
    return True


def _matches(tournament_ids: list[int]) -> dict[int, list[glicko2.Match]]:
    """The played matches of these tournaments, in round and pairing order."""
    rows = (
        Pairing.objects.filter(
            round__tournament_id__in=tournament_ids,
            outcome=Outcome.PLAYED,
            right__isnull=False,
        )
        .exclude(winner="")
        .order_by("round__tournament_id", "round__number", "number")
        .values_list(
            "round__tournament_id",
            "left__player_id",
            "left__team__second_id",
            "right__player_id",
            "right__team__second_id",
            "winner",
        )
    )
    found: dict[int, list[glicko2.Match]] = {}
    for tournament_id, left, left_partner, right, right_partner, winner in rows:
        left_side = (left,) if left_partner is None else (left, left_partner)
        right_side = (right,) if right_partner is None else (right, right_partner)
        if set(left_side) & set(right_side):
            continue  # a player against himself rates nothing
        found.setdefault(tournament_id, []).append(
            glicko2.Match(left_side, right_side, winner == Side.LEFT)
        )
    return found


def _state_before(key) -> dict[int, tuple[glicko2.Rating, datetime.date, int, int]]:
    """Every rated player's last rating before ``key``: (rating, date, won, lost)."""
    state = {}
    rows = (
        Snapshot.objects.exclude(_after(key, id_field="tournament_id"))
        .order_by("date", "tournament_id")
        .values_list(
            "player_id", "rating", "deviation", "volatility", "date", "total_won", "total_lost"
        )
    )
    for player, rating, deviation, volatility, date, won, lost in rows.iterator(chunk_size=5000):
        state[player] = (glicko2.Rating(rating, deviation, volatility), date, won, lost)
    return state


def recompute(since: tuple[datetime.date, int] | None = None) -> int:
    """Recompute the ratings of the tournaments from ``since`` (date, id) on, every one
    when None; answers how many tournaments were rated."""
    with transaction.atomic():
        tournaments = Tournament.objects.order_by("date", "pk")
        if since is None:
            Snapshot.objects.all().delete()
            state = {}
        else:
            tournaments = tournaments.filter(_after(since))
            ids = list(tournaments.values_list("pk", flat=True))
            Snapshot.objects.filter(
                _after(since, id_field="tournament_id") | Q(tournament_id__in=ids)
            ).delete()
            state = _state_before(since)
        order = list(tournaments.values_list("pk", "date"))
        rated = 0
        for start in range(0, len(order), BATCH):
            chunk = order[start : start + BATCH]
            matches = _matches([pk for pk, _ in chunk])
            snapshots = []
            for pk, date in chunk:
                if pk not in matches:
                    continue
                rated += 1
                snapshots += _rate_tournament(pk, date, matches[pk], state)
            Snapshot.objects.bulk_create(snapshots, batch_size=1000)
    return rated


def _rate_tournament(pk, date, matches, state) -> list[Snapshot]:
    before = {}
    for match in matches:
        for player in (*match.left, *match.right):
            if player in before:
                continue
            known = state.get(player)
            if known is None:
                before[player] = glicko2.Rating()
            else:
                before[player] = glicko2.idle(known[0], (date - known[1]).days // IDLE_DAYS)
    snapshots = []
    for player, (rating, won, lost) in glicko2.rate_period(before, matches).items():
        known = state.get(player)
        total_won = won + (known[2] if known else 0)
        total_lost = lost + (known[3] if known else 0)
        state[player] = (rating, date, total_won, total_lost)
        snapshots.append(
            Snapshot(
                player_id=player,
                tournament_id=pk,
                date=date,
                rating=rating.rating,
                deviation=rating.deviation,
                volatility=rating.volatility,
                won=won,
                lost=lost,
                total_won=total_won,
                total_lost=total_lost,
            )
        )
    return snapshots
