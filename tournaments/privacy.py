"""The data protection duties towards a player (DSGVO/GDPR), from the staff pages and the
command line (``manage.py player``):

- ``export_player``: everything stored about him (art. 15), as one JSON document;
- ``erase_player``: erase him (art. 17): his row stays as a placeholder so that the
  finished tournaments keep their places and prizes; name, town and contact data go, and
  so do they from the audit log and the matches' copies of his name;
- ``retention``: the contact data of players inactive for N years (dry run first).

A club sees and exports what it recorded and his results in its own and in public
tournaments; the site administrator (``allowed`` None) sees everything. The apps above
add their parts through ``tournaments.signals.player_data`` (his matches, his series
places) and ``player_erased`` (their copies of his name).
"""

from __future__ import annotations

import datetime
import json

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from . import live_version
from .models import AuditLog, Entry, Player, PlayerContact, Team, Tournament
from .services import TournamentError, tournament_phase
from .services.register import audit_register, refuse_others, stake_clubs, tournaments_of
from .signals import player_data, player_erased
from .standings import compute_standings

EXPORT_FORMAT = "schnapsen-player-data"
EXPORT_VERSION = 1


def placeholder_name(player: Player) -> str:
    """The name an erased player keeps in the finished tournaments' standings."""
    return _("Erased player %(id)s") % {"id": player.pk}


def _visible_tournaments(player: Player, allowed: set[int] | None):
    tournaments = Tournament.objects.filter(pk__in=tournaments_of(player)).select_related("club")
    if allowed is not None:
        tournaments = tournaments.filter(Q(club_id__in=allowed) | Q(is_public=True))
    return tournaments.order_by("date", "pk")


def _results(tournament: Tournament, player: Player) -> dict:
    """His entries in ``tournament`` with their places and prizes."""
    mine = Q(player=player) | Q(team__first=player) | Q(team__second=player)
    entries = {e.pk: e for e in Entry.objects.filter(mine, tournament=tournament)}
    standings = compute_standings(tournament)
    rows = [row for row in standings.entries if row.entry.pk in entries]
    prizes = [p for p in standings.prizes if p.entry is not None and p.entry.pk in entries]
    for category in standings.categories:
        prizes += [p for p in category.prizes if p.entry is not None and p.entry.pk in entries]
    return {
        "tournament": tournament.pk,
        "name": tournament.name,
        "date": tournament.date.isoformat(),
        "club": tournament.club.name,
        "finished": tournament_phase(tournament) == "finished",
        "entries": [
            {
                "number": row.number,
                "paid": entries[row.entry.pk].paid,
                "round_reached": row.round_reached,
                "place": row.place,
            }
            for row in rows
        ],
        "prizes": [
            {
                "prize": p.place,
                "category": p.category.name if p.category else "",
                "description": p.description,
                "amount": str(p.amount) if p.amount is not None else None,
            }
            for p in prizes
        ],
    }


def _audit_entries(player: Player, allowed: set[int] | None) -> list[dict]:
    """The audit log's entries about him (in the clubs ``allowed``)."""
    words = [w for w in {player.name, str(player)} if w]
    mentions = Q(before__player=player.pk) | Q(after__player=player.pk)
    for word in words:
        mentions |= Q(target__contains=word)
    rows = AuditLog.objects.filter(mentions)
    if allowed is not None:
        rows = rows.filter(Q(club_id__in=allowed) | Q(tournament__club_id__in=allowed))
    return [
        {
            "at": row.at.isoformat(),
            "action": row.action,
            "target": row.target,
            "tournament": row.tournament_id,
        }
        for row in rows.order_by("at", "pk")[:1000]
    ]


def export_player(player: Player, *, allowed: set[int] | None = None) -> dict:
    """Everything stored about ``player`` that the clubs ``allowed`` hold (None: all), as
    a document to hand him (GDPR art. 15)."""
    contacts = PlayerContact.objects.filter(player=player).select_related("club")
    if allowed is not None:
        contacts = contacts.filter(club_id__in=allowed)
    tournaments = list(_visible_tournaments(player, allowed))
    document = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "made_at": timezone.now().isoformat(),
        "player": {
            "id": player.pk,
            "name": player.name,
            "town": player.town,
            "name_on_public_pages": player.name_public,
            "in_register_since": player.created_at.isoformat(),
            "recorded_by": player.recorded_by.name if player.recorded_by_id else "",
            "erased_at": player.erased_at.isoformat() if player.erased_at else None,
            "merged_from": list(player.merged_from.values_list("pk", flat=True)),
        },
        "contact_data": [
            {
                "club": c.club.name if c.club_id else "",
                "contact": c.contact,
                "changed_at": c.updated_at.isoformat(),
            }
            for c in contacts.order_by("club__name", "pk")
        ],
        "tournaments": [_results(t, player) for t in tournaments],
        "audit_log": _audit_entries(player, allowed),
    }
    for _receiver, part in player_data.send(
        sender=None, player=player, tournaments=[t.pk for t in tournaments]
    ):
        document.update(part or {})
    return document


def export_json(player: Player, *, allowed: set[int] | None = None) -> str:
    return json.dumps(export_player(player, allowed=allowed), ensure_ascii=False, indent=2)


def running_tournaments(player: Player) -> list[Tournament]:
    """The tournaments he plays in that are not finished (an erase waits for them)."""
    return [
        t
        for t in Tournament.objects.filter(pk__in=tournaments_of(player)).order_by("date")
        if tournament_phase(t) != "finished"
    ]


