"""Matches on the rules engine: start, play (one action at a time), record, finish.

Every mutating function runs in one transaction and locks the match row first
(``select_for_update``), so concurrent requests for one match serialize. The live state
is never stored: :func:`live_state` rebuilds it from the stored deck orders and the action
log with the engine, so a reload or a server restart resumes exactly where play stood.

Sequence numbers: the client sends the sequence number it expects the action to get
(``Match.next_seq`` as it last saw it). A repeated request with the same number and the
same action answers "already applied" and changes nothing; any other stale or future
number is refused with a clear message.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine import Action, GameState, IllegalAction, RuleSet
from games.engine.bots import RuleBot
from games.engine.game import shuffled_deck
from games.engine.match import Match as MatchScore
from games.engine.match import ScoreSheetError, draw_first_dealer, validate_score_sheet
from games.engine.record import GameRecord, MatchRecord
from schnapsen_site.errors import UserError
from tournaments.models import AuditLog, Outcome, Pairing, Round, Side, Tournament

from .models import BotLevel, DeckStyle, Game, Match, MatchAction, Mode, Status


class GameError(UserError):
    """A rule of play or recording refused the request."""


# --------------------------------------------------------------------------- rules, bots


def rules_of(match: Match) -> RuleSet:
    """The engine's rule set of a match: its profile, extra options and match length."""
    data = {"name": match.rule_profile, **(match.rules or {})}
    data["bummerl_to_win_match"] = match.bummerl_to_win
    return RuleSet.from_dict(data)


def bot_levels() -> dict[str, str]:
    """What each level is, in words, for the start page (``games.engine.ai.make_bot``)."""
    return {
        BotLevel.EASY: _("plays by simple card rules"),
        BotLevel.MEDIUM: _("looks a few tricks ahead"),
        BotLevel.STRONG: _("searches deeper, about half a second per move"),
    }


def make_bot(level: str, seed: int = 0):
    """The bot of a UI level, as README's "How strong is the computer" describes it:
    ``games.engine.ai.make_bot`` (easy: rule-based; medium and strong: PIMC search),
    seeded by the match so that its moves replay; the rule-based bot if ``ai`` is missing."""
    try:
        from games.engine import ai

        return ai.make_bot(level, seed=seed)
    except (ImportError, AttributeError, ValueError, TypeError):
        return RuleBot()


# --------------------------------------------------------------------------- live state


@dataclass
class Live:
    """The rebuilt state of a played match."""

    match: Match
    rules: RuleSet
    games: list[Game]
    game: Game | None  # the game being played (None when the match is over)
    state: GameState | None
    actions: list[MatchAction] = field(default_factory=list)  # of the current game
    score: MatchScore | None = None

    @property
    def previous(self) -> Game | None:
        finished = [g for g in self.games if g.winner is not None]
        return finished[-1] if finished else None


def _score_of(match: Match, rules: RuleSet, games) -> MatchScore:
    score = MatchScore(rules, first_dealer=games[0].dealer if games else 0)
    for g in games:
        if g.winner is not None:
            score.add_game(g.winner, g.game_points)
    return score


def live_state(match: Match) -> Live:
    """Rebuild the live state from the database (no cache: correctness first)."""
    rules = rules_of(match)
    games = list(match.games.order_by("index"))
    current = games[-1] if games and games[-1].winner is None else None
    state = None
    actions: list[MatchAction] = []
    if current is not None:
        actions = list(match.actions.filter(game_index=current.index).order_by("seq"))
        state = GameState.deal(rules, deck=current.deck, dealer=current.dealer)
        for a in actions:
            state.push(a.action)  # checked: a corrupted log fails loudly, never silently
    return Live(match, rules, games, current, state, actions, _score_of(match, rules, games))


def _new_game(match: Match, index: int, bummerl_index: int, dealer: int) -> Game:
    deck = shuffled_deck(f"{match.seed}:{index}")
    return Game.objects.create(
        match=match,
        index=index,
        bummerl_index=bummerl_index,
        deck=" ".join(c.name for c in deck),
        dealer=dealer,
    )


def _first_dealer(match: Match) -> int:
    dealer, _cards = draw_first_dealer(random.Random(f"{match.seed}:dealer"))
    return dealer


# --------------------------------------------------------------------------- starting


def _clean_name(name, fallback: str) -> str:
    name = (name or "").strip()[:200]
    return name or fallback


