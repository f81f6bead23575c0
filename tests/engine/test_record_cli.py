import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import GameState, RuleSet
from engine.record import GameRecord, MatchRecord, RecordError, ReplayError, load_record

from .util import deck

ROOT = Path(__file__).resolve().parents[2]
D1 = deck("AH TH KH QH AD", "AS TS KS QS JS", "JH", "TD KD QD JD AC TC KC QC JC")
WIN = ["marriage:KH", "play:JS", "play:AH", "play:QS", "play:TH", "play:KS", "declare"]


def game_record(actions=WIN, rules="weich", dealer=1):
    return GameRecord(RuleSet.preset(rules), tuple(D1), dealer, tuple(actions))


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_game_record_json_round_trip_and_replay():
    rec = GameRecord.from_json(
        json.dumps(
            {"rules": "scharf", "deck": [c.name for c in D1], "dealer": 1, "actions": WIN[:2]}
        )
    )
    assert rec.rules == RuleSet.preset("scharf")
    text = rec.to_json()
    assert GameRecord.from_json(text) == rec and GameRecord.from_json(text).to_json() == text
    states = game_record().replay()
    assert len(states) == len(WIN) + 1 and states[-1].result.game_points == 3
    assert game_record().final_state().to_dict() == states[-1].to_dict()


def test_replay_names_the_first_illegal_action():
    rec = game_record(["play:AH", "play:JS", "play:AS", "play:TH"])
    with pytest.raises(ReplayError) as info:
        rec.replay()
    assert info.value.index == 2 and info.value.action == "play:AS"
    assert "does not hold" in info.value.reason
    assert info.value.state.to_move == 0


@pytest.mark.parametrize(
    "data,message",
    [
        ("{", "not valid JSON"),
        ('{"deck": []}', "no 'dealer'"),
        ('{"deck": ["AH"], "dealer": 0}', "exactly once"),
        ('{"deck": "AH XX", "dealer": 0}', "unknown card"),
        ('{"rules": "hart", "deck": [], "dealer": 0}', "unknown rule profile"),
        ('{"format": "other"}', "not a game record"),
    ],
)
def test_bad_records_say_what_is_wrong(data, message):
    with pytest.raises(RecordError, match=message):
        load_record(data)


def test_match_record_round_trip_and_score():
    games = []
    dealer = 0
    for i in range(3):
        s = GameState.deal("weich", seed=i, dealer=dealer)
        actions = []
        while not s.is_over:  # the first legal action each time: a short, fixed game
            actions.append(s.legal_actions()[0])
            s = s.apply(actions[-1])
        games.append(GameRecord(s.rules, s.deck, dealer, tuple(actions), i))
        dealer = 1 - dealer
    rec = MatchRecord(RuleSet(), 0, tuple(games), 2)
    again = MatchRecord.from_json(rec.to_json())
    assert again == rec
    finals, match = again.replay()
    assert len(finals) == 3 and match.games_played == 3
    bad = MatchRecord(RuleSet(), 1, tuple(games), 2)
    with pytest.raises(RecordError, match="deal alternates"):
        bad.replay()


def test_cli_replay_prints_the_end_state(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(game_record(WIN[:3]).to_json())
    out = run("replay", str(path))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["to_move"] == 1 and data["trump"] == "H"
    assert sorted(data["hands"][0]) == ["AD", "QH", "TD", "TH"]
    assert data["legal_actions"] == ["play:KD", "play:AS", "play:TS", "play:KS", "play:QS"]
    assert data["scores"] == [46, 0] and data["result"] is None
    done = json.loads(run("replay", "-", stdin=game_record().to_json()).stdout)
    assert done["result"]["winner"] == 0 and done["result"]["game_points"] == 3


def test_cli_replay_illegal_action_exits_non_zero():
    out = run("replay", "-", stdin=game_record(["play:AH", "play:AH"]).to_json())
    assert out.returncode == 1
    data = json.loads(out.stdout)
    assert data["illegal_action"] == "play:AH" and data["action_index"] == 1
    assert "does not hold" in data["rule"]
    bad = run("replay", "-", stdin="not json")
    assert bad.returncode == 2 and "not valid JSON" in bad.stderr
    assert "Traceback" not in bad.stderr
    missing = run("replay", "/nonexistent/file.json")
    assert missing.returncode == 2 and "cannot read" in missing.stderr


def test_cli_selfplay_is_seeded_and_its_output_replays(tmp_path):
    out_file = tmp_path / "games.json"
    a = run(
        "selfplay", "--bots", "rule,random", "--games", "30", "--seed", "5", "--out", str(out_file)
    )
    assert a.returncode == 0, a.stderr
    first = json.loads(a.stdout)
    assert sum(first["wins"]) == 30 and first["bots"] == ["rule", "random"]
    b = run("selfplay", "--bots", "rule,random", "--games", "30", "--seed", "5")
    assert json.loads(b.stdout) == first
    replay = run("replay", str(out_file))
    assert replay.returncode == 0
    results = [g["result"] for g in json.loads(replay.stdout)["games"]]
    assert sum(1 for r in results if r["winner"] == 0) == first["wins"][0]
    bad = run("selfplay", "--bots", "random,genius")
    assert bad.returncode == 2 and "unknown bot" in bad.stderr
