"""Every message that can reach a user has a stable code with parameters."""

import pickle
import random
import re
from pathlib import Path

import pytest

from engine import GameState
from engine.messages import CATALOGUE, Reason, RuleViolation, classify

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def test_every_code_used_in_the_engine_is_catalogued():
    used = set()
    for path in ENGINE.rglob("*.py"):
        text = path.read_text()
        used |= set(re.findall(r'(?:Reason|_LineError)\(\s*"([a-z_0-9]+)"', text))
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
