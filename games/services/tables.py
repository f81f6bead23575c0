"""Tables of three or four in the browser: Bauernschnapsen (four, two teams) and
Talonschnapsen (three, each for himself), any mix of people (each with a private link)
and the computer.

The same storage as the two-player matches: a :class:`~games.models.Match` (with its
``game_kind``), one :class:`~games.models.Seat` row per seat, one
:class:`~games.models.Game` row per deal (deck order, dealer, result) and the action log
in :class:`~games.models.MatchAction`. The live table is never stored: :func:`live_table`
replays the log on the engine's :class:`~engine.tables.table.MultiTable` (dealt from
the match's seed, so the same deals come back), checked action by action. So that an
action costs the same on the 400th move as on the first, each process keeps the tables
it has rebuilt (:func:`live_table`): a table is taken from there and only the actions
stored since are replayed; the stored log is append-only, and the last action the kept
table knows is checked against its row, so a kept table is used only for the same log.

Acting follows the two-player rules: the client sends the sequence number it expects,
the match row is locked, a repeat answers "already applied", a stale or future number is
refused, and the computer's answer is a task (``games.tasks.table_computer_move``) run
outside the request.
"""

from __future__ import annotations

import hmac
import random
import threading
from collections import OrderedDict
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import pgettext

from core.numbers import parse_int
from engine.bauern.rules import BauernRules
from engine.messages import reason_of
from engine.multi.actions import Action
from engine.tables.bots import make_multi_bot
from engine.tables.table import MultiTable
from engine.talon.rules import TalonRules
from games.multi_text import reason_text
from tournaments.models import AuditLog, Pairing, Side

from ..live import TableLive
from ..models import BotLevel, DeckStyle, Game, GameKind, Match, MatchAction, Mode, Seat, Status
from ..signals import computer_to_move
from .common import GameError, commit_durably, lock_for_move
from .pairings import decide_pairing
from .play import _refuse_future_or_over, _sequence_number
from .push import notify_table

SIZES = {GameKind.BAUERNSCHNAPSEN: 4, GameKind.TALONSCHNAPSEN: 3}
RULES = {GameKind.BAUERNSCHNAPSEN: BauernRules, GameKind.TALONSCHNAPSEN: TalonRules}
#: The rule presets offered on the start page (the engine's Spielekatalog presets).
PRESETS = ("ueblich", "alles", "ohne_bettler", "keine")
#: UI level -> the engine's multi-player bot (``engine.tables.bots.make_multi_bot``).
#: ``master`` ("Meister") is for two players only: a table refuses it (TABLE_LEVELS).
BOTS = {BotLevel.EASY: "rule", BotLevel.MEDIUM: "medium", BotLevel.STRONG: "strong"}


def preset_labels() -> dict[str, str]:
    return {
        "ueblich": pgettext("table", "üblich: Schnapser, Gangl, Bauernschnapser"),
        "alles": pgettext("table", "alles: every special game"),
        "ohne_bettler": pgettext("table", "every game but the Bettler games"),
        "keine": pgettext("table", "no special games (normal game only)"),
    }


def first_dealer(match: Match) -> int:
    """The first dealer, drawn from the match's seed (stored on the first Game row)."""
    return random.Random(f"{match.seed}:dealer").randrange(SIZES[match.game_kind])


def _new_table(match: Match) -> MultiTable:
    """A friendly table plays its Bummerl; a tournament table (of a pairing) is a match
    to N Bummerl: over once a team has got N (``services.team_tables``)."""
    tournament = match.pairing_id is not None
    return MultiTable(
        match.game_kind,
        match.rules or None,
        seed=str(match.seed),
        first_dealer=first_dealer(match),
        bummerls=None if tournament else match.bummerl_to_win,
        first_to=match.bummerl_to_win if tournament else None,
    )