def create_friendly_match(
    *,
    name0: str = "",
    name1: str = "",
    bot_level: str | None = None,
    rule_profile: str = "weich",
    bummerl_to_win: int = 2,
    deck_style: str = DeckStyle.FRENCH,
    auto_declare: bool = False,
    seed: int | None = None,
    actor=None,
) -> Match:
    """A friendly match outside any tournament: against the computer (``bot_level``;
    the computer takes seat 1) or against a friend who opens seat 1's link."""
    if rule_profile not in RuleSet.PRESETS:
        raise GameError(_("Unknown rule profile “%(p)s”.") % {"p": rule_profile}, "rules")
    try:
        bummerl_to_win = int(bummerl_to_win)
    except (TypeError, ValueError):
        bummerl_to_win = 0
    if bummerl_to_win not in (2, 3):
        raise GameError(_("A match goes to 2 or 3 Bummerl."), "length")
    if bot_level and bot_level not in BotLevel.values:
        raise GameError(_("Unknown strength “%(l)s”.") % {"l": bot_level}, "bot")
    if deck_style not in DeckStyle.values:
        deck_style = DeckStyle.FRENCH
    with transaction.atomic():
        kwargs = {"seed": seed} if seed is not None else {}
        m = Match.objects.create(
            mode=Mode.PLAYED,
            rule_profile=rule_profile,
            rules={"auto_declare": True} if auto_declare else {},
            bummerl_to_win=bummerl_to_win,
            deck_style=deck_style,
            name0=_clean_name(name0, _("Player 1")),
            name1=_("Computer") if bot_level else _clean_name(name1, _("Player 2")),
            bot_seat=1 if bot_level else None,
            bot_level=bot_level or "",
            created_by=actor if getattr(actor, "is_authenticated", False) else None,
            **kwargs,
        )
        _new_game(m, 0, 0, _first_dealer(m))
        _run_bot(m, live_state(m))
        m.save()
    return m


def _pairing_names(p: Pairing) -> tuple[str, str]:
    left = f"#{p.left.number} {p.left.player.name}"
    right = f"#{p.right.number} {p.right.player.name}" if p.right_id else ""
    return left, right


def active_match(pairing: Pairing) -> Match | None:
    return pairing.matches.filter(status=Status.PLAYING).order_by("-pk").first()


def start_match_for_pairing(pairing: Pairing, *, actor=None, seed: int | None = None) -> Match:
    """Staff start a played match for an open pairing (marks the pairing started through
    the tournament core); returns the running match if there is one already."""
    from tournaments import services as core

    with transaction.atomic():
        # Lock in the tournament core's order (tournament, then pairing): no deadlock.
        Tournament.objects.select_for_update().get(pk=pairing.round.tournament_id)
        p = (
            Pairing.objects.select_for_update(of=("self",))
            .select_related("round__tournament", "left__player", "right__player")
            .get(pk=pairing.pk)
        )
        running = active_match(p)
        if running is not None:
            return running
        if p.right_id is None:
            raise GameError(_("A bye is not played."), "bye")
        if p.outcome != Outcome.OPEN:
            raise GameError(_("This pairing is already decided."), "decided")
        if p.started_at is None:
            try:
                core.start_pairing(p, actor=actor)
            except core.TournamentError as exc:
                raise GameError(exc.message, exc.code) from None
        t = p.round.tournament
        name0, name1 = _pairing_names(p)
        kwargs = {"seed": seed} if seed is not None else {}
        m = Match.objects.create(
            pairing=p,
            mode=Mode.PLAYED,
            rule_profile=t.rule_profile,
            bummerl_to_win=t.match_bummerl,
            name0=name0,
            name1=name1,
            created_by=actor if getattr(actor, "is_authenticated", False) else None,
            **kwargs,
        )
        _new_game(m, 0, 0, _first_dealer(m))
    return m


@dataclass
class RoundStart:
    """What :func:`start_matches_for_round` did, pairing by pairing."""

    started: list[Match] = field(default_factory=list)
    kept: list[Match] = field(default_factory=list)  # already running: left as they are
    refused: list[tuple[Pairing, str]] = field(default_factory=list)  # with the reason


