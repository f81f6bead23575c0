"""The browser tables of a team tournament (Preis-Bauernschnapsen): a table of four for
a team pairing, its seats from the register, a seat handed to the computer, and the
finished table deciding its pairing.

A team pairing's table is a Bauernschnapsen :class:`~games.models.Match` tied to its
pairing (``Match.pairing``) like a two-player tournament match: starting it marks the
pairing started through the tournament core, it is played through
``services.tables`` (sequence numbers, the computer's task), and when one team has got
the tournament's N Bummerl (``MultiTable(first_to=N)``; a Schneider counts 2, a
Retourschneider 4) the other team has won and the result goes through
``tournaments.services.record_result`` as a staff-entered one would (audited, the live
version bumped, to be confirmed as the terms say). Its seats, clockwise: team A player 1,
team B player 1, team A player 2, team B player 2 (partners opposite,
``tournaments.services.table_seats``). The rules are the engine's Spielekatalog preset
the tournament names (``Tournament.catalogue``), the seed is drawn from the
tournament's seed and the pairing (and stored on the match).
"""

from __future__ import annotations

import hashlib

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from core.numbers import parse_int
from engine.bauern.rules import BauernRules
from tournaments import services as tournament_services
from tournaments.models import AuditLog, Outcome, Pairing, Tournament

from ..models import TABLE_LEVELS, GameKind, Match, Mode, Seat, Status
from ..multi_text import reason_text
from . import tables
from .common import GameError
from .pairings import active_match, pairing_names

#: the Spielekatalog of a tournament's tables (no term of the tournament yet)


def table_seed(tournament: Tournament, pairing: Pairing, attempt: int) -> int:
    """The seed of a pairing's table: from the tournament's seed, the round, the pairing
    and how many tables the pairing had before (a new table after a cancelled one deals
    anew). 63 bits, stored on the match."""
    text = f"{tournament.seed}:table:{pairing.round.number}:{pairing.number}:{attempt}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def start_table_for_pairing(pairing: Pairing, *, actor=None, seed: int | None = None) -> Match:
    """Staff start the table of four for an open team pairing (marks the pairing started
    through the tournament core); returns the running table if there is one already."""

    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=pairing.round.tournament_id)
        p = (
            Pairing.objects.select_for_update(of=("self",))
            .select_related(
                "round__tournament",
                "left__player",
                "right__player",
                "left__team__first",
                "left__team__second",
                "right__team__first",
                "right__team__second",
            )
            .get(pk=pairing.pk)
        )
        running = active_match(p)
        if running is not None:
            return running
        if p.right_id is None:
            raise GameError(_("A bye is not played."), "bye")
        if p.outcome != Outcome.OPEN:
            raise GameError(_("This pairing is already decided."), "decided")
        t = p.round.tournament
        try:
            players = tournament_services.table_seats(p)
        except tournament_services.TournamentError as exc:
            raise GameError(exc.message, exc.code) from None
        if p.started_at is None:
            try:
                tournament_services.start_pairing(p, actor=actor)
            except tournament_services.TournamentError as exc:
                raise GameError(exc.message, exc.code) from None
        if seed is None:
            seed = table_seed(t, p, p.matches.filter(mode=Mode.PLAYED).count())
        name0, name1 = pairing_names(p)
        m = Match.objects.create(
            game_kind=GameKind.BAUERNSCHNAPSEN,
            pairing=p,
            mode=Mode.PLAYED,
            rules=BauernRules.preset(t.catalogue).to_dict(),
            bummerl_to_win=t.match_bummerl,
            seed=seed,
            name0=name0[:200],
            name1=name1[:200],
            created_by=actor if getattr(actor, "is_authenticated", False) else None,
        )
        for index, player in enumerate(players):
            Seat.objects.create(match=m, index=index, name=player.name[:200])
        live = tables.live_table(m)
        tables._store_game_row(m, live.table, 0)
    tables._after_move(m, live)
    return m


