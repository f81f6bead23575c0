"""The service layer: every change to a tournament goes through these functions.

Each mutating service runs in one transaction, locks the tournament row first
(``select_for_update``; every mutation of a tournament serializes on it, so
concurrent calls on PostgreSQL are safe), writes an ``AuditLog`` row, and raises
``TournamentError`` for every rule violation without leaving half-written data.

Round protocols: ``Round.protocol`` is ``{"main": <DrawResult.to_protocol()>}``;
the semifinal round adds ``"place5_8"`` (the draw among the quarterfinal losers).
``round_draws(round)`` turns it back into ``DrawResult`` objects.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from schnapsen_site.errors import UserError

from .models import (
    FIELD_SIZES,
    PRIZE_PLACES,
    AuditLog,
    Bracket,
    Entry,
    Outcome,
    Pairing,
    Player,
    Prize,
    Round,
    RuleProfile,
    Side,
    Stage,
    Tournament,
    new_seed,
)

MIN_FIELD_SIZE = FIELD_SIZES[0]


class TournamentError(UserError):
    """A rule of the tournament format refused the request.

    ``lines`` holds one message per bad line where a whole text was checked.
    """

    lines: list[str] = []


# --------------------------------------------------------------------------- helpers


def _user(actor):
    """The user to record, or None (anonymous, scripts)."""
    if actor is None or not getattr(actor, "is_authenticated", False):
        return None
    return actor


def _audit(tournament, actor, action: str, target: str = "", before=None, after=None) -> None:
    AuditLog.objects.create(
        tournament=tournament,
        user=_user(actor),
        action=action,
        target=str(target)[:200],
        before=before,
        after=after,
    )


def _lock(tournament) -> Tournament:
    """Lock the tournament row for the rest of the transaction and return it fresh."""
    pk = tournament.pk if isinstance(tournament, Tournament) else tournament
    try:
        return Tournament.objects.select_for_update().get(pk=pk)
    except Tournament.DoesNotExist:
        raise TournamentError(_("This tournament does not exist."), "not_found") from None


def _stage_for(in_play: int) -> str:
    return {8: Stage.QUARTERFINAL, 4: Stage.SEMIFINAL, 2: Stage.FINAL}.get(in_play, Stage.MAIN)


def _entry_state(entry: Entry) -> dict:
    return {
        "number": entry.number,
        "player": entry.player_id,
        "paid": entry.paid,
        "cancelled": entry.cancelled_at is not None,
    }


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


def round_draws(round: Round) -> dict:
    """The round's draws as ``DrawResult`` objects, keyed "main" (and "place5_8")."""
    from .draw import DrawResult

    return {key: DrawResult.from_protocol(value) for key, value in (round.protocol or {}).items()}


def _round_complete(round: Round, pairings: Sequence[Pairing], confirm: bool) -> bool:
    for p in pairings:
        if p.outcome == Outcome.OPEN:
            return False
        if confirm and p.outcome in (Outcome.PLAYED, Outcome.WALKOVER) and p.confirmed_at is None:
            return False
    return True


# --------------------------------------------------------------------------- tournament


def _validate_terms(
    *, name, field_size, max_entries_per_player, entry_fee, rule_profile, match_bummerl
) -> Decimal:
    if not str(name or "").strip():
        raise TournamentError(_("The tournament needs a name."), "name")
    if field_size not in FIELD_SIZES:
        raise TournamentError(
            _("The field size must be one of %(sizes)s.")
            % {"sizes": ", ".join(str(n) for n in FIELD_SIZES)},
            "field_size",
        )
    if not isinstance(max_entries_per_player, int) or not 1 <= max_entries_per_player <= 16:
        raise TournamentError(
            _("A player may buy between 1 and 16 entries."), "max_entries_per_player"
        )
    try:
        fee = Decimal(str(entry_fee))
    except (InvalidOperation, ValueError):
        raise TournamentError(_("The entry fee is not a number."), "entry_fee") from None
    if fee < 0 or fee >= Decimal("1000000"):
        raise TournamentError(_("The entry fee must be between 0 and 999999.99."), "entry_fee")
    if rule_profile not in RuleProfile.values:
        raise TournamentError(
            _("Unknown rule profile “%(profile)s”.") % {"profile": rule_profile}, "rule_profile"
        )
    if match_bummerl not in (2, 3):
        raise TournamentError(_("A match is played to 2 or 3 Bummerl."), "match_bummerl")
    return fee


