"""What the match services share: the error, the rule set and bots of a match, and the
live state rebuilt from the database."""

from __future__ import annotations

import hmac
import random

from django.db import connection
from django.db.models.expressions import RawSQL
from django.utils.translation import gettext as _

from core.errors import UserError
from engine import GameState, RuleSet, ai
from engine.bots import RuleBot
from engine.deck import shuffled_deck
from engine.match import Match as MatchScore
from engine.match import draw_first_dealer

from ..live import Live
from ..models import BotLevel, Game, Match, MatchAction


class GameError(UserError):
    """A rule of play or recording refused the request."""


# --------------------------------------------------------------------------- rules, bots


def rules_of(match: Match) -> RuleSet:
    """The engine's rule set of a match: its profile, extra options and match length."""
    data = {"name": match.rule_profile, **(match.rules or {})}
    data["bummerl_to_win_match"] = match.bummerl_to_win
    return RuleSet.from_dict(data)


def bot_levels() -> dict[str, str]:
    """What each level is, in words, for the start page (``engine.ai.make_bot``)."""
    return {
        BotLevel.EASY: _("plays by simple card rules"),
        BotLevel.MEDIUM: _("looks a few tricks ahead"),
        BotLevel.STRONG: _("searches deeper, about half a second per move"),
        BotLevel.MASTER: _("plays as well as it can, about two seconds per move"),
    }


def make_bot(level: str, seed: int = 0, opponent=None):
    """The bot of a UI level, as the documentation's "How strong is the computer" says:
    ``engine.ai.make_bot`` (easy: rule-based; medium and strong: PIMC search),
    seeded by the match so that its moves replay; ``opponent``: what ``strong`` has
    seen of the person's play in the match (``games.services.opponent``); the
    rule-based bot for a level ``ai`` does not know."""
    try:
        return ai.make_bot(level, seed=seed, opponent=opponent)
    except (AttributeError, ValueError, TypeError):
        return RuleBot()


# --------------------------------------------------------------------------- commits

# A move's commit need not wait for PostgreSQL to flush its write-ahead log to the disk
# (``synchronous_commit`` off for that transaction only): the move is stored and visible
# at once, the database stays consistent, and only a crash of the database server within
# a fraction of a second of the move could lose it (PostgreSQL: "Asynchronous Commit"),
# which the page's sequence numbers then show as the state before it. The wait shows
# when the disk is busy (9.6 against 6.7 ms an action, measured while other work ran;
# no difference on a quiet machine), and it is spent in the one thread in which the
# server runs its views. A move that ends a match (it may decide a tournament pairing)
# and a referee's revoke commit durably.


def lock_for_move(queryset):
    """``queryset`` (a ``select_for_update`` of the row a move changes) whose query also
    turns the wait for the flush off for this transaction, in the same round trip."""
    if connection.vendor != "postgresql":
        return queryset
    return queryset.annotate(
        _no_flush_wait=RawSQL("set_config('synchronous_commit', 'off', true)", ())
    )


def commit_durably() -> None:
    """This transaction's commit waits for the flush again (a match's end, a revoke)."""
    if connection.vendor == "postgresql" and connection.in_atomic_block:
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit TO ON")


# --------------------------------------------------------------------------- live state


def _score_of(match: Match, rules: RuleSet, games) -> MatchScore:
    score = MatchScore(rules, first_dealer=games[0].dealer if games else 0)
    for g in games:
        if g.winner is not None:
            score.add_game(g.winner, g.game_points)
    return score


def _games_sql() -> str:
    """The games of a match in order, the running one with its action log as
    "seq|action seq|action …" (any order: sorted here). Written out once: the ORM's
    compilation of the same subquery cost more than its execution."""
    q = connection.ops.quote_name
    game, action = q(Game._meta.db_table), q(MatchAction._meta.db_table)
    agg = "STRING_AGG" if connection.vendor == "postgresql" else "GROUP_CONCAT"
    columns = ", ".join(
        f"g.{q(f.column)}" for f in Game._meta.concrete_fields if f.name != "analysis"
    )
    return (
        f"SELECT {columns}, CASE WHEN g.{q('winner')} IS NULL THEN ("
        f"SELECT {agg}(CAST(a.{q('seq')} AS TEXT) || '|' || a.{q('action')}, ' ') "
        f"FROM {action} a WHERE a.{q('match_id')} = g.{q('match_id')} "
        f"AND a.{q('game_index')} = g.{q('index')}) ELSE '' END AS log "
        f"FROM {game} g WHERE g.{q('match_id')} = %s ORDER BY g.{q('index')}"
    )


def _games_with_log(match: Match) -> list[Game]:
    """The match's games in order, the running one with its action log (``log``: the
    actions in sequence order): one query for both."""
    games = list(Game.objects.raw(_games_sql(), [match.pk]))
    for g in games:
        pairs = [item.split("|", 1) for item in (g.log or "").split()]
        g.log = [action for _seq, action in sorted(pairs, key=lambda p: int(p[0]))]
    return games


def live_state(match: Match) -> Live:
    """Rebuild the live state from the database (no cache: correctness first), in one
    query: the games and the running game's actions."""
    rules = rules_of(match)
    games = _games_with_log(match)
    current = games[-1] if games and games[-1].winner is None else None
    state = None
    actions: list[str] = []
    if current is not None:
        actions = current.log
        state = GameState.deal(rules, deck=current.deck, dealer=current.dealer)
        for a in actions:
            state.push(a)  # checked: a corrupted log fails loudly, never silently
    return Live(match, rules, games, current, state, actions, _score_of(match, rules, games))


# --------------------------------------------------------------------------- pushes


def match_group(pk: int) -> str:
    """The channel layer group of a match's open pages (players and spectators)."""
    return f"match.{pk}"


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


def seat_for_token(match: Match, token: str) -> int | None:
    """The seat whose private token this is (constant-time comparison), else None."""
    if match.is_table:  # a table's seats have their own links (services.tables)
        return None
    token = (token or "").encode()
    found = None
    for seat in (0, 1):
        if hmac.compare_digest(match.token(seat).encode(), token):
            found = seat
    return found
