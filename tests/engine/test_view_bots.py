import random

from engine import Card, GameState, RuleSet, sample_hidden
from engine.bots import RandomBot, RuleBot, make_bot, play_game, right_declaration

from .test_scenarios import D1, D3, D3_TWO_TRICKS
from .util import deal, play


def test_view_holds_own_hand_and_public_facts_only():
    s = play(deal(*D1), "marriage:KH")
    v = s.view(1)
    assert set(v.hand) == set(s.hand_of(1))
    assert v.opponent_known == (Card.QH,)  # the announced partner is still in his hand
    assert v.lead is Card.KH and v.opponent_hand_size == 4 and v.talon_size == 9
    assert v.trump_card is Card.JH and v.marriages == ((0, 0),)
    assert v.legal_actions() == s.legal_actions()
    assert s.view(0).legal_actions() == []  # not his turn
    d = v.to_dict()
    assert d["hand"] == [c.name for c in v.hand] and "talon" not in d


def test_strict_follow_reveals_what_the_opponent_lacks():
    s = play(deal(*D3), *D3_TWO_TRICKS, "close", "play:KC", "play:JS")
    v = s.view(1)
    # p0 did not follow clubs and could not trump: he holds no clubs
    assert v.opponent_excluded_mask & (0b11111 << 15) == 0b11111 << 15
    rng = random.Random(1)
    for _ in range(50):
        t = sample_hidden(v, rng)
        assert not any(c.suit == 3 for c in t.hand_of(0))
        assert t.hand[1] == s.hand[1] and t.to_move == s.to_move


def test_samples_cover_the_unknown_cards():
    s = GameState.deal(seed=11)
    v = s.view(s.to_move)
    rng = random.Random(0)
    seen = set()
    for _ in range(200):
        seen |= set(sample_hidden(v, rng).hand_of(1 - s.to_move))
    unseen = {c for c in Card if v.unseen_mask() >> c & 1}
    assert seen == unseen and len(unseen) == 14  # 20 - own 5 - face-up trump


def test_random_bot_declares_only_when_right_and_plays_legal_moves():
    s = play(deal(*D1), "marriage:KH", "play:JS", "play:AH", "play:QS", "play:TH", "play:KS")
    assert str(RandomBot().choose(s.view(0), random.Random(0))) == "declare"
    early = deal(*D1)
    assert right_declaration(early.view(0)) is None
    for seed in range(20):
        a = RandomBot().choose(early.view(0), random.Random(seed))
        assert a in early.legal_actions() and a.kind != "declare"


def test_rule_bot_beats_the_random_bot():
    points = [0, 0]
    rng = random.Random(7)
    for i in range(200):
        s = GameState.deal(RuleSet(), seed=i, dealer=i % 2)
        bots = [RuleBot(), RandomBot()] if i % 4 < 2 else [RandomBot(), RuleBot()]
        play_game(s, bots, rng)
        rule_player = 0 if isinstance(bots[0], RuleBot) else 1
        points[s.result.winner != rule_player] += s.result.game_points
    assert points[0] > 2 * points[1]


def test_make_bot_names():
    assert isinstance(make_bot("rule"), RuleBot)


def test_the_view_keeps_every_trick_with_its_situation():
    # state.past (and every view's past) holds each finished trick in order, with the
    # talon, the face-up trump card and the closing as they were when it was played;
    # a sampled state keeps it.
    from engine.actions import CLOSE

    rng = random.Random(4)
    bot = RuleBot()
    for g in range(30):
        st = GameState.deal(RuleSet(), seed=f"past:{g}", dealer=g % 2)
        seen = []
        while not st.is_over:
            acts = st.legal_actions()
            closing = [a for a in acts if a.kind == CLOSE]
            a = (
                closing[0]
                if closing and rng.random() < 0.2
                else bot.choose(st.view(st.to_move), rng)
            )
            talon, face_up, closed = st.talon_size, st.trump_card, st.closed_by
            st.push(a)
            if st.last_trick is not None and len(st.past) > len(seen):
                seen.append((talon, face_up, closed))
                t, p = st.last_trick, st.past[-1]
                assert (p.leader, p.lead, p.follow, p.winner) == (
                    t.leader,
                    int(t.lead),
                    int(t.follow),
                    t.winner,
                )
                assert (p.talon, p.trump_card, p.closed_by) == seen[-1]
            assert len(st.past) == st.tricks
            for player in (0, 1):
                view = st.view(player)
                assert view.past == st.past
            if not st.is_over and st.to_move == 0:
                assert sample_hidden(st.view(0), rng).past == st.past
