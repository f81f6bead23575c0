"""Drawing rounds with the pot procedure (computed or transcribed), releasing and
withdrawing them.

Round protocols: ``Round.protocol`` is ``{"main": <DrawResult.to_protocol()>}``;
the semifinal round adds ``"place5_8"`` (the draw among the quarterfinal losers).
``round_draws(round)`` turns it back into ``DrawResult`` objects.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..draw import DrawError, Holder, check_transcript, draw_round
from ..formats import format_of
from ..models import (
    BRACKET_ORDER,
    Bracket,
    Entry,
    Outcome,
    Pairing,
    Player,
    Round,
    Side,
    Stage,
    Tournament,
    new_seed,
)
from ..signals import gathered, withdrawing_round
from . import transcript
from .common import (
    MIN_FIELD_SIZE,
    TournamentError,
    _audit,
    _latest_round,
    _lock,
    _round_complete,
    _stage_for,
    _user,
    active_entries,
    loser_entry_id,
    winner_entry_id,
)
from .entries import smaller_field_offer
from .teams import holder_names, partner_draw_pending
from .transcript import parse_transcript  # noqa: F401 - part of the services' API


@dataclass
class _DrawPlan:
    """What the next round draws: holders per bracket and the fixed placement pairings."""

    number: int
    stage: str
    pot_size: int
    multi_first: bool
    holders: list  # list[Holder] for the main draw
    placement_holders: list | None = None  # the semifinal's draw among quarterfinal losers
    fixed: list = field(default_factory=list)  # (bracket, left entry id, right entry id)


def _holders(entries: Sequence[Entry]):
    """Holders in a pk-independent order: by each player's lowest entry number."""

    by_player: dict[int, list[Entry]] = defaultdict(list)
    for e in entries:
        by_player[e.player_id].append(e)
    groups = sorted(by_player.values(), key=lambda es: min(e.number for e in es))
    return [
        Holder(
            player=es[0].player_id, entries=tuple(e.pk for e in sorted(es, key=lambda e: e.number))
        )
        for es in groups
    ]


def check_round_complete(t: Tournament, last: Round, pairings: Sequence[Pairing]) -> None:
    """Refuse the next round while ``last`` is a draft, has open pairings or results to
    confirm (every format)."""
    if last.status != Round.Status.RELEASED:
        raise TournamentError(
            _("Round %(n)d is not released yet.") % {"n": last.number}, "not_released"
        )
    if not _round_complete(last, pairings, t.confirm_results):
        open_count = sum(1 for p in pairings if p.outcome == Outcome.OPEN)
        if open_count:
            message = ngettext(
                "Round %(n)d has %(open)d open pairing.",
                "Round %(n)d has %(open)d open pairings.",
                open_count,
            ) % {"n": last.number, "open": open_count}
        else:
            message = _("Round %(n)d has results still to be confirmed.") % {"n": last.number}
        raise TournamentError(message, "round_open")


