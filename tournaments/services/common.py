"""What every service shares: the error, the audit row, the tournament lock, and the
small readings of a pairing (who goes on, who goes out) that several concerns need."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from core.errors import UserError

from .. import live_version, write_guard
from ..draw import DrawResult
from ..models import (
    FIELD_SIZES,
    AuditLog,
    Entry,
    Outcome,
    Pairing,
    Round,
    Side,
    Stage,
    Tournament,
)

MIN_FIELD_SIZE = FIELD_SIZES[0]


class TournamentError(UserError):
    """A rule of the tournament format refused the request.

    ``lines`` holds one message per bad line where a whole text was checked.
    """

    lines: list[str] = []


def _user(actor):
    """The user to record, or None (anonymous, scripts)."""
    if actor is None or not getattr(actor, "is_authenticated", False):
        return None
    return actor


def _audit(tournament, actor, action: str, target: str = "", before=None, after=None) -> None:
    live_version.bump(tournament.pk if isinstance(tournament, Tournament) else tournament)
    AuditLog.objects.create(
        tournament=tournament,
        user=_user(actor),
        # an actor that is not a user names itself (an API token: ``api.tokens``)
        role=getattr(actor, "audit_role", "") if _user(actor) is None else "",
        action=action,
        target=str(target)[:200],
        before=before,
        after=after,
    )


def _lock(tournament) -> Tournament:
    """Lock the tournament row for the rest of the transaction and return it fresh.

    Every service that writes locks the tournament first: this is where its public
    version is bumped (``tournaments.live_version``), for whatever the service changes,
    bulk writes included."""
    pk = tournament.pk if isinstance(tournament, Tournament) else tournament
    refused = write_guard.refusal(pk)  # checked out to a venue laptop (``venue``)
    if refused:
        raise TournamentError(refused, "checked_out")
    live_version.bump(pk)
    try:
        return Tournament.objects.select_for_update().get(pk=pk)
    except Tournament.DoesNotExist:
        raise TournamentError(_("This tournament does not exist."), "not_found") from None


def _stage_for(in_play: int) -> str:
    return {8: Stage.QUARTERFINAL, 4: Stage.SEMIFINAL, 2: Stage.FINAL}.get(in_play, Stage.MAIN)


def _entry_state(entry: Entry) -> dict:
    state = {
        "number": entry.number,
        "player": entry.player_id,
        "paid": entry.paid,
        "cancelled": entry.cancelled_at is not None,
    }
    if entry.team_id is not None:
        state["team"] = entry.team.name
    return state


def _result_state(p: Pairing) -> dict:
    return {
        "outcome": p.outcome,
        "winner": p.winner,
        "score": [p.winner_bummerl, p.loser_bummerl] if p.winner_bummerl is not None else None,
        "version": p.version,
        "confirmed": p.confirmed_at is not None,
    }


def _pairing_target(p: Pairing) -> str:
    return f"round {p.round.number} {p.bracket} #{p.number}"


def winner_entry_id(p: Pairing) -> int | None:
    """The entry that goes on from a decided pairing (None while open)."""
    if p.outcome == Outcome.OPEN:
        return None
    return p.right_id if p.winner == Side.RIGHT else p.left_id


def loser_entry_id(p: Pairing) -> int | None:
    """The entry that a decided pairing puts out (None while open or for a bye)."""
    if p.outcome in (Outcome.OPEN, Outcome.BYE):
        return None
    return p.left_id if p.winner == Side.RIGHT else p.right_id


def active_entries(tournament):
    """The sold, uncancelled entries of a tournament."""
    return Entry.objects.filter(tournament=tournament, cancelled_at__isnull=True)


def field_entries(tournament) -> int:
    """How many entries the field holds: those sold; where the partners are still to be
    drawn, the teams the registered players will make (two registrations a team)."""
    sold = active_entries(tournament).count()
    if getattr(tournament, "draw_partners", False) and not tournament.partner_draw:
        return sold // 2
    return sold


def round_draws(round: Round) -> dict:
    """The round's draws as ``DrawResult`` objects, keyed "main" (and "place5_8")."""

    return {
        key: DrawResult.from_protocol(value)
        for key, value in (round.protocol or {}).items()
        if key in ("main", "place5_8")  # a Danish round's protocol is services.pairing's
    }


def _round_complete(round: Round, pairings: Sequence[Pairing], confirm: bool) -> bool:
    for p in pairings:
        if p.outcome == Outcome.OPEN:
            return False
        if confirm and p.outcome in (Outcome.PLAYED, Outcome.WALKOVER) and p.confirmed_at is None:
            return False
    return True


def _latest_round(t: Tournament) -> Round | None:
    return t.rounds.order_by("-number").first()