def start_matches_for_round(rnd: Round, *, actor=None) -> RoundStart:
    """Start a browser match for every open pairing of a released round. Idempotent: a
    pairing with a running match keeps it; byes, walkovers, self-meetings and decided
    pairings get none. A pairing that cannot start now (a player with several entries is
    busy in another pairing) is reported with the reason and the others still start."""
    rnd = Round.objects.get(pk=rnd.pk)  # its status as stored now
    if rnd.status != Round.Status.RELEASED:
        raise GameError(_("The round is not released yet."), "not_released")
    out = RoundStart()
    pairings = (
        rnd.pairings.filter(outcome=Outcome.OPEN, right__isnull=False)
        .select_related("round__tournament", "left__player", "right__player")
        .order_by("number")
    )
    for p in pairings:
        running = active_match(p)
        if running is not None:
            out.kept.append(running)
            continue
        try:
            out.started.append(start_match_for_pairing(p, actor=actor))
        except GameError as exc:
            out.refused.append((p, exc.message))
    return out


def play_url(match: Match, seat: int, base_url: str = "") -> str:
    """The private link of a seat: a path, or an absolute address with ``base_url``."""
    return base_url.rstrip("/") + reverse("games:play", args=[match.pk, match.token(seat)])


def round_play_links(rnd: Round, base_url: str) -> dict[int, tuple[str, str]]:
    """Pairing id -> the two players' absolute private links, for the round's pairings
    that have a running browser match (one query)."""
    matches = Match.objects.filter(
        pairing__round=rnd, status=Status.PLAYING, mode=Mode.PLAYED
    ).order_by("pk")  # the newest running match of a pairing wins
    return {m.pairing_id: (play_url(m, 0, base_url), play_url(m, 1, base_url)) for m in matches}


def seat_for_token(match: Match, token: str) -> int | None:
    """The seat whose private token this is (constant-time comparison), else None."""
    import hmac

    token = (token or "").encode()
    found = None
    for seat in (0, 1):
        if hmac.compare_digest(match.token(seat).encode(), token):
            found = seat
    return found


# --------------------------------------------------------------------------- playing


@dataclass
class ActResult:
    match: Match
    applied: bool  # False: the same action with this number was applied before
    seq: int  # the number the action got
    live: Live | None = None  # the state after it (None for a repeat)


def _lock_played_match(pk) -> Match:
    """The match row, locked for the rest of the transaction; only a match played here."""
    try:
        m = Match.objects.select_for_update().get(pk=pk)
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


def apply_action(match: Match | int, seat: int, action: str, seq: int | None) -> ActResult:
    """Apply one player's action. Refuses (``GameError``) acting out of turn, for the
    other seat, an illegal action (with the rule's reason), a stale or future sequence
    number, and a finished match; a repeat of an applied action answers ``applied=False``."""
    pk = match.pk if isinstance(match, Match) else match
    try:
        parsed = Action.parse(action)
    except ValueError as exc:
        raise GameError(_("Unknown action: %(e)s") % {"e": exc}, "parse") from None
    if parsed.kind == "revoke":
        raise GameError(_("A revoke is entered by the referee, not in play."), "revoke")
    try:
        seq = None if seq is None else int(seq)
    except (TypeError, ValueError):
        raise GameError(_("The sequence number must be a whole number."), "seq") from None
    with transaction.atomic():
        m = _lock_played_match(pk)
        if seq is not None and seq < m.next_seq:
            done = m.actions.filter(seq=seq).first()
            if done is not None and done.seat == seat and done.action == str(parsed):
                return ActResult(m, False, seq)
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
            raise GameError(_("Not allowed: %(why)s.") % {"why": why}, "illegal")
        number = m.next_seq
        _push(m, live, seat, parsed)
        _run_bot(m, live)
        m.save()
    return ActResult(m, True, number, live)


def record_revoke(match: Match | int, offender: int, *, seq=None, actor=None) -> ActResult:
    """The referee records a revoke (Renonce) by ``offender`` (seat 0 or 1) in the running
    game: the engine's ``revoke`` action, stored in the action log like any action; the
    opponent wins the game with 3 game points. ``seq`` is the sequence number the staff
    page showed: a repeated confirmation answers ``applied=False``, a game that moved on
    meanwhile is refused. Written to the tournament's audit log."""
    pk = match.pk if isinstance(match, Match) else match
    try:
        offender = int(offender)
        seq = None if seq in (None, "") else int(seq)
    except (TypeError, ValueError):
        raise GameError(_("Choose the player who revoked."), "offender") from None
    if offender not in (0, 1):
        raise GameError(_("Choose the player who revoked."), "offender")
    action = Action.revoke(offender)
    with transaction.atomic():
        m = _lock_played_match(pk)
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
        _run_bot(m, live)
        m.save()
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
    return ActResult(m, True, number, live)


