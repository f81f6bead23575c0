"""Playing pairings (start, stop, tables, who is free) and their results: entered,
corrected and confirmed."""

from __future__ import annotations

from collections import defaultdict

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.numbers import parse_int

from ..models import (
    Outcome,
    Pairing,
    Player,
    ResultReport,
    Round,
    Side,
    Tournament,
)
from .common import (
    TournamentError,
    _audit,
    _lock,
    _pairing_target,
    _result_state,
    _user,
)


def _locked_pairing(pairing) -> tuple[Tournament, Pairing]:
    t = _lock(pairing.round.tournament_id)
    try:
        p = (
            Pairing.objects.select_for_update(of=("self",))
            .select_related("round")
            .get(pk=pairing.pk)
        )
    except Pairing.DoesNotExist:
        raise TournamentError(_("This pairing no longer exists."), "not_found") from None
    return t, p


def start_pairing(pairing, *, actor=None) -> Pairing:
    """Mark an open pairing as being played now; both players must be free."""
    with transaction.atomic():
        t, p = _locked_pairing(pairing)
        if p.round.status != Round.Status.RELEASED:
            raise TournamentError(_("The round is not released yet."), "not_released")
        if p.outcome != Outcome.OPEN:
            raise TournamentError(_("This pairing is already decided."), "decided")
        if p.started_at is not None:
            raise TournamentError(_("This pairing is already being played."), "started")
        busy = _busy_players(p.round, exclude=p.pk)
        mine = {p.left.player_id, p.right.player_id if p.right_id else None}
        clash = busy & mine
        if clash:
            names = ", ".join(
                sorted(Player.objects.filter(pk__in=clash).values_list("name", flat=True))
            )
            raise TournamentError(
                _("%(names)s is playing another pairing right now.") % {"names": names}, "busy"
            )
        p.started_at = timezone.now()
        p.save(update_fields=["started_at"])
        _audit(t, actor, "start_pairing", _pairing_target(p), None, {"started": True})
    return p


def stop_pairing(pairing, *, actor=None) -> Pairing:
    """Undo ``start_pairing`` (started by mistake, or interrupted): the players are free."""
    with transaction.atomic():
        t, p = _locked_pairing(pairing)
        if p.outcome != Outcome.OPEN or p.started_at is None:
            raise TournamentError(_("This pairing is not being played."), "not_started")
        p.started_at = None
        p.save(update_fields=["started_at"])
        _audit(t, actor, "stop_pairing", _pairing_target(p), {"started": True}, None)
    return p


def assign_table(pairing, table: int | None, *, actor=None) -> Pairing:
    """Put an open pairing at a table (None clears it)."""
    if table is not None and (not isinstance(table, int) or not 1 <= table <= 9999):
        raise TournamentError(_("A table is a number from 1 to 9999."), "table")
    with transaction.atomic():
        t, p = _locked_pairing(pairing)
        before = {"table": p.table}
        p.table = table
        p.save(update_fields=["table"])
        _audit(t, actor, "assign_table", _pairing_target(p), before, {"table": table})
    return p


def _busy_players(rnd: Round, exclude: int | None = None) -> set[int]:
    busy = set()
    started = (
        Pairing.objects.filter(round=rnd, outcome=Outcome.OPEN, started_at__isnull=False)
        .exclude(pk=exclude)
        .values_list("left__player_id", "right__player_id")
    )
    for a, b in started:
        busy.add(a)
        if b is not None:
            busy.add(b)
    return busy


def pairing_availability(round) -> dict[int, bool]:
    """For each open pairing of the round: are both players free right now?

    A player is busy while he plays another open pairing that has been started.
    """
    rows = list(
        Pairing.objects.filter(round=round, outcome=Outcome.OPEN).values_list(
            "pk", "left__player_id", "right__player_id", "started_at"
        )
    )
    busy_by: dict[int, set[int]] = defaultdict(set)
    for pk, a, b, started in rows:
        if started is not None:
            busy_by[a].add(pk)
            if b is not None:
                busy_by[b].add(pk)
    result = {}
    for pk, a, b, _started in rows:
        result[pk] = not (busy_by[a] - {pk}) and not (busy_by.get(b, set()) - {pk})
    return result


def _validate_result(t: Tournament, winner, score, walkover) -> tuple[int | None, int | None]:
    if winner not in (Side.LEFT, Side.RIGHT):
        raise TournamentError(_("The winner is “left” or “right”."), "winner")
    if walkover:
        if score is not None:
            raise TournamentError(_("A walkover has no score."), "score")
        return None, None
    if score is None:
        raise TournamentError(_("Enter the Bummerl score of the match."), "score")
    try:
        won, lost = (parse_int(x) for x in score)
    except (TypeError, ValueError):
        won = lost = None
    if won is None or lost is None:
        raise TournamentError(_("The score is two numbers, e.g. 2:1."), "score")
    need = t.match_bummerl
    if won != need or not 0 <= lost < need:
        valid = ", ".join(f"{need}:{k}" for k in range(need))
        raise TournamentError(
            _("%(score)s is not a result of a match to %(need)d Bummerl (valid: %(valid)s).")
            % {"score": f"{won}:{lost}", "need": need, "valid": valid},
            "score",
        )
    return won, lost


