"""The service layer: every change to a tournament goes through these functions.

Each mutating service runs in one transaction, locks the tournament row first
(``select_for_update``; every mutation of a tournament serializes on it, so
concurrent calls on PostgreSQL are safe), writes an ``AuditLog`` row, and raises
``TournamentError`` for every rule violation without leaving half-written data.

One module per concern, each the one place of its rules:

- ``terms``: the tournament terms and the prizes;
- ``entries``: the register at the desk, entries, the field size;
- ``rounds``: the pot draw (computed or transcribed), release and withdrawal;
  ``next_round``: the next round by the tournament's format (the pot draw, or the
  Danish pairing by the standings);
- ``pairing``: the Danish system's rounds paired by the standings, and absences;
- ``results``: playing pairings, entering, correcting and confirming results;
- ``reports``: results that players report through their links, confirmed by the
  opponent or staff;
- ``progress``: the next step and the phase of a tournament;
- ``categories``: categories (Wertungen) and who belongs to them;
- ``teams``: the teams of a Bauernschnapsen, the partner draw, holders' names;
  ``team_import``: a team list (CSV) sold as entries;
- ``register``: the shared player register (who may change it, merging two entries of
  one person, the clubs' contact data);
  the data protection functions built on it are ``tournaments.privacy``;
- ``ceremony``: starting and stopping the prize ceremony on the projector;
- ``common``: the error, the audit row, the lock and what the others share.

Callers import from this package: ``from tournaments import services``.
"""

from .categories import (
    add_category,
    delete_category,
    set_entry_categories,
    update_category,
)
from .ceremony import set_ceremony
from .common import (
    MIN_FIELD_SIZE,
    TournamentError,
    _audit,
    _entry_state,
    active_entries,
    loser_entry_id,
    round_draws,
    winner_entry_id,
)
from .entries import (
    cancel_entry,
    record_playoff,
    sell_entries,
    set_paid,
    shrink_field,
    smaller_field_offer,
)
from .next_round import draw_next_round
from .pairing import danish_results, danish_terms, game_points, set_absent
from .progress import NextStep, next_step, tournament_phase
from .register import (
    find_or_register_player,
    merge_players,
    register_player,
    set_contact,
    stake_clubs,
    update_player,
)
from .reports import (
    PlayerActor,
    ReportOutcome,
    confirm_report,
    dispute_report,
    disputed_pairings,
    report_result,
    report_text,
    reports_by_pairing,
    results_version,
)
from .results import (
    assign_table,
    confirm_result,
    correct_result,
    pairing_availability,
    record_result,
    start_pairing,
    stop_pairing,
)
from .rounds import (
    _holders,
    parse_transcript,
    release_round,
    transcribe_next_round,
    transcript_holders,
    withdraw_round,
)
from .team_import import import_teams
from .teams import (
    draw_partners,
    folded_entries,
    holder_names,
    table_seats,
    team_for,
    team_of,
)
from .terms import (
    TERMS_FIELDS,
    create_tournament,
    delete_tournament,
    set_prizes,
    update_tournament,
)

__all__ = [
    "MIN_FIELD_SIZE",
    "PlayerActor",
    "ReportOutcome",
    "confirm_report",
    "dispute_report",
    "disputed_pairings",
    "report_result",
    "report_text",
    "reports_by_pairing",
    "results_version",
    "TERMS_FIELDS",
    "NextStep",
    "TournamentError",
    "_audit",
    "_entry_state",
    "_holders",
    "active_entries",
    "add_category",
    "assign_table",
    "cancel_entry",
    "confirm_result",
    "correct_result",
    "create_tournament",
    "danish_results",
    "danish_terms",
    "game_points",
    "set_absent",
    "delete_category",
    "delete_tournament",
    "draw_next_round",
    "draw_partners",
    "folded_entries",
    "holder_names",
    "import_teams",
    "table_seats",
    "team_for",
    "team_of",
    "find_or_register_player",
    "register_player",
    "set_contact",
    "stake_clubs",
    "update_player",
    "loser_entry_id",
    "merge_players",
    "next_step",
    "pairing_availability",
    "parse_transcript",
    "record_playoff",
    "record_result",
    "release_round",
    "round_draws",
    "sell_entries",
    "set_entry_categories",
    "set_ceremony",
    "set_paid",
    "set_prizes",
    "shrink_field",
    "smaller_field_offer",
    "start_pairing",
    "stop_pairing",
    "tournament_phase",
    "transcribe_next_round",
    "transcript_holders",
    "update_category",
    "update_tournament",
    "winner_entry_id",
    "withdraw_round",
]
