from engine import Card, GameState
from engine.cards import parse_cards

# Deck order top first: fh 1-3, dealer 4-6, trump 7, fh 8-9, dealer 10-11, talon 12-20.
DECK = "AH TH KH  AD TD KD  JS  QH JH  QD JD  AS TS KS QS AC TC KC QC JC"


def test_deal_follows_the_reference_exactly():
    s = GameState.deal(deck=DECK, dealer=0)
    fh, dealer = 1, 0
    assert s.forehand == fh and s.to_move == fh
    assert set(s.hand_of(fh)) == set(parse_cards("AH TH KH QH JH"))
    assert set(s.hand_of(dealer)) == set(parse_cards("AD TD KD QD JD"))
    assert s.face_up_trump is Card.JS and s.trump_suit.letter == "S"
    assert s.talon_cards() == tuple(parse_cards("AS TS KS QS AC TC KC QC JC"))
    assert s.talon_size == 9


def test_dealer_one_swaps_roles():
    s = GameState.deal(deck=DECK, dealer=1)
    assert s.to_move == 0
    assert set(s.hand_of(0)) == set(parse_cards("AH TH KH QH JH"))


def test_same_seed_same_deal_and_seeds_differ():
    a, b = GameState.deal(seed=7), GameState.deal(seed=7)
    assert a.deck == b.deck and a.hand == b.hand
    assert len({GameState.deal(seed=i).deck for i in range(20)}) == 20


def test_bad_deck_is_rejected():
    import pytest

    with pytest.raises(ValueError, match="exactly once"):
        GameState.deal(deck="AH " * 20)
    with pytest.raises(ValueError, match="unknown card"):
        GameState.deal(deck="XX")


def test_trick_winner_draws_first_and_leads():
    s = GameState.deal(deck=DECK, dealer=0)
    s = s.apply("play:JH")  # forehand leads JH
    s = s.apply("play:QD")  # dealer discards, forehand wins
    assert s.to_move == 1 and s.card_points(1) == 5
    assert Card.AS in s.hand_of(1) and Card.TS in s.hand_of(0)
    assert s.talon_size == 7
