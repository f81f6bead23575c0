"""Matches on the rules engine: start, play (one action at a time), record, finish.

Every mutating function runs in one transaction and locks the match row first
(``select_for_update``), so concurrent requests for one match serialize. The live state
is never stored: :func:`live_state` rebuilds it from the stored deck orders and the action
log with the engine, so a reload or a server restart resumes exactly where play stood.

One module per concern:

- ``common``: the error, a match's rule set and bots, the live state (one query), the
  push of a stored move to the match's pages (``notify``);
- ``starting``: friendly matches, matches for a pairing or a round, private links;
- ``play``: one action at a time (sequence numbers required, four queries), the
  computer's moves (``computer_moves``, run by the task ``games.tasks.computer_move``
  outside any request and lock), revokes, the finished match deciding its pairing;
- ``recording``: a match played at the table, by quick score or score sheet (staff), or
  reported by a player through his link (a report that the opponent or staff confirm);
- ``replay``: records, the replay and the solver's analysis.

Callers import from this package: ``from games import services``.
"""

from .common import GameError, Live, bot_levels, live_state, make_bot, rules_of
from .pairings import active_match
from .play import ActResult, apply_action, record_revoke, refuse_table_revoke
from .recording import (
    answer_report,
    check_score_sheet,
    parse_score_sheet,
    record_quick,
    record_score_sheet,
    report_quick,
    report_score_sheet,
)
from .replay import (
    ANALYSIS_VERSION,
    analysis_seed,
    game_analysis,
    match_record,
    replay_states,
)
from .starting import (
    RoundStart,
    create_friendly_match,
    play_url,
    round_play_links,
    seat_for_token,
    start_match_for_pairing,
    start_matches_for_round,
)

__all__ = [
    "ANALYSIS_VERSION",
    "ActResult",
    "GameError",
    "Live",
    "RoundStart",
    "active_match",
    "answer_report",
    "analysis_seed",
    "apply_action",
    "bot_levels",
    "check_score_sheet",
    "create_friendly_match",
    "game_analysis",
    "live_state",
    "make_bot",
    "match_record",
    "parse_score_sheet",
    "play_url",
    "record_quick",
    "record_revoke",
    "record_score_sheet",
    "refuse_table_revoke",
    "replay_states",
    "report_quick",
    "report_score_sheet",
    "round_play_links",
    "rules_of",
    "seat_for_token",
    "start_match_for_pairing",
    "start_matches_for_round",
]
