"""Recording a Bauernschnapsen match of a team tournament from its score sheet: the
two teams' figures counting down from 24 per Bummerl, checked by the engine
(``engine.bauern.scoring.validate_score_sheet``, which names the first wrong line),
then scored into the match: the first team to hang N Bummerl on the other wins (a
Schneider counts 2, a Retourschneider 4). Nothing is stored for a refused sheet."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from engine.bauern.scoring import SheetError, parse_sheet_text, validate_score_sheet
from tournaments.models import Pairing

from ..models import Match
from .common import GameError
from .multi_recording import check_bauern_sheet
from .pairings import decide_or_refuse, lock_pairing, recorded_match


def score_team_sheet(text_or_lines, need: int, teams=("", ""), rules: str = "ueblich") -> dict:
    """Check a sheet and score it for a match to ``need`` Bummerl: the winner (team 0 is
    the pairing's left team), the Bummerl each team hung on the other (capped for the
    result), and the games per Bummerl as (team, points). Raises ``GameError`` naming
    the wrong line (``multi_recording.check_bauern_sheet``, translated), or saying that
    the match is not (or was already) decided."""
    check_bauern_sheet(text_or_lines, rules=rules, teams=teams)  # names the wrong line
    lines = parse_sheet_text(text_or_lines) if isinstance(text_or_lines, str) else text_or_lines
    try:
        match = validate_score_sheet(rules, lines)
    except SheetError as exc:  # pragma: no cover - check_bauern_sheet refused it already
        raise GameError(str(exc), "sheet") from None
    got = [0, 0]  # Bummerl each team got (lost)
    winner = None
    for index, bummerl in enumerate(match.sheets):
        if winner is not None:
            raise GameError(
                _(
                    "The match was decided after Bummerl %(n)d; the sheet goes on with "
                    "Bummerl %(next)d."
                )
                % {"n": index, "next": index + 1},
                "sheet",
            )
        for team, value in bummerl.losers().items():
            got[team] += value
        for team in (0, 1):
            if got[team] >= need:
                winner = 1 - team
    if winner is None:
        raise GameError(
            _("The match is not decided: %(a)d:%(b)d Bummerl, and it is played to %(n)d.")
            % {"a": got[1], "b": got[0], "n": need},
            "sheet",
        )
    games = [[[0 if g[0] else 1, g[0] or g[1]] for g in bummerl.games] for bummerl in match.sheets]
    won = [got[1], got[0]]  # Bummerl each team won (hung on the other)
    return {"winner": winner, "bummerl": won, "games": games}


def record_team_score_sheet(pairing: Pairing, text_or_lines, *, actor=None) -> Match:
    """Record the match of a team pairing from its Bauernschnapsen score sheet."""
    with transaction.atomic():
        p = lock_pairing(pairing)
        t = p.round.tournament
        teams = (p.left.holder_name, p.right.holder_name if p.right_id else "")
        # the special games a sheet may name: the tournament's catalogue
        scored = score_team_sheet(text_or_lines, t.match_bummerl, teams, rules=t.catalogue)
        m = recorded_match(
            p,
            actor,
            winner=scored["winner"],
            bummerl=scored["bummerl"],
            score_sheet=scored["games"],
        )
        decide_or_refuse(m, actor)
    return m