def _prize_rows(prizes) -> list[tuple[int, str, Decimal | None]]:
    prizes = list(prizes or ())
    if len(prizes) > PRIZE_PLACES:
        raise TournamentError(_("There are at most %(n)d prizes.") % {"n": PRIZE_PLACES}, "prizes")
    rows = []
    for place, item in enumerate(prizes, start=1):
        if isinstance(item, str):
            description, amount = item, None
        else:
            description, amount = item
        description = (description or "").strip()
        if amount is not None and amount != "":
            try:
                amount = Decimal(str(amount))
            except (InvalidOperation, ValueError):
                raise TournamentError(
                    _("The amount of prize %(place)d is not a number.") % {"place": place},
                    "prizes",
                ) from None
            if amount < 0:
                raise TournamentError(
                    _("The amount of prize %(place)d is negative.") % {"place": place}, "prizes"
                )
        else:
            amount = None
        if description or amount is not None:
            if len(description) > 200:
                raise TournamentError(_("A prize text is at most 200 characters."), "prizes")
            rows.append((place, description, amount))
    return rows


def create_tournament(
    *,
    name,
    date,
    field_size,
    venue="",
    club_name="",
    max_entries_per_player=3,
    entry_fee=0,
    rule_profile="weich",
    match_bummerl=2,
    one_prize_per_player=False,
    confirm_results=False,
    prizes: Sequence[tuple[str, Decimal | None]] = (),
    seed: int | None = None,
    actor=None,
) -> Tournament:
    """Create a tournament with its terms and up to eight prizes (text and/or amount).

    ``prizes`` lists the prizes from 1st place down: ``(description, amount)``.
    """
    fee = _validate_terms(
        name=name,
        field_size=field_size,
        max_entries_per_player=max_entries_per_player,
        entry_fee=entry_fee,
        rule_profile=rule_profile,
        match_bummerl=match_bummerl,
    )
    rows = _prize_rows(prizes)
    with transaction.atomic():
        t = Tournament.objects.create(
            name=str(name).strip()[:200],
            date=date,
            venue=(venue or "").strip()[:200],
            club_name=(club_name or "").strip()[:200],
            field_size=field_size,
            max_entries_per_player=max_entries_per_player,
            entry_fee=fee,
            rule_profile=rule_profile,
            match_bummerl=match_bummerl,
            one_prize_per_player=bool(one_prize_per_player),
            confirm_results=bool(confirm_results),
            seed=seed if seed is not None else new_seed(),
        )
        Prize.objects.bulk_create(
            Prize(tournament=t, place=place, description=d, amount=a) for place, d, a in rows
        )
        _audit(t, actor, "create_tournament", t.name, None, {"field_size": field_size})
    return t


# The tournament terms (Turnierausschreibung) staff may set; the form edits the same.
TERMS_FIELDS = (
    "name",
    "date",
    "venue",
    "club_name",
    "field_size",
    "max_entries_per_player",
    "entry_fee",
    "rule_profile",
    "match_bummerl",
    "one_prize_per_player",
    "confirm_results",
    "is_public",
)


def update_tournament(tournament, *, actor=None, **terms) -> Tournament:
    """Change the tournament terms. Field size and entries per player only before the draw."""
    unknown = set(terms) - set(TERMS_FIELDS)
    if unknown:
        raise TournamentError(
            _("Unknown tournament terms: %(names)s") % {"names": ", ".join(sorted(unknown))}
        )
    with transaction.atomic():
        t = _lock(tournament)
        drawn = t.rounds.exists()
        before = {k: str(getattr(t, k)) for k in terms}
        if drawn:
            for key in ("field_size", "max_entries_per_player", "match_bummerl"):
                if key in terms and terms[key] != getattr(t, key):
                    raise TournamentError(
                        _(
                            "The field size, entries per player and match length cannot change "
                            "after the first draw."
                        ),
                        "drawn",
                    )
        merged = {
            k: terms.get(k, getattr(t, k))
            for k in (
                "name",
                "field_size",
                "max_entries_per_player",
                "entry_fee",
                "rule_profile",
                "match_bummerl",
            )
        }
        terms["entry_fee"] = _validate_terms(**merged)
        count = active_entries(t).count()
        if merged["field_size"] < count:
            raise TournamentError(
                _("%(sold)d entries are sold; the field cannot be smaller.") % {"sold": count},
                "field_size",
            )
        for key, value in terms.items():
            setattr(t, key, value.strip() if isinstance(value, str) else value)
        t.save()
        _audit(
            t, actor, "update_tournament", t.name, before, {k: str(getattr(t, k)) for k in terms}
        )
    if isinstance(tournament, Tournament):
        for key in terms:  # the caller's instance is current too
            setattr(tournament, key, getattr(t, key))
    return t


