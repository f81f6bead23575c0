"""A tournament pairing's matches: the players' names on a match, the running match, the
pairing locked in the tournament core's order, a recorded match that replaces a running
one, and a finished match (or table) deciding its pairing through the tournament core.
Shared by starting, playing and recording matches of pairings; and what becomes of a
withdrawn round's matches (``end_round_matches``)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import services as tournament_services
from tournaments.models import Pairing, Round, Side, Tournament

from ..models import Match, Mode, Status
from .common import GameError
from .push import notify, notify_table


def pairing_names(p: Pairing) -> tuple[str, str]:
    left = f"#{p.left.number} {p.left.holder_name}"
    right = f"#{p.right.number} {p.right.holder_name}" if p.right_id else ""
    return left, right

def active_match(pairing: Pairing) -> Match | None:
    return pairing.matches.filter(status=Status.PLAYING).order_by("-pk").first()

def lock_pairing(pairing) -> Pairing | None:
    if pairing is None:
        return None
    Tournament.objects.select_for_update().get(pk=pairing.round.tournament_id)
    return (
        Pairing.objects.select_for_update(of=("self",))
        .select_related("round__tournament", "left__player", "right__player")
        .get(pk=pairing.pk)
    )

def recorded_match(pairing: Pairing | None, actor, **fields) -> Match:
    if pairing is not None:
        p = pairing
        t = p.round.tournament
        name0, name1 = pairing_names(p)
        for running in p.matches.filter(status=Status.PLAYING):
            running.status = Status.CANCELLED
            running.result_note = _("Replaced by a recorded result.")
            running.save(update_fields=["status", "result_note", "updated_at"])
        fields.setdefault("rule_profile", t.rule_profile)
        fields.setdefault("bummerl_to_win", t.match_bummerl)
        fields.setdefault("name0", name0)
        fields.setdefault("name1", name1)
    return Match.objects.create(
        pairing=pairing,
        mode=Mode.RECORDED,
        status=Status.FINISHED,
        finished_at=timezone.now(),
        created_by=actor if getattr(actor, "is_authenticated", False) else None,
        **fields,
    )

def decide_or_refuse(m: Match, actor, score=None) -> None:
    need = m.bummerl_to_win
    if score is None:  # a Schneider may hang more Bummerl than the match needs
        score = (min(m.bummerl[m.winner], need), min(m.bummerl[1 - m.winner], need - 1))
    try:
        tournament_services.record_result(
            m.pairing,
            winner=Side.LEFT if m.winner == 0 else Side.RIGHT,
            score=score,
            actor=actor,
        )
    except tournament_services.TournamentError as exc:
        raise GameError(exc.message, exc.code) from None

def decide_pairing(m: Match, actor=None) -> None:
    """The finished table decides its pairing: the team that won N Bummerl wins, with
    the Bummerl score (each team's capped to the match length, the loser's below it).
    ``m.bummerl`` holds the Bummerl each team won, as for every match of a pairing. A
    refusal (e.g. staff entered a result meanwhile) is kept as the match's note."""
    need = m.bummerl_to_win
    won = min(m.bummerl[m.winner], need)
    lost = min(m.bummerl[1 - m.winner], need - 1)
    try:
        tournament_services.record_result(
            m.pairing,
            winner=Side.LEFT if m.winner == 0 else Side.RIGHT,
            score=(won, lost),
            actor=actor,
        )
        m.result_note = ""
    except tournament_services.TournamentError as exc:
        m.result_note = exc.message[:300]


def end_round_matches(rnd: Round, *, dry_run: bool = False) -> list[int]:
    """The round is withdrawn (``tournaments.signals.withdrawing_round``): what a referee
    expects of the matches begun in it. A running browser match or table ends: it is
    cancelled, with a note that its players' pages show, and kept with its games and
    moves (the audit log names it); it decides nothing. Every match of the round's
    pairings (running, cancelled, or recorded but refused) is detached from its pairing,
    which is deleted with the round; a new draw starts new matches. Returns the ids of
    the running matches ended; ``dry_run`` changes nothing and names them."""
    running = list(
        Match.objects.filter(pairing__round=rnd, status=Status.PLAYING)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    if dry_run:
        return running
    note = _(
        "Round %(number)d was withdrawn by the tournament staff: this match is cancelled."
    ) % {"number": rnd.number}
    ended = list(Match.objects.select_for_update().filter(pk__in=running, status=Status.PLAYING))
    for m in ended:
        m.status = Status.CANCELLED
        m.result_note = note[:300]
        m.save(update_fields=["status", "result_note", "updated_at"])
    Match.objects.filter(pairing__round=rnd).update(pairing=None, updated_at=timezone.now())
    for m in ended:  # the players' pages learn it once the withdrawal is stored
        transaction.on_commit(lambda m=m: (notify_table if m.is_table else notify)(m))
    return [m.pk for m in ended]
