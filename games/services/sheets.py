"""The games of the tournaments' pairings as score sheets, for the tournaments app (which
asks through ``tournaments.signals``): the games of a pairing's deciding match, and the
games of an imported pairing kept as a recorded match."""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _

from tournaments.models import Outcome, Pairing, Side, Tournament

from ..models import Game, Match, Mode, Status


def pairing_games(pairing_ids) -> dict[int, list[list[tuple[int, int]]]]:
    """Pairing id -> the games of its deciding match as a score sheet (per Bummerl, each
    game as (winner's seat, game points)), for the pairings whose games are known: a
    score sheet, or a match played in the browser (two queries). A match entered by its
    Bummerl score alone has none."""
    ids = list(pairing_ids)
    if not ids:
        return {}
    latest: dict[int, tuple[int, str, object]] = {}
    for pk, pairing_id, mode, sheet in (
        Match.objects.filter(pairing_id__in=ids, status=Status.FINISHED)
        .order_by("pk")
        .values_list("pk", "pairing_id", "mode", "score_sheet")
    ):
        latest[pairing_id] = (pk, mode, sheet)  # the newest finished match decides
    sheets: dict[int, list[list[tuple[int, int]]]] = {}
    played = {pk: pairing_id for pairing_id, (pk, mode, _s) in latest.items() if mode == Mode.PLAYED}
    for pairing_id, (_pk, mode, sheet) in latest.items():
        if mode == Mode.RECORDED and sheet:
            sheets[pairing_id] = [[(int(a), int(b)) for a, b in bummerl] for bummerl in sheet]
    if played:
        by_match: dict[int, dict[int, list[tuple[int, int]]]] = defaultdict(dict)
        for match_id, bummerl, winner, value in (
            Game.objects.filter(match_id__in=played, winner__isnull=False)
            .order_by("match_id", "index")
            .values_list("match_id", "bummerl_index", "winner", "game_points")
        ):
            by_match[match_id].setdefault(bummerl, []).append((winner, value or 0))
        for match_id, pairing_id in played.items():
            bummerls = by_match.get(match_id, {})
            sheets[pairing_id] = [bummerls[k] for k in sorted(bummerls)]
    return sheets


def record_imported(t: Tournament, pairing: Pairing, sheet) -> None:
    """The games of an imported pairing, kept as a recorded match with its score sheet."""
    if pairing.outcome != Outcome.PLAYED:
        return
    winner = 1 if pairing.winner == Side.RIGHT else 0
    bummerl = [0, 0]
    bummerl[winner], bummerl[1 - winner] = pairing.winner_bummerl or 0, pairing.loser_bummerl or 0
    Match.objects.create(
        pairing=pairing,
        mode=Mode.RECORDED,
        status=Status.FINISHED,
        rule_profile=t.rule_profile,
        bummerl_to_win=t.match_bummerl,
        winner=winner,
        bummerl=bummerl,
        score_sheet=sheet,
        result_note=_("Imported with the tournament."),
        finished_at=pairing.decided_at,
    )
