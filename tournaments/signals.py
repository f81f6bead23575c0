"""Extension points of the tournaments app: signals it sends for the apps built on it
(the games app, the series), which it does not import. pretix's way: the foundation
sends, the apps above answer from their ``AppConfig.ready``.

- ``pairing_games``: the games of the pairings' deciding matches, where they are known
  (a score sheet, a match played in the browser), asked with ``pairing_ids``; a receiver
  returns ``{pairing id: [[(winner's seat, game points), ...] per Bummerl]}``. The Danish
  standings count their game points; the export keeps them.
- ``pairing_imported``: a pairing of an imported tournament came with its games
  (``pairing``, ``sheet``); the games app keeps them as a recorded match.
- ``play_links``: the players' private links of the round's running browser matches,
  asked with ``round`` and ``base_url``; a receiver returns ``{pairing id: links}`` (the
  score sheets print them as QR codes).
- ``report_decides``: a confirmed report of the players is about to decide its pairing
  (``pairing``, ``report``, ``actor``); the games app records the match and lets the
  running browser match give way. Sent inside the deciding transaction.
- ``withdrawing_round``: the latest round is about to be withdrawn (``round``, ``actor``,
  ``dry_run``); a receiver ends what still hangs on its pairings (the games app: the
  running browser matches and tables are cancelled and kept, every match of the round
  detached from its pairing) and returns ``{"matches": [ids]}`` of the running ones it
  ended; with ``dry_run`` it changes nothing and names those it would end (the
  confirmation page). Sent inside the withdrawing transaction, before the pairings go.
- ``player_data``: everything stored about a player, for his copy (GDPR art. 15), asked
  with ``player`` and ``tournaments`` (the ids of those the asking club may see); a
  receiver returns ``{section: data}`` (the games app: his matches; the series: his
  places in series).
- ``player_erased``: a player was erased (GDPR art. 17; ``player``, ``names``: the
  strings that named him, ``placeholder``); a receiver replaces its copies of his name.
  Sent inside the erasing transaction.
- ``player_series``: a player's places in the season series over his tournaments, for
  his page (``player``, ``tournaments``: ids, ``public_only``); a receiver returns
  ``{"series": [{"series": Series, "rank", "points"}]}`` (the series app).
- ``desk_sections``: the desk's page (the sale of entries) asks for the sections the
  apps above add (``request``, ``tournament``); a receiver returns HTML (safe) or "" (the
  registration app: the registered players at the top, the check-in by scanning).
- ``reserved_places``: the sale of entries asks how many places of the field are held
  for others (``tournament``, under its lock); a receiver returns a number (the
  registration app: the places of registrations before the day not yet taken up), so
  the desk cannot sell them twice.
- ``demo_season``: the demo's season (``main`` and the two ``finished`` tournaments
  before it) was made; a receiver returns what it made of it (the series app: the
  season series over the three), which the demo command names.
"""

from __future__ import annotations

from django.dispatch import Signal

pairing_games = Signal()
pairing_imported = Signal()
play_links = Signal()
report_decides = Signal()
withdrawing_round = Signal()
demo_season = Signal()
player_data = Signal()
player_erased = Signal()
player_series = Signal()
desk_sections = Signal()
reserved_places = Signal()


def reserved(tournament) -> int:
    """The places of ``tournament``'s field the apps above hold for others."""
    answers = reserved_places.send(sender=None, tournament=tournament)
    return sum(int(answer or 0) for _receiver, answer in answers)


def sections(signal: Signal, **kwargs) -> list:
    """The receivers' pieces of a page (HTML marked safe), in the order of the receivers."""
    return [answer for _receiver, answer in signal.send(sender=None, **kwargs) if answer]


def gathered(signal: Signal, **kwargs) -> dict:
    """The receivers' answers (dicts) to ``signal``, merged into one."""
    merged: dict = {}
    for _receiver, answer in signal.send(sender=None, **kwargs):
        merged.update(answer or {})
    return merged
