"""Records of Bauernschnapsen and Talonschnapsen (JSON round trip, replay, the first
illegal action named with its code) and the command line for all three games."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.bauern import BauernState
from engine.messages import RuleViolation
from engine.multi.rule_bots import MultiRuleBot
from engine.record import RecordError, ReplayError
from engine.tables.bots import play_multi_game
from engine.tables.record import (
    MultiGameRecord,
    MultiMatchRecord,
    MultiReplayError,
    load_multi_record,
)
from engine.tables.table import MultiTable
from engine.talon import TalonState

ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def played(cls, seed, dealer=0):
    s = cls.deal("ueblich", seed=seed, dealer=dealer)
    start = s.copy()
    actions = play_multi_game(s, [MultiRuleBot()] * cls.N, None)
    return MultiGameRecord.of(start, actions, seed), s


@pytest.mark.parametrize("cls", [BauernState, TalonState])
def test_game_record_round_trip_and_replay(cls):
    rec, end = played(cls, 7)
    text = rec.to_json()
    data = json.loads(text)
    assert data["format"] == f"{cls.GAME}-game/1" and len(data["deck"]) == 20
    again = MultiGameRecord.from_json(text)
    assert again == rec and again.to_json() == text
    states = rec.replay()
    assert len(states) == len(rec.actions) + 1 and states[-1].to_dict() == end.to_dict()
    assert isinstance(load_multi_record(data), MultiGameRecord)


def test_replay_names_the_first_illegal_action_with_its_code():
    rec, _ = played(BauernState, 3)
    bad = MultiGameRecord(
        rec.game, rec.rules, rec.deck, rec.dealer, (*rec.actions[:2], rec.actions[-1])
    )
    with pytest.raises(MultiReplayError) as info:
        bad.replay()
    err = info.value
    assert isinstance(err, ReplayError) and err.index == 2 and err.code == "wrong_phase"
    assert "action 3" in str(err)


def test_match_record_checks_the_dealer_order():
    games = []
    dealer = 1
    for i in range(3):
        rec, end = played(BauernState, 20 + i, dealer)
        games.append(rec)
        dealer = dealer if end.result.is_redeal else (dealer + 1) % 4
    match = MultiMatchRecord("bauernschnapsen", games[0].rules, 1, tuple(games), None)
    finals, score = MultiMatchRecord.from_json(match.to_json()).replay()
    assert len(finals) == 3 and score.games_played + score.redeals == 3
    wrong = MultiMatchRecord("bauernschnapsen", games[0].rules, 0, tuple(games), None)
    with pytest.raises(RecordError, match="deals"):
        wrong.replay()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"format": "bauernschnapsen-game/1", "deck": ["AH"], "dealer": 0}, "deck"),
        (
            {
                "format": "bauernschnapsen-game/1",
                "deck": "AH TH KH QH JH AD TD KD QD JD AS TS KS QS JS AC TC KC QC JC",
                "dealer": 5,
            },
            "dealer",
        ),
        (
            {
                "format": "talonschnapsen-game/1",
                "deck": "AH TH KH QH JH AD TD KD QD JD AS TS KS QS JS AC TC KC QC JC",
                "dealer": 0,
                "actions": ["fly"],
            },
            "actions",
        ),
        (
            {"format": "talonschnapsen-game/1", "rules": {"nope": 1}, "deck": [], "dealer": 0},
            "rules",
        ),
        ({"format": "skat-game/1"}, "not a"),
    ],
)
def test_bad_records_are_refused_clearly(data, message):
    with pytest.raises(RecordError, match=message):
        load_multi_record(data)


def test_cli_selfplay_and_replay_for_the_new_games(tmp_path):
    out = tmp_path / "b.json"
    r = run_cli(
        "selfplay",
        "--game",
        "bauernschnapsen",
        "--bots",
        "rule,random,rule,random",
        "--games",
        "6",
        "--seed",
        "2",
        "--out",
        str(out),
    )
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)
    assert summary["games"] == 6 and len(summary["points_by_seat"]) == 4 and summary["written"]
    rp = run_cli("replay", str(out))
    assert rp.returncode == 0, rp.stderr
    assert len(json.loads(rp.stdout)["games"]) == 6
    t = run_cli(
        "selfplay",
        "--game",
        "talonschnapsen",
        "--bots",
        "strong,rule,random",
        "--games",
        "1",
        "--seed",
        "1",
        "--budget",
        "0.01",
        "--rules",
        '{"name": "alles", "raise_after_talon": true}',
    )
    assert t.returncode == 0, t.stderr
    assert json.loads(t.stdout)["rules"] == "alles"
    wrong = run_cli("selfplay", "--game", "talonschnapsen", "--bots", "rule,rule")
    assert wrong.returncode == 2 and "3 bot names" in wrong.stderr


def test_cli_replay_of_an_illegal_action_exits_1_with_the_rule(tmp_path):
    rec, _ = played(TalonState, 5)
    data = rec.to_dict()
    data["actions"] = data["actions"][:1] + ["play:AH"]
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data))
    r = run_cli("replay", str(path))
    assert r.returncode == 1
    out = json.loads(r.stdout)
    assert (
        out["action_index"] == 1
        and out["code"] == "wrong_phase"
        and out["params"]["phase"] == "bid"
    )
    assert "is not possible now" in out["rule"]
    assert run_cli("replay", "-", stdin="{nope").returncode == 2


def test_cli_two_player_behaviour_is_kept(tmp_path):
    r = run_cli("selfplay", "--bots", "rule,random", "--games", "4", "--seed", "1")
    assert r.returncode == 0 and json.loads(r.stdout)["wins"]
    r2 = run_cli("selfplay", "--game", "schnapsen", "--bots", "random,random,random")
    assert r2.returncode == 2


@pytest.mark.parametrize(
    "game, rules",
    [
        ("talonschnapsen", {"name": "alles", "opponents_66": "plays_on", "normal_last_trick": True}),
        ("talonschnapsen", {"name": "keine", "opponents_66": "ends", "revoke": "three"}),
        ("talonschnapsen", {"name": "alles", "schnapser_forty": "after_one_trick", "raise_after_talon": True}),
        ("bauernschnapsen", {"name": "alles", "schnapser_forty": "after_one_trick", "revoke": "three"}),
        ("schnapsen", {"name": "weich", "last_trick": "one"}),
    ],
)
def test_cli_selfplay_runs_the_options_of_issue_32(game, rules):
    bots = {"schnapsen": "rule,random", "bauernschnapsen": "rule,random,rule,random"}
    r = run_cli(
        "selfplay", "--game", game, "--bots", bots.get(game, "rule,rule,random"),
        "--games", "6", "--seed", "3", "--rules", json.dumps(rules),
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["rules"] == rules["name"]
    wrong = run_cli("selfplay", "--game", game, "--rules", json.dumps({**rules, "revoke": "x"}))
    assert wrong.returncode == 2 and "rule option" in wrong.stderr


def test_table_plays_a_match_checks_turns_and_resumes():
    table = MultiTable("bauernschnapsen", "ueblich", seed=9, first_dealer=3, bummerls=1)
    assert table.to_move == 2 and table.view(0)["score"]["figures"] == [24, 24]
    assert table.record.games[0].seed == "9/0" and table.record.seed == 9
    with pytest.raises(RuleViolation) as info:
        table.act(0, "cut")
    assert info.value.code == "not_your_turn"
    rule = MultiRuleBot()
    moves = 0
    while not table.is_over and moves < 400:
        seat = table.to_move
        table.act(seat, rule.choose(table.state.view(seat)))
        moves += 1
        if moves == 37:  # store and resume in the middle of the match
            stored = table.record.to_json()
            table = MultiTable.resume(stored)
            assert table.record.to_json() == stored
    assert table.is_over and max(table.score.bummerl_count) >= 1
    assert table.record.seed == 9
    assert [g.seed for g in table.record.games] == [f"9/{i}" for i in range(len(table.record.games))]
    d = table.view(1)
    assert d["score"]["match_over"] and d["legal_actions"] == [] and d["score"]["last_result"]
    again = MultiTable.resume(table.record.to_dict())
    assert again.is_over and again.score.to_dict() == table.score.to_dict()
    with pytest.raises(RuleViolation) as info:
        table.act(0, "pass")
    assert info.value.code == "game_over"


def test_a_match_to_n_bummerl_ends_when_a_team_has_got_n():
    """A tournament's match (``first_to``): over as soon as a team has got N Bummerl,
    however many were played; stored in the record and resumed with it."""
    table = MultiTable("bauernschnapsen", "ueblich", seed=5, bummerls=None, first_to=2)
    rule = MultiRuleBot()
    ends = []
    for _ in range(5000):
        if table.is_over:
            break
        done = table.score.finished_bummerls
        seat = table.to_move
        table.act(seat, rule.choose(table.state.view(seat)))
        if table.score.finished_bummerls != done:
            ends.append(list(table.score.bummerl_count))
    assert table.is_over and max(table.score.bummerl_count) >= 2
    assert all(max(c) < 2 for c in ends[:-1])  # it went on until then, not beyond
    data = table.record.to_dict()
    assert data["first_to"] == 2 and data["bummerls"] is None
    again = MultiTable.resume(table.record.to_json())
    assert again.is_over and again.score.to_dict() == table.score.to_dict()
    assert "first_to" not in MultiTable("bauernschnapsen", seed=1).record.to_dict()
