"""Places and prizes of a Preisschnapsen, as pure logic (no Django).

Input: the entries (keyed by entry number, which is stable across export and
import) and every pairing of every round. Output: each entry's fate (round
reached, round and manner of going out, place) and the prize list.

- Places 1 to 8 come from the prize stage: the final (1, 2), the match for 3rd
  place between the semifinal losers (3, 4), and the placement matches of the
  quarterfinal losers: the winners of the two 5-8 matches play for 5th (5, 6), the
  losers for 7th (7, 8).
- Places 9 and below follow the round in which an entry went out (later is
  better); within one round by the Bummerl of the lost match (more is better; a
  walkover or a surrender counts below any played score), then by a recorded
  play-off, then by lot (seeded). They are given once that round is complete.
- The winner of the final wins the tournament: his entry is no longer in play
  (``EntryFate.how`` "won"), like every other entry once the final round is over.
- While a round is being played its losers have no place yet: they share the places
  below the entries going on (``EntryFate.pending``, e.g. 33-64 in round 1 of 64), and
  the entries still in play rank above them (``Places.ranking``).
- With the one-prize rule, prizes are handed down the standings: a player keeps
  his best prize, and a prize he cannot take goes to the next player in the
  standings who has none. Each prize that went below its own place says why
  (``PrizeAward.passed_over``: every place skipped above the one it went to because
  its player already holds a prize, and which one; a prize shifted only by the skips
  for the prizes before it names those), so every page and document gives the same
  reason.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

PRIZE_PLACES = 8

MAIN, PLACE_3, PLACE_5_8, PLACE_5, PLACE_7 = "main", "place3", "place5_8", "place5", "place7"
OPEN, PLAYED, WALKOVER, BYE, SURRENDER = "", "played", "walkover", "bye", "surrender"
WON = "won"  # ``EntryFate.how`` of the tournament's winner: the final won
PLACEMENT_PLACES = {MAIN: 1, PLACE_3: 3, PLACE_5: 5, PLACE_7: 7}


@dataclass(frozen=True)
class MatchRecord:
    """One pairing: entries by number; ``right`` None for a bye."""

    round: int
    bracket: str
    left: int
    right: int | None
    outcome: str = OPEN
    winner: str = ""  # "left" / "right"
    winner_bummerl: int | None = None
    loser_bummerl: int | None = None

    @property
    def decided(self) -> bool:
        return self.outcome != OPEN

    @property
    def winner_entry(self) -> int | None:
        if not self.decided:
            return None
        return self.right if self.winner == "right" else self.left

    @property
    def loser_entry(self) -> int | None:
        if not self.decided or self.right is None:
            return None
        return self.left if self.winner == "right" else self.right


@dataclass
class EntryFate:
    """What became of one entry."""

    entry: int
    player: int
    round_reached: int = 0  # the last round in which it was drawn in the main draw
    out_round: int | None = None  # the round it went out of the main draw
    how: str = ""  # "lost", "walkover", "surrendered", "won" (the final); "" in play
    lost_score: tuple[int, int] | None = None  # (winner's, its own) Bummerl
    place: int | None = None
    # out, but its round is still being played: the places it will get one of (first,
    # last), shared with the round's other losers; None when placed or in play
    pending: tuple[int, int] | None = None

    @property
    def alive(self) -> bool:
        """Still in play: neither out nor the tournament's winner."""
        return self.out_round is None and self.how != WON

    @property
    def level(self) -> int:
        """How far the entry got, for the order of the standings: out in round r is 2r;
        in play in round r, or the final won in round r, is 2r + 1."""
        if self.out_round is not None:
            return 2 * self.out_round
        return 2 * self.round_reached + 1


@dataclass(frozen=True)
class PassedOver:
    """A place whose prize went further down: its player already held prize ``held``."""

    place: int
    entry: int
    player: int
    held: int  # the number of the prize that player already has


@dataclass(frozen=True)
class PrizeAward:
    place: int  # the prize's number (1 = first prize)
    entry: int | None  # None while undecided
    player: int | None
    reached: int | None = None  # the place the awarded entry reached
    # why it went below its own place (one-prize rule): every place skipped above the
    # one it went to, best first (len == reached - place), the skips for earlier prizes
    # included: they pushed this one down as well
    passed_over: tuple[PassedOver, ...] = ()

    @property
    def passed_down(self) -> bool:
        """The prize went to a lower place than its number (the one-prize rule)."""
        return self.reached is not None and self.reached != self.place