def delete_tournament(tournament, *, actor=None) -> None:
    """Delete a tournament with its rounds and entries (players stay in the register)."""
    with transaction.atomic():
        t = _lock(tournament)
        name = t.name
        Pairing.objects.filter(round__tournament=t).delete()
        t.delete()
        _audit(None, actor, "delete_tournament", name, {"tournament": tournament.pk}, None)


def set_prizes(tournament, prizes: Sequence[tuple[str, Decimal | None]], *, actor=None):
    """Replace the prize list (1st place first)."""
    rows = _prize_rows(prizes)
    with transaction.atomic():
        t = _lock(tournament)
        before = [[p.place, p.description, str(p.amount)] for p in t.prizes.all()]
        t.prizes.all().delete()
        Prize.objects.bulk_create(
            Prize(tournament=t, place=place, description=d, amount=a) for place, d, a in rows
        )
        _audit(t, actor, "set_prizes", t.name, before, [[p, d, str(a)] for p, d, a in rows])
    return list(Prize.objects.filter(tournament=t))


# --------------------------------------------------------------------------- players, entries


def find_or_register_player(name, *, town="", contact="") -> Player:
    """The register's player with exactly this name and town, or a new one."""
    name = " ".join(str(name or "").split())
    town = " ".join(str(town or "").split())
    if not name:
        raise TournamentError(_("The player needs a name."), "name")
    if len(name) > 200 or len(town) > 200 or len(contact or "") > 200:
        raise TournamentError(_("Name, town and contact are at most 200 characters."), "name")
    player = Player.objects.filter(name=name, town=town).order_by("pk").first()
    if player is None:
        player = Player.objects.create(name=name, town=town, contact=(contact or "").strip())
    elif contact and not player.contact:
        player.contact = contact.strip()
        player.save(update_fields=["contact"])
    return player


def sell_entries(tournament, player, count=1, *, paid=False, actor=None) -> list[Entry]:
    """Sell ``count`` entries to a player, numbered after the highest number so far."""
    if not isinstance(count, int) or count < 1:
        raise TournamentError(_("Sell at least one entry."), "count")
    with transaction.atomic():
        t = _lock(tournament)
        if t.rounds.exists():
            raise TournamentError(
                _("The first round is drawn; no more entries can be sold."), "drawn"
            )
        active = active_entries(t)
        held = active.filter(player=player).count()
        if held + count > t.max_entries_per_player:
            # two counts, two sentences: each takes the plural form of its own number
            holds = ngettext(
                "%(name)s holds %(held)d entry.", "%(name)s holds %(held)d entries.", held
            ) % {"name": player.name, "held": held}
            limit = ngettext(
                "A player may buy at most %(max)d entry.",
                "A player may buy at most %(max)d entries.",
                t.max_entries_per_player,
            ) % {"max": t.max_entries_per_player}
            raise TournamentError(f"{holds} {limit}", "limit")
        sold = active.count()
        if sold + count > t.field_size:
            raise TournamentError(
                ngettext(
                    "Only %(left)d of %(size)d entries is left.",
                    "Only %(left)d of %(size)d entries are left.",
                    t.field_size - sold,
                )
                % {"left": t.field_size - sold, "size": t.field_size},
                "full",
            )
        top = Entry.objects.filter(tournament=t).aggregate(m=Max("number"))["m"] or 0
        entries = [
            Entry.objects.create(tournament=t, player=player, number=top + i + 1, paid=bool(paid))
            for i in range(count)
        ]
        _audit(t, actor, "sell_entries", str(player), None, [_entry_state(e) for e in entries])
    return entries


