"""Teams of a Bauernschnapsen tournament: the team of two players a sale names, the
partner draw of a tournament whose players register alone, and the names of holders.

A team's entries are held by its first player as well (``Entry.player``), so the draw's
self-meeting rule, the per-entry limit and the one-prize rule, which count by player,
count by team; a player plays in one team per tournament (checked here under the
tournament's lock).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import Entry, Player, Team, Tournament, new_seed
from ..partners import PartnerDrawError
from ..partners import draw_partners as pair_off
from .common import TournamentError, _audit, _lock, active_entries


def team_of(t: Tournament, player: Player) -> Team | None:
    """The team ``player`` plays in in this tournament, if any."""
    return (
        Team.objects.filter(tournament=t)
        .filter(Q(first=player) | Q(second=player))
        .select_related("first", "second")
        .first()
    )


def team_for(t: Tournament, player: Player, partner: Player) -> Team:
    """The team of ``player`` and ``partner`` in the locked tournament ``t``: the one
    they form already (in either order), else a new one. Refused when they are one
    player, when either plays in another team of this tournament, or was merged."""
    if player.pk == partner.pk:
        raise TournamentError(_("A team is two different players."), "same_player")
    for p in (player, partner):
        if getattr(p, "merged_into_id", None) is not None:
            raise TournamentError(
                _("%(name)s was merged into another player; sell to that one.") % {"name": p.name},
                "merged",
            )
    mine, theirs = team_of(t, player), team_of(t, partner)
    if mine is not None and mine == theirs:
        return mine
    for p, team in ((player, mine), (partner, theirs)):
        if team is not None:
            raise TournamentError(
                _(
                    "%(name)s plays in the team %(team)s in this tournament already; a "
                    "player plays in one team."
                )
                % {"name": p.name, "team": team.name},
                "other_team",
            )
        if active_entries(t).filter(player=p, team__isnull=True).exists():
            raise TournamentError(
                _("%(name)s holds an entry of his own in this tournament.") % {"name": p.name},
                "own_entry",
            )
    team = Team.objects.create(tournament=t, first=player, second=partner)
    return team


def holder_names(t: Tournament, player_ids) -> dict[int, str]:
    """Player key -> how the holder is named: the team's name where the player is a
    team's first player (the key its entries are held under), else the player's."""
    ids = [p for p in player_ids if isinstance(p, int)]
    names = dict(Player.objects.filter(pk__in=ids).values_list("pk", "name"))
    for team in Team.objects.filter(tournament=t, first_id__in=ids).select_related(
        "first", "second"
    ):
        names[team.first_id] = team.name
    return names


def folded_entries(t):
    """The registrations of the second players that the partner draw folded into their
    team's entry (cancelled, held by the team's second player): still paid for."""
    return Entry.objects.filter(
        tournament=t, cancelled_at__isnull=False, team__isnull=False, player=F("team__second")
    )


def partner_draw_pending(t: Tournament) -> bool:
    """The partners are still to be drawn (the first draw does it if staff did not)."""
    return bool(t.draw_partners) and not t.partner_draw


def _draw_partners_locked(t: Tournament, *, seed=None, actor=None) -> list[Team]:
    if not t.draw_partners:
        raise TournamentError(
            _("The partners of this tournament are not drawn by lot."), "no_partner_draw"
        )
    if t.partner_draw:
        raise TournamentError(_("The partners are drawn already."), "partners_drawn")
    if t.rounds.exists():
        raise TournamentError(_("The first round is drawn already."), "drawn")
    registrations = list(
        active_entries(t).filter(team__isnull=True).select_related("player").order_by("number")
    )
    seed = int(seed) if seed is not None else new_seed()
    try:
        pairs = pair_off([e.number for e in registrations], seed)
    except PartnerDrawError as exc:
        if exc.code == "odd":
            message = _(
                "%(count)d players are registered, an odd number: register one more or "
                "cancel one, then draw the partners."
            ) % {"count": exc.params["count"]}
        else:
            message = _("At least two players must be registered to draw partners.")
        raise TournamentError(message, "partners_" + exc.code) from None
    by_number = {e.number: e for e in registrations}
    now = timezone.now()
    teams, protocol = [], []
    for a, b in pairs:
        ea, eb = by_number[a], by_number[b]
        team = Team.objects.create(tournament=t, first=ea.player, second=eb.player, drawn=True)
        ea.team = team
        ea.save(update_fields=["team"])
        eb.team = team
        eb.cancelled_at = now
        eb.save(update_fields=["team", "cancelled_at"])
        teams.append(team)
        protocol.append(
            {
                "entry": a,
                "folded": b,
                "first": {"id": ea.player_id, "name": ea.player.name},
                "second": {"id": eb.player_id, "name": eb.player.name},
            }
        )
    t.partner_draw = {
        "seed": seed,
        "registrations": [e.number for e in registrations],
        "teams": protocol,
    }
    t.save(update_fields=["partner_draw", "updated_at"])
    _audit(t, actor, "draw_partners", t.name, None, t.partner_draw)
    return teams


def draw_partners(tournament, *, seed=None, actor=None) -> list[Team]:
    """Draw the partners of a tournament whose players registered alone: the
    registrations are paired by a seeded lot (``tournaments.partners``); each pair is a
    team whose entry is the first's registration (the second's is folded into it: it no
    longer takes part, its payment still counts). The seed and the teams are stored
    (``Tournament.partner_draw``) and audited. Only before the first draw."""
    with transaction.atomic():
        t = _lock(tournament)
        teams = _draw_partners_locked(t, seed=seed, actor=actor)
    if isinstance(tournament, Tournament):
        tournament.partner_draw = t.partner_draw
    return teams


def game_of_teams(tournament) -> bool:
    t = tournament if isinstance(tournament, Tournament) else Tournament.objects.get(pk=tournament)
    return t.for_teams and not partner_draw_pending(t)


def table_seats(pairing) -> list[Player]:
    """The four seats of a team pairing's table of four, in seat order: team A (left)
    player 1, team B (right) player 1, team A player 2, team B player 2 -- partners sit
    opposite (seats 0/2 and 1/3), as ``engine.bauern`` seats its teams. For the
    browser tables of a pairing; refused for a bye or an entry of no team."""
    left, right = pairing.left, pairing.right
    if right is None or left.team_id is None or right.team_id is None:
        raise TournamentError(_("Only a pairing of two teams has a table of four."), "no_table")
    a, b = left.team, right.team
    return [a.first, b.first, a.second, b.second]
