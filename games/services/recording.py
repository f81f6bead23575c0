"""Recording a match played at the table: the quick Bummerl score or the whole score
sheet, checked by the engine."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from core.numbers import parse_digits, parse_int
from engine import RuleSet
from engine.match import Match as MatchScore
from engine.match import ScoreSheetError, validate_score_sheet
from games.messages import score_sheet_message
from tournaments import services as tournament_services
from tournaments.models import Pairing, Side, Tournament

from ..models import Match
from .common import (
    GameError,
)
from .pairings import decide_or_refuse, lock_pairing, recorded_match
from .team_recording import record_team_score_sheet

# --------------------------------------------------------------------------- recording


def record_quick(pairing: Pairing, *, winner: int, score, actor=None) -> Match:
    """Record a match by its Bummerl score: ``winner`` is seat 0 (left) or 1 (right),
    ``score`` (winner's Bummerl, loser's Bummerl). Decides the pairing; a refused result
    stores nothing."""
    try:
        winner = _figure(winner)
        won, lost = (_figure(x) for x in score)
    except (TypeError, ValueError):
        raise GameError(_("The score is two numbers, e.g. 2:1."), "score") from None
    if winner not in (0, 1):
        raise GameError(_("The winner is player 1 or player 2."), "winner")
    with transaction.atomic():
        p = lock_pairing(pairing)
        bummerl = [0, 0]
        bummerl[winner], bummerl[1 - winner] = won, lost
        m = recorded_match(p, actor, winner=winner, bummerl=bummerl)
        decide_or_refuse(m, actor, (won, lost))
    return m


def _figure(raw) -> int:
    """A figure typed in (ASCII digits, ``numbers.parse_int``); ValueError if not one."""
    value = parse_int(raw)
    if value is None:
        raise ValueError(raw)
    return value


def parse_score_sheet(text: str) -> list[list[tuple[int, int]]]:
    """Read a score sheet as typed: one Bummerl per line (or blocks separated by blank
    lines / ``|``), each game as the two players' remaining points after it, counting down
    from 7, e.g. ``7:4 7:2 5:2 3:2 0:2`` -- or as ``A3 B1`` (winner letter, points).

    Returns the games as (winner seat, game points). Raises ``GameError`` naming the line.
    """
    bummerls: list[list[tuple[int, int]]] = []
    lines = [ln.strip() for ln in (text or "").replace("|", "\n").splitlines()]
    for number, line in enumerate(lines, start=1):
        if not line:
            continue
        tokens = line.replace(",", " ").replace(";", " ").split()
        games: list[tuple[int, int]] = []
        remaining = [7, 7]
        for tok in tokens:
            t = tok.upper()
            if ":" in t or "-" in t:
                a, _sep, b = t.replace("-", ":").partition(":")
                try:
                    ra, rb = _figure(a), _figure(b)
                except ValueError:
                    raise GameError(
                        _("Line %(n)d: “%(tok)s” is not two numbers such as 5:7.")
                        % {"n": number, "tok": tok},
                        "sheet",
                    ) from None
                da, db = remaining[0] - max(ra, 0), remaining[1] - max(rb, 0)
                if ra == 7 and rb == 7 and not games:
                    continue  # the head of the column: 7 7
                if (da > 0) == (db > 0) or min(da, db) < 0:
                    raise GameError(
                        _(
                            "Line %(n)d: from %(a)d:%(b)d to %(tok)s exactly one player must "
                            "count down."
                        )
                        % {"n": number, "a": remaining[0], "b": remaining[1], "tok": tok},
                        "sheet",
                    )
                seat = 0 if da > 0 else 1
                games.append((seat, da or db))
                remaining = [max(ra, 0), max(rb, 0)]
            elif len(t) >= 2 and t[0] in "AB12" and parse_digits(t[1:]) is not None:
                seat = 0 if t[0] in "A1" else 1
                games.append((seat, parse_digits(t[1:])))
            else:
                raise GameError(
                    _("Line %(n)d: cannot read “%(tok)s” (write 5:7 or A2).")
                    % {"n": number, "tok": tok},
                    "sheet",
                )
        if games:
            bummerls.append(games)
    if not bummerls:
        raise GameError(_("The score sheet is empty."), "sheet")
    return bummerls


def check_score_sheet(rules: RuleSet, bummerl_to_win: int, bummerls, names=()) -> MatchScore:
    """The engine's score-sheet validator, its error turned into a ``GameError`` in the
    user's language, with the players' ``names`` (by seat) and the figures as written."""
    try:
        return validate_score_sheet(rules, bummerl_to_win, bummerls)
    except ScoreSheetError as exc:
        raise GameError(score_sheet_message(exc, names=names), "sheet") from None


def _sheet_names(p: Pairing) -> tuple[str, str]:
    """The players of a pairing as the sheet's columns: left, right."""
    return (p.left.player.name, p.right.player.name if p.right_id else "")


