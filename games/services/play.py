"""Playing a match one action at a time: sequence numbers, the computer's moves, the
referee's revoke, and the finished match deciding its pairing.

Sequence numbers: the client sends the sequence number it expects the action to get
(``Match.next_seq`` as it last saw it); an action without one is refused (a resent
request could otherwise apply again, in the next game). A repeated request with the same
number and the same action answers "already applied" and changes nothing; any other
stale or future number is refused with a clear message.

An action costs four SQL queries: the match row locked (the row then used), the games
with the running game's log, the action stored, and the match's changed fields saved
(``update_fields``); the action that ends a game also stores its result and deals the
next. On PostgreSQL the lock also turns off the commit's wait for the disk flush, for
that transaction only, unless the move ends the match (``common.lock_for_move``). The
computer thinks in a task (``games.tasks.computer_move``), outside any request and any
lock: it reads the state, chooses, then locks the row only to store the move if the game
has not moved on meanwhile. Every stored move is pushed to the match's pages.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.numbers import parse_int
from engine import Action, GameState
from games.messages import engine_message
from tournaments.models import AuditLog, Pairing, Side

from ..models import BotLevel, Match, MatchAction, Mode, Status
from ..signals import computer_to_move
from .common import (
    GameError,
    Live,
    _new_game,
    commit_durably,
    live_state,
    lock_for_move,
    make_bot,
    seat_for_token,
)
from .opponent import opponent_record
from .pairings import decide_pairing
from .push import notify

# --------------------------------------------------------------------------- playing


@dataclass
class ActResult:
    match: Match
    applied: bool  # False: the same action with this number was applied before
    seq: int  # the number the action got
    live: Live | None = None  # the state after it (None for a repeat)
    seat: int | None = None  # the seat that acted


#: The fields of a match that playing changes, and those a finished match adds.
PLAY_FIELDS = ["next_seq", "updated_at"]
FINISH_FIELDS = ["status", "winner", "bummerl", "finished_at", "result_note"]


def _lock_played_match(pk) -> Match:
    """The match row, locked for the rest of the transaction; only a match played here."""
    try:
        m = lock_for_move(Match.objects.select_for_update()).get(pk=pk)
    except Match.DoesNotExist:
        raise GameError(_("This match does not exist."), "not_found") from None
    if m.mode != Mode.PLAYED:
        raise GameError(_("This match is recorded, not played here."), "recorded")
    return m


def _refuse_future_or_over(m: Match, seq: int | None) -> None:
    if seq is not None and seq > m.next_seq:
        raise GameError(
            _("Move %(seq)d cannot come before move %(next)d.")
            % {"seq": seq + 1, "next": m.next_seq + 1},
            "future",
        )
    if m.status != Status.PLAYING:
        raise GameError(_("This match is over."), "over")


def _sequence_number(seq) -> int:
    if seq is None or seq == "" or isinstance(seq, bool):
        raise GameError(
            _("The move came without its sequence number: reload the page and play it again."),
            "seq",
        )
    number = parse_int(seq, min=0)
    if number is None:
        raise GameError(_("The sequence number must be a whole number."), "seq")
    return number


def _save(m: Match, *, durable: bool = False) -> None:
    """Save what playing changed; a match that ends (or ``durable``) commits durably
    (``common.lock_for_move``)."""
    over = m.status != Status.PLAYING
    if over or durable:
        commit_durably()
    m.save(update_fields=PLAY_FIELDS + (FINISH_FIELDS if over else []))


def apply_action(
    match: Match | int, seat: int | None, action: str, seq, *, token: str | None = None
) -> ActResult:
    """Apply one player's action. Refuses (``GameError``) acting out of turn, for the
    other seat, an illegal action (with the rule's reason), a missing, stale or future
    sequence number, and a finished match; a repeat of an applied action answers
    ``applied=False``. With ``token`` (a seat's private link) the seat is the token's,
    checked on the locked row. The computer's answer is queued, not waited for."""
    pk = match.pk if isinstance(match, Match) else match
    try:
        parsed = Action.parse(action)
    except ValueError:
        # the engine's parse error is for programmers: the player gets what to send
        raise GameError(
            _("Unknown action “%(action)s” (e.g. play:QH, exchange, close, declare).")
            % {"action": str(action)[:40]},
            "parse",
        ) from None
    if parsed.kind == "revoke":
        raise GameError(_("A revoke is entered by the referee, not in play."), "revoke")
    seq = _sequence_number(seq)
    with transaction.atomic():
        m = _lock_played_match(pk)
        if token is not None:
            seat = seat_for_token(m, token)
            if seat is None:
                raise GameError(
                    _(
                        "This link is not valid for this match. Ask the tournament staff for your link."
                    ),
                    "forbidden",
                )
        if seq < m.next_seq:
            done = m.actions.filter(seq=seq).first()
            if done is not None and done.seat == seat and done.action == str(parsed):
                return ActResult(m, False, seq, seat=seat)
            raise GameError(
                _(
                    "The game has moved on (move %(seq)d was already made); here is the current state."
                )
                % {"seq": seq + 1},
                "stale",
            )
        _refuse_future_or_over(m, seq)
        if m.bot_seat is not None and seat == m.bot_seat:
            raise GameError(_("The computer plays this seat."), "bot")
        live = live_state(m)
        state = live.state
        if state.to_move != seat:
            raise GameError(_("It is not your turn: wait for your opponent."), "turn")
        why = state.why_illegal(parsed)
        if why is not None:
            names = (m.name0, m.name1)
            raise GameError(engine_message(why, names=names, deck=m.deck_style), "illegal")
        number = m.next_seq
        _push(m, live, seat, parsed)
        _save(m)
    _after_move(m, live)
    return ActResult(m, True, number, live, seat=seat)


def _computer_to_move(m: Match, live: Live) -> bool:
    return (
        m.bot_seat is not None
        and m.status == Status.PLAYING
        and live.state is not None
        and live.state.to_move == m.bot_seat
    )


def _after_move(m: Match, live: Live) -> None:
    """After the commit: push the move, and queue the computer's answer when it is its
    turn (the task is in the database queue, or runs at once with the immediate backend)."""
    notify(m, live)
    if _computer_to_move(m, live):
        computer_to_move.send(sender=Match, match=m)


def computer_moves(pk: int, seq: int | None = None) -> int:
    """The computer's moves while it is its turn (the task's work); returns how many it
    made. Thinks without a lock, stores each move under the lock if the game is still
    where it thought (a revoke meanwhile: it thinks again). A task for a number that is
    no longer the match's (a duplicate) does nothing."""
    made = 0
    bot = None
    for _attempt in range(200):  # a match has far fewer moves in a row; never loop for ever
        m = Match.objects.filter(pk=pk, mode=Mode.PLAYED).first()
        if m is None or m.status != Status.PLAYING or m.bot_seat is None:
            break
        if made == 0 and seq is not None and m.next_seq != seq:
            break
        live = live_state(m)
        if not _computer_to_move(m, live):
            break
        if bot is None:
            seen = None
            if m.bot_level in (BotLevel.STRONG, BotLevel.MASTER):
                seen = opponent_record(m, live, 1 - m.bot_seat)
            bot = make_bot(m.bot_level, seed=m.seed % 2**32, opponent=seen)
        rng = random.Random(f"{m.seed}:bot:{m.next_seq}")
        action = Action.parse(str(bot.choose(live.state.view(m.bot_seat), rng)))
        with transaction.atomic():
            locked = _lock_played_match(pk)
            if locked.next_seq != m.next_seq or locked.status != Status.PLAYING:
                continue  # moved on while thinking: look again
            live.match = locked
            _push(locked, live, locked.bot_seat, action)
            _save(locked)
        notify(locked, live)
        made += 1
    return made


def refuse_table_revoke(match: Match) -> None:
    """This revoke is a match of two players' (the opponent wins 3): a table of three or
    four calls its Renonce through ``services.team_tables.record_table_revoke`` (or a
    player's link), which the engine checks against the cards played. Refused with a
    message instead of failing."""
    if match.is_table:
        raise GameError(
            _(
                "A Renonce at a table of three or four is called with the table's own form: "
                "the engine checks it against the cards played."
            ),
            "table",
        )


def record_revoke(match: Match | int, offender: int, *, seq=None, actor=None) -> ActResult:
    """The referee records a revoke (Renonce) by ``offender`` (seat 0 or 1) in the running
    game: the engine's ``revoke`` action, stored in the action log like any action; the
    opponent wins the game with 3 game points. ``seq`` is the sequence number the staff
    page showed: a repeated confirmation answers ``applied=False``, a game that moved on
    meanwhile is refused; so is a table of three or four (``refuse_table_revoke``).
    Written to the tournament's audit log."""
    pk = match.pk if isinstance(match, Match) else match
    offender = parse_int(offender)
    if seq not in (None, ""):
        seq = parse_int(seq, min=0)
        if seq is None:
            raise GameError(_("The sequence number must be a whole number."), "seq")
    else:
        seq = None
    if offender not in (0, 1):
        raise GameError(_("Choose the player who revoked."), "offender")
    action = Action.revoke(offender)
    with transaction.atomic():
        m = _lock_played_match(pk)
        refuse_table_revoke(m)
        if seq is not None and seq < m.next_seq:
            done = m.actions.filter(seq=seq).first()
            if done is not None and done.action == str(action):
                return ActResult(m, False, seq)
            raise GameError(
                _("The game has moved on since you opened the page: check the game and try again."),
                "stale",
            )
        _refuse_future_or_over(m, seq)
        live = live_state(m)
        game = live.game
        before = [live.state.score(0), live.state.score(1)]
        number = m.next_seq
        _push(m, live, offender, action, actor=actor)
        _save(m, durable=True)
        if m.pairing_id:
            p = Pairing.objects.select_related("round").get(pk=m.pairing_id)
            AuditLog.objects.create(
                tournament_id=p.round.tournament_id,
                user=actor if getattr(actor, "is_authenticated", False) else None,
                action="revoke",
                target=f"round {p.round.number} {p.bracket} #{p.number}"[:200],
                before={"match": m.pk, "game": game.index + 1, "card_points": before},
                after={
                    "match": m.pk,
                    "game": game.index + 1,
                    "seq": number,
                    "offender": Side.LEFT if offender == 0 else Side.RIGHT,
                    "winner": Side.RIGHT if offender == 0 else Side.LEFT,
                    "game_points": 3,
                },
            )
    _after_move(m, live)
    return ActResult(m, True, number, live)


def _push(m: Match, live: Live, seat: int, action: Action, *, actor=None) -> None:
    """Store and apply one legal action; finish the game (and the match) when it ends."""
    state = live.state
    state.push(action)
    live.actions.append(str(action))
    MatchAction.objects.create(
        match=m, game_index=live.game.index, seq=m.next_seq, seat=seat, action=str(action)
    )
    m.next_seq += 1
    if state.result is None:
        return
    r = state.result
    g = live.game
    g.winner, g.game_points, g.reason, g.result = r.winner, r.game_points, r.reason, r.to_dict()
    g.save(update_fields=["winner", "game_points", "reason", "result"])
    live.score.add_game(r.winner, r.game_points)
    score = live.score
    if score.is_over:
        live.game, live.state = None, None
        _finish(m, score.winner, score.bummerl_won, actor=actor)
        return
    index = g.index + 1
    bummerl_index = len(score.bummerls) - (0 if score.bummerls[-1].is_over else 1)
    game = _new_game(m, index, bummerl_index, score.next_dealer)
    live.games.append(game)
    live.game = game
    live.state = GameState.deal(live.rules, deck=game.deck, dealer=game.dealer)
    live.actions = []


def _finish(m: Match, winner: int, bummerl_won, *, actor=None) -> None:
    m.status = Status.FINISHED
    m.winner = winner
    m.bummerl = list(bummerl_won)
    m.finished_at = timezone.now()
    if m.pairing_id:
        decide_pairing(m, actor)
