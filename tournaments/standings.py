"""Standings of a tournament: per entry, per player, and the prize list.

A fixed number of SQL queries whatever the field size (entries with players,
pairings with their rounds, prizes; categories, their prizes and members); the places
are computed in Python by ``prizes.py``.

The standings of a Danish tournament: ``danish.standings`` over the released rounds,
turned into the same ``Standings`` as a Preisschnapsen's (rows, prizes,
categories), so every page, document and export shows them.

The places are the current ones while rounds are still to be played, and final after
the last round; the eight prizes (and the categories' prizes) go down the final places,
with the one-prize rule as in a Preisschnapsen (a player holds one entry, so it matters
only with categories). A few queries whatever the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import F
from django.utils.translation import gettext as _

from . import danish
from . import prizes as rules
from .formats import format_of
from .models import (
    HOLDER,
    Category,
    CategoryPrize,
    Entry,
    Pairing,
    Player,
    Prize,
    Tournament,
    TournamentFormat,
)
from .public_names import public_holder
from .services import danish_results, danish_terms, tournament_phase


def _holder(entry: Entry) -> Player:
    return entry.holder


@dataclass
class EntryStanding:
    entry: Entry
    player: Player
    number: int
    round_reached: int
    out_round: int | None
    how: str  # "", "lost", "walkover", "surrendered", "won" (the final)
    lost_score: tuple[int, int] | None
    place: int | None
    alive: bool
    # out while its round is still played: the places it shares with the round's other
    # losers until the round is complete (first, last); None when placed or in play
    pending: tuple[int, int] | None = None
    # (category, place in it or None while not known), in the tournament's order
    categories: list[tuple[Category, int | None]] = field(default_factory=list)
    # the Danish system's line (match points, Bummerl, game points, Buchholz); None in a
    # Preisschnapsen
    danish: object | None = None

    @property
    def won(self) -> bool:
        """The entry won the final: the tournament's winner."""
        return self.how == rules.WON


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
    category: Category | None = None  # a category's prize; None: one of the eight

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
class CategoryStanding:
    category: Category
    entries: list[EntryStanding]  # the members, best first
    prizes: list[PrizeStanding]

    @property
    def awarded(self) -> bool:
        return any(p.entry is not None for p in self.prizes)

    def place_of(self, row: EntryStanding) -> int | None:
        return next((p for c, p in row.categories if c.pk == self.category.pk), None)


@dataclass
class PlayerStanding:
    """A player (a team) in the standings, where his best entry stands: ``best_place``
    is its place, None while it is still in play or its round is being played (then
    ``pending`` gives the places it shares); a player with an entry in play has no
    place yet."""

    player: Player
    entries_bought: int
    entries_alive: int
    best_place: int | None
    prizes: list[PrizeStanding] = field(default_factory=list)
    entries: list[EntryStanding] = field(default_factory=list)  # best first
    # category -> the best place of the player's entries in it (None: not known yet)
    category_places: list[tuple[Category, int | None]] = field(default_factory=list)

    @property
    def best(self) -> EntryStanding:
        return self.entries[0]

    @property
    def in_play(self) -> bool:
        return self.entries_alive > 0

    @property
    def won(self) -> bool:
        return self.best.won

    @property
    def pending(self) -> tuple[int, int] | None:
        """The places the best entry shares while its round is played (not in play)."""
        return None if self.in_play else self.best.pending

    @property
    def round(self) -> int | None:
        """The round his entries in play are in (or have won, awaiting the next draw)."""
        rounds = [e.round_reached for e in self.entries if e.alive]
        return max(rounds) if rounds else None

    @property
    def other_places(self) -> list[int]:
        """The places of his other entries, decided: the numbers missing between the
        rows of the standings, which show each player once, at his best entry."""
        return [e.place for e in self.entries[1:] if e.place is not None]


@dataclass
class Standings:
    tournament: Tournament
    entries: list[EntryStanding]  # best first
    players: list[PlayerStanding]  # best first
    prizes: list[PrizeStanding]  # 1st prize first
    categories: list[CategoryStanding] = field(default_factory=list)
    # the Danish system: its terms (``danish.Terms``) and whether the places are final
    danish_terms: object | None = None
    final: bool = False

    @property
    def is_danish(self) -> bool:
        return self.danish_terms is not None

    @property
    def buchholz(self) -> bool:
        """The Danish standings show the Buchholz score (the term's last tie-break)."""
        return self.is_danish and self.danish_terms.last_tiebreak == "buchholz"

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


