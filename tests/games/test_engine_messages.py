"""Every message of the rules engine reaches the user translated (German by default,
English through i18n), with the players' names and the figures as written on the sheet."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from engine import GameState
from engine.messages import CATALOGUE, SEAT_PARAMS, Reason
from games import services
from games.messages import TEMPLATES, engine_message, score_sheet_message
from games.services import GameError
from tournaments.models import Outcome

from .helpers import open_pairings

NAMES = ("Franz Berger", "Resi Huber", "Sepp Maier", "Anni Gruber")
SAMPLES = {
    "card": "QH",
    "cards": "JS,QH",
    "suit": "H",
    "trump": "S",
    "suits": "H S",
    "contract": "gangl",
    "current": "bettler",
    "game": "gangl",
    "phase": "bid",
    "kind": "exchange",
    "direction": "down",
    "action": "play:QH",
    "figures": "15:24",
    "before": "24:24",
    "after": "15:24",
    "expected": "21:24",
}
# templates that read the same in both languages (a parameter only; the call "Re")
ONLY_A_PARAMETER = {"bad_action", "two_player_other", "action_re"}


def _sample(code: str) -> Reason:
    fields = set(re.findall(r"\{(\w+)\}", CATALOGUE[code]))
    params = {}
    for f in fields:
        if f in SEAT_PARAMS:
            params[f] = 1
        else:
            params[f] = SAMPLES.get(f, 3)
    return Reason(code, **params)


def test_every_engine_code_has_a_template_in_both_languages_with_nothing_left_over():
    assert set(TEMPLATES) == set(CATALOGUE), set(CATALOGUE) ^ set(TEMPLATES)
    for code in CATALOGUE:
        reason = _sample(code)
        texts = {}
        for language in ("de-at", "en"):
            with translation.override(language):
                text = engine_message(reason, names=NAMES)
            assert text and "%(" not in text and "{" not in text and "}" not in text, (code, text)
            assert "player 1" not in text and "seat 1" not in text, (code, text)
            with translation.override("en"):
                template = str(TEMPLATES[code])
            if any(f"%({p})s" in template for p in SEAT_PARAMS):
                assert NAMES[1] in text, (code, text)  # the name, not "player 1"
            if "card" in reason.params:
                assert "QH" not in text, (code, text)  # the card's name
            texts[language] = text
        if code not in ONLY_A_PARAMETER:
            assert texts["de-at"] != texts["en"], (code, "not translated", texts)
    # the game's card names follow the deck
    with translation.override("de-at"):
        jack = Reason("two_player_exchange_needs_jack", card="JH")
        assert "Herz Bube" in engine_message(jack) and "Atout-Buben" in engine_message(jack)
        assert "Atout-Unter" in engine_message(jack, deck="german")
        assert "Herz Unter" in engine_message(jack, deck="german")


def test_two_player_reasons_are_codes_with_the_old_english_text():
    s = GameState.deal("weich", seed=3)
    hand = {c.name for c in s.hand_of(s.to_move)}
    missing = next(c for c in ("AH", "TH", "KH", "QH", "JH", "AS") if c not in hand)
    why = s.why_illegal(f"play:{missing}")
    assert why.code == "two_player_not_in_hand" and why.params["card"] == missing
    assert str(why) == f"player {s.to_move} does not hold {missing}"
    with translation.override("de-at"):
        assert engine_message(why).startswith("Sie haben ")


def _sheet_error(sheet: str, names) -> str:
    from engine import RuleSet

    rules = RuleSet.from_dict({"name": "turnier", "bummerl_to_win_match": 2})
    with pytest.raises(GameError) as err:
        services.check_score_sheet(rules, 2, services.parse_score_sheet(sheet), names=names)
    return err.value.message


# the two sheets of the issue: a Bummerl after the match was won, an unfinished Bummerl
WON_ALREADY = "7:4 5:4 5:1 5:0\n7:4 5:4 5:1 5:0\n7:4 5:4 5:1 5:0"
UNFINISHED = "7:4 7:2 5:2 3:2"


def test_the_two_sheet_errors_in_german_and_english_with_names_and_the_typed_figures():
    names = ("Franz Berger", "Resi Huber")
    with translation.override("de-at"):
        assert _sheet_error(WON_ALREADY, names) == (
            "Bummerl 3 ist falsch: die Partie hatte Resi Huber schon gewonnen (2:0 Bummerl)"
        )
        assert _sheet_error(UNFINISHED, names) == (
            "Bummerl 1, Spiel 4 ist falsch: das Bummerl endet bei 3:2, bevor ein Spieler auf 0 war"
        )
    with translation.override("en"):
        assert _sheet_error(WON_ALREADY, names) == (
            "Bummerl 3 is wrong: the match was already won by Resi Huber (2:0 Bummerl)"
        )
        assert _sheet_error(UNFINISHED, names) == (
            "Bummerl 1, game 4 is wrong: the Bummerl ends at 3:2 before a player was down to 0"
        )


def test_a_bauern_sheet_error_names_its_line_in_the_users_language():
    from engine.bauern.scoring import SheetError, validate_score_sheet

    with pytest.raises(SheetError) as err:
        validate_score_sheet("ueblich", ["0 normal 2", "9 gangl"])
    with translation.override("de-at"):
        text = score_sheet_message(err.value, names=("Wir", "Ihr"))
    assert text.startswith("Zeile 2 (Bummerl 1) ist falsch: ") and "9" in text


@pytest.mark.django_db
@pytest.mark.parametrize(
    "language, expected",
    [
        ("de-at", "Bummerl 3 ist falsch: die Partie hatte {right} schon gewonnen (2:0 Bummerl)"),
        ("en", "Bummerl 3 is wrong: the match was already won by {right} (2:0 Bummerl)"),
    ],
)
def test_staff_recording_a_sheet_on_the_pairings_page_shows_the_translated_error(
    language, expected
):
    _t, pairings = open_pairings(match_bummerl=2)
    p = pairings[0]
    staff = get_user_model().objects.create_user("chef", password="x", is_superuser=True)
    client = Client(headers={"accept-language": language})
    client.force_login(staff)
    response = client.post(
        reverse("games:pairing", args=[p.pk]), {"do": "sheet", "sheet": WON_ALREADY}, follow=True
    )
    page = response.content.decode()
    assert expected.format(right=p.right.player.name) in page
    p.refresh_from_db()
    assert p.outcome == Outcome.OPEN


@pytest.mark.django_db
@pytest.mark.parametrize(
    "language, expected",
    [
        ("de-at", "Bummerl 1, Spiel 4 ist falsch: das Bummerl endet bei 3:2"),
        ("en", "Bummerl 1, game 4 is wrong: the Bummerl ends at 3:2"),
    ],
)
def test_a_player_reporting_a_sheet_sees_the_translated_error(language, expected):
    _t, pairings = open_pairings(match_bummerl=2)
    m = services.start_match_for_pairing(pairings[0])
    client = Client(headers={"accept-language": language})
    response = client.post(
        reverse("games:player_record", args=[m.pk, m.token0]),
        {"do": "sheet", "sheet": UNFINISHED},
        follow=True,
    )
    assert expected in response.content.decode()
    assert not pairings[0].reports.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["de-at", "en"])
def test_the_game_page_gives_illegal_actions_and_blocked_buttons_translated(language):
    _t, pairings = open_pairings()
    m = services.start_match_for_pairing(pairings[0])
    live = services.live_state(m)
    seat = live.state.to_move
    other = 1 - seat
    hand = {c.name for c in live.state.hand_of(seat)}
    missing = next(c.name for c in live.state.hand_of(other) if c.name not in hand)
    client = Client(headers={"accept-language": language})
    response = client.post(
        reverse("games:act", args=[m.pk, m.token(seat)]),
        {"action": f"play:{missing}", "seq": m.next_seq},
        content_type="application/json",
    )
    assert response.status_code == 400
    error = response.json()["error"]
    with translation.override(language):
        assert error == engine_message(Reason("two_player_not_in_hand", seat=seat, card=missing))
    assert missing not in error
    assert ("Sie haben" if language == "de-at" else "You do not hold") in error
    # the greyed-out buttons' reasons: the opponent's view before his turn
    state = client.get(reverse("games:state", args=[m.pk, m.token(other)])).json()
    blocked = state["view"]["blocked"]
    assert blocked
    for text in blocked.values():
        assert not re.search(r"\bplayer [01]\b|[ATKQJ][HDSC]\b", text), text
        if language == "de-at":
            assert "must" not in text and "only" not in text, text
