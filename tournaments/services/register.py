"""The player register, which all clubs share: merging two entries of it that are the
same person."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import AuditLog, Entry, Player, Team
from .common import TournamentError, _user


def merge_players(keep: Player, other: Player, *, actor=None, club=None) -> Player:
    """``other`` is the same person as ``keep``: his entries (in every tournament of every
    club) move to ``keep``, blanks of ``keep``'s town and contact are filled from him, and
    ``other`` stays in the register marked as merged into ``keep`` (history kept).

    Audited once in the register's log (``club``: the club the merge was made for) and
    once in every tournament whose entries moved, so each club sees it in its own log.
    """
    if keep.pk == other.pk:
        raise TournamentError(_("A player cannot be merged with himself."), "same")
    with transaction.atomic():
        rows = {p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[keep.pk, other.pk])}
        if len(rows) != 2:
            raise TournamentError(_("This player is no longer in the register."), "not_found")
        k, o = rows[keep.pk], rows[other.pk]
        for p in (k, o):
            if p.merged_into_id is not None:
                raise TournamentError(
                    _("%(player)s was merged into another player already.") % {"player": p},
                    "merged",
                )
        # teams (Bauernschnapsen): the other's places in teams move too, unless the kept
        # player plays in the same tournament (one team per player and tournament)
        from django.db.models import Q

        others_teams = list(Team.objects.filter(Q(first=o) | Q(second=o)))
        clash = Team.objects.filter(
            Q(first=k) | Q(second=k), tournament_id__in=[team.tournament_id for team in others_teams]
        ).exists() or Entry.objects.filter(
            player=k, tournament_id__in=[team.tournament_id for team in others_teams]
        ).exists()
        if clash:
            raise TournamentError(
                _(
                    "Both play in one tournament (in a team or with an entry); a player plays "
                    "in one team per tournament, so they cannot be merged."
                ),
                "team_clash",
            )
        Team.objects.filter(first=o).update(first=k)
        Team.objects.filter(second=o).update(second=k)
        moved = list(
            Entry.objects.filter(player=o)
            .select_related("tournament")
            .order_by("tournament_id", "number")
        )
        before = {
            "kept": {"id": k.pk, "name": k.name, "town": k.town, "contact": k.contact},
            "merged": {"id": o.pk, "name": o.name, "town": o.town, "contact": o.contact},
        }
        changed = []
        if not k.town and o.town:
            k.town = o.town
            changed.append("town")
        if not k.contact and o.contact:
            k.contact = o.contact
            changed.append("contact")
        if changed:
            k.save(update_fields=changed)
        Entry.objects.filter(pk__in=[e.pk for e in moved]).update(player=k)
        o.merged_into = k
        o.merged_at = timezone.now()
        o.save(update_fields=["merged_into", "merged_at"])
        after = {
            "kept": {"id": k.pk, "name": k.name, "town": k.town, "contact": k.contact},
            "entries": [{"tournament": e.tournament_id, "number": e.number} for e in moved],
        }
        user = _user(actor)
        target = f"{o} → {k}"[:200]
        AuditLog.objects.create(
            club=club, user=user, action="merge_players", target=target, before=before, after=after
        )
        by_tournament: dict[int, list[int]] = {}
        for e in moved:
            by_tournament.setdefault(e.tournament_id, []).append(e.number)
        for tournament_id, numbers in by_tournament.items():
            AuditLog.objects.create(
                tournament_id=tournament_id,
                user=user,
                action="merge_players",
                target=target,
                before={"player": o.pk, "entries": numbers},
                after={"player": k.pk, "entries": numbers},
            )
    return k
