"""Results that players report through their private links: a report decides its pairing
only once the opponent confirms it (from his link, or by reporting the same result) or
staff do; two different reports, or a report the opponent contradicts, wait for staff.

Every report, confirmation and contradiction is in the audit log, with the reporting
player's name as the actor (``PlayerActor``), so staff see who reported what.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Q, Sum
from django.utils.translation import gettext as _

from ..models import Outcome, Pairing, ResultReport, Round, Side
from ..signals import report_decides
from .common import TournamentError, _audit, _lock, _pairing_target, _user
from .results import (
    _close_report,
    _locked_pairing,
    _locked_reports,
    _validate_result,
    record_result,
)

OTHER = {Side.LEFT: Side.RIGHT, Side.RIGHT: Side.LEFT}


@dataclass(frozen=True)
class PlayerActor:
    """A player acting through his private link: no user; named in the audit log's role
    (``clubs.permissions.role_text`` reads "player:<name>")."""

    name: str
    is_authenticated = False

    @property
    def audit_role(self) -> str:
        return f"player:{self.name}"[:60]


@dataclass(frozen=True)
class ReportOutcome:
    """What a report did: ``state`` is "pending" (waits for the opponent), "confirmed"
    (the opponent had reported the same: the pairing is decided), "disputed" (the two
    reports differ) or "unchanged" (the same report again: nothing new)."""

    report: ResultReport
    state: str


def side_player(p: Pairing, side: str) -> str:
    entry = p.right if side == Side.RIGHT else p.left
    return entry.player.name if entry is not None else ""


def report_text(report: ResultReport, p: Pairing | None = None) -> str:
    """ "Franz Berger won 2:1" in the page's language."""
    p = p or report.pairing
    return _("%(winner)s won %(won)d:%(lost)d") % {
        "winner": side_player(p, report.winner),
        "won": report.winner_bummerl,
        "lost": report.loser_bummerl,
    }


def _report_state(r: ResultReport) -> dict:
    return {
        "reported_by": r.side,
        "winner": r.winner,
        "score": [r.winner_bummerl, r.loser_bummerl],
        "report": r.status,
    }


def _refuse_closed_pairing(p: Pairing) -> None:
    if p.round.status != Round.Status.RELEASED:
        raise TournamentError(
            _("Round %(n)d is not released yet.") % {"n": p.round.number}, "not_released"
        )
    if p.right_id is None or p.outcome in (Outcome.BYE, Outcome.SURRENDER):
        raise TournamentError(_("This pairing is decided without play."), "no_match")
    if p.outcome != Outcome.OPEN:
        if p.outcome == Outcome.WALKOVER:
            result = _("%(winner)s won by walkover") % {"winner": side_player(p, p.winner)}
        else:
            result = _("%(winner)s won %(won)d:%(lost)d") % {
                "winner": side_player(p, p.winner),
                "won": p.winner_bummerl or 0,
                "lost": p.loser_bummerl or 0,
            }
        raise TournamentError(
            _(
                "This pairing is already decided (%(result)s); a report can no longer change "
                "it. If the result is wrong, tell the tournament staff."
            )
            % {"result": result},
            "decided",
        )


def report_result(
    pairing, *, side: str, winner: str, score, score_sheet=None, reporter=None
) -> ReportOutcome:
    """A player (``side`` of the pairing) reports the result: ``winner`` "left"/"right",
    ``score`` (winner's Bummerl, loser's Bummerl), the checked score sheet if he gave one.

    The same report again changes nothing; a different one replaces his earlier report.
    When the opponent has reported the same result the pairing is decided; a different
    result makes both reports a disagreement for staff. A decided pairing refuses."""
    if side not in (Side.LEFT, Side.RIGHT):
        raise TournamentError(_("The winner is “left” or “right”."), "side")
    with transaction.atomic():
        t, p = _locked_pairing(pairing)
        p = Pairing.objects.select_related("round", "left__player", "right__player").get(pk=p.pk)
        _refuse_closed_pairing(p)
        won, lost = _validate_result(t, winner, score, False)
        reporter = reporter or PlayerActor(side_player(p, side))
        new = ResultReport(
            pairing=p,
            side=side,
            winner=winner,
            winner_bummerl=won,
            loser_bummerl=lost,
            score_sheet=score_sheet,
        )
        open_reports = list(_locked_reports(p))
        mine = next((r for r in open_reports if r.side == side), None)
        theirs = next((r for r in open_reports if r.side != side), None)
        if mine is not None and mine.same_result(new):
            return ReportOutcome(mine, "unchanged")
        if mine is not None:
            _close_report(mine, ResultReport.Status.SET_ASIDE, reporter, "replaced by a new report")
        new.save()
        target = _pairing_target(p)
        _audit(t, reporter, "report_result", target, None, _report_state(new))
        if theirs is not None and theirs.same_result(new):
            _decide(p, [theirs, new], reporter)
            return ReportOutcome(new, "confirmed")
        if theirs is not None:
            for r in (theirs, new):
                r.status = ResultReport.Status.DISPUTED
                r.save(update_fields=["status"])
            return ReportOutcome(new, "disputed")
        return ReportOutcome(new, "pending")


