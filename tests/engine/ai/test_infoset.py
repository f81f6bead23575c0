"""The strong bot (InfoSetBot): closing over the information set, closed-game search,
inference from the opponent's play, legality and determinism; the ISMCTS player."""

import random

import pytest

from engine import GameState, RuleSet
from engine.actions import CLOSE, EXCHANGE, PLAY, Action
from engine.ai import InfoSetBot, PimcBot, make_bot
from engine.ai.closed import ClosedSearch
from engine.ai.inference import MISSED_EXCHANGE, evidence, likelihood
from engine.ai.ismcts import IsmctsBot
from engine.ai.search import CLOSE as S_CLOSE
from engine.ai.search import MARRIAGE as S_MARRIAGE
from engine.ai.search import PLAY as S_PLAY
from engine.ai.search import Search, position_of
from engine.bots import RuleBot
from engine.cards import CARD_POINTS, mask_of, parse_cards
from engine.sampling import sample_hidden


def position(hand0, hand1, won0, won1, trump_card, talon, *, to_move=0, rules="weich"):
    """A hand-built lead position with the talon open: hands, tricks won, the face-up
    trump card and the face-down talon (next card first)."""
    s = GameState.deal(RuleSet.preset(rules), seed=0)
    masks = [mask_of(parse_cards(x)) for x in (hand0, hand1, won0, won1, trump_card, talon)]
    total = 0
    for m in masks:
        assert not total & m, "a card twice"
        total |= m
    assert total == (1 << 20) - 1, "every card once"
    face_down = [int(c) for c in parse_cards(talon)]
    s.order = None
    s.hand = [masks[0], masks[1]]
    s.won = [masks[2], masks[3]]
    s.pts = [sum(CARD_POINTS[c] for c in range(20) if w >> c & 1) for w in s.won]
    s.mar = [0, 0]
    s.known = [0, 0]
    s.excl = [0, 0]
    s.pos = 9 - len(face_down)
    s.talon = (-1,) * s.pos + tuple(face_down)
    s.trump_card = int(parse_cards(trump_card)[0])
    s.trump = s.trump_card // 5
    s.to_move = s.leader = to_move
    s.lead = -1
    s.first_lead_done = True
    s.tricks = (masks[2].bit_count() + masks[3].bit_count()) // 2
    return s


# Hearts trump. Player 0 holds the three top trumps and 36 points: closing wins surely
# (36 + 11 + 10 + 4 + three cards of at least 2 each = 67), and the opponent, who has a
# trick and 12 points, then pays 2; playing on lets him draw and count more.
CLOSE_RIGHT = ("AH TH KH AS KD", "QH JD QD TS KS", "AD TD AC KC", "TC JC", "JH", "QS JS QC")


def test_closes_when_closing_surely_wins_more():
    state = position(*CLOSE_RIGHT)
    bot = make_bot("strong", seed=1, time_budget=0.1)
    values = bot.evaluate(state.view(0))
    close = next(a for a in values if a.kind == CLOSE)
    assert values[close] == pytest.approx(2.0)
    assert bot.choose(state.view(0)).kind == CLOSE


def test_never_closes_a_hopeless_hand_before_the_first_trick():
    # The forehand holds no trump but the trump jack, and no trick: closing would cost 3.
    state = GameState.deal(
        "weich",
        deck=parse_cards("JS QS JD AH TH KH QD KC AS TS QH JH AD TD KD AC TC QC JC KS"),
        dealer=1,
    )
    view = state.view(0)
    assert any(a.kind == CLOSE for a in view.legal)
    # valued with the exchange left to the search, closing is worth -3
    values = InfoSetBot(seed=2, time_budget=0.1, exchange_now=False).evaluate(view)
    close = next(a for a in values if a.kind == CLOSE)
    assert values[close] == pytest.approx(-3.0)
    # strong exchanges first, and then does not close either
    bot = make_bot("strong", seed=2, time_budget=0.1)
    assert bot.choose(view).kind == EXCHANGE
    state.push(Action.parse("exchange"))
    assert any(a.kind == CLOSE for a in state.legal_actions())
    assert bot.choose(state.view(0)).kind != CLOSE


