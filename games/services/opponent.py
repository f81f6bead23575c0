"""What the computer has seen of the person it plays in a match: his leads judged where
every card was in sight (``engine.ai.opponent``), over the match's games so far,
so that the ``strong`` computer made for a move starts from the whole match, not only
from the game on the table. A finished game's count never changes: it is kept in the
cache (shared by the servers), so a move replays only the game being played."""

from __future__ import annotations

from django.core.cache import cache

from engine import GameState
from engine.ai.opponent import Record, judge_game

from ..live import Live
from ..models import Match, MatchAction

KEEP = 7 * 24 * 3600  # seconds a finished game's count is kept (a match is shorter)


def opponent_record(match: Match, live: Live, seat: int) -> Record:
    """The record of ``seat``'s leads judged in ``match`` up to now: the finished games
    and the running one, except a lead still on the table (the computer judges that
    one itself when it answers it). One cache read for the finished games, and one
    query for those not counted yet."""
    finished = [g for g in live.games if g.winner is not None]
    # the deck order too: a number reused by a later match never meets an old count
    keys = {
        g.index: f"opponent-record:{match.pk}:{g.index}:{g.deck.replace(' ', '')}:{seat}"
        for g in finished
    }
    kept = cache.get_many(list(keys.values()))
    missing = [g for g in finished if keys[g.index] not in kept]
    if missing:
        logs: dict[int, list[str]] = {g.index: [] for g in missing}
        rows = MatchAction.objects.filter(match=match, game_index__in=list(logs))
        for index, action in rows.order_by("game_index", "seq").values_list("game_index", "action"):
            logs[index].append(action)
        counted = {}
        for g in missing:
            got = judge_game(
                GameState.deal(live.rules, deck=g.deck, dealer=g.dealer), logs[g.index], seat
            )
            counted[keys[g.index]] = [got.decisions, got.errors]
        cache.set_many(counted, KEEP)
        kept.update(counted)
    record = Record()
    for g in finished:
        record += Record(*kept[keys[g.index]])
    if live.game is not None and live.state is not None:
        actions = live.actions[:-1] if live.state.lead >= 0 else live.actions
        record += judge_game(
            GameState.deal(live.rules, deck=live.game.deck, dealer=live.game.dealer), actions, seat
        )
    return record