def seat_to_computer(match: Match | int, index, level, *, actor=None) -> Seat:
    """Staff give seat ``index`` of a running tournament table to the computer at
    ``level`` (a player who left), or back to its person (``level`` ""): his link works
    again. Written to the tournament's audit log; the computer moves at once if it is
    its turn."""

    pk = match.pk if isinstance(match, Match) else match
    level = (level or "").strip()
    if level and level not in tables.BOTS:
        raise GameError(pgettext("table", "Unknown strength “%(l)s”.") % {"l": level}, "bot")
    try:
        index = int(index)
    except (TypeError, ValueError):
        index = -1
    with transaction.atomic():
        m = tables._lock(pk)
        if m.pairing_id is None:
            raise GameError(pgettext("table", "This is not a tournament table."), "not_found")
        if m.status != Status.PLAYING:
            raise GameError(pgettext("table", "This table is over."), "over")
        seat = m.seats.filter(index=index).first()
        if seat is None:
            raise GameError(pgettext("table", "Choose one of the four seats."), "seat")
        before = seat.bot_level
        if before != level:
            seat.bot_level = level
            seat.save(update_fields=["bot_level"])
            p = Pairing.objects.select_related("round").get(pk=m.pairing_id)
            AuditLog.objects.create(
                tournament_id=p.round.tournament_id,
                user=actor if getattr(actor, "is_authenticated", False) else None,
                action="table_seat",
                target=f"round {p.round.number} {p.bracket} #{p.number}"[:200],
                before={"match": m.pk, "seat": index + 1, "player": seat.name, "computer": before},
                after={"match": m.pk, "seat": index + 1, "player": seat.name, "computer": level},
            )
    live = tables.live_table(m)
    tables._after_move(m, live)
    return seat


def record_table_revoke(match: Match | int, offender, *, seq=None, actor=None):
    """The referee calls a Renonce (revoke) by seat ``offender`` (0 to 3) in the running
    game of a tournament table. The engine checks it against the cards played
    (``engine/multi/revoke.py``): none found is refused with its reason, translated, and
    nothing changes; a found one ends the game, the other team winning it with the points
    of the table's rules (rule option ``revoke``), stored in the action log and the
    audit log (``tables.revoke_and_audit``). ``seq`` is the sequence number the staff
    page showed: a repeated confirmation answers ``applied=False``, a game that moved on
    is refused. Returns ``tables.TableActResult``."""
    pk = match.pk if isinstance(match, Match) else match
    offender = parse_int(offender)
    if seq in (None, ""):
        seq = None
    else:
        seq = parse_int(seq, min=0)
        if seq is None:
            raise GameError(_("The sequence number must be a whole number."), "seq")
    with transaction.atomic():
        m = tables._lock(pk)
        if m.pairing_id is None:
            raise GameError(pgettext("table", "This is not a tournament table."), "not_found")
        seats = list(m.seats.order_by("index"))
        if offender is None or not 0 <= offender < len(seats):
            raise GameError(pgettext("table", "Choose the seat that revoked."), "offender")
        action = f"revoke:{offender}"
        if seq is not None and seq < m.next_seq:
            done = m.actions.filter(seq=seq).first()
            if done is not None and done.action == action:
                return tables.TableActResult(m, False, seq, None, offender)
            raise GameError(
                _("The game has moved on since you opened the page: check the game and try again."),
                "stale",
            )
        tables._refuse_future_or_over(m, seq)
        live = tables.live_table(m, seats)
        why = live.table.why_illegal(offender, action)
        if why is not None:
            raise GameError(reason_text(why, live.names, m.deck_style), "revoke")
        number = m.next_seq
        tables.revoke_and_audit(m, live, offender, actor=actor)
    tables._after_move(m, live)
    return tables.TableActResult(m, True, number, live, offender)


def table_levels() -> list[tuple[str, str]]:
    return [("", pgettext("table", "the player (his link)"))] + list(TABLE_LEVELS)
