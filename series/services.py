"""Season series: making them, their tournaments, and their standings.

A tournament of the series' own club is counted as soon as it is added. One of another
club is counted only with that club's consent and while it is public: adding it asks
that club (``Consent.REQUESTED``) unless it lets every series count it
(``OpenTournament``) or the one who adds it may answer for it; that club's organisers
agree or refuse, and may withdraw it again (``answer_request``, ``withdraw_tournament``).
Every public output (the page, the PDF, the API) reads the standings, which count only
``series_tournaments``: a tournament withdrawn or made non-public leaves them at once.

The standings are computed by ``series.scoring`` (pure code) from the places of the
series' finished tournaments (``tournaments.standings``), whenever they are asked for:
a corrected result changes them at once. They are cached under a version that changes
with every change of public data of those tournaments (their live versions, which a
renamed player changes too) and with the series itself.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs import permissions
from core.errors import UserError
from core.numbers import parse_id
from tournaments import live_version
from tournaments.models import AuditLog, Player, Tournament
from tournaments.services import tournament_phase
from tournaments.standings import compute_standings

from . import scoring
from .models import Consent, OpenTournament, Scheme, Series, SeriesTournament

CACHE_SECONDS = 600


class SeriesError(UserError):
    """A request about a series was refused."""


RULE_MESSAGES = {
    "kind": lambda d: _("Unknown scoring “%(detail)s”: points per place or per round.")
    % {"detail": d},
    "empty": lambda d: _("The points table is empty."),
    "too_long": lambda d: _("The points table has at most %(detail)s values.") % {"detail": d},
    "value": lambda d: _("“%(detail)s” is not a number of points from 0 to 10000.")
    % {"detail": d},
    "places_order": lambda d: _("Points per place must not grow from one place to the next."),
    "rounds_order": lambda d: _("Points per round must not shrink from one round to the next."),
    "rest": lambda d: _("The points below the table must not exceed the table's last value."),
    "best_of": lambda d: _("The results that count are a number from 1 to 100."),
}


def rule_message(error: scoring.RuleError) -> str:
    return RULE_MESSAGES.get(error.code, lambda d: error.code)(error.detail)


def _rule(scheme, points, rest_points, best_of) -> scoring.PointsRule:
    try:
        return scoring.PointsRule(
            kind=scheme, points=tuple(points), rest=rest_points, best_of=best_of
        ).validate()
    except scoring.RuleError as exc:
        raise SeriesError(rule_message(exc), exc.code) from None


def _audit(series: Series, actor, action: str, before=None, after=None) -> None:
    AuditLog.objects.create(
        club=series.club,
        user=actor if getattr(actor, "is_authenticated", False) else None,
        action=action,
        target=str(series)[:200],
        before=before,
        after=after,
    )


def _state(series: Series) -> dict:
    return {
        "name": series.name,
        "season": series.season,
        "scheme": series.scheme,
        "points": list(series.points),
        "rest_points": series.rest_points,
        "best_of": series.best_of,
        "is_public": series.is_public,
    }


def create_series(
    name,
    *,
    season="",
    club=None,
    scheme=Scheme.PLACES,
    points=None,
    rest_points=0,
    best_of=None,
    is_public=True,
    actor=None,
) -> Series:
    """A new series. Without ``points`` the default table of its scheme."""
    name = " ".join(str(name or "").split())
    if not name:
        raise SeriesError(_("The series needs a name."), "name")
    if len(name) > 200 or len(str(season or "")) > 40:
        raise SeriesError(_("The name is at most 200 characters, the season 40."), "name")
    if points is None:
        points = (
            scoring.DEFAULT_ROUND_POINTS if scheme == Scheme.ROUNDS else scoring.DEFAULT_PLACE_POINTS
        )
    rule = _rule(scheme, points, rest_points, best_of)
    with transaction.atomic():
        series = Series.objects.create(
            name=name,
            season=str(season or "").strip(),
            club=club,
            scheme=rule.kind,
            points=list(rule.points),
            rest_points=rule.rest,
            best_of=rule.best_of,
            is_public=bool(is_public),
        )
        _audit(series, actor, "create_series", None, _state(series))
    return series


SERIES_FIELDS = ("name", "season", "scheme", "points", "rest_points", "best_of", "is_public")


def update_series(series: Series, *, actor=None, **fields) -> Series:
    unknown = set(fields) - set(SERIES_FIELDS)
    if unknown:
        raise SeriesError(_("Unknown terms: %(names)s") % {"names": ", ".join(sorted(unknown))})
    with transaction.atomic():
        s = Series.objects.select_for_update().get(pk=series.pk)
        before = _state(s)
        merged = {**before, **fields}
        name = " ".join(str(merged["name"] or "").split())
        if not name:
            raise SeriesError(_("The series needs a name."), "name")
        rule = _rule(merged["scheme"], merged["points"], merged["rest_points"], merged["best_of"])
        s.name = name[:200]
        s.season = str(merged["season"] or "").strip()[:40]
        s.scheme, s.points, s.rest_points, s.best_of = (
            rule.kind,
            list(rule.points),
            rule.rest,
            rule.best_of,
        )
        s.is_public = bool(merged["is_public"])
        s.save()
        _audit(s, actor, "update_series", before, _state(s))
    return s


def may_answer_for(actor, tournament: Tournament) -> bool:
    """May ``actor`` give or refuse the consent of the tournament's club? Its organisers
    (the right to its club's series) and site administrators; the command line (None)."""
    if actor is None:
        return True
    return permissions.can(actor, permissions.Action.SERIES, tournament.club_id)


def _agreed_on_adding(series: Series, tournament: Tournament, actor, asked_before) -> bool:
    """Is a tournament added to ``series`` counted at once? Its own club's: yes; another
    club's if the one adding it may answer for that club, or if the club lets every series
    count it, unless it refused or withdrew it from this series before (then it is asked)."""
    if tournament.club_id == series.club_id or may_answer_for(actor, tournament):
        return True
    if asked_before:
        return False
    return OpenTournament.objects.filter(tournament=tournament).exists()


def _audit_consent(member: SeriesTournament, actor, action: str, before, after) -> None:
    """A consent's change in both logs: the series' club's, and the tournament's (when
    they are two clubs)."""
    series, tournament = member.series, member.tournament
    state = {"series": series.pk, "name": str(series), "tournament": tournament.pk}
    _audit(series, actor, action, {**state, "consent": before} if before else None,
           {**state, "consent": after})
    if series.club_id != tournament.club_id:
        AuditLog.objects.create(
            tournament=tournament,
            user=actor if getattr(actor, "is_authenticated", False) else None,
            action=action,
            target=str(series)[:200],
            before={**state, "consent": before} if before else None,
            after={**state, "consent": after},
        )


def add_tournament(series: Series, tournament: Tournament, *, actor=None) -> SeriesTournament:
    """Add ``tournament`` to ``series``: counted at once, or asked of its club (the
    member's ``consent`` tells which). A tournament refused or withdrawn before is asked
    again."""
    with transaction.atomic():
        s = Series.objects.select_for_update().get(pk=series.pk)
        member = (
            SeriesTournament.objects.select_for_update()
            .filter(series=s, tournament=tournament)
            .first()
        )
        if member is not None and member.consent in (Consent.ACCEPTED, Consent.REQUESTED):
            raise SeriesError(
                _("%(tournament)s is in this series already.") % {"tournament": tournament},
                "duplicate",
            )
        agreed = _agreed_on_adding(s, tournament, actor, asked_before=member is not None)
        consent = Consent.ACCEPTED if agreed else Consent.REQUESTED
        before = member.consent if member is not None else None
        if member is None:
            member = SeriesTournament.objects.create(
                series=s, tournament=tournament, consent=consent
            )
        else:
            member.consent = consent
            member.save(update_fields=["consent"])
        s.save(update_fields=["updated_at"])  # a new version of the standings
        member.series, member.tournament = s, tournament
        if s.club_id == tournament.club_id:
            _audit(s, actor, "add_to_series", None,
                   {"tournament": tournament.pk, "name": str(tournament)})
        else:
            _audit_consent(
                member, actor, "add_to_series" if agreed else "request_series", before, consent
            )
    return member


def _member(series: Series, tournament: Tournament, *, lock: bool = True) -> SeriesTournament:
    query = SeriesTournament.objects.select_related("series", "tournament")
    if lock:
        query = query.select_for_update()
    member = query.filter(series=series, tournament=tournament).first()
    if member is None:
        raise SeriesError(
            _("%(tournament)s is not in this series.") % {"tournament": tournament},
            "not_member",
        )
    return member


def answer_request(
    series: Series, tournament: Tournament, *, agree: bool, actor=None
) -> SeriesTournament:
    """The tournament's club agrees that ``series`` counts it, or refuses."""
    with transaction.atomic():
        member = _member(series, tournament)
        if member.consent != Consent.REQUESTED:
            raise SeriesError(
                _("%(series)s is not asking for %(tournament)s.")
                % {"series": member.series, "tournament": tournament},
                "not_requested",
            )
        member.consent = Consent.ACCEPTED if agree else Consent.REFUSED
        member.save(update_fields=["consent"])
        Series.objects.filter(pk=member.series_id).update(updated_at=timezone.now())
        _audit_consent(
            member, actor, "accept_series" if agree else "refuse_series",
            Consent.REQUESTED, member.consent,
        )
    return member


def withdraw_tournament(series: Series, tournament: Tournament, *, actor=None) -> SeriesTournament:
    """The tournament's club takes it out of another club's series: it leaves the
    standings and every public output at once; the series may ask again."""
    with transaction.atomic():
        member = _member(series, tournament)
        if member.series.club_id == tournament.club_id:
            raise SeriesError(
                _("This is a series of the tournament's own club: take it out on the series' page."),
                "own_series",
            )
        if member.consent not in (Consent.ACCEPTED, Consent.REQUESTED):
            raise SeriesError(
                _("%(tournament)s is not counted in %(series)s.")
                % {"tournament": tournament, "series": member.series},
                "not_counted",
            )
        before = member.consent
        member.consent = Consent.WITHDRAWN
        member.save(update_fields=["consent"])
        Series.objects.filter(pk=member.series_id).update(updated_at=timezone.now())
        _audit_consent(member, actor, "withdraw_from_series", before, member.consent)
    return member


def is_open(tournament: Tournament) -> bool:
    return OpenTournament.objects.filter(tournament=tournament).exists()


def set_open(tournament: Tournament, is_open: bool, *, actor=None) -> None:
    """The per-tournament setting "may be counted in other clubs' series": while it is
    on, a series of another club that adds the tournament counts it without asking (a
    series it was refused or withdrawn from asks again). Taking it back takes the
    tournament out of no series: withdraw it from those where it should not count."""
    with transaction.atomic():
        if is_open:
            _made = OpenTournament.objects.get_or_create(tournament=tournament)[1]
        else:
            _made = OpenTournament.objects.filter(tournament=tournament).delete()[0] > 0
        if _made:
            AuditLog.objects.create(
                tournament=tournament,
                user=actor if getattr(actor, "is_authenticated", False) else None,
                action="open_to_series" if is_open else "close_to_series",
                target=str(tournament)[:200],
                before={"open_to_other_series": not is_open},
                after={"open_to_other_series": is_open},
            )


def remove_tournament(series: Series, tournament: Tournament, *, actor=None) -> None:
    with transaction.atomic():
        s = Series.objects.select_for_update().get(pk=series.pk)
        deleted, _rows = SeriesTournament.objects.filter(series=s, tournament=tournament).delete()
        if not deleted:
            raise SeriesError(
                _("%(tournament)s is not in this series.") % {"tournament": tournament},
                "not_member",
            )
        s.save(update_fields=["updated_at"])
        _audit(s, actor, "remove_from_series", {"tournament": tournament.pk, "name": str(tournament)})


# --------------------------------------------------------------------------- standings


@dataclass
class TournamentColumn:
    tournament: Tournament
    finished: bool  # only finished tournaments count
    index: int = 0  # 1, 2, … in the series' order ("T1", "T2" on the page and the sheet)


@dataclass
class ResultCell:
    column: TournamentColumn
    place: int | None
    rounds: int
    points: int
    counted: bool


@dataclass
class StandingRow:
    rank: int
    shared: bool
    player: Player
    points: int
    cells: list[ResultCell]  # one per tournament with a result, in the series' order

    @property
    def played(self) -> int:
        return len(self.cells)


@dataclass
class SeriesStandings:
    series: Series
    columns: list[TournamentColumn]
    rows: list[StandingRow]
    rule: scoring.PointsRule

    @property
    def finished_count(self) -> int:
        return sum(1 for c in self.columns if c.finished)


def counted(series: Series) -> Q:
    """The members ``series`` counts: its own club's tournaments, and other clubs' public
    tournaments whose club agreed."""
    return Q(consent=Consent.ACCEPTED) & (
        Q(tournament__club_id=series.club_id) | Q(tournament__is_public=True)
    )


def series_tournaments(series: Series) -> list[Tournament]:
    """The tournaments the series counts, in its order: those of its standings, its page,
    its PDF and the API (``counted``)."""
    members = SeriesTournament.objects.filter(series=series).filter(counted(series))
    return list(
        Tournament.objects.filter(pk__in=members.values("tournament_id"))
        .select_related("club")
        .order_by("date", "pk")
    )


@dataclass
class Member:
    """A tournament of a series as its organisers see it: whether it counts, and the
    consent of its club (``own``: the series' own club's, no consent needed)."""

    tournament: Tournament
    consent: str
    counts: bool
    own: bool

    @property
    def consent_label(self) -> str:
        return "" if self.own else str(Consent(self.consent).label)


def members(series: Series) -> list[Member]:
    """Every tournament added to ``series``, counted or not (the staff's page)."""
    rows = SeriesTournament.objects.filter(series=series)
    counting = set(rows.filter(counted(series)).values_list("pk", flat=True))
    return [
        Member(
            tournament=row.tournament,
            consent=row.consent,
            counts=row.pk in counting,
            own=row.tournament.club_id == series.club_id,
        )
        for row in rows.select_related("tournament__club").order_by(
            "tournament__date", "tournament__pk"
        )
    ]


def other_clubs_series(tournaments) -> list[SeriesTournament]:
    """The memberships of ``tournaments`` (a queryset) in series of other clubs than
    theirs, with the series and its club: what their clubs answer or withdraw."""
    return list(
        SeriesTournament.objects.filter(tournament__in=tournaments)
        .exclude(series__club_id=F("tournament__club_id"))
        .select_related("series__club", "tournament__club")
        .order_by("-tournament__date", "series__name", "pk")
    )


def version(series: Series, tournaments=None) -> str:
    """Changes with the series and with every change of public data of its tournaments
    (their live versions: results, corrections, merges, a renamed player)."""
    tournaments = series_tournaments(series) if tournaments is None else tournaments
    stamp = int(series.updated_at.timestamp() * 1_000_000)
    parts = ",".join(f"{t.pk}:{live_version.load(t)[0]}" for t in tournaments)
    return f"{stamp}-{zlib.crc32(parts.encode()):x}"


def _entry_results(tournament: Tournament) -> list[scoring.EntryResult]:
    standing = compute_standings(tournament)
    return [
        scoring.EntryResult(
            tournament=tournament.pk,
            player=player,
            place=row.place,
            round_reached=row.round_reached,
        )
        for row in standing.entries
        # a team's result counts for each of its two players (the series ranks people)
        for player in (
            (row.entry.player_id, row.entry.team.second_id) if row.entry.team_id else (row.player.pk,)
        )
    ]


def compute_series_standings(series: Series, *, use_cache: bool = True) -> SeriesStandings:
    """The series standings as they stand now (from the cache while nothing changed)."""
    tournaments = series_tournaments(series)
    key = f"series:{series.pk}:{version(series, tournaments)}"
    if use_cache:
        cached = cache.get(key)
        if cached is not None:
            return cached
    columns = [
        TournamentColumn(t, tournament_phase(t) == "finished", index=i)
        for i, t in enumerate(tournaments, start=1)
    ]
    entries: list[scoring.EntryResult] = []
    for column in columns:
        if column.finished:
            entries.extend(_entry_results(column.tournament))
    rule = series.rule
    player_ids = {e.player for e in entries}
    players = {p.pk: p for p in Player.objects.filter(pk__in=player_ids)}
    rows_data = scoring.standings(
        [c.tournament.pk for c in columns if c.finished],
        entries,
        rule,
        names={pk: p.name for pk, p in players.items()},
    )
    column_of = {c.tournament.pk: c for c in columns}
    rows = [
        StandingRow(
            rank=r.rank,
            shared=r.shared,
            player=players[r.player],
            points=r.points,
            cells=[
                ResultCell(column_of[x.tournament], x.place, x.rounds, x.points, x.counted)
                for x in r.results
            ],
        )
        for r in rows_data
    ]
    result = SeriesStandings(series=series, columns=columns, rows=rows, rule=rule)
    if use_cache:
        cache.set(key, result, CACHE_SECONDS)
    return result


def find_series(key) -> Series:
    """A series by id (for the command line)."""
    key = str(key).strip()
    pk = parse_id(key)
    series = Series.objects.filter(pk=pk).first() if pk else None
    if series is None:
        raise SeriesError(_("There is no series with id %(id)s.") % {"id": key}, "not_found")
    return series