def _push(m: Match, live: Live, seat: int, action: Action, *, actor=None) -> None:
    """Store and apply one legal action; finish the game (and the match) when it ends."""
    state = live.state
    state.push(action)
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


def _run_bot(m: Match, live: Live) -> None:
    """Let the computer move while it is its turn (seeded by the match and move number)."""
    if m.bot_seat is None:
        return
    bot = make_bot(m.bot_level, seed=m.seed % 2**32)
    while m.status == Status.PLAYING and live.state is not None:
        if live.state.to_move != m.bot_seat:
            return
        rng = random.Random(f"{m.seed}:bot:{m.next_seq}")
        action = bot.choose(live.state.view(m.bot_seat), rng)
        _push(m, live, m.bot_seat, Action.parse(str(action)))


def _finish(m: Match, winner: int, bummerl_won, *, actor=None) -> None:
    m.status = Status.FINISHED
    m.winner = winner
    m.bummerl = list(bummerl_won)
    m.finished_at = timezone.now()
    if m.pairing_id:
        _decide_pairing(m, actor)


def _decide_pairing(m: Match, actor=None) -> None:
    """The finished match decides its pairing (same rules as staff entry). A refusal
    (e.g. staff entered a result meanwhile) is kept as the match's note, not lost."""
    from tournaments import services as core

    need = m.bummerl_to_win
    won = min(m.bummerl[m.winner], need)
    lost = min(m.bummerl[1 - m.winner], need - 1)
    try:
        core.record_result(
            m.pairing,
            winner=Side.LEFT if m.winner == 0 else Side.RIGHT,
            score=(won, lost),
            actor=actor,
        )
        m.result_note = ""
    except core.TournamentError as exc:
        m.result_note = exc.message[:300]


# --------------------------------------------------------------------------- recording


def _recorded_match(pairing: Pairing | None, actor, **fields) -> Match:
    if pairing is not None:
        p = pairing
        t = p.round.tournament
        name0, name1 = _pairing_names(p)
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


def _decide_or_refuse(m: Match, actor, score=None) -> None:
    from tournaments import services as core

    need = m.bummerl_to_win
    if score is None:  # a Schneider may hang more Bummerl than the match needs
        score = (min(m.bummerl[m.winner], need), min(m.bummerl[1 - m.winner], need - 1))
    try:
        core.record_result(
            m.pairing,
            winner=Side.LEFT if m.winner == 0 else Side.RIGHT,
            score=score,
            actor=actor,
        )
    except core.TournamentError as exc:
        raise GameError(exc.message, exc.code) from None


def _lock_pairing(pairing) -> Pairing | None:
    if pairing is None:
        return None
    Tournament.objects.select_for_update().get(pk=pairing.round.tournament_id)
    return (
        Pairing.objects.select_for_update(of=("self",))
        .select_related("round__tournament", "left__player", "right__player")
        .get(pk=pairing.pk)
    )


def record_quick(pairing: Pairing, *, winner: int, score, actor=None) -> Match:
    """Record a match by its Bummerl score: ``winner`` is seat 0 (left) or 1 (right),
    ``score`` (winner's Bummerl, loser's Bummerl). Decides the pairing; a refused result
    stores nothing."""
    try:
        winner = int(winner)
        won, lost = (int(x) for x in score)
    except (TypeError, ValueError):
        raise GameError(_("The score is two numbers, e.g. 2:1."), "score") from None
    if winner not in (0, 1):
        raise GameError(_("The winner is player 1 or player 2."), "winner")
    with transaction.atomic():
        p = _lock_pairing(pairing)
        bummerl = [0, 0]
        bummerl[winner], bummerl[1 - winner] = won, lost
        m = _recorded_match(p, actor, winner=winner, bummerl=bummerl)
        _decide_or_refuse(m, actor, (won, lost))
    return m


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
                    ra, rb = int(a), int(b)
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
            elif len(t) >= 2 and t[0] in "AB12" and t[1:].isdigit():
                seat = 0 if t[0] in "A1" else 1
                games.append((seat, int(t[1:])))
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


def check_score_sheet(rules: RuleSet, bummerl_to_win: int, bummerls) -> MatchScore:
    """The engine's score-sheet validator, its error turned into a ``GameError``."""
    try:
        return validate_score_sheet(rules, bummerl_to_win, bummerls)
    except ScoreSheetError as exc:
        raise GameError(
            _("Bummerl %(b)d%(game)s is wrong: %(reason)s")
            % {
                "b": exc.bummerl + 1,
                "game": "" if exc.game is None else _(", game %(g)d") % {"g": exc.game + 1},
                "reason": exc.reason,
            },
            "sheet",
        ) from None