#: Tables this process has rebuilt, by match: (identity, actions applied, the last
#: action as (seat, action), a copy of the table); the least recently used go first.
_KEPT: OrderedDict[int, tuple] = OrderedDict()
_KEPT_LOCK = threading.Lock()
KEPT_TABLES = 512


def _identity(match: Match) -> tuple:
    # a number whose transaction was rolled back comes back (SQLite): tell them apart
    return (match.seed, match.created_at, match.game_kind, match.bummerl_to_win, match.pairing_id)


def _kept(match: Match) -> tuple[int, tuple | None, MultiTable] | None:
    with _KEPT_LOCK:
        entry = _KEPT.get(match.pk)
        if entry is None or entry[0] != _identity(match):
            return None
        _KEPT.move_to_end(match.pk)
        return entry[1], entry[2], entry[3].copy()


def keep(live: TableLive) -> None:
    """Keep a copy of ``live``'s table for the next request of this process."""
    if not live.applied:
        return
    with _KEPT_LOCK:
        entry = (_identity(live.match), live.applied, live.last, live.table.copy())
        _KEPT[live.match.pk] = entry
        _KEPT.move_to_end(live.match.pk)
        while len(_KEPT) > KEPT_TABLES:
            _KEPT.popitem(last=False)


def forget_kept() -> None:
    with _KEPT_LOCK:
        _KEPT.clear()


def live_table(match: Match, seats: list[Seat] | None = None) -> TableLive:
    """The table after the actions of its stored log: the kept table with the actions
    stored since replayed, else the whole log (checked: a corrupted log fails loudly).
    Two queries: the seats (unless given, in order) and the log from the kept table's
    last action on."""
    if seats is None:
        seats = list(match.seats.order_by("index"))
    hit = _kept(match)
    done, last, table = hit if hit is not None else (0, None, None)
    rows = list(
        match.actions.filter(seq__gte=max(0, done - 1))
        .order_by("seq")
        .values_list("seq", "seat", "action")
    )
    if done:
        first = rows[0] if rows else None
        if first is None or first[0] != done - 1 or (first[1], first[2]) != last:
            table, done = None, 0  # not the log the kept table knows: replay it all
            rows = list(match.actions.order_by("seq").values_list("seq", "seat", "action"))
        else:
            rows = rows[1:]
    if table is None:
        table = _new_table(match)
    for _seq, seat, action in rows:
        table.act(seat, action)
        done += 1
        last = (seat, action)
    live = TableLive(match, seats, table, done, last)
    keep(live)
    return live


# --------------------------------------------------------------------------- starting


def _clean(name, fallback: str) -> str:
    return (str(name or "").strip()[:200]) or fallback