def _closed_positions(n, seed=5):
    rng = random.Random(seed)
    out = []
    for g in range(400):
        st = GameState.deal("weich", seed=f"closed:{g}")
        for _ in range(2 * rng.randrange(1, 4)):
            if st.is_over:
                break
            st.push(RuleBot().choose(st.view(st.to_move), None))
        while not st.is_over and st.lead >= 0:
            st.push(RuleBot().choose(st.view(st.to_move), None))
        if st.is_over or st.closed_by >= 0 or st.pos > 7:
            continue
        out.append(st)
        if len(out) == n:
            break
    return out


def test_closed_search_of_one_world_is_the_exact_value():
    for st in _closed_positions(25):
        me = st.to_move
        search = Search.of(st)
        Q, _ = search.after_lead_move(position_of(st), (S_CLOSE, -1))
        cs = ClosedSearch(search, me, [st.hand[1 - me]], [1])
        best = max(cs.mean(v) for v in cs.lead_values(Q).values())
        assert best == (1 if me == 0 else -1) * search.value(Q)


def test_closed_search_is_never_worth_more_than_clairvoyance():
    # One strategy for all worlds can never beat the best strategy in each world.
    for k, st in enumerate(_closed_positions(12, seed=9)):
        me = st.to_move
        view = st.view(me)
        rng = random.Random(k)
        hands = [sample_hidden(view, rng).hand[1 - me] for _ in range(8)]
        search = Search.of(st)
        Q, _ = search.after_lead_move(position_of(st), (S_CLOSE, -1))
        cs = ClosedSearch(search, me, hands, [1] * len(hands))
        best = max(cs.mean(v) for v in cs.lead_values(Q).values())
        sign = 1 if me == 0 else -1
        clairvoyant = [
            sign * search.value((Q[0], h) + Q[2:] if me == 0 else (h,) + Q[1:]) for h in hands
        ]
        assert best <= sum(clairvoyant) / len(hands) + 1e-9


def _opponent_leads_without_exchanging():
    """A game where player 1 is on lead, may exchange (if he held the jack), and the
    jack is unseen by player 0; he leads a card instead. The view of player 0."""
    for g in range(300):
        st = GameState.deal("weich", seed=f"infer:{g}", dealer=1)
        jack = st.trump * 5 + 4
        # player 1 (dealer) follows the first lead, so let player 0 lead a low card
        st.push(Action.play(min(st.hand_of(0), key=lambda c: c.points)))
        st.push(Action.play(max(st.hand_of(1), key=lambda c: c.points)))
        if st.to_move != 1 or not st.view(0).unseen_mask() >> jack & 1:
            continue
        if any(a.kind == EXCHANGE for a in st.legal_actions()):
            continue  # he really holds the jack: not this test's case
        st.push(next(a for a in st.legal_actions() if a.kind == "play"))
        return st
    raise AssertionError("no such game")


def test_inference_reads_a_lead_without_exchanging_and_weighs_hands():
    st = _opponent_leads_without_exchanging()
    view = st.view(0)
    decisions = evidence(view)
    lead = next(d for d in decisions if d.kind == "lead" and d.draws == 0)
    assert lead.exchange
    jack = st.trump * 5 + 4
    with_jack = without = None
    rng = random.Random(1)
    for _ in range(400):
        h = sample_hidden(view, rng).hand[1]
        if h >> jack & 1:
            with_jack = h
        else:
            without = h
    assert with_jack is not None and without is not None
    assert likelihood(view, decisions, with_jack) <= MISSED_EXCHANGE + 1e-9
    assert likelihood(view, decisions, without) > likelihood(view, decisions, with_jack)


def test_inference_filters_the_samples_the_bot_searches():
    st = _opponent_leads_without_exchanging()
    view = st.view(0)
    jack = st.trump * 5 + 4

    def share(bot):
        draw = bot._sampler(view, random.Random(3))
        return sum(draw().hand[1] >> jack & 1 for _ in range(300)) / 300

    uniform = share(InfoSetBot(seed=1, inference=False))
    inferred = share(InfoSetBot(seed=1))
    assert uniform > 0.2
    assert inferred < 0.5 * uniform


