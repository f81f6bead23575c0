"""What the rating pages show: the ranking list with its filters, and a player's page
(his tournaments, places, prizes, match record, rating and its plot)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.core.cache import cache
from django.db.models import Q, Sum
from django.utils.translation import gettext as _

from clubs import permissions
from clubs.models import Club
from tournaments import live_version
from tournaments.models import Entry, Player, Team, Tournament
from tournaments.services.register import stake_clubs
from tournaments.signals import gathered, player_series
from tournaments.standings import compute_standings

from . import plot
from .models import Snapshot

#: the ranking list shows at most this many players
RANKING_LIMIT = 500
#: a player's page computes the standings of at most this many of his tournaments
PAGE_TOURNAMENTS = 30


@dataclass
class RankingRow:
    rank: int
    player: Player
    rating: float
    deviation: float
    won: int
    lost: int

    @property
    def matches(self) -> int:
        return self.won + self.lost


def _listed(queryset):
    """Snapshots of players a public list may show (not erased, not merged away)."""
    return queryset.filter(player__erased_at__isnull=True, player__merged_into__isnull=True)


def ranking(*, club: int | None = None, year: int | None = None, minimum: int = 0):
    """The public ranking: players who played a public tournament in the scope (the
    club's, the year's), by their rating at the end of the scope (now without a year);
    ``minimum``: at least so many matches in the scope."""
    scope = _listed(Snapshot.objects.filter(tournament__is_public=True))
    if club:
        scope = scope.filter(tournament__club_id=club)
    if year:
        scope = scope.filter(date__year=year)
    counts = {
        player: (won or 0, lost or 0)
        for player, won, lost in scope.values("player_id")
        .annotate(w=Sum("won"), lo=Sum("lost"))
        .values_list("player_id", "w", "lo")
        if (won or 0) + (lost or 0) >= max(minimum, 1)
    }
    latest = Snapshot.objects.filter(player_id__in=list(counts))
    if year:
        latest = latest.filter(date__lte=datetime.date(year, 12, 31))
    last: dict[int, tuple[float, float]] = {}
    for player, rating, deviation in latest.order_by("date", "tournament_id").values_list(
        "player_id", "rating", "deviation"
    ):
        last[player] = (rating, deviation)
    players = Player.objects.in_bulk(list(last))
    order = sorted(last, key=lambda p: (-last[p][0], last[p][1], p))[:RANKING_LIMIT]
    return [
        RankingRow(i + 1, players[p], last[p][0], last[p][1], *counts[p])
        for i, p in enumerate(order)
    ]


def ranking_filters():
    """The clubs and years the list can be narrowed to."""
    public = Snapshot.objects.filter(tournament__is_public=True)
    clubs = Club.objects.filter(pk__in=public.values("tournament__club_id").distinct()).order_by(
        "name"
    )
    years = sorted({d.year for d in public.dates("date", "year")}, reverse=True)
    return clubs, years


# --------------------------------------------------------------------------- player


def staff_may_see(user, player: Player) -> bool:
    """Staff of a club with a stake in the player see his page always."""
    if not user.is_authenticated:
        return False
    if permissions.is_site_admin(user):
        return True
    return any(permissions.can(user, permissions.Action.VIEW, c) for c in stake_clubs(player))


def _tournament_ids(player: Player) -> set[int]:
    ids = set(Entry.objects.filter(player=player).values_list("tournament_id", flat=True))
    ids |= set(
        Team.objects.filter(Q(first=player) | Q(second=player)).values_list(
            "tournament_id", flat=True
        )
    )
    return ids


def public_may_see(player: Player) -> bool:
    """The public sees a player's page by his choice: his name public, not erased, and
    he played in a public tournament."""
    if not player.name_public or player.erased_at or player.merged_into_id:
        return False
    return Tournament.objects.filter(pk__in=_tournament_ids(player), is_public=True).exists()


@dataclass
class TournamentLine:
    tournament: Tournament
    place: int | None = None
    prizes: list = field(default_factory=list)
    snapshot: Snapshot | None = None


@dataclass
class PlayerPage:
    player: Player
    lines: list[TournamentLine]
    rating: Snapshot | None
    won: int
    lost: int
    svg: str
    places_svg: str = ""
    more: int = 0  # tournaments beyond the ones with places
    series: list = field(default_factory=list)  # his places in season series


def player_page(player: Player, user, *, as_staff: bool) -> PlayerPage:
    """The page's data: the public tournaments for the public, for staff also those of
    the clubs in which they may view."""
    tournaments = Tournament.objects.filter(pk__in=_tournament_ids(player)).select_related("club")
    if as_staff and not permissions.is_site_admin(user):
        tournaments = tournaments.filter(
            Q(is_public=True) | Q(club__in=permissions.clubs_for(user))
        )
    elif not as_staff:
        tournaments = tournaments.filter(is_public=True)
    tournaments = list(tournaments.order_by("-date", "-pk"))
    snapshots = {
        s.tournament_id: s
        for s in Snapshot.objects.filter(player=player).order_by("date", "tournament_id")
    }
    lines = []
    for i, t in enumerate(tournaments):
        line = TournamentLine(t, snapshot=snapshots.get(t.pk))
        if i < PAGE_TOURNAMENTS:
            _place(line, player)
        lines.append(line)
    shown = [line.snapshot for line in lines if line.snapshot]
    history = list(snapshots.values())
    rating = history[-1] if history else None
    # the public sees the rating now (from every tournament) and his public matches
    won = sum(s.won for s in shown)
    lost = sum(s.lost for s in shown)
    points = [plot.Point(s.date, s.rating, s.deviation) for s in history]
    return PlayerPage(
        player=player,
        lines=lines,
        rating=rating,
        won=won,
        lost=lost,
        svg=plot.rating_svg(points, _("Rating over time")),
        places_svg=plot.places_svg(
            [(line.tournament.date, line.place) for line in reversed(lines) if line.place],
            _("Places over time"),
        ),
        more=max(0, len(lines) - PAGE_TOURNAMENTS),
        # the series app answers (``tournaments.signals.player_series``): public series
        # for the public, those of the shown tournaments for staff
        series=gathered(
            player_series,
            player=player,
            tournaments=[t.pk for t in tournaments],
            public_only=not as_staff,
        ).get("series", []),
    )


@dataclass(frozen=True)
class PrizeLine:
    place: int
    description: str
    amount: str


def places_of(tournament: Tournament) -> dict[int, tuple[int | None, list[PrizeLine]]]:
    """Each holder's best place and prizes in the tournament (a team's under its first
    player), cached under the tournament's live version: computed once per change for
    every player's page."""
    version, _public = live_version.load(tournament)
    key = f"ratings:places:{tournament.pk}:{version}"
    found = cache.get(key)
    if found is not None:
        return found
    standings = compute_standings(tournament)
    found = {
        row.player.pk: (
            row.best_place,
            [
                PrizeLine(p.place, p.description, str(p.amount) if p.amount else "")
                for p in row.prizes
            ],
        )
        for row in standings.players
    }
    cache.set(key, found, 24 * 3600)
    return found


def _place(line: TournamentLine, player: Player) -> None:
    """His best place and his prizes in the tournament (a team's by its first player)."""
    team_first = (
        Team.objects.filter(tournament=line.tournament, second=player)
        .values_list("first_id", flat=True)
        .first()
    )
    found = places_of(line.tournament).get(team_first or player.pk)
    if found:
        line.place, line.prizes = found
