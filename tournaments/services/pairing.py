"""The Danish system applied to the models: pairing a round by the standings, the
results as the pure code reads them (game points from the matches whose games are
known), and absences.

The pure rules are ``tournaments.danish``; players there are the entries' numbers (one
entry per player, stable across export and import), so a stored protocol needs no
mapping. ``Round.protocol`` of a Danish round is ``{"danish": DanishRound.to_protocol(),
"absent": [entry numbers not paired]}``.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .. import danish
from ..formats import format_of
from ..models import Entry, Outcome, Pairing, Round, Side, Stage, Tournament, new_seed
from ..signals import gathered, pairing_games
from .common import TournamentError, _audit, _entry_state, _lock, _user, active_entries
from .rounds import check_round_complete

PROTOCOL_KEY = "danish"


def danish_terms(t: Tournament) -> danish.Terms:
    return danish.Terms(
        rounds=t.danish_rounds,
        rematches=t.danish_rematches,
        bye_score=t.danish_bye_score,
        last_tiebreak=t.danish_last_tiebreak,
        match_bummerl=t.match_bummerl,
    )


def game_points(pairing_ids) -> dict[int, tuple[int, int]]:
    """Pairing id -> the game points (left, right) won in its match, where the games are
    known (``signals.pairing_games``)."""
    points = {}
    for pairing_id, sheet in gathered(pairing_games, pairing_ids=list(pairing_ids)).items():
        won = [0, 0]
        for bummerl in sheet:
            for seat, value in bummerl:
                won[seat] += value
        points[pairing_id] = (won[0], won[1])
    return points


def danish_results(t: Tournament, *, released_only: bool = False) -> list[danish.Result]:
    """Every pairing of the tournament as ``danish.Result`` (entry numbers as players)."""
    query = Pairing.objects.filter(round__tournament=t)
    if released_only:
        query = query.filter(round__status=Round.Status.RELEASED)
    rows = list(
        query.annotate(
            round_number=F("round__number"),
            left_number=F("left__number"),
            right_number=F("right__number"),
        )
        .order_by("round__number", "number")
        .values(
            "pk",
            "round_number",
            "left_number",
            "right_number",
            "outcome",
            "winner",
            "winner_bummerl",
            "loser_bummerl",
        )
    )
    points = game_points(r["pk"] for r in rows if r["outcome"] == Outcome.PLAYED)
    results = []
    for r in rows:
        winner = None
        if r["outcome"] != Outcome.OPEN and r["right_number"] is not None:
            winner = r["right_number"] if r["winner"] == Side.RIGHT else r["left_number"]
        results.append(
            danish.Result(
                round=r["round_number"],
                left=r["left_number"],
                right=r["right_number"],
                winner=winner,
                # a walkover counts as won without Bummerl
                winner_bummerl=r["winner_bummerl"],
                loser_bummerl=r["loser_bummerl"],
                game_points=points.get(r["pk"]),
            )
        )
    return results


def pair_next_round(t: Tournament, *, seed=None, order=None, actor=None) -> Round:
    """Pair the next Danish round (a draft) of the locked tournament ``t``: round 1 by a
    seeded lot, later rounds by the standings (``danish.pair_round``); absent players are
    left out. Pairing 1 is at table 1 (the top of the standings); the bye comes last."""
    if order is not None:
        raise TournamentError(
            _("A Danish round is paired by lot or by the standings; no order can be given."),
            "order",
        )
    rounds = list(t.rounds.order_by("number"))
    if rounds:
        last = rounds[-1]
        check_round_complete(t, last, list(last.pairings.all()))
        if last.number >= t.danish_rounds:
            raise TournamentError(
                ngettext(
                    "The tournament has %(n)d round; it is paired and played.",
                    "The tournament has %(n)d rounds; all are paired and played.",
                    t.danish_rounds,
                )
                % {"n": t.danish_rounds},
                "finished",
            )
    number = len(rounds) + 1
    entries = list(active_entries(t).select_related("player"))
    present = sorted(e.number for e in entries if not e.absent)
    absent = sorted(e.number for e in entries if e.absent)
    if len(present) < 2:
        raise TournamentError(
            ngettext(
                "Only %(n)d player is present; at least 2 are needed to pair a round.",
                "Only %(n)d players are present; at least 2 are needed to pair a round.",
                len(present),
            )
            % {"n": len(present)},
            "too_few",
        )
    seed = int(seed) if seed is not None else new_seed()
    try:
        paired = danish.pair_round(
            number,
            present,
            danish_results(t),
            danish_terms(t),
            seed=seed,
            tournament_seed=t.seed,
        )
    except danish.DanishError as exc:
        raise TournamentError(exc.message, exc.code) from None
    try:
        with transaction.atomic():
            rnd = Round.objects.create(
                tournament=t,
                number=number,
                stage=Stage.MAIN,
                status=Round.Status.DRAFT,
                method=Round.Method.COMPUTED,
                seed=seed,
                protocol={PROTOCOL_KEY: paired.to_protocol(), "absent": absent},
                created_by=_user(actor),
            )
    except IntegrityError:
        raise TournamentError(
            _("Round %(n)d was drawn at the same time by someone else.") % {"n": number},
            "conflict",
        ) from None
    by_number = {e.number: e for e in entries}
    now = timezone.now()
    rows = [
        Pairing(
            round=rnd,
            number=i,
            table=i,
            left_id=by_number[left].pk,
            right_id=by_number[right].pk,
        )
        for i, (left, right) in enumerate(paired.pairings, start=1)
    ]
    if paired.bye is not None:
        rows.append(
            Pairing(
                round=rnd,
                number=len(rows) + 1,
                left_id=by_number[paired.bye].pk,
                outcome=Outcome.BYE,
                winner=Side.LEFT,
                decided_at=now,
                decided_by=_user(actor),
            )
        )
    Pairing.objects.bulk_create(rows)
    _audit(
        t,
        actor,
        "draw_round",
        f"round {number}",
        None,
        {
            "round": number,
            "stage": Stage.MAIN,
            "seed": seed,
            "pairings": len(rows),
            "system": "danish",
            "bye": paired.bye,
            "absent": absent,
            "rematches": len(paired.rematches),
        },
    )
    return rnd


def round_protocol(rnd: Round) -> danish.DanishRound | None:
    """The Danish pairing protocol of a round (None for a pot draw); DanishError if it
    is damaged."""
    data = (rnd.protocol or {}).get(PROTOCOL_KEY)
    if data is None:
        return None
    return danish.DanishRound.from_protocol(data)


def set_absent(entry, absent: bool, *, actor=None) -> Entry:
    """Mark a player of a Danish tournament absent from the rounds still to be paired,
    or back; a round already paired keeps its pairings (a walkover decides them)."""
    with transaction.atomic():
        t = _lock(entry.tournament_id)
        if not format_of(t).absences:
            raise TournamentError(
                _("Players are marked absent only in the Danish system."), "format"
            )
        e = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)
        if e.cancelled_at is not None:
            raise TournamentError(_("This entry is cancelled."), "cancelled")
        last = t.rounds.order_by("-number").first()
        if last is not None and last.number >= t.danish_rounds:
            raise TournamentError(
                _("Every round is paired; nobody can be marked absent any more."), "finished"
            )
        absent = bool(absent)
        if e.absent == absent:
            return e
        before = dict(_entry_state(e), absent=e.absent)
        e.absent = absent
        e.save(update_fields=["absent"])
        _audit(
            t,
            actor,
            "set_absent" if absent else "set_present",
            f"entry {e.number}",
            before,
            dict(_entry_state(e), absent=absent),
        )
    return e
