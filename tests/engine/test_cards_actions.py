import pytest

from engine import Action, Card, RuleSet, Suit
from engine.cards import CARD_POINTS, parse_cards


def test_twenty_cards_with_points_summing_to_120():
    assert len(Card) == 20
    assert sum(CARD_POINTS) == 120
    assert [Card.parse(c).points for c in ("AH", "TH", "KH", "QH", "JH")] == [11, 10, 4, 3, 2]


def test_card_codes_round_trip_and_names():
    for card in Card:
        assert Card.parse(str(card)) is card
    assert Card.parse("qh") is Card.QH
    assert Card.parse("10D") is Card.TD
    assert Card.QH.german_name() == "Herz Dame"
    assert Card.QH.german_name("german") == "Herz Ober"
    assert Card.JD.german_name("german") == "Schelle Unter"
    assert Card.AC.german_name("german") == "Eichel Daus"
    assert Card.KS.german_name() == "Pik König"
    assert Card.TS.english_name == "Ten of Spades"
    assert Suit.CLUBS.german_name("german") == "Eichel"


@pytest.mark.parametrize("bad", ["", "X", "QX", "1H", "QHH"])
def test_bad_card_codes_say_what_is_wrong(bad):
    with pytest.raises(ValueError, match="unknown card"):
        Card.parse(bad)


def test_trick_strength():
    trump = Suit.SPADES
    assert Card.TH.beats(Card.KH, trump)  # higher in suit
    assert not Card.KH.beats(Card.TH, trump)
    assert not Card.AC.beats(Card.JH, trump)  # other suit, no trump: leader wins
    assert Card.JS.beats(Card.AC, trump)  # trump wins
    assert Card.AS.beats(Card.TS, trump)


ALL_ACTIONS = (
    ["exchange", "close", "declare", "revoke:0", "revoke:1"]
    + [f"play:{c}" for c in Card]
    + [f"marriage:{r}{s}" for r in "KQ" for s in "HDSC"]
    + [f"declare:K{s}" for s in "HDSC"]
)


@pytest.mark.parametrize("text", ALL_ACTIONS)
def test_action_notation_round_trips(text):
    action = Action.parse(text)
    assert str(action) == text
    assert Action.parse(str(action)) == action
    assert Action.parse(str(action)) is action  # interned


@pytest.mark.parametrize(
    "bad", ["", "fly", "play", "play:ZZ", "marriage:AH", "close:QH", "revoke:2", "revoke"]
)
def test_bad_actions_are_rejected_with_a_message(bad):
    with pytest.raises(ValueError):
        Action.parse(bad)


def test_parse_cards_lists():
    assert parse_cards("QH, KH AS") == [Card.QH, Card.KH, Card.AS]


def test_presets_and_options():
    weich, scharf, turnier = (RuleSet.preset(n) for n in ("weich", "scharf", "turnier"))
    assert weich == RuleSet()
    assert scharf.marriage_lead_king_only and not scharf.exchange_before_first_lead
    assert not scharf.exchange_with_one_talon_card and not scharf.marriage_before_first_trick
    assert turnier.closed_points_at_end and not turnier.schneider_double
    assert RuleSet.from_dict(turnier.to_dict()) == turnier
    assert RuleSet.from_dict({"name": "scharf", "auto_declare": True}) == scharf.replace(
        auto_declare=True
    )
    with pytest.raises(ValueError, match="unknown rule profile"):
        RuleSet.preset("hart")
    with pytest.raises(ValueError, match="unknown rule option"):
        RuleSet.from_dict({"bogus": 1})
    with pytest.raises(ValueError, match="failed_close"):
        RuleSet(failed_close="four")