def set_paid(entry, paid: bool, *, actor=None) -> Entry:
    """Mark an entry paid or unpaid."""
    with transaction.atomic():
        _lock(entry.tournament_id)
        e = Entry.objects.select_for_update().get(pk=entry.pk)
        before = _entry_state(e)
        e.paid = bool(paid)
        e.save(update_fields=["paid"])
        _audit(e.tournament, actor, "set_paid", f"entry {e.number}", before, _entry_state(e))
    return e


def cancel_entry(entry, *, actor=None) -> Entry:
    """Cancel a sold entry; only before the first draw."""
    with transaction.atomic():
        t = _lock(entry.tournament_id)
        e = Entry.objects.select_for_update().get(pk=entry.pk)
        if t.rounds.exists():
            raise TournamentError(
                _("Entries can be cancelled only before the first draw."), "drawn"
            )
        if e.cancelled_at is not None:
            raise TournamentError(_("This entry is already cancelled."), "cancelled")
        before = _entry_state(e)
        e.cancelled_at = timezone.now()
        e.save(update_fields=["cancelled_at"])
        _audit(t, actor, "cancel_entry", f"entry {e.number}", before, _entry_state(e))
    return e


def record_playoff(tournament, entries: Sequence[Entry], *, actor=None) -> None:
    """Record a play-off among entries tied for a place (9 and below): best first."""
    with transaction.atomic():
        t = _lock(tournament)
        ids = [e.pk for e in entries]
        if len(set(ids)) != len(ids) or len(ids) < 2:
            raise TournamentError(_("A play-off orders at least two different entries."))
        found = Entry.objects.filter(tournament=t, pk__in=ids).count()
        if found != len(ids):
            raise TournamentError(_("These entries are not all in this tournament."))
        for rank, pk in enumerate(ids, start=1):
            Entry.objects.filter(pk=pk).update(playoff_rank=rank)
        _audit(t, actor, "record_playoff", t.name, None, ids)