def _decide(p: Pairing, reports: list[ResultReport], actor) -> Pairing:
    """The confirmed report decides the pairing, as staff entry would; the player's
    browser match gives way to the recorded result (``signals.report_decides``: the
    games app records it)."""
    for r in reports:
        _close_report(r, ResultReport.Status.CONFIRMED, actor)
    report = reports[-1]
    report_decides.send(sender=None, pairing=p, report=report, actor=actor)
    return record_result(
        p,
        winner=report.winner,
        score=(report.winner_bummerl, report.loser_bummerl),
        actor=actor,
    )


def _fresh_report(t, report) -> tuple[Pairing, ResultReport]:
    pk = report.pk if isinstance(report, ResultReport) else report
    try:
        r = ResultReport.objects.select_for_update().get(pk=pk, pairing__round__tournament=t)
    except ResultReport.DoesNotExist:
        raise TournamentError(_("This report no longer exists."), "not_found") from None
    p = Pairing.objects.select_related("round", "left__player", "right__player").get(
        pk=r.pairing_id
    )
    return p, r


def _tournament_of(report) -> int:
    if isinstance(report, ResultReport):
        return (
            Pairing.objects.filter(pk=report.pairing_id)
            .values_list("round__tournament_id", flat=True)
            .first()
        )
    return (
        ResultReport.objects.filter(pk=report)
        .values_list("pairing__round__tournament_id", flat=True)
        .first()
    )


def _open_report(report, *, side=None) -> tuple[Pairing, ResultReport, object]:
    tournament_id = _tournament_of(report)
    if tournament_id is None:
        raise TournamentError(_("This report no longer exists."), "not_found")

    t = _lock(tournament_id)
    p, r = _fresh_report(t, report)
    _refuse_closed_pairing(p)
    if not r.is_open:
        raise TournamentError(
            _("This report was replaced or settled in the meantime; nothing was changed."),
            "closed",
        )
    if side is not None and side == r.side:
        raise TournamentError(
            _("You cannot confirm or contradict your own report: your opponent or the staff do."),
            "own",
        )
    return p, r, t


def confirm_report(report, *, side: str | None = None, actor=None) -> Pairing:
    """Confirm a player's report: by the opponent's link (``side``: the opponent's side)
    or by a signed-in staff member (``actor``; he may pick either of two reports that
    disagree). The pairing is decided with the reported result."""
    if side is None and _user(actor) is None:
        raise TournamentError(_("Only the opponent or a staff member can confirm."), "actor")
    with transaction.atomic():
        p, r, t = _open_report(report, side=side)
        if side is not None:
            actor = PlayerActor(side_player(p, side))
        _audit(t, actor, "confirm_report", _pairing_target(p), None, _report_state(r))
        return _decide(p, [r], actor)


def dispute_report(report, *, side: str) -> ResultReport:
    """The opponent contradicts a report from his link: it waits for staff."""
    with transaction.atomic():
        p, r, t = _open_report(report, side=side)
        if r.status != ResultReport.Status.DISPUTED:
            r.status = ResultReport.Status.DISPUTED
            r.save(update_fields=["status"])
            actor = PlayerActor(side_player(p, side))
            _audit(t, actor, "dispute_report", _pairing_target(p), None, _report_state(r))
    return r


def reports_by_pairing(pairing_ids) -> dict[int, list[ResultReport]]:
    """Pairing id -> its reports, oldest first (one query)."""
    out: dict[int, list[ResultReport]] = {}
    for r in ResultReport.objects.filter(pairing_id__in=list(pairing_ids)).order_by(
        "created_at", "pk"
    ):
        out.setdefault(r.pairing_id, []).append(r)
    return out


def disputed_pairings(tournament) -> list[Pairing]:
    """The tournament's open pairings whose reports disagree, for the staff's list."""
    return list(
        Pairing.objects.filter(
            round__tournament=tournament,
            outcome=Outcome.OPEN,
            reports__status=ResultReport.Status.DISPUTED,
        )
        .select_related("round", "left__player", "right__player")
        .distinct()
        .order_by("round__number", "number")
    )


def results_version(tournament) -> str:
    """A fingerprint of what the staff's results page shows (results and their
    corrections, matches started, confirmations, players' reports and what became of
    them, rounds released): it changes whenever the page would (two queries), so an
    open results page asks for it and shows the new state (``static/js/staff.js``)."""
    pairings = Pairing.objects.filter(round__tournament=tournament).aggregate(
        n=Count("pk"),
        versions=Sum("version"),
        started=Count("started_at"),
        confirmed=Count("confirmed_at"),
        released=Count("round", distinct=True, filter=Q(round__status=Round.Status.RELEASED)),
    )
    reports = sorted(
        ResultReport.objects.filter(pairing__round__tournament=tournament)
        .values_list("status")
        .annotate(n=Count("pk"))
    )
    parts = [pairings[k] or 0 for k in ("n", "versions", "started", "confirmed", "released")]
    return ".".join(str(x) for x in parts) + "-" + ".".join(f"{s}{n}" for s, n in reports)
