"""Category places and prizes (pure code), with and without the term that a player may
take a category prize as well as one of the eight prizes."""

from tournaments.prizes import (
    CategorySpec,
    EntryFate,
    Places,
    PrizeAward,
    category_results,
)


def places_of(place_of_entry: dict[int, int | None], owners: dict[int, int]) -> Places:
    """Places as ``compute`` gives them: every entry's place, the eight prizes 1..8."""
    fates = {
        e: EntryFate(entry=e, player=owners[e], place=p) for e, p in place_of_entry.items()
    }
    by_place = {p: e for e, p in place_of_entry.items() if p is not None}
    awards = [
        PrizeAward(place=k, entry=by_place.get(k), player=owners.get(by_place.get(k)))
        for k in range(1, 9)
    ]
    return Places(fates=fates, awards=awards, by_place=by_place)


# 12 entries, entry e placed e; entry 12 belongs to player 1 (who also holds entry 1)
OWNERS = {e: e for e in range(1, 12)} | {12: 1}
FINISHED = places_of({e: e for e in range(1, 13)}, OWNERS)
DAMEN = CategorySpec(key=1, members=frozenset({3, 7, 9, 10, 12}), prize_count=2)
SENIOREN = CategorySpec(key=2, members=frozenset({9, 11}), prize_count=1)


def winners(result):
    return [a.entry for a in result.awards]


def test_category_places_follow_the_field():
    (damen,) = category_results(FINISHED, OWNERS, [DAMEN])
    assert damen.places == {3: 1, 7: 2, 9: 3, 10: 4, 12: 5}


def test_with_the_both_term_the_best_of_the_category_win():
    damen, senioren = category_results(
        FINISHED, OWNERS, [DAMEN, SENIOREN], may_take_both=True
    )
    assert winners(damen) == [3, 7]  # they also hold the 3rd and 7th prize
    assert winners(senioren) == [9]


def test_without_it_a_main_prize_winner_passes_the_category_prize_on():
    damen, senioren = category_results(
        FINISHED, OWNERS, [DAMEN, SENIOREN], may_take_both=False
    )
    # 3 and 7 hold main prizes; 9 and 10 take the Damen prizes; 12's player holds the
    # 1st prize with his other entry
    assert winners(damen) == [9, 10]
    # 9 took a Damen prize: the Senioren prize passes on to 11
    assert winners(senioren) == [11]


def test_one_prize_per_player_within_a_category():
    owners = dict(OWNERS) | {10: 9}  # entries 9 and 10 belong to one player
    places = places_of({e: e for e in range(1, 13)}, owners)
    (damen,) = category_results(
        places, owners, [DAMEN], one_prize_per_player=True, may_take_both=True
    )
    assert winners(damen) == [3, 7]
    (damen,) = category_results(
        places, owners, [DAMEN], one_prize_per_player=True, may_take_both=False
    )
    # 9 takes prize 1; his entry 10 is passed over; 12's player holds the 1st prize:
    # nobody is left for prize 2
    assert winners(damen) == [9, None]


def test_prizes_wait_while_members_above_are_not_placed():
    # the prize stage is running: places 1..8 open, 9..12 placed
    running = places_of({e: (e if e > 8 else None) for e in range(1, 13)}, OWNERS)
    (damen,) = category_results(running, OWNERS, [DAMEN], may_take_both=True)
    # 3 and 7 still play: whatever they reach, they end above 9, 10 and 12
    assert damen.places == {9: 3, 10: 4, 12: 5}
    assert winners(damen) == [None, None]


def test_a_place_within_the_prize_stage_waits_for_the_other_members():
    # the final is decided (1, 2), the match for 3rd place not yet
    partial = places_of({1: 1, 2: 2, 3: None, 4: None} | {e: e for e in range(5, 13)}, OWNERS)
    spec = CategorySpec(key=1, members=frozenset({2, 3, 9}), prize_count=2)
    (cat,) = category_results(partial, OWNERS, [spec], may_take_both=True)
    # a place in the top eight counts in the category once every member is placed, so
    # 2's waits while 3 plays; 9 is below any place 3 can reach: 3rd
    assert cat.places == {9: 3}
    assert winners(cat) == [None, None]


def test_without_the_both_term_category_prizes_wait_for_the_eight_prizes():
    running = places_of({e: (e if e > 8 else None) for e in range(1, 13)}, OWNERS)
    spec = CategorySpec(key=1, members=frozenset({9, 10}), prize_count=1)
    (cat,) = category_results(running, OWNERS, [spec], may_take_both=False)
    assert cat.places == {9: 1, 10: 2}
    assert winners(cat) == [None]  # 9's player might still win a main prize
    (cat,) = category_results(running, OWNERS, [spec], may_take_both=True)
    assert winners(cat) == [9]