def create_table(
    *,
    game_kind: str,
    seats,
    preset: str = "ueblich",
    bummerls: int = 1,
    deck_style: str = DeckStyle.FRENCH,
    seed: int | None = None,
    actor=None,
) -> Match:
    """A friendly table: ``seats`` is one entry per seat (clockwise), each a dict with
    ``name`` and ``level`` ("" for a person, else easy/medium/strong). At least one seat
    is a person. The table plays ``bummerls`` Bummerl (1 to 3) under the preset."""
    if game_kind not in SIZES:
        raise GameError(pgettext("table", "Choose Bauernschnapsen or Talonschnapsen."), "game")
    n = SIZES[game_kind]
    seats = list(seats or [])
    if len(seats) != n:
        raise GameError(
            pgettext("table", "This game needs %(n)d seats.") % {"n": n},
            "seats",
        )
    if preset not in PRESETS:
        raise GameError(pgettext("table", "Unknown rule preset “%(p)s”.") % {"p": preset}, "rules")
    bummerls = parse_int(bummerls)
    if bummerls not in (1, 2, 3):
        raise GameError(pgettext("table", "A table plays 1, 2 or 3 Bummerl."), "length")
    levels = [(s.get("level") or "").strip() for s in seats]
    for lv in levels:
        if lv and lv not in BOTS:
            raise GameError(pgettext("table", "Unknown strength “%(l)s”.") % {"l": lv}, "bot")
    if all(levels):
        raise GameError(
            pgettext("table", "At least one seat must be a person (the computer needs company)."),
            "seats",
        )
    if deck_style not in DeckStyle.values:
        deck_style = DeckStyle.FRENCH
    rules = RULES[game_kind].preset(preset)
    with transaction.atomic():
        kwargs = {"seed": seed} if seed is not None else {}
        m = Match.objects.create(
            game_kind=game_kind,
            mode=Mode.PLAYED,
            rules=rules.to_dict(),
            bummerl_to_win=bummerls,
            deck_style=deck_style,
            created_by=actor if getattr(actor, "is_authenticated", False) else None,
            **kwargs,
        )
        for i, (s, lv) in enumerate(zip(seats, levels, strict=True)):
            fallback = (
                pgettext("table", "Computer %(n)d") % {"n": i + 1}
                if lv
                else pgettext("table", "Player %(n)d") % {"n": i + 1}
            )
            Seat.objects.create(
                match=m, index=i, name=_clean(s.get("name"), fallback), bot_level=lv
            )
        names = [s.name for s in m.seats.order_by("index")]
        m.name0, m.name1 = names[0][:200], " · ".join(names[1:])[:200]
        m.save(update_fields=["name0", "name1"])
        live = live_table(m)
        _store_game_row(m, live.table, 0)
    _after_move(m, live)
    m.refresh_from_db()
    return m


def play_again(pk, token: str, *, actor=None) -> Match:
    """A finished table's players start the next one: the same game, rules, seats (names
    and computers), length and cards, a new seed. Idempotent: asked twice (or by two
    players at once), the table made first is returned."""
    with transaction.atomic():
        m = _lock(pk)
        if seat_for_token(m, token) is None:
            raise GameError(
                pgettext("table", "This link is not valid for this table."), "forbidden"
            )
        if m.status == Status.PLAYING:
            raise GameError(pgettext("table", "This table is still being played."), "running")
        if m.follow_up_id is not None:
            return m.follow_up
        if m.pairing_id is not None:
            raise GameError(
                pgettext("table", "A tournament table is started by the tournament staff."),
                "tournament",
            )
        seats = [{"name": s.name, "level": s.bot_level} for s in m.seats.order_by("index")]
        rules = m.rules or {}
        new = create_table(
            game_kind=m.game_kind,
            seats=seats,
            preset=rules.get("name", "ueblich") if rules.get("name") in PRESETS else "ueblich",
            bummerls=m.bummerl_to_win,
            deck_style=m.deck_style,
            actor=actor,
        )
        if rules:
            new.rules = rules  # the same options, not only the preset's
            new.save(update_fields=["rules"])
        m.follow_up = new
        m.save(update_fields=["follow_up", "updated_at"])
    notify_table(m)
    return new


def seat_for_token(match: Match, token: str, seats: list[Seat] | None = None) -> int | None:
    """The seat whose private link this is (constant-time comparison), else None; the
    computer's seats have tokens too but no page (a person's link only)."""
    token = (token or "").encode()
    found = None
    for seat in match.seats.all() if seats is None else seats:
        if hmac.compare_digest(seat.token.encode(), token) and not seat.is_computer:
            found = seat.index
    return found


def first_person(match: Match) -> Seat:
    return match.seats.filter(bot_level="").order_by("index").first()


# --------------------------------------------------------------------------- acting


@dataclass
class TableActResult:
    match: Match
    applied: bool
    seq: int
    live: TableLive | None
    seat: int | None


def _lock(pk) -> Match:
    try:
        m = lock_for_move(Match.objects.select_for_update()).get(pk=pk)
    except Match.DoesNotExist:
        raise GameError(pgettext("table", "This table does not exist."), "not_found") from None
    if not m.is_table:
        raise GameError(pgettext("table", "This is not a table of three or four."), "not_found")
    return m