def record_score_sheet(pairing: Pairing, text_or_bummerls, *, actor=None) -> Match:
    """Record a match from its score sheet, checked under the tournament's rule profile;
    a wrong sheet is refused naming the wrong line and nothing is stored."""
    if isinstance(text_or_bummerls, str):
        bummerls = parse_score_sheet(text_or_bummerls)
    else:
        bummerls = text_or_bummerls
    with transaction.atomic():
        p = _lock_pairing(pairing)
        t = p.round.tournament
        rules = RuleSet.from_dict({"name": t.rule_profile, "bummerl_to_win_match": t.match_bummerl})
        score = check_score_sheet(rules, t.match_bummerl, bummerls)
        m = _recorded_match(
            p,
            actor,
            winner=score.winner,
            bummerl=list(score.bummerl_won),
            score_sheet=[[list(g) for g in b] for b in bummerls],
        )
        _decide_or_refuse(m, actor)
    return m


# --------------------------------------------------------------------------- records


def match_record(match: Match) -> MatchRecord:
    """The engine's match record (for replay and ``python -m games.engine replay``)."""
    rules = rules_of(match)
    games = list(match.games.order_by("index"))
    actions: dict[int, list[str]] = {}
    for gi, text in match.actions.order_by("seq").values_list("game_index", "action"):
        actions.setdefault(gi, []).append(text)
    records = tuple(
        GameRecord(
            rules,
            tuple(GameState.deal(rules, deck=g.deck, dealer=g.dealer).deck),
            g.dealer,
            tuple(Action.parse(a) for a in actions.get(g.index, [])),
            f"{match.seed}:{g.index}",
        )
        for g in games
    )
    first = games[0].dealer if games else 0
    return MatchRecord(rules, first, records, match.bummerl_to_win)


def replay_states(match: Match) -> list[dict]:
    """Every game, every state, the whole table (for the step-through view)."""
    out = []
    for i, rec in enumerate(match_record(match).games):
        try:
            states = rec.replay(game=i)
        except (IllegalAction, ValueError) as exc:  # pragma: no cover - the log is checked
            raise GameError(str(exc), "replay") from None
        out.append(
            {
                "game": i + 1,
                "dealer": rec.dealer,
                "actions": [str(a) for a in rec.actions],
                "states": [s.to_dict() for s in states],
            }
        )
    return out


# --------------------------------------------------------------------------- analysis

#: Thinking budget per decision of the replay analysis (seconds at the solver's
#: calibrated speed, turned into a node budget: the result does not depend on the
#: machine). ``bench/analysis.py``: 0.9 s per game (median), 1.4 s at most, 20 games.
ANALYSIS_TIME_BUDGET = 0.1
ANALYSIS_VERSION = 1


def analysis_seed(match: Match, game: Game) -> int:
    """The seed of a game's analysis, derived from the match's seed (stored with it)."""
    return random.Random(f"{match.seed}:analysis:{game.index}").randrange(2**31)


def game_analysis(game: Game, *, time_budget: float | None = None) -> dict:
    """The solver's verdict at every decision of a finished game of a played match,
    computed once (``games.engine.ai.analyze_record``) and stored on the game row.

    Returns ``{"version", "seed", "time_budget", "moves": [MoveAnalysis.to_dict()]}``.
    No lock is held while the solver thinks; two requests at once compute the same
    (seeded, node-limited) result and the first stored one is kept."""
    if game.analysis is not None:
        return game.analysis
    match = game.match
    if match.mode != Mode.PLAYED or game.winner is None:
        raise GameError(_("Only a finished game can be analysed."), "not_finished")
    from games.engine.ai import analyze_record

    budget = ANALYSIS_TIME_BUDGET if time_budget is None else time_budget
    seed = analysis_seed(match, game)
    record = match_record(match).games[game.index]
    moves = analyze_record(record, seed=seed, time_budget=budget)
    data = {
        "version": ANALYSIS_VERSION,
        "seed": seed,
        "time_budget": budget,
        "moves": [m.to_dict() for m in moves],
    }
    Game.objects.filter(pk=game.pk, analysis__isnull=True).update(analysis=data)
    game.refresh_from_db(fields=["analysis"])
    return game.analysis
