"""The games app's answers to the tournaments app (``tournaments.signals``), which does
not import it, and its part of a tournament's live version. Connected by
``GamesConfig.ready``.

- the games of pairings (``pairing_games``) and an imported pairing's games
  (``pairing_imported``): ``services.sheets``;
- the play links of a round's running browser matches on the score sheets
  (``play_links``): ``services.starting.round_play_links``;
- a confirmed report decides its pairing (``report_decides``): the match is recorded and
  the running browser match gives way (``services.recording.record_of_report``);
- a tournament match that starts or finishes shows on the public page: a new live
  version (a move does not);
- the computer is to move (``games.signals.computer_to_move``): its task is queued;
- a player's data (``player_data``) and his erasure (``player_erased``): his matches and
  their copies of his name (``games.player_data``);
- a round is withdrawn (``withdrawing_round``): its running matches end, kept as
  cancelled, and its matches are detached from its pairings
  (``services.pairings.end_round_matches``).
"""

from django.db.models.signals import post_save

from tournaments import live_version, signals

from . import player_data
from . import signals as games_signals
from .models import Match
from .services import pairings, recording, sheets, starting
from .tasks import computer_move, table_computer_move


def _pairing_games(sender, *, pairing_ids, **kwargs):
    return sheets.pairing_games(pairing_ids)


def _pairing_imported(sender, *, tournament, pairing, sheet, **kwargs):
    sheets.record_imported(tournament, pairing, sheet)


def _play_links(sender, *, round, base_url, **kwargs):
    return starting.round_play_links(round, base_url)


def _report_decides(sender, *, pairing, report, actor, **kwargs):
    recording.record_of_report(pairing, report, actor)


def _player_data(sender, *, player, tournaments, **kwargs):
    return player_data.matches_of(player, tournaments)


def _player_erased(sender, *, player, names, placeholder, **kwargs):
    player_data.erase_names(player, names, placeholder)


def _withdrawing_round(sender, *, round, actor=None, dry_run=False, **kwargs):
    return {"matches": pairings.end_round_matches(round, dry_run=dry_run)}


def _match_changed(sender, instance, created=False, update_fields=None, raw=False, **kwargs):
    if raw or instance.pairing_id is None:
        return
    if created or update_fields is None or "status" in update_fields:
        live_version.bump(live_version.tournament_of(instance.pairing))


def _computer_to_move(sender, *, match, **kwargs):
    task = table_computer_move if match.is_table else computer_move
    task.enqueue(match.pk, match.next_seq)


def connect() -> None:
    signals.pairing_games.connect(_pairing_games, dispatch_uid="games.pairing_games")
    signals.pairing_imported.connect(_pairing_imported, dispatch_uid="games.pairing_imported")
    signals.play_links.connect(_play_links, dispatch_uid="games.play_links")
    signals.report_decides.connect(_report_decides, dispatch_uid="games.report_decides")
    signals.withdrawing_round.connect(_withdrawing_round, dispatch_uid="games.withdrawing_round")
    signals.player_data.connect(_player_data, dispatch_uid="games.player_data")
    signals.player_erased.connect(_player_erased, dispatch_uid="games.player_erased")
    post_save.connect(_match_changed, sender=Match, dispatch_uid="live-save-match")
    games_signals.computer_to_move.connect(_computer_to_move, dispatch_uid="games.computer")
