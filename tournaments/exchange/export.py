"""Export a tournament as one JSON document (``tournaments.exchange``)."""

from __future__ import annotations

from decimal import Decimal

from ..models import (
    AuditLog,
    Entry,
    Outcome,
    Pairing,
    PlayerContact,
    Prize,
    Round,
    Team,
    Tournament,
)
from ..signals import gathered, pairing_games
from .common import DANISH_KEYS, FORMAT, IMPORT_ACTION, VERSION, _map_partner_draw, _map_protocol


def _dt(value):
    return value.isoformat() if value is not None else None


def _dec(value):
    return f"{Decimal(value):.2f}" if value is not None else None


def _username(user):
    return user.get_username() if user is not None else None


def export_tournament(tournament: Tournament) -> dict:
    """The whole tournament as a JSON-able dict."""
    t = tournament
    entries = list(
        Entry.objects.filter(tournament=t)
        .select_related("player")
        .prefetch_related("categories")
        .order_by("number")
    )
    teams = list(Team.objects.filter(tournament=t).select_related("first", "second").order_by("pk"))
    holders = {e.player_id: e.player for e in entries}
    for team in teams:  # a team's two players, though only the first holds its entries
        holders.setdefault(team.first_id, team.first)
        holders.setdefault(team.second_id, team.second)
    players = sorted(holders.values(), key=lambda p: p.pk)
    player_key = {p.pk: i for i, p in enumerate(players, start=1)}
    team_key = {team.pk: i for i, team in enumerate(teams, start=1)}
    number_of = {e.pk: e.number for e in entries}
    rounds = list(
        Round.objects.filter(tournament=t).select_related("created_by").order_by("number")
    )
    pairings = list(
        Pairing.objects.filter(round__tournament=t)
        .select_related("decided_by", "confirmed_by")
        .order_by("round__number", "number")
    )
    by_round: dict[int, list] = {}
    for p in pairings:
        by_round.setdefault(p.round_id, []).append(p)
    # the games of the matches whose games are known (a score sheet, a browser match): the
    # Danish standings count their game points
    sheets = gathered(
        pairing_games, pairing_ids=[p.pk for p in pairings if p.outcome == Outcome.PLAYED]
    )
    audit = (
        AuditLog.objects.filter(tournament=t)
        .exclude(action=IMPORT_ACTION)
        .select_related("user")
        .order_by("at", "pk")
    )
    contacts = dict(
        PlayerContact.objects.filter(player__in=players, club_id=t.club_id).values_list(
            "player_id", "contact"
        )
    )
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": {
            "name": t.name,
            "date": t.date.isoformat(),
            "venue": t.venue,
            "club_name": t.club_name,  # as printed ("" for the default club)
            "club": t.club.name,
            "field_size": t.field_size,
            "max_entries_per_player": t.max_entries_per_player,
            "entry_fee": _dec(t.entry_fee),
            "rule_profile": t.rule_profile,
            "match_bummerl": t.match_bummerl,
            "one_prize_per_player": t.one_prize_per_player,
            "confirm_results": t.confirm_results,
            "category_prize_with_main": t.category_prize_with_main,
            "is_public": t.is_public,
            "format": t.format,
            "danish_rounds": t.danish_rounds,
            "danish_rematches": t.danish_rematches,
            "danish_bye_score": t.danish_bye_score,
            "danish_last_tiebreak": t.danish_last_tiebreak,
            "game": t.game,
            "draw_partners": t.draw_partners,
            "catalogue": t.catalogue,
            "partner_draw": _map_partner_draw(t.partner_draw, player_key.__getitem__),
            "seed": t.seed,
            "created_at": _dt(t.created_at),
        },
        "prizes": [
            {"place": p.place, "description": p.description, "amount": _dec(p.amount)}
            for p in Prize.objects.filter(tournament=t).order_by("place")
        ],
        "players": [
            {
                "key": player_key[p.pk],
                "name": p.name,
                "town": p.town,
                # the contact data the tournament's club recorded (no other club's)
                "contact": contacts.get(p.pk, ""),
                "name_public": p.name_public,
            }
            for p in players
        ],
        "teams": [
            {
                "key": team_key[team.pk],
                "first": player_key[team.first_id],
                "second": player_key[team.second_id],
                "drawn": team.drawn,
            }
            for team in teams
        ],
        "entries": [
            {
                "number": e.number,
                "player": player_key[e.player_id],
                "team": team_key[e.team_id] if e.team_id else None,
                "paid": e.paid,
                "sold_at": _dt(e.sold_at),
                "cancelled_at": _dt(e.cancelled_at),
                "playoff_rank": e.playoff_rank,
                "absent": e.absent,
                "categories": [c.name for c in e.categories.all()],
            }
            for e in entries
        ],
        "categories": [
            {
                "name": c.name,
                "prizes": [
                    {"place": p.place, "description": p.description, "amount": _dec(p.amount)}
                    for p in c.prizes.all()
                ],
            }
            for c in t.categories.prefetch_related("prizes")
        ],
        "rounds": [
            {
                "number": r.number,
                "stage": r.stage,
                "status": r.status,
                "method": r.method,
                "seed": r.seed,
                "created_at": _dt(r.created_at),
                "created_by": _username(r.created_by),
                "released_at": _dt(r.released_at),
                "protocol": {
                    # a Danish round's protocol names entries by their numbers already
                    key: value
                    if key in DANISH_KEYS
                    else _map_protocol(value, player_key.__getitem__, number_of.__getitem__)
                    for key, value in (r.protocol or {}).items()
                },
                "pairings": [
                    {
                        "bracket": p.bracket,
                        "number": p.number,
                        "left": number_of[p.left_id],
                        "right": number_of[p.right_id] if p.right_id else None,
                        "table": p.table,
                        "started_at": _dt(p.started_at),
                        "outcome": p.outcome,
                        "winner": p.winner,
                        "winner_bummerl": p.winner_bummerl,
                        "loser_bummerl": p.loser_bummerl,
                        "decided_at": _dt(p.decided_at),
                        "decided_by": _username(p.decided_by),
                        "confirmed_at": _dt(p.confirmed_at),
                        "confirmed_by": _username(p.confirmed_by),
                        "version": p.version,
                    }
                    | (
                        {"games": [[list(g) for g in b] for b in sheets[p.pk]]}
                        if p.pk in sheets
                        else {}
                    )
                    for p in by_round.get(r.pk, [])
                ],
            }
            for r in rounds
        ],
        "audit_log": [
            {
                "at": _dt(a.at),
                "user": _username(a.user),
                "role": a.role,
                "action": a.action,
                "target": a.target,
                "before": a.before,
                "after": a.after,
            }
            for a in audit
        ],
    }