def record_score_sheet(pairing: Pairing, text_or_bummerls, *, actor=None) -> Match:
    """Record a match from its score sheet, checked under the tournament's rule profile;
    a wrong sheet is refused naming the wrong line and nothing is stored."""
    if pairing is not None and pairing.round.tournament.for_teams:
        return record_team_score_sheet(pairing, text_or_bummerls, actor=actor)
    if isinstance(text_or_bummerls, str):
        bummerls = parse_score_sheet(text_or_bummerls)
    else:
        bummerls = text_or_bummerls
    with transaction.atomic():
        p = lock_pairing(pairing)
        t = p.round.tournament
        rules = RuleSet.from_dict({"name": t.rule_profile, "bummerl_to_win_match": t.match_bummerl})
        score = check_score_sheet(rules, t.match_bummerl, bummerls, names=_sheet_names(p))
        m = recorded_match(
            p,
            actor,
            winner=score.winner,
            bummerl=list(score.bummerl_won),
            score_sheet=[[list(g) for g in b] for b in bummerls],
        )
        decide_or_refuse(m, actor)
    return m


# --------------------------------------------------------------------------- players' reports


def record_of_report(pairing: Pairing, report, actor=None) -> Match:
    """The match record of a confirmed report (``tournaments.services.reports``): the
    running browser match gives way to it, the score sheet is kept when there was one.
    Does not decide the pairing (the caller does)."""
    winner = 0 if report.winner == Side.LEFT else 1
    bummerl = [0, 0]
    bummerl[winner], bummerl[1 - winner] = report.winner_bummerl, report.loser_bummerl
    pairing = Pairing.objects.select_related("round__tournament", "left__player", "right__player").get(
        pk=pairing.pk
    )
    return recorded_match(
        pairing, actor, winner=winner, bummerl=bummerl, score_sheet=report.score_sheet
    )


def _side(seat: int) -> str:
    return Side.LEFT if seat == 0 else Side.RIGHT


def _report(pairing: Pairing, seat: int, winner: int, score, sheet=None):
    try:
        return tournament_services.report_result(
            pairing,
            side=_side(seat),
            winner=_side(winner),
            score=score,
            score_sheet=sheet,
        )
    except tournament_services.TournamentError as exc:
        raise GameError(exc.message, exc.code) from None


def report_quick(pairing: Pairing, seat: int, *, winner, score):
    """The player at ``seat`` reports the Bummerl score through his link: stored as a
    report that waits for the opponent's (or the staff's) confirmation."""
    try:
        winner = int(winner)
        won, lost = (int(x) for x in score)
    except (TypeError, ValueError):
        raise GameError(_("The score is two numbers, e.g. 2:1."), "score") from None
    if winner not in (0, 1):
        raise GameError(_("The winner is player 1 or player 2."), "winner")
    return _report(pairing, seat, winner, (won, lost))


def report_score_sheet(pairing: Pairing, seat: int, text: str):
    """The player at ``seat`` reports the score sheet: checked by the engine at once (a
    wrong sheet is refused naming the line), then stored as a report like the quick one."""
    bummerls = parse_score_sheet(text)
    t = Tournament.objects.get(pk=pairing.round.tournament_id)
    rules = RuleSet.from_dict({"name": t.rule_profile, "bummerl_to_win_match": t.match_bummerl})
    p = Pairing.objects.select_related("left__player", "right__player").get(pk=pairing.pk)
    score = check_score_sheet(rules, t.match_bummerl, bummerls, names=_sheet_names(p))
    need = t.match_bummerl
    won = min(score.bummerl_won[score.winner], need)
    lost = min(score.bummerl_won[1 - score.winner], need - 1)
    sheet = [[list(g) for g in b] for b in bummerls]
    return _report(pairing, seat, score.winner, (won, lost), sheet)


def answer_report(report_pk, seat: int, *, confirm: bool):
    """The opponent answers a report from his link: confirm (the pairing is decided) or
    contradict (staff decide)."""
    try:
        if confirm:
            return tournament_services.confirm_report(report_pk, side=_side(seat))
        return tournament_services.dispute_report(report_pk, side=_side(seat))
    except tournament_services.TournamentError as exc:
        raise GameError(exc.message, exc.code) from None
