"""The player register at the desk, entries (Teilnahmekarten) and the field size."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..formats import format_of, game_of
from ..models import (
    FIELD_SIZES,
    Entry,
    Tournament,
)
from ..signals import reserved as reserved_places
from .common import (
    TournamentError,
    _audit,
    _entry_state,
    _lock,
    active_entries,
    field_entries,
)
from .teams import partner_draw_pending, team_for


def sell_entries(
    tournament, player, count=1, *, partner=None, paid=False, categories=(), actor=None
) -> list[Entry]:
    """Sell ``count`` entries to a player, numbered after the highest number so far;
    they belong to ``categories`` (of this tournament).

    In a team tournament (Bauernschnapsen) the entries are sold to the team of
    ``player`` and ``partner`` (found or formed, ``services.teams``); the limit counts per
    team. Where the partners are drawn by lot, players register alone (one registration
    each, no partner) until the partner draw."""
    if not isinstance(count, int) or count < 1:
        raise TournamentError(_("Sell at least one entry."), "count")
    with transaction.atomic():
        t = _lock(tournament)
        if t.rounds.exists():
            raise TournamentError(
                _("The first round is drawn; no more entries can be sold."), "drawn"
            )
        team = None
        alone = partner_draw_pending(t)  # lone registrations before the partner draw
        if game_of(t).teams and not alone:
            if partner is None:
                raise TournamentError(
                    _("Entries of a team tournament are sold to a team: name the partner too."),
                    "partner",
                )
            team = team_for(t, player, partner)
            player = team.first
        elif partner is not None:
            raise TournamentError(
                _("In this tournament players register alone; the partners are drawn by lot.")
                if alone
                else _("Entries of a Schnapsen tournament are sold to one player, not a team."),
                "partner",
            )
        holder = team.name if team is not None else player.name
        active = active_entries(t)
        held = active.filter(player=player).count()
        limit_count = format_of(t).entries_per_player(t)
        if held + count > limit_count:
            # two counts, two sentences: each takes the plural form of its own number
            holds = ngettext(
                "%(name)s holds %(held)d entry.", "%(name)s holds %(held)d entries.", held
            ) % {"name": holder, "held": held}
            if team is not None:
                limit = ngettext(
                    "A team may buy at most %(max)d entry.",
                    "A team may buy at most %(max)d entries.",
                    limit_count,
                ) % {"max": limit_count}
            else:
                limit = ngettext(
                    "A player may buy at most %(max)d entry.",
                    "A player may buy at most %(max)d entries.",
                    limit_count,
                ) % {"max": limit_count}
            raise TournamentError(f"{holds} {limit}", "limit")
        sold = active.count()
        held_for_others = 0 if alone else reserved_places(t)
        if alone:
            # registrations of players: two make one team's entry after the partner draw
            if sold + count > 2 * t.field_size:
                raise TournamentError(
                    _("The field of %(size)d teams is full (%(players)d players registered).")
                    % {"size": t.field_size, "players": sold},
                    "full",
                )
        elif sold + held_for_others + count > t.field_size:
            taken = sold + held_for_others
            if taken >= t.field_size:
                message = _("All %(size)d entries are sold: the field is full.") % {
                    "size": t.field_size
                }
            else:
                message = ngettext(
                    "Only %(left)d of %(size)d entries is left.",
                    "Only %(left)d of %(size)d entries are left.",
                    t.field_size - taken,
                ) % {"left": t.field_size - taken, "size": t.field_size}
            if held_for_others:
                message += " " + ngettext(
                    "%(n)d place is held by a registration before the day.",
                    "%(n)d places are held by registrations before the day.",
                    held_for_others,
                ) % {"n": held_for_others}
            raise TournamentError(message, "full")
        top = Entry.objects.filter(tournament=t).aggregate(m=Max("number"))["m"] or 0
        if getattr(player, "merged_into_id", None) is not None:
            raise TournamentError(
                _("%(name)s was merged into another player; sell to that one.")
                % {"name": player.name},
                "merged",
            )
        categories = list(categories or ())
        if any(c.tournament_id != t.pk for c in categories):
            raise TournamentError(_("This category is not one of this tournament."), "category")
        entries = [
            Entry.objects.create(
                tournament=t, player=player, team=team, number=top + i + 1, paid=bool(paid)
            )
            for i in range(count)
        ]
        states = [_entry_state(e) for e in entries]
        if categories:
            names = sorted(c.name for c in categories)
            for e, state in zip(entries, states, strict=True):
                e.categories.set(categories)
                state["categories"] = names
        _audit(t, actor, "sell_entries", str(team or player), None, states)
    return entries


def set_paid(entry, paid: bool, *, actor=None) -> Entry:
    """Mark an entry paid or unpaid."""
    with transaction.atomic():
        _lock(entry.tournament_id)
        e = Entry.objects.select_for_update().get(pk=entry.pk)
        before = _entry_state(e)
        e.paid = bool(paid)
        e.save(update_fields=["paid"])
        _audit(e.tournament, actor, "set_paid", f"entry {e.number}", before, _entry_state(e))
    return e


def cancel_entry(entry, *, actor=None) -> Entry:
    """Cancel a sold entry; only before the first draw."""
    with transaction.atomic():
        t = _lock(entry.tournament_id)
        e = Entry.objects.select_for_update().get(pk=entry.pk)
        if t.rounds.exists():
            raise TournamentError(
                _("Entries can be cancelled only before the first draw."), "drawn"
            )
        if e.cancelled_at is not None:
            raise TournamentError(_("This entry is already cancelled."), "cancelled")
        before = _entry_state(e)
        e.cancelled_at = timezone.now()
        e.save(update_fields=["cancelled_at"])
        _audit(t, actor, "cancel_entry", f"entry {e.number}", before, _entry_state(e))
    return e


def record_playoff(tournament, entries: Sequence[Entry], *, actor=None) -> None:
    """Record a play-off among entries tied for a place (9 and below): best first."""
    with transaction.atomic():
        t = _lock(tournament)
        ids = [e.pk for e in entries]
        if len(set(ids)) != len(ids) or len(ids) < 2:
            raise TournamentError(_("A play-off orders at least two different entries."))
        found = Entry.objects.filter(tournament=t, pk__in=ids).count()
        if found != len(ids):
            raise TournamentError(_("These entries are not all in this tournament."))
        for rank, pk in enumerate(ids, start=1):
            Entry.objects.filter(pk=pk).update(playoff_rank=rank)
        _audit(t, actor, "record_playoff", t.name, None, ids)


def smaller_field_offer(tournament) -> int | None:
    """The field size to offer when fewer entries are sold than half the field.

    None when the field is full enough, or when no field size fits (fewer than 8 sold),
    and always for a format whose field need not be filled (the Danish system).
    """
    if not format_of(tournament).fills_field:
        return None
    sold = field_entries(tournament)
    if sold * 2 >= tournament.field_size:
        return None
    fitting = [n for n in FIELD_SIZES if n // 2 <= sold and n < tournament.field_size]
    return max(fitting) if fitting else None


def shrink_field(tournament, new_size, *, actor=None) -> Tournament:
    """Make the field smaller (before the first draw), e.g. to the offered size."""
    with transaction.atomic():
        t = _lock(tournament)
        if t.rounds.exists():
            raise TournamentError(_("The field cannot change after the first draw."), "drawn")
        sold = field_entries(t)
        if new_size not in FIELD_SIZES or new_size >= t.field_size:
            raise TournamentError(
                _("The new field size must be a smaller one of %(sizes)s.")
                % {"sizes": ", ".join(str(n) for n in FIELD_SIZES if n < t.field_size) or "-"},
                "field_size",
            )
        if new_size < sold:
            raise TournamentError(
                _("%(sold)d entries are sold; a field of %(size)d is too small.")
                % {"sold": sold, "size": new_size},
                "field_size",
            )
        before = {"field_size": t.field_size}
        t.field_size = new_size
        t.save(update_fields=["field_size", "updated_at"])
        _audit(t, actor, "shrink_field", t.name, before, {"field_size": new_size})
    if isinstance(tournament, Tournament):
        tournament.field_size = new_size  # the caller's instance is current too
    return t
