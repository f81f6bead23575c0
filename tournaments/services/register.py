"""The player register, which all clubs share, and the rules of who may change it.

A player's name and town are shared (he plays everywhere); his contact data belongs to the
club that recorded it (``PlayerContact``). A club has a *stake* in a register entry when it
recorded him, holds contact data of his, or has him in one of its tournaments (an entry or
a place in a team). A club changes the shared part (name, town, whether his name is
public) and merges entries only where every club with a stake is one it acts for: a
change that touches another club's tournaments needs that club, or the site
administrator. Every change is written into the audit log of each club concerned.

``allowed`` below is the set of club ids the actor acts for, or None for a site
administrator (and the command line), who may change everything.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.models import Club

from .. import live_version
from ..models import AuditLog, Entry, Player, PlayerContact, Team, Tournament
from .common import TournamentError, _user


def _clean(text) -> str:
    return " ".join(str(text or "").split())


def tournaments_of(player: Player) -> set[int]:
    """The ids of the tournaments ``player`` plays in: with an entry or in a team."""
    ids = set(Entry.objects.filter(player=player).values_list("tournament_id", flat=True))
    ids |= set(
        Team.objects.filter(Q(first=player) | Q(second=player)).values_list(
            "tournament_id", flat=True
        )
    )
    return ids


def stake_clubs(player: Player) -> set[int]:
    """The ids of the clubs with a stake in ``player``: the club that recorded him, those
    holding contact data of his, and those he played for."""
    ids = set(Entry.objects.filter(player=player).values_list("tournament__club_id", flat=True))
    ids |= set(
        Team.objects.filter(Q(first=player) | Q(second=player)).values_list(
            "tournament__club_id", flat=True
        )
    )
    ids |= set(
        PlayerContact.objects.filter(player=player, club__isnull=False).values_list(
            "club_id", flat=True
        )
    )
    if player.recorded_by_id:
        ids.add(player.recorded_by_id)
    ids.discard(None)
    return ids


def others_concerned(concerned: set[int], allowed: set[int] | None) -> list[Club]:
    """The clubs of ``concerned`` that the actor does not act for (none: he may)."""
    if allowed is None:
        return []
    return list(Club.objects.filter(pk__in=concerned - set(allowed)).order_by("name"))


def club_names(clubs: list[Club], players) -> str:
    """``clubs`` as a page may name them to another club: by name where the players play
    in a public tournament of theirs, else only counted (a non-public evening of another
    club is not told by name)."""
    from_public = set(
        Tournament.objects.filter(is_public=True, club__in=clubs)
        .filter(
            Q(entries__player__in=players)
            | Q(teams__first__in=players)
            | Q(teams__second__in=players)
        )
        .values_list("club_id", flat=True)
    )
    named = [c.name for c in clubs if c.pk in from_public]
    hidden = len(clubs) - len(named)
    if hidden:
        named.append(
            ngettext("%(n)d other club", "%(n)d other clubs", hidden) % {"n": hidden}
            if named
            else ngettext("another club", "%(n)d other clubs", hidden) % {"n": hidden}
        )
    return ", ".join(named)


def refuse_others(concerned: set[int], allowed: set[int] | None, players=()) -> None:
    """Refuse a change that touches a club the actor does not act for, naming it."""
    others = others_concerned(concerned, allowed)
    if others:
        raise TournamentError(
            _(
                "This player also plays for %(clubs)s; a change to his name, town or public "
                "name there needs that club's organiser or the site administrator."
            )
            % {"clubs": club_names(others, players)},
            "other_clubs",
        )


def audit_register(clubs, actor, action: str, target: str, before=None, after=None) -> None:
    """One audit entry in the register's log of each club in ``clubs`` (ids), or one of no
    club when there is none."""
    user = _user(actor)
    role = getattr(actor, "audit_role", "") if user is None else ""
    for club_id in sorted(clubs) or [None]:
        AuditLog.objects.create(
            club_id=club_id,
            user=user,
            role=role,
            action=action,
            target=str(target)[:200],
            before=before,
            after=after,
        )


def bump_pages(player: Player) -> None:
    """The public pages of his tournaments show his name: new versions of them."""
    for tournament_id in tournaments_of(player):
        live_version.bump(tournament_id)


def contact_of(player: Player, club_ids) -> str:
    """His contact data as the clubs ``club_ids`` recorded it (None: every club's)."""
    contacts = PlayerContact.objects.filter(player=player)
    if club_ids is not None:
        contacts = contacts.filter(club_id__in=club_ids)
    return " · ".join(c.contact for c in contacts.order_by("club_id", "pk"))


def set_contact(player: Player, club: Club | None, contact: str, *, actor=None) -> bool:
    """``club``'s contact data of ``player`` (empty: deleted). True if it changed."""
    contact = str(contact or "").strip()
    if len(contact) > 200:
        raise TournamentError(_("Name, town and contact are at most 200 characters."), "name")
    row = PlayerContact.objects.filter(player=player, club=club).first()
    old = row.contact if row else ""
    if old == contact:
        return False
    if not contact:
        row.delete()
    elif row is None:
        PlayerContact.objects.create(player=player, club=club, contact=contact)
    else:
        row.contact = contact
        row.save(update_fields=["contact", "updated_at"])
    # the contact data is the club's own: its log only, and without the data itself
    audit_register(
        [club.pk] if club else [],
        actor,
        "player_contact",
        str(player),
        before={"player": player.pk, "contact": bool(old)},
        after={"player": player.pk, "contact": bool(contact)},
    )
    return True


def register_player(name, *, town="", contact="", club=None, actor=None) -> Player:
    """A new register entry, recorded by ``club`` (its contact data the club's)."""
    name, town = _clean(name), _clean(town)
    if not name:
        raise TournamentError(_("The player needs a name."), "name")
    if len(name) > 200 or len(town) > 200:
        raise TournamentError(_("Name, town and contact are at most 200 characters."), "name")
    with transaction.atomic():
        player = Player.objects.create(name=name, town=town, recorded_by=club)
        if contact and str(contact).strip():
            set_contact(player, club, contact, actor=actor)
    return player


def find_or_register_player(name, *, town="", contact="", club=None) -> Player:
    """The register's player with exactly this name and town, or a new one recorded by
    ``club``; ``contact`` is kept as ``club``'s contact data where it holds none yet."""
    name, town = _clean(name), _clean(town)
    if not name:
        raise TournamentError(_("The player needs a name."), "name")
    if len(name) > 200 or len(town) > 200 or len(contact or "") > 200:
        raise TournamentError(_("Name, town and contact are at most 200 characters."), "name")
    player = Player.objects.current().filter(name=name, town=town).order_by("pk").first()
    if player is None:
        return register_player(name, town=town, contact=contact, club=club)
    if contact and str(contact).strip():
        if not PlayerContact.objects.filter(player=player, club=club).exists():
            set_contact(player, club, contact)
    return player


def update_player(
    player: Player, *, name, town, name_public: bool, actor=None, allowed=None
) -> list[str]:
    """Change the shared part of a register entry; refused where another club with a
    stake would be touched (``allowed``: see the module). Returns the changed fields."""
    name, town = _clean(name), _clean(town)
    if not name:
        raise TournamentError(_("Please enter the player's name."), "name")
    if len(name) > 200 or len(town) > 200:
        raise TournamentError(_("Name, town and contact are at most 200 characters."), "name")
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        if player.erased_at is not None:
            raise TournamentError(
                _("This player was erased; his entry cannot be changed."), "erased"
            )
        before = {"name": player.name, "town": player.town, "name_public": player.name_public}
        after = {"name": name, "town": town, "name_public": bool(name_public)}
        changed = [key for key in before if before[key] != after[key]]
        if not changed:
            return []
        concerned = stake_clubs(player)
        refuse_others(concerned, allowed, [player])
        for key in changed:
            setattr(player, key, after[key])
        player.save(update_fields=changed)
        audit_register(
            concerned,
            actor,
            "player_edit",
            str(player),
            before={"player": player.pk, **{k: before[k] for k in changed}},
            after={"player": player.pk, **{k: after[k] for k in changed}},
        )
        transaction.on_commit(lambda: bump_pages(player))
    return changed


def merge_players(keep: Player, other: Player, *, actor=None, club=None, allowed=None) -> Player:
    """``other`` is the same person as ``keep``: his entries (in every tournament of every
    club) move to ``keep``, a blank town of ``keep``'s is filled from him, his contact data
    moves to ``keep`` where the club holds none for ``keep``, and ``other`` stays in the
    register marked as merged into ``keep`` (history kept).

    Refused where a club with a stake in either is not one the actor acts for
    (``allowed``). Audited in the register's log of every club with a stake (``club``:
    the club the merge was made for, when neither has any) and in every tournament whose
    entries moved.
    """
    if keep.pk == other.pk:
        raise TournamentError(_("A player cannot be merged with himself."), "same")
    with transaction.atomic():
        rows = {
            p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[keep.pk, other.pk])
        }
        if len(rows) != 2:
            raise TournamentError(_("This player is no longer in the register."), "not_found")
        k, o = rows[keep.pk], rows[other.pk]
        for p in (k, o):
            if p.merged_into_id is not None:
                raise TournamentError(
                    _("%(player)s was merged into another player already.") % {"player": p},
                    "merged",
                )
            if p.erased_at is not None:
                raise TournamentError(
                    _("This player was erased; his entry cannot be changed."), "erased"
                )
        concerned = stake_clubs(k) | stake_clubs(o)
        others = others_concerned(concerned, allowed)
        if others:
            raise TournamentError(
                _(
                    "These players also play for %(clubs)s; merging them needs that club's "
                    "organiser or the site administrator."
                )
                % {"clubs": club_names(others, [k, o])},
                "other_clubs",
            )
        # teams (Bauernschnapsen): the other's places in teams move too, unless the kept
        # player plays in the same tournament (one team per player and tournament)
        others_teams = list(Team.objects.filter(Q(first=o) | Q(second=o)))
        clash = (
            Team.objects.filter(
                Q(first=k) | Q(second=k),
                tournament_id__in=[team.tournament_id for team in others_teams],
            ).exists()
            or Entry.objects.filter(
                player=k, tournament_id__in=[team.tournament_id for team in others_teams]
            ).exists()
        )
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
            "kept": {"id": k.pk, "name": k.name, "town": k.town},
            "merged": {"id": o.pk, "name": o.name, "town": o.town},
        }
        changed = []
        if not k.town and o.town:
            k.town = o.town
            changed.append("town")
        if not k.name_public or not o.name_public:  # his request holds for both entries
            if k.name_public:
                k.name_public = False
                changed.append("name_public")
        if k.recorded_by_id is None and o.recorded_by_id is not None:
            k.recorded_by_id = o.recorded_by_id
            changed.append("recorded_by")
        if changed:
            k.save(update_fields=changed)
        held = set(PlayerContact.objects.filter(player=k).values_list("club_id", flat=True))
        for contact in PlayerContact.objects.filter(player=o):
            if contact.club_id in held:
                contact.delete()
            else:
                contact.player = k
                contact.save(update_fields=["player"])
        Entry.objects.filter(pk__in=[e.pk for e in moved]).update(player=k)
        o.merged_into = k
        o.merged_at = timezone.now()
        o.save(update_fields=["merged_into", "merged_at"])
        after = {
            "kept": {"id": k.pk, "name": k.name, "town": k.town},
            "entries": [{"tournament": e.tournament_id, "number": e.number} for e in moved],
        }
        user = _user(actor)
        target = f"{o} → {k}"[:200]
        audit_register(
            concerned or ({club.pk} if club else set()),
            actor,
            "merge_players",
            target,
            before,
            after,
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
            live_version.bump(tournament_id)
    return k