def test_the_bot_sees_only_the_view():
    # Any deal consistent with the view gives the same view and the same move: the bot
    # cannot depend on the hidden cards.
    st = _opponent_leads_without_exchanging()
    view = st.view(0)
    other = sample_hidden(view, random.Random(7))
    assert other.view(0) == view
    bot = make_bot("strong", seed=4, time_budget=0.03)
    assert bot.choose(view) == make_bot("strong", seed=4, time_budget=0.03).choose(other.view(0))


@pytest.mark.parametrize("level", ["strong", "ismcts"])
def test_legal_and_deterministic_for_a_seed_and_budget(level):
    runs = []
    for _ in range(2):
        moves = []
        for g in range(3):
            state = GameState.deal("weich", seed=f"det:{g}", dealer=g % 2)
            bots = [make_bot(level, seed=5, time_budget=0.02), RuleBot()]
            while not state.is_over:
                p = state.to_move
                a = bots[p].choose(state.view(p), random.Random(0))
                state.push(a)  # checked: raises on an illegal action
                moves.append(str(a))
        runs.append(moves)
    assert runs[0] == runs[1]


def test_closed_games_are_played_legally_by_both_sides():
    # Games in which the strong bot closes or defends a close.
    checked = 0
    for st in _closed_positions(6, seed=12):
        st.push(Action.parse("close"))
        bots = [InfoSetBot(seed=3, time_budget=0.02, closed_search=True) for _ in (0, 1)]
        while not st.is_over:
            p = st.to_move
            st.push(bots[p].choose(st.view(p)))
        checked += 1
    assert checked == 6


def test_strong_v1_is_the_previous_bot():
    bot = make_bot("strong_v1", seed=1, time_budget=0.1)
    assert type(bot) is PimcBot and bot.name == "strong_v1"
    assert isinstance(make_bot("strong", seed=1), InfoSetBot)


def test_ismcts_budget_and_no_close_switch():
    bot = IsmctsBot(seed=1, iterations=60, allow_close=False)
    state = GameState.deal("weich", seed=3)
    while not state.is_over:
        p = state.to_move
        a = bot.choose(state.view(p)) if p == 0 else RuleBot().choose(state.view(p), None)
        assert a.kind != CLOSE or p == 1
        state.push(a)
    assert (
        make_bot("ismcts", seed=1, time_budget=0.2).iterations
        > make_bot("ismcts", seed=1, time_budget=0.1).iterations
    )


def test_choices_below_the_root_leave_the_world_out():
    # In world 0 the move is chosen by world 1's values and vice versa: m1 is best for
    # world 0 alone, m2 for world 1 alone.
    cs = ClosedSearch(None, 0, [0, 0], [1, 1])
    assert cs._best({"m1": [1, -1], "m2": [0, 0]}, (0, 1)) == [0, -1]
    # one world keeps its best move; one move is just that move
    assert cs._best({"m1": [1], "m2": [2]}, (0,)) == [2]
    assert cs._best({"m1": [1, 2]}, (0, 1)) == [1, 2]


def test_work_per_move_stays_within_the_cap():
    from engine.ai.infoset import CAP

    bot = make_bot("strong", seed=6, time_budget=0.02)
    most = 0
    for g in range(3):
        state = GameState.deal("weich", seed=f"cap:{g}", dealer=g % 2)
        other = make_bot("strong_v1", seed=7, time_budget=0.02)
        while not state.is_over:
            p = state.to_move
            a = (bot if p == 0 else other).choose(state.view(p))
            if p == 0:
                most = max(most, bot.last_info["nodes"])
            state.push(a)
    assert 0 < most <= CAP * bot.node_budget + 500


def test_without_the_compiled_core_the_python_search_decides(monkeypatch):
    from engine.ai import closed

    monkeypatch.setattr(closed, "core", None)
    state = position(*CLOSE_RIGHT)
    bot = make_bot("strong", seed=1, time_budget=0.1)
    assert bot.choose(state.view(0)).kind == CLOSE