def act(pk, token: str, action: str, seq) -> TableActResult:
    """One action of the seat whose private link ``token`` is. Refuses (``GameError``,
    translated) a foreign link, a computer's seat, acting out of turn, an illegal action
    with the rule's reason, a missing/stale/future sequence number and a finished table.
    A Renonce (``revoke:N``) may be called by any player at the table, out of turn: the
    engine checks it against the cards played (``engine/multi/revoke.py``); one it finds
    ends the game, audited at a tournament table (:func:`audit_revoke`)."""
    try:
        parsed = Action.parse(action)
    except ValueError as exc:  # what the engine did not understand, with its reason
        raise GameError(reason_text(reason_of(exc)), "parse") from None
    seq = _sequence_number(seq)
    with transaction.atomic():
        m = _lock(pk)
        seats = list(m.seats.order_by("index"))
        seat = seat_for_token(m, token, seats)
        if seat is None:
            raise GameError(
                pgettext("table", "This link is not valid for this table."), "forbidden"
            )
        if seq < m.next_seq:
            done = m.actions.filter(seq=seq).first()
            if done is not None and done.seat == seat and done.action == str(parsed):
                return TableActResult(m, False, seq, None, seat)
            raise GameError(
                pgettext(
                    "table",
                    "The game has moved on (move %(seq)d was already made); here is the "
                    "current state.",
                )
                % {"seq": seq + 1},
                "stale",
            )
        _refuse_future_or_over(m, seq)
        live = live_table(m, seats)
        why = live.table.why_illegal(seat, parsed)
        if why is not None:
            code = "turn" if why.code == "not_your_turn" else "illegal"
            raise GameError(reason_text(why, live.names, m.deck_style), code)
        number = m.next_seq
        if parsed.kind == "revoke":
            revoke_and_audit(m, live, parsed.seat, caller=seat)
        else:
            _push(m, live, seat, parsed)
            _save(m)
    _after_move(m, live)
    return TableActResult(m, True, number, live, seat)


def revoke_and_audit(m: Match, live: TableLive, offender: int, *, caller=None, actor=None):
    """Apply a Renonce the engine found (checked by the caller: ``why_illegal`` is None)
    on the locked table, stored under the offender's seat like the two-player revoke,
    committed durably and, at a tournament table, written to the audit log with who
    called it (a player's seat, or the staff user). Returns the finished game's result."""
    gi = live.game_index
    state = live.table.state
    before = [state.counted(state.side[0]), state.counted(state.side[1])]  # by team, A first
    number = m.next_seq
    _push(m, live, offender, Action.parse(f"revoke:{offender}"))
    commit_durably()
    _save(m)
    result = live.table.last_state.result
    if m.pairing_id is not None:
        p = Pairing.objects.select_related("round").get(pk=m.pairing_id)
        at_fault = offender % 2  # a team table: team A (the left entry) sits at 0 and 2
        after = {
            "match": m.pk,
            "game": gi + 1,
            "seq": number,
            "seat": offender + 1,
            "player": live.names[offender],
            "offender": Side.LEFT if at_fault == 0 else Side.RIGHT,
            "winner": Side.RIGHT if at_fault == 0 else Side.LEFT,
            "game_points": sum(result.written),
        }
        if caller is not None:
            after["reported_by"] = Side.LEFT if caller % 2 == 0 else Side.RIGHT
        AuditLog.objects.create(
            tournament_id=p.round.tournament_id,
            user=actor if getattr(actor, "is_authenticated", False) else None,
            action="revoke",
            target=f"round {p.round.number} {p.bracket} #{p.number}"[:200],
            before={"match": m.pk, "game": gi + 1, "card_points": before},
            after=after,
        )
    return result