def _check_version(p: Pairing, expected_version) -> None:
    if expected_version is not None and parse_int(expected_version) != p.version:
        raise TournamentError(
            _(
                "This result was changed by someone else in the meantime; please check it "
                "and enter it again if needed."
            ),
            "changed",
        )


def _apply_result(p: Pairing, winner, won, lost, walkover, actor) -> None:
    p.outcome = Outcome.WALKOVER if walkover else Outcome.PLAYED
    p.winner = winner
    p.winner_bummerl = won
    p.loser_bummerl = lost
    p.decided_at = timezone.now()
    p.decided_by = _user(actor)
    p.confirmed_at = None
    p.confirmed_by = None
    p.version += 1
    p.save()


def _locked_reports(p: Pairing):
    return ResultReport.objects.select_for_update().filter(
        pairing=p, status__in=ResultReport.OPEN
    )


def _close_report(report: ResultReport, status: str, actor, note: str = "") -> None:
    report.status = status
    report.closed_at = timezone.now()
    report.closed_by = _user(actor)
    report.note = note[:200]
    report.save(update_fields=["status", "closed_at", "closed_by", "note"])


def record_result(
    pairing,
    *,
    winner: str,
    score: tuple[int, int] | None = None,
    walkover=False,
    actor=None,
    expected_version: int | None = None,
) -> Pairing:
    """Enter the result of an open pairing.

    ``winner`` is "left" or "right"; ``score`` is (winner's Bummerl, loser's Bummerl),
    valid for the match length; a walkover has no score. A decided pairing is refused
    (use ``correct_result``); with ``expected_version`` the call is refused when the
    pairing changed since the caller read it.
    """
    with transaction.atomic():
        t, p = _locked_pairing(pairing)
        _check_version(p, expected_version)
        if p.round.status != Round.Status.RELEASED:
            raise TournamentError(
                _("Round %(n)d is not released yet.") % {"n": p.round.number}, "not_released"
            )
        if p.outcome in (Outcome.BYE, Outcome.SURRENDER):
            raise TournamentError(_("This pairing is decided without play."), "no_match")
        if p.outcome != Outcome.OPEN:
            raise TournamentError(
                _("This pairing already has a result; correct it instead."), "decided"
            )
        won, lost = _validate_result(t, winner, score, walkover)
        before = _result_state(p)
        _apply_result(p, winner, won, lost, walkover, actor)
        # players' reports still open are settled by this result (``services.reports``)
        for report in _locked_reports(p):
            _close_report(
                report, ResultReport.Status.SET_ASIDE, actor, "the pairing was decided otherwise"
            )
        _audit(t, actor, "record_result", _pairing_target(p), before, _result_state(p))
    return p


def correct_result(
    pairing, *, winner, score=None, walkover=False, actor=None, expected_version=None
) -> Pairing:
    """Correct an entered result; allowed until the next round is drawn."""
    with transaction.atomic():
        t, p = _locked_pairing(pairing)
        _check_version(p, expected_version)
        if p.outcome in (Outcome.BYE, Outcome.SURRENDER):
            raise TournamentError(_("This pairing is decided without play."), "no_match")
        if p.outcome == Outcome.OPEN:
            raise TournamentError(_("This pairing has no result to correct yet."), "open")
        if t.rounds.filter(number__gt=p.round.number).exists():
            raise TournamentError(
                _(
                    "The next round is drawn; results of round %(n)d can no longer be "
                    "corrected (withdraw the next round first)."
                )
                % {"n": p.round.number},
                "next_drawn",
            )
        won, lost = _validate_result(t, winner, score, walkover)
        before = _result_state(p)
        _apply_result(p, winner, won, lost, walkover, actor)
        _audit(t, actor, "correct_result", _pairing_target(p), before, _result_state(p))
    return p


def confirm_result(pairing, *, actor) -> Pairing:
    """A second staff member confirms a result; not the one who entered it. An actor that
    is no user but names itself (``audit_role``: the command line) may confirm too."""
    if _user(actor) is None and not getattr(actor, "audit_role", ""):
        raise TournamentError(_("Only a signed-in staff member can confirm."), "actor")
    with transaction.atomic():
        t, p = _locked_pairing(pairing)
        if p.outcome not in (Outcome.PLAYED, Outcome.WALKOVER):
            raise TournamentError(_("This pairing has no result to confirm."), "open")
        if p.confirmed_at is not None:
            raise TournamentError(_("This result is already confirmed."), "confirmed")
        if p.decided_by_id is not None and p.decided_by_id == actor.pk:
            raise TournamentError(
                _("The result must be confirmed by someone other than who entered it."),
                "same_person",
            )
        p.confirmed_at = timezone.now()
        p.confirmed_by = _user(actor)
        p.save(update_fields=["confirmed_at", "confirmed_by"])
        _audit(t, actor, "confirm_result", _pairing_target(p), None, _result_state(p))
    return p