def compute_standings(tournament: Tournament, *, public: bool = False) -> Standings:
    """Standings of the tournament as it stands now, by its format (``STANDINGS``).

    ``public``: for public surfaces (pages, public documents, the open API): a player who
    asked to be left out is named by the placeholder (``public_names.public_holder``)."""
    return STANDINGS[format_of(tournament).code](tournament, public=public)


def compute_knockout_standings(tournament: Tournament, *, public: bool = False) -> Standings:
    """Standings of a Preisschnapsen as it stands now (three queries)."""
    entries = list(
        Entry.objects.filter(tournament=tournament, cancelled_at__isnull=True)
        .select_related(*HOLDER)
        .order_by("number")
    )
    pairings = list(
        Pairing.objects.filter(round__tournament=tournament)
        .annotate(round_number=F("round__number"))  # not the round itself: its protocol is big
        .order_by("round__number", "number")
    )
    number_of = {e.pk: e.number for e in entries}
    owners = {e.number: e.player_id for e in entries}
    result = rules.compute(
        owners,
        match_records(pairings, number_of),
        seed=tournament.seed,
        one_prize_per_player=tournament.one_prize_per_player,
        playoff={e.number: e.playoff_rank for e in entries if e.playoff_rank is not None},
    )
    return assemble_standings(tournament, entries, result, public=public)


def assemble_standings(
    tournament: Tournament,
    entries: list[Entry],
    result: rules.Places,
    *,
    danish_lines: dict | None = None,
    danish_terms=None,
    final: bool = False,
    public: bool = False,
) -> Standings:
    """The standings from the places (``prizes.Places``) of any format: the rows per
    entry and player, the eight prizes and the categories (two queries more).

    The Danish system passes its lines (entry number -> ``danish.Standing``) and its
    terms; while it is not ``final`` its places are the current ones and no prize is
    awarded (of the eight nor of a category).

    The rows' ``player`` is the entry's holder (``Entry.holder``): in a team tournament
    the team, named as such, under its first player's key; ``public``: as public surfaces
    name him (``public_names.public_holder``)."""
    holder_of = public_holder if public else _holder
    prize_rows = {p.place: p for p in Prize.objects.filter(tournament=tournament)}
    by_number = {e.number: e for e in entries}
    number_of = {e.pk: e.number for e in entries}
    owners = {e.number: e.player_id for e in entries}
    categories = list(Category.objects.filter(tournament=tournament).order_by("position", "pk"))
    members: dict[int, set[int]] = {c.pk: set() for c in categories}
    category_prizes: dict[int, dict[int, CategoryPrize]] = {c.pk: {} for c in categories}
    if categories:
        for entry_id, category_id in Entry.categories.through.objects.filter(
            category__tournament=tournament
        ).values_list("entry_id", "category_id"):
            if entry_id in number_of:
                members[category_id].add(number_of[entry_id])
        for prize in CategoryPrize.objects.filter(category__tournament=tournament):
            category_prizes[prize.category_id][prize.place] = prize
    category_results = rules.category_results(
        result,
        owners,
        [
            rules.CategorySpec(
                key=c.pk,
                members=frozenset(members[c.pk]),
                prize_count=max(category_prizes[c.pk], default=0),
            )
            for c in categories
        ],
        one_prize_per_player=tournament.one_prize_per_player,
        may_take_both=tournament.category_prize_with_main,
    )
    if danish_terms is not None and not final:
        # the Danish places are the current ones: category prizes wait for the last round
        for cr in category_results:
            cr.awards = [rules.PrizeAward(place=a.place, entry=None, player=None) for a in cr.awards]
    entry_rows = []
    for fate in result.ranking():
        e = by_number[fate.entry]
        entry_rows.append(
            EntryStanding(
                entry=e,
                player=holder_of(e),
                number=e.number,
                round_reached=fate.round_reached,
                out_round=fate.out_round,
                how=fate.how,
                lost_score=fate.lost_score,
                place=fate.place,
                alive=fate.alive,
                pending=fate.pending,
                categories=[
                    (c, cr.places.get(fate.entry))
                    for c, cr in zip(categories, category_results, strict=True)
                    if fate.entry in members[c.pk]
                ],
                danish=danish_lines.get(fate.entry) if danish_lines is not None else None,
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
                player=holder_of(e) if e else None,
                reached=award.reached,
                passed_over=[
                    PassedOverStanding(
                        place=s.place,
                        entry=by_number[s.entry],
                        player=holder_of(by_number[s.entry]),
                        held=s.held,
                    )
                    for s in award.passed_over
                ],
            )
        )
    category_rows = []
    for c, cr in zip(categories, category_results, strict=True):
        prizes_of = []
        for award in cr.awards:
            row = category_prizes[c.pk].get(award.place)
            e = by_number.get(award.entry) if award.entry is not None else None
            prizes_of.append(
                PrizeStanding(
                    place=award.place,
                    description=row.description if row else "",
                    amount=row.amount if row else None,
                    entry=e,
                    player=holder_of(e) if e else None,
                    category=c,
                )
            )
        category_rows.append(
            CategoryStanding(
                category=c,
                entries=[r for r in entry_rows if r.number in members[c.pk]],
                prizes=prizes_of,
            )
        )
    players: dict[int, PlayerStanding] = {}
    for row in entry_rows:
        ps = players.get(row.player.pk)
        if ps is None:
            ps = players[row.player.pk] = PlayerStanding(
                player=row.player, entries_bought=0, entries_alive=0, best_place=None
            )
            # his first row is his best entry (the rows are best first): its place is
            # his, None while it is in play or its round is being played
            ps.best_place = row.place
        ps.entries.append(row)
        ps.entries_bought += 1
        ps.entries_alive += row.alive
    for prize in [*prize_list, *(p for cs in category_rows for p in cs.prizes)]:
        if prize.player is not None:
            players[prize.player.pk].prizes.append(prize)
    for ps in players.values():
        best: dict[int, tuple[Category, int | None]] = {}
        for row in ps.entries:
            for c, place in row.categories:
                known = best.get(c.pk)
                if known is None or (place is not None and (known[1] is None or place < known[1])):
                    best[c.pk] = (c, place)
        ps.category_places = [best[c.pk] for c in categories if c.pk in best]
    order = {id(ps): i for i, ps in enumerate(players.values())}  # first seen = best entry
    player_rows = sorted(players.values(), key=lambda ps: order[id(ps)])
    return Standings(
        tournament=tournament,
        entries=entry_rows,
        players=player_rows,
        prizes=prize_list,
        categories=category_rows,
        danish_terms=danish_terms,
        final=final,
    )