@dataclass
class Places:
    fates: dict[int, EntryFate]
    awards: list[PrizeAward]
    by_place: dict[int, int] = field(default_factory=dict)  # place -> entry

    def ranking(self) -> list[EntryFate]:
        """Entries best first: the placed ones by place, and each entry without a place
        yet above every placed entry that went out before it: an entry in play in round 3
        above the places of rounds 1 and 2, a loser of round 3 (its round still being
        played) below those in play and above the losers of round 2. In play first, then
        by the round reached, then by entry number."""
        placed = sorted((f for f in self.fates.values() if f.place is not None),
                        key=lambda f: f.place)
        waiting = sorted(
            (f for f in self.fates.values() if f.place is None),
            key=lambda f: (-f.level, not f.alive, -f.round_reached, f.entry),
        )
        ranked: list[EntryFate] = []
        i = 0
        for f in placed:
            while i < len(waiting) and waiting[i].level > f.level:
                ranked.append(waiting[i])
                i += 1
            ranked.append(f)
        ranked.extend(waiting[i:])
        return ranked


def _lot_order(entries: Sequence[int], seed: int, round_number: int) -> list[int]:
    ordered = sorted(entries)
    random.Random(f"{seed}:{round_number}").shuffle(ordered)
    return ordered


def _loss_key(m: MatchRecord) -> int:
    if m.outcome == PLAYED and m.loser_bummerl is not None:
        return m.loser_bummerl
    return -1


def compute(
    owners: Mapping[int, int],
    matches: Iterable[MatchRecord],
    *,
    seed: int,
    one_prize_per_player: bool = False,
    playoff: Mapping[int, int] | None = None,
    prize_places: int = PRIZE_PLACES,
) -> Places:
    """Fates and prizes. ``owners`` maps every entry in the tournament to its player;
    ``playoff`` maps an entry to its recorded play-off rank (1 = best)."""
    playoff = playoff or {}
    fates = {e: EntryFate(entry=e, player=p) for e, p in owners.items()}
    by_round: dict[int, list[MatchRecord]] = defaultdict(list)
    for m in matches:
        by_round[m.round].append(m)
    by_place: dict[int, int] = {}

    for number in sorted(by_round):
        round_matches = by_round[number]
        main = [m for m in round_matches if m.bracket == MAIN]
        for m in main:
            for e in (m.left, m.right):
                if e is not None and e in fates:
                    fates[e].round_reached = number
            loser = m.loser_entry
            if loser is not None and loser in fates:
                f = fates[loser]
                f.out_round = number
                f.how = {PLAYED: "lost", WALKOVER: "walkover", SURRENDER: "surrendered"}[m.outcome]
                if m.outcome == PLAYED:
                    f.lost_score = (m.winner_bummerl, m.loser_bummerl)
        going_on = len(main)
        if going_on > PRIZE_PLACES // 2:
            # the round's losers share the places below the entries going on until the
            # round is complete; byes put nobody out
            played_in = sum(1 for m in main if m.right is not None)
            for m in main:
                if m.loser_entry in fates:
                    fates[m.loser_entry].pending = (going_on + 1, going_on + played_in)
        if going_on > PRIZE_PLACES // 2 and all(m.decided for m in main):
            # a round before the quarterfinal: its losers take the places below
            losers = [m for m in main if m.loser_entry is not None]
            lot = {
                e: i
                for i, e in enumerate(_lot_order([m.loser_entry for m in losers], seed, number))
            }
            losers.sort(
                key=lambda m: (
                    -_loss_key(m),
                    m.loser_entry not in playoff,
                    playoff.get(m.loser_entry, 0),
                    lot[m.loser_entry],
                )
            )
            for i, m in enumerate(losers):
                place = going_on + 1 + i
                by_place[place] = m.loser_entry
        if going_on == 1:
            # the final round: the final and the placement matches
            for m in round_matches:
                first = PLACEMENT_PLACES.get(m.bracket)
                if first is not None and m.decided:
                    by_place[first] = m.winner_entry
                    by_place[first + 1] = m.loser_entry
            final = next((m for m in main if m.decided), None)
            if final is not None and final.winner_entry in fates:
                fates[final.winner_entry].how = WON
    _prize_stage_pending(fates, by_round)
    for place, e in by_place.items():
        if e in fates:
            fates[e].place = place
            fates[e].pending = None

    awards = _awards(by_place, owners, one_prize_per_player, prize_places)
    return Places(fates=fates, awards=awards, by_place=by_place)


def _prize_stage_pending(fates: dict[int, EntryFate], by_round) -> None:
    """The places the losers of the prize stage play for: a quarterfinal's loser 5-8,
    a semifinal's 3-4 (the final's loser is placed with the final)."""
    for round_matches in by_round.values():
        main = [m for m in round_matches if m.bracket == MAIN]
        if len(main) in (2, 4):
            for m in main:
                if m.loser_entry in fates:
                    fates[m.loser_entry].pending = (len(main) + 1, 2 * len(main))


def prize_awards(
    by_place: Mapping[int, int], owners: Mapping[int, int], one_prize: bool, count: int
) -> list[PrizeAward]:
    """The prizes down the places ``by_place`` (place -> entry), with the one-prize rule;
    every format's places go through it (the Danish system's too)."""
    return _awards(by_place, owners, one_prize, count)