def test_the_exact_information_set_of_a_close():
    # Every hand the sampler can deal the opponent is enumerated, once, with the
    # likelihood of his play as its weight, and nothing the sampler cannot deal.
    from itertools import combinations
    from math import comb

    bot = make_bot("strong", seed=4, time_budget=0.02)
    for k, st in enumerate(_closed_positions(8, seed=21)):
        view = st.view(st.to_move)
        hands, judged = bot._exact_hands(view)
        unseen = view.unseen_mask()
        free = [
            c for c in range(20) if unseen >> c & 1 and not view.opponent_excluded_mask >> c & 1
        ]
        need = view.opponent_hand_size - view.opponent_known_mask.bit_count()
        assert judged == comb(len(free), need)
        decisions = evidence(view, bot.recall)
        every = set()
        for cs in combinations(free, need):
            h = view.opponent_known_mask | sum(1 << c for c in cs)
            every.add(h)
            w = likelihood(view, decisions, h, bot.tendencies)
            assert hands.get(h, 0.0) == pytest.approx(w)
        assert set(hands) <= every
        rng = random.Random(k)
        for _ in range(30):
            assert sample_hidden(view, rng).hand[1 - view.player] in hands
        # the order is seeded: the same view gives the same order
        assert list(bot._exact_hands(view)[0]) == list(hands)


def test_the_close_is_searched_over_at_most_the_cores_worlds_within_the_limit():
    from engine.ai.closed import MAX_WORLDS

    bot = make_bot("strong", seed=4, time_budget=0.1)
    for st in _closed_positions(6, seed=22):
        view = st.view(st.to_move)
        hands, _ = bot._exact_hands(view)
        for limit in (300, 3000, 30000):
            value, used = bot._close_value(view, hands, st, limit)
            assert bot.close_worlds <= min(MAX_WORLDS, len(hands))
            assert used <= limit + 50  # the last node may pass it
            if bot.close_worlds == len(hands):  # all of them: the exact value
                assert -3 <= value <= 3


def test_a_sure_close_is_made_every_way():
    # over the enumerated hands or PIMC's samples, and with or without the rule that
    # the line must win in 90% of the hands (it wins in all)
    state = position(*CLOSE_RIGHT)
    for options in ({}, {"close_exact": False}, {"close_sure": 0}):
        bot = InfoSetBot(seed=1, time_budget=0.1, **options)
        assert bot.choose(state.view(0)).kind == CLOSE
        assert bot.close_won == pytest.approx(1.0)


def test_closed_games_are_played_over_the_exact_information_set():
    # After a close only the opponent's hand is hidden: the moves of a closed game are
    # searched over the enumerated hands (heaviest first), all of them where they fit,
    # and then they are the values of one strategy for all those hands; with a small
    # budget the move stays within the cap.
    from engine.ai.closed import MAX_WORLDS
    from engine.ai.infoset import CAP

    checked = compared = 0
    for st in _closed_positions(8, seed=31):
        st.push(Action.parse("close"))
        while not st.is_over:
            p = st.to_move
            view = st.view(p)
            bot = InfoSetBot(seed=2, time_budget=2.0, closed_search=True)
            values = bot.evaluate(view)
            if len(values) > 1:
                hands, _ = bot._exact_hands(view)
                assert st.hand[1 - p] in hands  # the true hand is in the set
                assert bot.last_info["samples"] == min(MAX_WORLDS, len(hands))
                if len(hands) <= MAX_WORLDS and st.lead < 0:
                    order = sorted(hands, key=lambda h: -hands[h])
                    cs = ClosedSearch(Search.of(st), p, order, [hands[h] for h in order])
                    want = {m: cs.mean(v) for m, v in cs.lead_values(position_of(st)).items()}
                    got = {
                        (S_PLAY if a.kind == PLAY else S_MARRIAGE, int(a.card)): v
                        for a, v in values.items()
                    }
                    assert got == pytest.approx(want)
                    compared += 1
                checked += 1
            small = InfoSetBot(seed=2, time_budget=0.01)  # a budget too small for all
            assert small.choose(view) in view.legal
            if len(view.legal) > 1:
                assert small.last_info["nodes"] <= CAP * small.node_budget + 500
            st.push(bot.choose(view))
    assert checked >= 8 and compared >= 4


