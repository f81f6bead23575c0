"""Standings of a tournament: per entry, per player, and the prize list.

A fixed number of SQL queries whatever the field size (entries with players,
pairings with their rounds, prizes); the places are computed in Python by
``prizes.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import F
from django.utils.translation import gettext as _

from . import prizes as rules
from .models import Entry, Pairing, Player, Prize, Tournament


@dataclass
class EntryStanding:
    entry: Entry
    player: Player
    number: int
    round_reached: int
    out_round: int | None
    how: str  # "", "lost", "walkover", "surrendered"
    lost_score: tuple[int, int] | None
    place: int | None
    alive: bool


@dataclass
class PassedOverStanding:
    """A place skipped by the one-prize rule: ``player`` already holds prize ``held``."""

    place: int
    entry: Entry
    player: Player
    held: int


@dataclass
class PrizeStanding:
    place: int  # the prize's number
    description: str
    amount: Decimal | None
    entry: Entry | None
    player: Player | None
    reached: int | None = None  # the place of the awarded entry
    passed_over: list[PassedOverStanding] = field(default_factory=list)

    @property
    def passed_down(self) -> bool:
        return self.reached is not None and self.reached != self.place

    @property
    def reason(self) -> str:
        """Why this prize went to a lower place (the one-prize rule), else "".

        "Prize 3 went to C (place 5) because A already has prize 1." One sentence for
        every page and document (the public page, the projector, the result list).
        """
        if not self.passed_over or self.player is None:
            return ""
        holders: dict[int, PassedOverStanding] = {}
        for skipped in self.passed_over:
            holders.setdefault(skipped.player.pk, skipped)
        because = [
            _("%(player)s already has prize %(held)s") % {"player": s.player.name, "held": s.held}
            for s in holders.values()
        ]
        joined = because[0]
        for clause in because[1:]:
            joined = _("%(first)s and %(second)s") % {"first": joined, "second": clause}
        return _("Prize %(prize)s went to %(winner)s (place %(place)s) because %(because)s.") % {
            "prize": self.place,
            "winner": self.player.name,
            "place": self.reached,
            "because": joined,
        }


@dataclass
class PlayerStanding:
    player: Player
    entries_bought: int
    entries_alive: int
    best_place: int | None
    prizes: list[PrizeStanding] = field(default_factory=list)
    entries: list[EntryStanding] = field(default_factory=list)


@dataclass
class Standings:
    tournament: Tournament
    entries: list[EntryStanding]  # best first
    players: list[PlayerStanding]  # best first
    prizes: list[PrizeStanding]  # 1st prize first

    def entry(self, number: int) -> EntryStanding:
        return next(e for e in self.entries if e.number == number)

    def player(self, player_id: int) -> PlayerStanding:
        return next(p for p in self.players if p.player.pk == player_id)


def match_records(pairings, number_of: dict[int, int]) -> list[rules.MatchRecord]:
    """``prizes.MatchRecord`` rows from pairings annotated with ``round_number``."""
    return [
        rules.MatchRecord(
            round=p.round_number,
            bracket=p.bracket,
            left=number_of[p.left_id],
            right=number_of[p.right_id] if p.right_id else None,
            outcome=p.outcome,
            winner=p.winner,
            winner_bummerl=p.winner_bummerl,
            loser_bummerl=p.loser_bummerl,
        )
        for p in pairings
    ]


def compute_standings(tournament: Tournament) -> Standings:
    """Standings of the tournament as it stands now (three queries)."""
    entries = list(
        Entry.objects.filter(tournament=tournament, cancelled_at__isnull=True)
        .select_related("player")
        .order_by("number")
    )
    pairings = list(
        Pairing.objects.filter(round__tournament=tournament)
        .annotate(round_number=F("round__number"))  # not the round itself: its protocol is big
        .order_by("round__number", "number")
    )
    prize_rows = {p.place: p for p in Prize.objects.filter(tournament=tournament)}

    by_number = {e.number: e for e in entries}
    number_of = {e.pk: e.number for e in entries}
    result = rules.compute(
        {e.number: e.player_id for e in entries},
        match_records(pairings, number_of),
        seed=tournament.seed,
        one_prize_per_player=tournament.one_prize_per_player,
        playoff={e.number: e.playoff_rank for e in entries if e.playoff_rank is not None},
    )
    entry_rows = []
    for fate in result.ranking():
        e = by_number[fate.entry]
        entry_rows.append(
            EntryStanding(
                entry=e,
                player=e.player,
                number=e.number,
                round_reached=fate.round_reached,
                out_round=fate.out_round,
                how=fate.how,
                lost_score=fate.lost_score,
                place=fate.place,
                alive=fate.alive,
            )
        )
    prize_list = []
    for award in result.awards:
        row = prize_rows.get(award.place)
        e = by_number.get(award.entry) if award.entry is not None else None
        prize_list.append(
            PrizeStanding(
                place=award.place,
                description=row.description if row else "",
                amount=row.amount if row else None,
                entry=e,
                player=e.player if e else None,
                reached=award.reached,
                passed_over=[
                    PassedOverStanding(
                        place=s.place,
                        entry=by_number[s.entry],
                        player=by_number[s.entry].player,
                        held=s.held,
                    )
                    for s in award.passed_over
                ],
            )
        )
    players: dict[int, PlayerStanding] = {}
    for row in entry_rows:
        ps = players.get(row.player.pk)
        if ps is None:
            ps = players[row.player.pk] = PlayerStanding(
                player=row.player, entries_bought=0, entries_alive=0, best_place=None
            )
        ps.entries.append(row)
        ps.entries_bought += 1
        ps.entries_alive += row.alive
        if row.place is not None and (ps.best_place is None or row.place < ps.best_place):
            ps.best_place = row.place
    for prize in prize_list:
        if prize.player is not None:
            players[prize.player.pk].prizes.append(prize)
    order = {id(ps): i for i, ps in enumerate(players.values())}  # first seen = best entry
    player_rows = sorted(players.values(), key=lambda ps: order[id(ps)])
    return Standings(
        tournament=tournament, entries=entry_rows, players=player_rows, prizes=prize_list
    )