def _scrub(value, words: list[str], placeholder: str):
    """``value`` (an audit entry's JSON) with every ``words`` replaced by ``placeholder``."""
    if isinstance(value, str):
        for word in words:
            value = value.replace(word, placeholder)
        return value
    if isinstance(value, list):
        return [_scrub(v, words, placeholder) for v in value]
    if isinstance(value, dict):
        return {k: _scrub(v, words, placeholder) for k, v in value.items()}
    return value


def erase_player(player: Player, *, actor=None, allowed: set[int] | None = None) -> Player:
    """Erase ``player`` (GDPR art. 17): his name becomes a placeholder, his town and every
    club's contact data go, his name leaves the audit log and the matches' copies, and he
    is left out of public pages. His entries stay, so the finished tournaments keep their
    places and prizes (and the series their points). Refused while he plays in a
    tournament that is not finished, and where a club with a stake is not one the actor
    acts for (``allowed``). Audited in the log of every club concerned, without his name.
    """
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        if player.erased_at is not None:
            raise TournamentError(_("This player was erased already."), "erased")
        if player.merged_into_id is not None:
            raise TournamentError(
                _("This entry was merged into another; erase the player it was merged into."),
                "merged",
            )
        concerned = stake_clubs(player)
        for merged in player.merged_from.all():
            concerned |= stake_clubs(merged)
        rows = [player, *player.merged_from.all()]
        refuse_others(concerned, allowed, rows)
        running = running_tournaments(player)
        if running:
            raise TournamentError(
                _(
                    "He plays in %(tournaments)s, which is not finished; erase him once it "
                    "is, or cancel his entries first."
                )
                % {"tournaments": ", ".join(t.name for t in running)},
                "running",
            )
        placeholder = placeholder_name(player)
        words = sorted(
            {w for p in rows for w in (str(p), p.name) if w and w != placeholder},
            key=len,
            reverse=True,  # "Name (Town)" before "Name"
        )
        words += [
            c
            for c in PlayerContact.objects.filter(player__in=rows).values_list("contact", flat=True)
            if c
        ]
        tournament_ids = set()
        for p in rows:
            tournament_ids |= tournaments_of(p)
        PlayerContact.objects.filter(player__in=rows).delete()
        now = timezone.now()
        for p in rows:
            p.name, p.town, p.name_public, p.erased_at = placeholder, "", False, now
            p.save(update_fields=["name", "town", "name_public", "erased_at"])
        mentions = Q(before__player__in=[p.pk for p in rows]) | Q(
            after__player__in=[p.pk for p in rows]
        )
        for word in words:
            mentions |= Q(target__contains=word)
        for row in AuditLog.objects.filter(
            Q(tournament_id__in=tournament_ids) | Q(club_id__in=concerned) | mentions
        ).iterator():
            target = _scrub(row.target, words, placeholder)
            before = _scrub(row.before, words, placeholder)
            after = _scrub(row.after, words, placeholder)
            if (target, before, after) != (row.target, row.before, row.after):
                AuditLog.objects.filter(pk=row.pk).update(target=target, before=before, after=after)
        player_erased.send(sender=None, player=player, names=words, placeholder=placeholder)
        audit_register(
            concerned,
            actor,
            "player_erase",
            placeholder,
            before={"player": player.pk},
            after={"player": player.pk, "erased": True},
        )
        for tournament_id in tournament_ids:
            transaction.on_commit(lambda t=tournament_id: live_version.bump(t))
    return player


def last_active(player_ids=None) -> dict[int, datetime.date]:
    """The date of each player's last tournament (an entry or a place in a team)."""
    entries = Entry.objects.all()
    if player_ids is not None:
        entries = entries.filter(player_id__in=player_ids)
    last = dict(
        entries.values("player_id")
        .annotate(last=Max("tournament__date"))
        .values_list("player_id", "last")
    )
    for field in ("first", "second"):
        teams = Team.objects.all()
        if player_ids is not None:
            teams = teams.filter(**{f"{field}_id__in": player_ids})
        for pk, date in (
            teams.values(f"{field}_id")
            .annotate(last=Max("tournament__date"))
            .values_list(f"{field}_id", "last")
        ):
            if date and (pk not in last or last[pk] < date):
                last[pk] = date
    return last


def retention(years: int, *, today: datetime.date | None = None, apply: bool = False) -> list:
    """The contact data of players inactive for ``years`` years: no tournament since, and
    the contact data not changed since. Returns them; deletes them with ``apply``
    (audited in each club's log, without the data)."""
    today = today or timezone.localdate()
    try:
        cutoff = today.replace(year=today.year - years)
    except ValueError:  # 29 February
        cutoff = today.replace(year=today.year - years, day=28)
    contacts = list(
        PlayerContact.objects.select_related("player", "club").order_by("club_id", "player_id")
    )
    last = last_active({c.player_id for c in contacts})
    stale = [
        c
        for c in contacts
        if timezone.localtime(c.updated_at).date() < cutoff
        and (last.get(c.player_id) is None or last[c.player_id] < cutoff)
    ]
    if apply:
        with transaction.atomic():
            for c in stale:
                c.delete()
                audit_register(
                    [c.club_id] if c.club_id else [],
                    None,
                    "player_contact_retention",
                    str(c.player),
                    before={"player": c.player_id, "contact": True},
                    after={"player": c.player_id, "contact": False, "years": years},
                )
    return stale