def test_a_close_that_fails_in_too_many_of_the_hands_is_not_made():
    # close_sure (0.8 by default): the same position, the same searched line; the
    # default bot refuses the close that the bot without the rule makes on a line
    # winning in fewer than 80% of the weighted hands.
    assert InfoSetBot().close_sure == 0.8
    refused = 0
    for st in _closed_positions(120, seed=45):
        view = st.view(st.to_move)
        if not any(a.kind == CLOSE for a in view.legal):
            continue
        bold = InfoSetBot(seed=1, time_budget=0.1, close_sure=0)
        if bold.choose(view).kind != CLOSE or bold.close_info is None:
            continue  # (close_info None: closing to declare at once, nothing searched)
        sure = InfoSetBot(seed=1, time_budget=0.1)
        made = sure.choose(view).kind == CLOSE
        if bold.close_won < sure.close_sure:
            assert not made
            refused += 1
        else:
            assert made
    assert refused >= 1


def test_strong_searches_one_trick_deep_with_the_boosted_horizon():
    # strong: the staged estimate corrected by trees, one trick deep, more samples;
    # strong_v1 stays frozen.
    strong = make_bot("strong", seed=1, time_budget=0.1)
    assert (strong.staged, strong.boosted, strong.max_depth, strong.target_samples) == (
        True,
        True,
        1,
        32,
    )
    assert strong.soft_blind  # the opponent's soft reply scored before the draw
    v1 = make_bot("strong_v1", seed=1, time_budget=0.1)
    assert (v1.staged, v1.boosted, v1.max_depth, v1.target_samples) == (False, False, 9, 16)
    assert not v1.soft_blind and not make_bot("medium", seed=1).soft_blind
    state = GameState.deal("weich", seed=3)
    if any(a.kind == EXCHANGE for a in state.legal_actions()):
        state.push(Action.parse("exchange"))  # made at once, unsearched
    view = state.view(state.to_move)
    strong.choose(view)
    assert strong.last_info["depth"] == 1
    assert strong.last_info["samples"] >= 16
    assert strong.last_info["nodes"] <= 1.25 * strong.node_budget


def _leads_with_the_exchange(n, seed):
    """Positions from games of the rule bot in which the player to lead may exchange."""
    found = []
    for g in range(200):
        st = GameState.deal("weich", seed=f"{seed}:{g}", dealer=g % 2)
        while not st.is_over:
            if st.lead < 0 and any(a.kind == EXCHANGE for a in st.legal_actions()):
                found.append(st)
                break
            st.push(RuleBot().choose(st.view(st.to_move), random.Random(g)))
        if len(found) == n:
            return found
    raise AssertionError("too few positions")


def test_strong_exchanges_the_trump_jack_as_soon_as_it_may():
    # exchange_now: PIMC sees no cost in waiting (in every sample it knows when to
    # exchange), so the exchange is not left to its values.
    for st in _leads_with_the_exchange(6, seed="exnow"):
        view = st.view(st.to_move)
        assert make_bot("strong", seed=2, time_budget=0.02).choose(view).kind == EXCHANGE
        # after the exchange the next move is searched as before
        st.push(Action.parse("exchange"))
        after = st.view(st.to_move)
        a = make_bot("strong", seed=2, time_budget=0.02).choose(after)
        assert a in after.legal and a.kind != EXCHANGE


def test_announcing_by_rule_is_an_option_and_off():
    # announce_now (measured worse: README) leaves only announcements among the plays
    bot = make_bot("strong", seed=1, time_budget=0.02)
    assert bot.announce_now is False
    acts = [Action.parse(x) for x in ("exchange", "close", "marriage:KH", "play:KH", "play:AS")]
    assert bot._settled(acts) == [Action.parse("exchange")]
    bot.exchange_now = False
    assert bot._settled(acts) == acts
    bot.announce_now = True
    assert bot._settled(acts) == [Action.parse(x) for x in ("exchange", "close", "marriage:KH")]