def _save(m: Match) -> None:
    """Save what playing changed; a table that ends commits durably (it may decide a
    team pairing: ``common.lock_for_move``)."""
    fields = ["next_seq", "updated_at"]
    if m.status != Status.PLAYING:
        commit_durably()
        fields += ["status", "winner", "bummerl", "finished_at", "result_note"]
    m.save(update_fields=fields)


def _store_game_row(m: Match, table: MultiTable, index: int) -> None:
    state = table.state
    Game.objects.create(
        match=m,
        index=index,
        bummerl_index=table.score.finished_bummerls,
        deck=" ".join(c.name for c in state.deck),
        dealer=state.dealer,
    )


def _push(m: Match, live: TableLive, seat: int, action: Action) -> None:
    """Store and apply one legal action; a finished game stores its result, a new deal
    its Game row, the end of the last Bummerl finishes the match."""
    table = live.table
    gi = live.game_index
    table.act(seat, action)
    live.applied += 1
    live.last = (seat, str(action))
    MatchAction.objects.create(
        match=m, game_index=gi, seq=m.next_seq, seat=seat, action=str(action)
    )
    m.next_seq += 1
    finished = table.last_state if live.game_index != gi or table.is_over else None
    if finished is None or finished.result is None:
        return
    r = finished.result
    winners = r.winners
    Game.objects.filter(match=m, index=gi).update(
        winner=winners[0] if winners else None,
        game_points=sum(r.written),
        reason=r.reason.code[:32],
        result=r.to_dict(),
    )
    if table.is_over:
        counts = list(table.score.bummerl_count)
        fewest = min(counts)
        best = [i for i, c in enumerate(counts) if c == fewest]
        m.status = Status.FINISHED
        m.winner = best[0] if len(best) == 1 else None
        m.bummerl = counts  # Bummerl each scorer (team or player) got
        m.finished_at = timezone.now()
        if m.pairing_id is not None:  # a tournament table decides its pairing
            m.bummerl = [counts[1], counts[0]]  # as every match of a pairing: Bummerl won
            decide_pairing(m)
    elif live.game_index != gi:
        _store_game_row(m, table, live.game_index)


def _after_move(m: Match, live: TableLive) -> None:
    keep(live)
    notify_table(m, live)
    if live.bot_to_move() is not None:
        computer_to_move.send(sender=Match, match=m)


def _bot(seat: Seat, seed: int):
    return make_multi_bot(BOTS.get(seat.bot_level, "rule"), seed=seed)


def computer_moves(pk: int, seq: int | None = None) -> int:
    """The computer's moves while a computer seat is to move (the task's work): think
    without a lock, store under the lock if the table has not moved on meanwhile."""
    made = 0
    bots = {}
    for _attempt in range(400):
        m = Match.objects.filter(pk=pk, mode=Mode.PLAYED).first()
        if m is None or not m.is_table or m.status != Status.PLAYING:
            break
        if made == 0 and seq is not None and m.next_seq != seq:
            break
        live = live_table(m)
        seat = live.bot_to_move()
        if seat is None:
            break
        if seat.index not in bots:
            bots[seat.index] = _bot(seat, (m.seed + seat.index) % 2**32)
        rng = random.Random(f"{m.seed}:bot:{m.next_seq}")
        view = live.table.state.view(seat.index)
        action = Action.parse(str(bots[seat.index].choose(view, rng)))
        with transaction.atomic():
            locked = _lock(pk)
            if locked.next_seq != m.next_seq or locked.status != Status.PLAYING:
                continue
            live.match = locked
            _push(locked, live, seat.index, action)
            _save(locked)
        keep(live)
        notify_table(locked, live)
        made += 1
    else:  # a table of computers (all seats handed over) plays on in the next task
        m = Match.objects.filter(pk=pk).first()
        if m is not None and m.status == Status.PLAYING:
            computer_to_move.send(sender=Match, match=m)
    return made
