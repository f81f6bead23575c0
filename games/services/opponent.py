"""What the computer has seen of the person it plays in a match: his leads judged where
every card was in sight (``games.engine.ai.opponent``), over the match's games so far,
so that the ``strong`` computer made for a move starts from the whole match, not only
from the game on the table. A finished game's count never changes: it is kept in the
cache (shared by the servers), so a move replays only the game being played."""

from __future__ import annotations

from django.core.cache import cache

from games.engine import GameState
from games.engine.ai.opponent import Record, judge_game

from ..models import Match, MatchAction
from .common import Live

KEEP = 7 * 24 * 3600  # seconds a finished game's count is kept (a match is shorter)


def opponent_record(match: Match, live: Live, seat: int) -> Record:
    """The record of ``seat``'s leads judged in ``match`` up to now: the finished games
    and the running one, except a lead still on the table (the computer judges that
    one itself when it answers it)."""
    record = Record()
    for g in live.games:
        if g.winner is None:
            continue
        # the deck order too: a number reused by a later match never meets an old count
        key = f"opponent-record:{match.pk}:{g.index}:{g.deck.replace(' ', '')}:{seat}"
        kept = cache.get(key)
        if kept is None:
            actions = MatchAction.objects.filter(match=match, game_index=g.index).order_by("seq")
            got = judge_game(
                GameState.deal(live.rules, deck=g.deck, dealer=g.dealer),
                list(actions.values_list("action", flat=True)),
                seat,
            )
            kept = [got.decisions, got.errors]
            cache.set(key, kept, KEEP)
        record += Record(*kept)
    if live.game is not None and live.state is not None:
        actions = live.actions[:-1] if live.state.lead >= 0 else live.actions
        record += judge_game(
            GameState.deal(live.rules, deck=live.game.deck, dealer=live.game.dealer), actions, seat
        )
    return record