def _awards(
    by_place: Mapping[int, int], owners: Mapping[int, int], one_prize: bool, count: int
) -> list[PrizeAward]:
    if not one_prize:
        awards = []
        for k in range(1, count + 1):
            e = by_place.get(k)
            awards.append(
                PrizeAward(
                    place=k, entry=e, player=owners.get(e), reached=k if e is not None else None
                )
            )
        return awards
    awards = []
    prize_of: dict[int, int] = {}  # player -> the prize he holds
    place = 1
    # every place skipped so far: prize k goes to place k + len(skipped), each of these
    # skips (its own or one for a prize before it) is why it went that far down
    skipped: list[PassedOver] = []
    for k in range(1, count + 1):
        winner = None
        while place in by_place:
            e = by_place[place]
            place += 1
            if owners[e] not in prize_of:
                winner = e
                break
            skipped.append(PassedOver(place - 1, e, owners[e], prize_of[owners[e]]))
        if winner is None:
            # the next place is not decided yet: this and the following prizes wait
            awards.extend(PrizeAward(place=j, entry=None, player=None) for j in range(k, count + 1))
            break
        prize_of[owners[winner]] = k
        awards.append(
            PrizeAward(
                place=k,
                entry=winner,
                player=owners[winner],
                reached=place - 1,
                passed_over=tuple(skipped),
            )
        )
    return awards


# --------------------------------------------------------------------------- categories
#
# A category (Wertung, e.g. Damen or Senioren) ranks its members' entries by their
# places in the whole field and has prizes of its own, awarded in addition to the eight
# prizes:
#
# - An entry's category place is 1 + the members' entries placed better. It is known once
#   no undecided member can still end above it: always for places 9 and below (an
#   undecided entry then goes out in a later round or plays on, so it ends better); for
#   places 1 to 8 once every member is placed.
# - The category's prizes go down its places like the eight prizes, with the tournament's
#   one-prize rule applied within the category.
# - The term ``may_take_both``: if set, a player may take a category prize as well as one
#   of the eight prizes (and prizes of several categories). If not, a player takes prizes
#   of one list only: the eight prizes first, then the categories in their order; a prize
#   he cannot take passes to the next member of the category. Category prizes then wait
#   until the eight prizes are all decided.


@dataclass(frozen=True)
class CategorySpec:
    key: int  # the category's id
    members: frozenset[int]  # entry numbers
    prize_count: int


@dataclass
class CategoryResult:
    key: int
    places: dict[int, int]  # entry -> place in the category (only the known ones)
    awards: list[PrizeAward]  # the category's prizes, 1st first (entry None while open)


def _category_places(places: Places, members: frozenset[int]) -> dict[int, int]:
    placed = sorted(
        (places.fates[e].place, e)
        for e in members
        if e in places.fates and places.fates[e].place is not None
    )
    undecided = sum(1 for e in members if e in places.fates and places.fates[e].place is None)
    result = {}
    for i, (place, e) in enumerate(placed):
        if undecided and place <= PRIZE_PLACES:
            continue  # an undecided member may still end above or below it
        result[e] = i + 1 + undecided
    return result


def category_results(
    places: Places,
    owners: Mapping[int, int],
    categories: Sequence[CategorySpec],
    *,
    one_prize_per_player: bool = False,
    may_take_both: bool = False,
) -> list[CategoryResult]:
    """Places and prizes of each category (in the order given), from ``compute``'s
    result; ``owners`` maps each entry to its player."""
    main_holders = {a.player for a in places.awards if a.player is not None}
    main_open = any(a.entry is None for a in places.awards)
    holders_of_any: set[int] = set(main_holders)
    results = []
    for spec in categories:
        cat_places = _category_places(places, spec.members)
        ordered = sorted(cat_places, key=lambda e: cat_places[e])
        awards: list[PrizeAward] = []
        taken: set[int] = set()  # players with a prize of this category
        wait = not may_take_both and main_open
        index = 0
        for k in range(1, spec.prize_count + 1):
            winner = None
            while not wait and index < len(ordered):
                e = ordered[index]
                if cat_places[e] != index + 1:
                    break  # a gap: the entries above are not placed yet
                index += 1
                player = owners[e]
                if one_prize_per_player and player in taken:
                    continue
                if not may_take_both and player in holders_of_any:
                    continue
                winner = e
                break
            if winner is None:
                awards.extend(PrizeAward(place=j, entry=None, player=None)
                              for j in range(k, spec.prize_count + 1))
                break
            taken.add(owners[winner])
            awards.append(PrizeAward(place=k, entry=winner, player=owners[winner]))
        if not may_take_both:
            holders_of_any |= taken
        results.append(CategoryResult(key=spec.key, places=cat_places, awards=awards))
    return results