def smaller_field_offer(tournament) -> int | None:
    """The field size to offer when fewer entries are sold than half the field.

    None when the field is full enough, or when no field size fits (fewer than 8 sold).
    """
    sold = active_entries(tournament).count()
    if sold * 2 >= tournament.field_size:
        return None
    fitting = [n for n in FIELD_SIZES if n // 2 <= sold and n < tournament.field_size]
    return max(fitting) if fitting else None


def shrink_field(tournament, new_size, *, actor=None) -> Tournament:
    """Make the field smaller (before the first draw), e.g. to the offered size."""
    with transaction.atomic():
        t = _lock(tournament)
        if t.rounds.exists():
            raise TournamentError(_("The field cannot change after the first draw."), "drawn")
        sold = active_entries(t).count()
        if new_size not in FIELD_SIZES or new_size >= t.field_size:
            raise TournamentError(
                _("The new field size must be a smaller one of %(sizes)s.")
                % {"sizes": ", ".join(str(n) for n in FIELD_SIZES if n < t.field_size) or "-"},
                "field_size",
            )
        if new_size < sold:
            raise TournamentError(
                _("%(sold)d entries are sold; a field of %(size)d is too small.")
                % {"sold": sold, "size": new_size},
                "field_size",
            )
        before = {"field_size": t.field_size}
        t.field_size = new_size
        t.save(update_fields=["field_size", "updated_at"])
        _audit(t, actor, "shrink_field", t.name, before, {"field_size": new_size})
    if isinstance(tournament, Tournament):
        tournament.field_size = new_size  # the caller's instance is current too
    return t


# --------------------------------------------------------------------------- draw


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
    from .draw import Holder

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
    rows = []
    for key, result in results.items():
        bracket = Bracket.MAIN if key == "main" else Bracket.PLACE_5_8
        for dp in result.pairings:
            rows.append(_new_pairing(rnd, bracket, dp.number, dp.left, dp.right, now, actor))
    for number_bracket, left, right in plan.fixed:
        rows.append(_new_pairing(rnd, number_bracket, 1, left, right, now, actor))
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


def _draw_error(exc, prefix: str = "") -> TournamentError:
    """A translated TournamentError for a DrawError, naming players by name."""
    params = dict(getattr(exc, "params", {}) or {})
    ids = [params[k] for k in ("player",) if isinstance(params.get(k), int)]
    ids += [p for p in params.get("players", []) if isinstance(p, int)]
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


def draw_next_round(
    tournament, *, seed=None, order: Sequence[int] | None = None, actor=None
) -> Round:
    """Draw the next round (status DRAFT) with the pot procedure.

    Round 1 draws the sold entries into a field of ``field_size`` (unsold slots are
    byes), in a seeded random order of players unless ``order`` (player pks, the
    order in which they came to the pots) is given. Later rounds draw the entries in
    play, players holding several entries first. The semifinal round also draws the
    quarterfinal losers among themselves (``Bracket.PLACE_5_8``); the final round adds
    the matches for 3rd, 5th and 7th place.
    """
    from .draw import DrawError, draw_round

    with transaction.atomic():
        t = _lock(tournament)
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
            raise _draw_error(exc) from None
        return _save_round(t, plan, results, method=Round.Method.COMPUTED, seed=seed, actor=actor)


def parse_transcript(text: str) -> list[tuple[int, str, int]]:
    """Read a typed-in pot draw: one draw per line, ``player pot number``.

    The player is his register number (``Player.pk``), the pot ``L``/``R`` (or
    ``left``/``right``); commas and semicolons may separate the values; blank lines
    are skipped. Every bad line is named (``TournamentError.lines``), not just the first.
    """
    draws: list[tuple[int, str, int]] = []
    errors: list[str] = []
    pots = {"l": "left", "left": "left", "r": "right", "right": "right"}
    for index, raw in enumerate(text.splitlines(), start=1):
        values = raw.replace(",", " ").replace(";", " ").split()
        if not values:
            continue
        if len(values) != 3:
            errors.append(
                _("Line %(line)s: three values expected (player, pot, number).") % {"line": index}
            )
            continue
        player, pot, number = values
        pot = pots.get(pot.lower())
        if not player.isdigit() or not number.isdigit() or pot is None:
            errors.append(
                _("Line %(line)s: write player number, L or R, and the drawn number.")
                % {"line": index}
            )
            continue
        draws.append((int(player), pot, int(number)))
    if errors:
        error = TournamentError(" ".join(errors), "transcript")
        error.lines = errors
        raise error
    if not draws:
        raise TournamentError(_("No draws entered."), "transcript")
    return draws


def transcribe_next_round(
    tournament, draws: Sequence[tuple[int, str, int]], *, placement_draws=None, actor=None
) -> Round:
    """Record the next round from a draw done with real pots at the venue.

    ``draws`` lists, in order, ``(player pk, "left"/"right", number)`` including
    redraws; it is checked (every number once per pot, each player the right count,
    the redraw rule). For the semifinal round, ``placement_draws`` is the draw among
    the quarterfinal losers (computed when not given).
    """
    from .draw import DrawError, check_transcript, draw_round

    with transaction.atomic():
        t = _lock(tournament)
        plan = _plan_next_round(t)
        seed = new_seed()
        try:
            results = {
                "main": check_transcript(
                    plan.holders,
                    pot_size=plan.pot_size,
                    draws=[(int(p), str(s), int(n)) for p, s, n in draws],
                )
            }
            if plan.placement_holders is not None:
                if placement_draws:
                    results["place5_8"] = check_transcript(
                        plan.placement_holders,
                        pot_size=2,
                        draws=[(int(p), str(s), int(n)) for p, s, n in placement_draws],
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
            raise _draw_error(exc, _("The transcribed draw is not valid.") + " ") from None
        except (TypeError, ValueError):
            raise TournamentError(
                _("Each draw is a player, a pot (left or right) and a number."), "draw"
            ) from None
        return _save_round(
            t, plan, results, method=Round.Method.TRANSCRIBED, seed=None, actor=actor
        )


def _latest_round(t: Tournament) -> Round | None:
    return t.rounds.order_by("-number").first()


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
    """Withdraw the latest round while none of its results are entered."""
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
        rnd.delete()
        _audit(t, actor, "withdraw_round", f"round {before['round']}", before, None)


# --------------------------------------------------------------------------- results


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
        won, lost = (int(x) for x in score)
    except (TypeError, ValueError):
        raise TournamentError(_("The score is two numbers, e.g. 2:1."), "score") from None
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
    if expected_version is not None and int(expected_version) != p.version:
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
    """A second staff member confirms a result; not the one who entered it."""
    if _user(actor) is None:
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
        p.confirmed_by = actor
        p.save(update_fields=["confirmed_at", "confirmed_by"])
        _audit(t, actor, "confirm_result", _pairing_target(p), None, _result_state(p))
    return p


# --------------------------------------------------------------------------- progress


@dataclass
class NextStep:
    """What the staff should do next, with the counters of the tournament desk."""

    code: str  # "sell", "shrink", "draw", "release", "results", "confirm", "finished"
    message: str
    round: int | None = None
    players: int = 0
    entries_sold: int = 0
    entries_paid: int = 0
    fees_taken: Decimal = Decimal("0")
    byes: int = 0
    open_pairings: int = 0
    unconfirmed: int = 0
    field_offer: int | None = None


def next_step(tournament) -> NextStep:
    """The next thing to do, as a translated message and a code, with counters."""
    t = tournament
    entries = list(active_entries(t).values_list("player_id", "paid"))
    sold = len(entries)
    paid = sum(1 for _p, is_paid in entries if is_paid)
    step = NextStep(
        code="",
        message="",
        players=len({p for p, _paid in entries}),
        entries_sold=sold,
        entries_paid=paid,
        fees_taken=(t.entry_fee or Decimal("0")) * paid,
    )
    rounds = list(t.rounds.order_by("number"))
    if rounds:
        step.byes = Pairing.objects.filter(round=rounds[0], outcome=Outcome.BYE).count()
    else:
        step.byes = max(t.field_size - sold, 0)
    if not rounds:
        if sold * 2 >= t.field_size:
            step.code, step.round = "draw", 1
            step.message = _("Draw round %(n)d") % {"n": 1}
        else:
            step.field_offer = smaller_field_offer(t)
            if step.field_offer:
                step.code = "shrink"
                step.message = _(
                    "Only %(sold)d of %(size)d entries sold: sell more or make the field "
                    "%(offer)d entries"
                ) % {"sold": sold, "size": t.field_size, "offer": step.field_offer}
            else:
                step.code = "sell"
                step.message = _("Sell entries (%(sold)d of %(size)d sold)") % {
                    "sold": sold,
                    "size": t.field_size,
                }
        return step
    last = rounds[-1]
    step.round = last.number
    pairings = list(last.pairings.all())
    step.open_pairings = sum(1 for p in pairings if p.outcome == Outcome.OPEN)
    step.unconfirmed = (
        sum(
            1
            for p in pairings
            if p.outcome in (Outcome.PLAYED, Outcome.WALKOVER) and p.confirmed_at is None
        )
        if t.confirm_results
        else 0
    )
    if last.status == Round.Status.DRAFT:
        step.code = "release"
        step.message = _("Release round %(n)d") % {"n": last.number}
    elif step.open_pairings:
        step.code = "results"
        step.message = ngettext(
            "%(count)d open pairing", "%(count)d open pairings", step.open_pairings
        ) % {"count": step.open_pairings}
    elif step.unconfirmed:
        step.code = "confirm"
        step.message = ngettext(
            "%(count)d result to confirm", "%(count)d results to confirm", step.unconfirmed
        ) % {"count": step.unconfirmed}
    elif last.stage == Stage.FINAL:
        step.code = "finished"
        step.message = _("The tournament is finished")
    else:
        step.code, step.round = "draw", last.number + 1
        step.message = _("Draw round %(n)d") % {"n": last.number + 1}
    return step


def tournament_phase(tournament) -> str:
    """ "registration" before the first draw, "finished" once the final round is decided,
    else "running"."""
    last = _latest_round(tournament)
    if last is None:
        return "registration"
    if last.stage == Stage.FINAL and last.status == Round.Status.RELEASED:
        pairings = list(last.pairings.all())
        if _round_complete(last, pairings, tournament.confirm_results):
            return "finished"
    return "running"
