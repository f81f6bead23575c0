"""Every message that can reach a user has a stable code with parameters."""

import pickle
import random
import re
from pathlib import Path

import pytest

from engine import Action, GameState, RuleSet
from engine.bauern import BauernRules, BauernState
from engine.messages import CATALOGUE, Reason, RuleViolation, classify
from engine.multi.actions import Action as MultiAction
from engine.talon import TalonRules

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def test_every_code_used_in_the_engine_is_catalogued():
    used = set()
    for path in ENGINE.rglob("*.py"):
        text = path.read_text()
        used |= set(re.findall(r'(?:Reason|ReasonError|_LineError)\(\s*"([a-z_0-9]+)"', text))
        used |= set(re.findall(r'_finish\([^"\n]*"(result_[a-z_0-9]+)"', text))
        used |= set(re.findall(r'"(result_[a-z_0-9]+)"', text))
        if path.name == "view.py":  # button labels (action_cut ... are built from the kind)
            used |= set(re.findall(r'"(action_[a-z_]+)"', text))
    used |= {"action_cut", "action_knock", "action_redeal"}
    assert used and used <= set(CATALOGUE), sorted(used - set(CATALOGUE))
    for code, template in CATALOGUE.items():
        assert re.fullmatch(r"[a-z][a-z0-9_]*", code) and template
    # and nothing in the catalogue is dead (the two-player codes come from classify)
    dead = {c for c in CATALOGUE if not c.startswith("two_player_")} - used
    assert not dead, sorted(dead)


def test_reason_is_a_string_with_a_code():
    r = Reason("must_follow_suit", suit="H")
    assert (
        r == "must follow suit (H)" and r.code == "must_follow_suit" and r.params == {"suit": "H"}
    )
    assert r.to_dict() == {"code": "must_follow_suit", "params": {"suit": "H"}, "text": str(r)}
    assert pickle.loads(pickle.dumps(r)).code == "must_follow_suit"
    v = RuleViolation("play:AH", r)
    assert (
        v.code == r.code
        and str(v) == "play:AH: must follow suit (H)"
        and v.to_dict()["action"] == "play:AH"
    )
    with pytest.raises(KeyError):
        Reason("no_such_code")


def test_two_player_reasons_all_have_codes():
    rng = random.Random(0)
    seen = set()
    for seed in range(40):
        s = GameState.deal("scharf" if seed % 2 else "weich", seed=seed)
        while not s.is_over:
            for a in ["exchange", "close", "declare", "declare:KH", "marriage:QS"] + [
                f"play:{c}" for c in ("AH", "TD", "KS", "QC", "JH")
            ]:
                why = s.why_illegal(a)
                if why:
                    r = classify(why)
                    assert r.code != "two_player_other", why
                    seen.add(r.code)
            acts = [a for a in s.legal_actions() if a.kind != "declare"] or s.legal_actions()
            s = s.apply(rng.choice(acts))
        assert classify(s.why_illegal("close")).code == "two_player_game_over"
    assert len(seen) >= 8
    assert classify("something new").code == "two_player_other"
    assert classify(Reason("game_over")).code == "game_over"


BAD_INPUTS = [
    # (what parses it, the input, its code): issue 32, the parse errors have codes too
    (RuleSet.from_dict, {"name": "weich", "fly": 1}, "rule_unknown_options"),
    (RuleSet.preset, "hart", "rule_unknown_profile"),
    (RuleSet.from_dict, {"last_trick": "two"}, "rule_option_choice"),
    (RuleSet.from_dict, {"bummerl_to_win_match": 5}, "rule_option_match_bummerl"),
    (RuleSet.from_dict, 3, "rules_not_options"),
    (Action.parse, "zudrehen", "action_unknown"),
    (Action.parse, "play:XX", "card_unknown"),
    (Action.parse, "declare:JH", "action_marriage_card"),
    (Action.parse, "revoke:2", "action_revoke_player"),
    (Action.parse, "close:KH", "action_no_argument"),
    (Action.parse, 7, "action_not_text"),
]


def _multi():
    return [
        (BauernRules.from_dict, {"catalogue": "gangl fly"}, "catalogue_unknown_game"),
        (BauernRules.from_dict, {"plauderer": "d"}, "rule_option_choice"),
        (BauernRules.from_dict, {"turn_up": "yes"}, "rule_option_bool"),
        (BauernRules.preset, "streng", "rule_unknown_profile"),
        (TalonRules.from_dict, {"catalogue": ["schnapser_zusammen"]}, "rule_not_in_variant"),
        (MultiAction.parse, "call:X", "suit_unknown"),
        (MultiAction.parse, "bid:normal", "action_bid_normal"),
        (MultiAction.parse, "bid:grand", "action_unknown_game"),
        (MultiAction.parse, "bid:gangl:ohne", "action_bid_suffix"),
        (MultiAction.parse, "turn_up:9", "action_turn_up_number"),
        (MultiAction.parse, "discard:JS", "action_discard_two"),
        (MultiAction.parse, "play", "action_needs_card"),
        (MultiAction.parse, "pass:1", "action_no_argument"),
        (MultiAction.parse, "revoke:x", "action_revoke_seat"),
    ]


def test_parse_errors_of_rules_and_actions_carry_a_code_and_their_english_text():
    for parse, value, code in BAD_INPUTS + _multi():
        with pytest.raises(ValueError) as err:
            parse(value)
        assert err.value.code == code, (value, err.value)
        assert err.value.reason.code == code and str(err.value) == str(err.value.reason)
        assert pickle.loads(pickle.dumps(err.value)).code == code
    s = BauernState.deal("ueblich", seed=1)
    assert s.why_illegal("bid:normal").code == "action_bid_normal"  # not bad_action
    assert GameState.deal("weich", seed=1).why_illegal("play:ZZ").code == "card_unknown"