# ----------------------------------------------------------------------- the Danish system


def compute_danish_standings(tournament: Tournament, *, public: bool = False) -> Standings:
    t = tournament
    entries = list(
        Entry.objects.filter(tournament=t, cancelled_at__isnull=True)
        .select_related("player")
        .order_by("number")
    )
    owners = {e.number: e.player_id for e in entries}
    terms = danish_terms(t)
    results = [r for r in danish_results(t, released_only=True) if r.left in owners]
    lines = danish.standings(owners, results, terms, t.seed)
    final = tournament_phase(t) == "finished"
    last_round: dict[int, int] = {}
    for r in results:
        for player in (r.left, r.right):
            if player is not None:
                last_round[player] = max(last_round.get(player, 0), r.round)
    played_rounds = max((r.round for r in results), default=0)
    fates = {
        line.player: rules.EntryFate(
            entry=line.player,
            player=owners[line.player],
            round_reached=last_round.get(line.player, 0),
            out_round=played_rounds if final else None,
            place=line.place,
        )
        for line in lines
    }
    by_place = {line.place: line.player for line in lines}
    # a field of fewer than eight has as many places as players (no prize waits forever)
    places = min(rules.PRIZE_PLACES, len(lines)) or rules.PRIZE_PLACES
    if final:
        awards = rules.prize_awards(by_place, owners, t.one_prize_per_player, places)
    else:
        awards = [rules.PrizeAward(place=k, entry=None, player=None) for k in range(1, places + 1)]
    result = rules.Places(fates=fates, awards=awards, by_place=by_place if final else {})
    return assemble_standings(
        t,
        entries,
        result,
        danish_lines={line.player: line for line in lines},
        danish_terms=terms,
        final=final,
        public=public,
    )


#: format -> how its standings are computed
STANDINGS = {
    TournamentFormat.PREISSCHNAPSEN: compute_knockout_standings,
    TournamentFormat.DANISH: compute_danish_standings,
}