def _plan_next_round(t: Tournament) -> _DrawPlan:
    rounds = list(t.rounds.order_by("number"))
    if not rounds:
        entries = list(active_entries(t))
        sold = len(entries)
        if sold * 2 < t.field_size:
            offer = smaller_field_offer(t)
            if offer:
                message = ngettext(
                    "Only %(sold)d of %(size)d entries is sold, fewer than half the field. "
                    "Make the field %(offer)d entries first.",
                    "Only %(sold)d of %(size)d entries are sold, fewer than half the field. "
                    "Make the field %(offer)d entries first.",
                    sold,
                ) % {"sold": sold, "size": t.field_size, "offer": offer}
            else:
                message = ngettext(
                    "Only %(sold)d entry is sold; at least %(min)d are needed for a draw.",
                    "Only %(sold)d entries are sold; at least %(min)d are needed for a draw.",
                    sold,
                ) % {"sold": sold, "min": MIN_FIELD_SIZE // 2}
            raise TournamentError(message, "too_few")
        return _DrawPlan(
            number=1,
            stage=_stage_for(t.field_size),
            pot_size=t.field_size // 2,
            multi_first=False,
            holders=_holders(entries),
        )
    last = rounds[-1]
    if last.stage == Stage.FINAL:
        raise TournamentError(
            _("The final is drawn; the tournament has no further round."), "finished"
        )
    pairings = list(last.pairings.select_related("left", "right"))
    check_round_complete(t, last, pairings)
    entries = {}
    for p in pairings:
        entries[p.left_id] = p.left
        if p.right_id:
            entries[p.right_id] = p.right
    main = [p for p in pairings if p.bracket == Bracket.MAIN]
    going_on = [entries[winner_entry_id(p)] for p in main]
    n = len(going_on)
    plan = _DrawPlan(
        number=last.number + 1,
        stage=_stage_for(n),
        pot_size=n // 2,
        multi_first=True,
        holders=_holders(going_on),
    )
    if plan.stage == Stage.SEMIFINAL:
        losers = [entries[loser_entry_id(p)] for p in main]
        plan.placement_holders = _holders(losers)
    elif plan.stage == Stage.FINAL:
        main.sort(key=lambda p: p.number)
        place58 = sorted(
            (p for p in pairings if p.bracket == Bracket.PLACE_5_8), key=lambda p: p.number
        )
        plan.fixed = [
            (Bracket.PLACE_3, loser_entry_id(main[0]), loser_entry_id(main[1])),
            (Bracket.PLACE_5, winner_entry_id(place58[0]), winner_entry_id(place58[1])),
            (Bracket.PLACE_7, loser_entry_id(place58[0]), loser_entry_id(place58[1])),
        ]
    return plan


def _save_round(t: Tournament, plan: _DrawPlan, results: dict, *, method, seed, actor) -> Round:
    """Store the round and its pairings; byes and self-meetings are decided at once."""
    now = timezone.now()
    try:
        with transaction.atomic():
            rnd = Round.objects.create(
                tournament=t,
                number=plan.number,
                stage=plan.stage,
                status=Round.Status.DRAFT,
                method=method,
                seed=seed,
                protocol={key: r.to_protocol() for key, r in results.items()},
                created_by=_user(actor),
            )
    except IntegrityError:
        raise TournamentError(
            _("Round %(n)d was drawn at the same time by someone else.") % {"n": plan.number},
            "conflict",
        ) from None
    players = {
        e: h.player for h in plan.holders + (plan.placement_holders or []) for e in h.entries
    }
    # one number per pairing of the round: the main draw keeps its draw numbers, the
    # placement matches follow in BRACKET_ORDER (the 5-8 draw's pot numbers stay in the
    # protocol)
    planned = [
        (Bracket.MAIN if key == "main" else Bracket.PLACE_5_8, dp.number, dp.left, dp.right)
        for key, result in results.items()
        for dp in result.pairings
    ] + [(bracket, 1, left, right) for bracket, left, right in plan.fixed]
    planned.sort(key=lambda row: (BRACKET_ORDER.index(row[0]), row[1]))
    rows = [
        _new_pairing(rnd, bracket, number, left, right, now, actor)
        for number, (bracket, _draw_number, left, right) in enumerate(planned, start=1)
    ]
    # a pairing of two entries of one player is decided at once (fixed placement matches too)
    fixed_entries = {x for _b, a, b in plan.fixed for x in (a, b)}
    if fixed_entries:
        owner = dict(Entry.objects.filter(pk__in=fixed_entries).values_list("pk", "player_id"))
        players.update(owner)
    for row in rows:
        if (
            row.right_id is not None
            and row.outcome == Outcome.OPEN
            and players.get(row.left_id) == players.get(row.right_id)
        ):
            row.outcome = Outcome.SURRENDER
            row.winner = Side.LEFT
            row.decided_at = now
            row.decided_by = _user(actor)
    Pairing.objects.bulk_create(rows)
    _audit(
        t,
        actor,
        "draw_round" if method == Round.Method.COMPUTED else "transcribe_round",
        f"round {rnd.number}",
        None,
        {"round": rnd.number, "stage": rnd.stage, "seed": seed, "pairings": len(rows)},
    )
    return rnd


def _new_pairing(rnd, bracket, number, left, right, now, actor) -> Pairing:
    p = Pairing(round=rnd, bracket=bracket, number=number, left_id=left, right_id=right)
    if right is None:
        p.outcome = Outcome.BYE
        p.winner = Side.LEFT
        p.decided_at = now
        p.decided_by = _user(actor)
    return p


def _draw_error(exc, prefix: str = "", tournament=None) -> TournamentError:
    """A translated TournamentError for a DrawError, naming players (teams) by name."""
    params = dict(getattr(exc, "params", {}) or {})
    ids = [params[k] for k in ("player",) if isinstance(params.get(k), int)]
    ids += [p for p in params.get("players", []) if isinstance(p, int)]
    if tournament is not None:
        names = holder_names(tournament, ids)
    else:
        names = dict(Player.objects.filter(pk__in=ids).values_list("pk", "name"))
    if "player" in params:
        params["player"] = names.get(params["player"], params["player"])
    if "players" in params:
        params["players"] = ", ".join(str(names.get(p, p)) for p in params["players"])
    params["line"] = getattr(exc, "step", None) or params.get("line", "")
    messages = {
        "unknown_player": _("Line %(line)s: %(player)s holds no entry in this draw."),
        "unknown_pot": _("Line %(line)s: the pot must be left or right."),
        "number_out_of_range": _(
            "Line %(line)s: number %(number)s is not in the pots (1 to %(pot_size)s)."
        ),
        "number_drawn_twice": _(
            "Line %(line)s: number %(number)s was already drawn from this pot."
        ),
        "right_before_left": _(
            "Line %(line)s: %(player)s drew from the right pot while the left "
            "pot still had numbers."
        ),
        "kept_own_number": _(
            "Line %(line)s: %(player)s drew number %(number)s from the right "
            "pot, which he holds from the left pot, while other numbers were "
            "left; he must draw again."
        ),
        # he holds more entries than he drew numbers (so always several entries)
        "too_few_draws": ngettext(
            "Line %(line)s: %(player)s drew %(drawn)s number but holds %(entries)s entries.",
            "Line %(line)s: %(player)s drew %(drawn)s numbers but holds %(entries)s entries.",
            params["drawn"] if isinstance(params.get("drawn"), int) else 2,
        ),
        "too_many_draws": _("Line %(line)s: %(player)s has already drawn one number per entry."),
        "not_consecutive": _(
            "Line %(line)s: %(player)s drew earlier; a player draws all his numbers in a row."
        ),
        "missing_player": _(
            "%(players)s drew no numbers; every player draws one number per entry."
        ),
        "malformed_line": _("Line %(line)s: expected a player, a pot and a number."),
        "order_unknown_player": _("The drawing order names %(player)s, who holds no entry."),
        "order_duplicate_player": _("The drawing order names %(player)s twice."),
        "order_missing_player": _("The drawing order leaves out %(players)s."),
        "order_multi_first": _(
            "In the drawing order, players holding several entries come "
            "first (%(player)s holds one)."
        ),
    }
    template = messages.get(getattr(exc, "code", ""))
    try:
        message = template % params if template else str(exc)
    except (KeyError, TypeError, ValueError):
        message = str(exc)
    return TournamentError(prefix + message, "draw")


def _pot_draw(t: Tournament, *, seed=None, order=None, actor=None) -> Round:
    """The Preisschnapsen's draw of the next round, in the caller's transaction with the
    tournament locked (``next_round.draw_next_round``)."""
    plan = _plan_next_round(t)
    if order is not None and plan.number != 1:
        raise TournamentError(
            _(
                "The order of players can be given only for the first round; later, players "
                "holding several entries draw first."
            ),
            "order",
        )
    seed = int(seed) if seed is not None else new_seed()
    try:
        results = {
            "main": draw_round(
                plan.holders,
                pot_size=plan.pot_size,
                seed=seed,
                multi_first=plan.multi_first,
                order=list(order) if order is not None else None,
            )
        }
        if plan.placement_holders is not None:
            results["place5_8"] = draw_round(
                plan.placement_holders, pot_size=2, seed=seed + 1, multi_first=True
            )
    except DrawError as exc:
        raise _draw_error(exc, tournament=t) from None
    return _save_round(t, plan, results, method=Round.Method.COMPUTED, seed=seed, actor=actor)


def transcript_holders(tournament) -> dict:
    """Who draws in the next round, for the transcribe page: ``main`` (and, in the
    semifinal round, ``placement``) as rows of a player and his entry numbers."""
    t = tournament if isinstance(tournament, Tournament) else Tournament.objects.get(pk=tournament)
    try:
        plan = _plan_next_round(t)
    except TournamentError:
        return {"main": [], "placement": []}
    return {
        "main": transcript.holders_table(t, plan.holders),
        "placement": transcript.holders_table(t, plan.placement_holders or []),
    }


def _resolved(t, draws, holders, pot_size):
    """Typed draws (``transcript.Draw``) resolved to player ids, with the text line of
    each; tuples ``(player id, pot, number)`` are taken as they are."""
    if draws and all(isinstance(d, transcript.Draw) for d in draws):
        lines = [d.line for d in draws]
        return transcript.resolve(t, list(draws), holders, pot_size=pot_size), lines
    return [(int(p), str(s), int(n)) for p, s, n in draws], None


def transcribe_next_round(
    tournament, draws: Sequence, *, placement_draws=None, actor=None
) -> Round:
    """Record the next round from a draw done with real pots at the venue.

    ``draws`` lists, in order, the draws including redraws: as typed
    (``parse_transcript``: who drew by entry number or name, resolved against this
    draw, every bad line named at once), or as ``(player pk, "left"/"right", number)``.
    It is checked (every number once per pot, each player the right count, the redraw
    rule). For the semifinal round, ``placement_draws`` is the draw among the
    quarterfinal losers (computed when not given).
    """

    with transaction.atomic():
        t = _lock(tournament)
        if not format_of(t).transcribable:
            raise TournamentError(
                _(
                    "A round of the Danish system is paired from the standings by the "
                    "computer; there are no pots to transcribe."
                ),
                "not_transcribable",
            )

        if partner_draw_pending(t):
            raise TournamentError(
                _("Draw the partners first: the pots are drawn by the teams."), "partners"
            )
        plan = _plan_next_round(t)
        seed = new_seed()
        lines = None
        try:
            main, lines = _resolved(t, draws, plan.holders, plan.pot_size)
            results = {"main": check_transcript(plan.holders, pot_size=plan.pot_size, draws=main)}
            if plan.placement_holders is not None:
                if placement_draws:
                    place, lines = _resolved(t, placement_draws, plan.placement_holders, 2)
                    results["place5_8"] = check_transcript(
                        plan.placement_holders, pot_size=2, draws=place
                    )
                else:
                    results["place5_8"] = draw_round(
                        plan.placement_holders, pot_size=2, seed=seed, multi_first=True
                    )
            elif placement_draws:
                raise TournamentError(
                    _("Only the semifinal round has a placement draw."), "placement"
                )
        except DrawError as exc:
            if lines and isinstance(exc.step, int) and 1 <= exc.step <= len(lines):
                exc.step = lines[exc.step - 1]  # the line of the text, blank lines counted
            raise _draw_error(
                exc, _("The transcribed draw is not valid.") + " ", tournament=t
            ) from None
        except (TypeError, ValueError):
            raise TournamentError(
                _("Each draw is a player, a pot (left or right) and a number."), "draw"
            ) from None
        return _save_round(
            t, plan, results, method=Round.Method.TRANSCRIBED, seed=None, actor=actor
        )


def release_round(round, *, actor=None) -> Round:
    """Publish a drafted round: its pairings can be played and results entered."""
    with transaction.atomic():
        t = _lock(round.tournament_id)
        rnd = Round.objects.select_for_update().get(pk=round.pk)
        if rnd.status == Round.Status.RELEASED:
            raise TournamentError(
                _("Round %(n)d is already released.") % {"n": rnd.number}, "released"
            )
        rnd.status = Round.Status.RELEASED
        rnd.released_at = timezone.now()
        rnd.save(update_fields=["status", "released_at"])
        _audit(
            t,
            actor,
            "release_round",
            f"round {rnd.number}",
            {"status": "draft"},
            {"status": "released"},
        )
    return rnd


def withdraw_round(round, *, actor=None) -> None:
    """Withdraw the latest round while none of its results are entered. Its running
    browser matches and tables end: the games app cancels them and keeps them, detached
    from the deleted pairings, with a note for their players (``withdrawing_round``);
    the audit log names them."""
    with transaction.atomic():
        t = _lock(round.tournament_id)
        try:
            rnd = Round.objects.select_for_update().get(pk=round.pk)
        except Round.DoesNotExist:
            raise TournamentError(_("This round no longer exists."), "not_found") from None
        latest = _latest_round(t)
        if latest.pk != rnd.pk:
            raise TournamentError(_("Only the latest round can be withdrawn."), "not_latest")
        entered = rnd.pairings.filter(outcome__in=[Outcome.PLAYED, Outcome.WALKOVER]).count()
        if entered:
            raise TournamentError(
                ngettext(
                    "Round %(n)d has %(count)d result entered; it cannot be withdrawn.",
                    "Round %(n)d has %(count)d results entered; it cannot be withdrawn.",
                    entered,
                )
                % {"n": rnd.number, "count": entered},
                "has_results",
            )
        before = {
            "round": rnd.number,
            "seed": rnd.seed,
            "method": rnd.method,
            "protocol": rnd.protocol,
        }
        ended = gathered(withdrawing_round, round=rnd, actor=actor, dry_run=False)
        if ended.get("matches"):
            before["cancelled_matches"] = ended["matches"]
        rnd.delete()
        _audit(t, actor, "withdraw_round", f"round {before['round']}", before, None)
