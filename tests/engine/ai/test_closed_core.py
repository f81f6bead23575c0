"""The compiled core of the closed-game search against the pure-Python reference."""

import random

import pytest

from engine import GameState, RuleSet
from engine.ai import closed
from engine.ai.closed import ClosedSearch
from engine.ai.search import CLOSE, Search, SearchLimit, position_of
from engine.bots import RuleBot
from engine.sampling import sample_hidden

pytestmark = pytest.mark.skipif(closed.core is None, reason="compiled core not built")


def _positions(n, seed):
    """Lead positions with the talon open (closable), over random rule options, and
    the same positions with a card led after closing (the other root)."""
    rng = random.Random(seed)
    out = []
    g = 0
    while len(out) < n:
        g += 1
        rules = RuleSet.preset(rng.choice(RuleSet.PRESETS))
        if rng.random() < 0.3:
            rules = rules.replace(auto_declare=True)
        if rng.random() < 0.3:
            rules = rules.replace(successful_close="two_or_three")
        if rng.random() < 0.3:
            rules = rules.replace(failed_close="closer_value_at_least_two")
        st = GameState.deal(rules, seed=f"core:{seed}:{g}", dealer=g % 2)
        for _ in range(2 * rng.randrange(0, 4)):
            if st.is_over:
                break
            st.push(RuleBot().choose(st.view(st.to_move), None))
        while not st.is_over and st.lead >= 0:
            st.push(RuleBot().choose(st.view(st.to_move), None))
        if st.is_over or st.closed_by >= 0 or st.pos > 7:
            continue
        out.append((st, rng))
    return out


def _both(search, me, hands, weights, run):
    py = ClosedSearch(search, me, hands, weights, use_core=False)
    c = ClosedSearch(search, me, hands, weights, use_core=True)
    return run(py), py.nodes, run(c), c.nodes


def test_core_and_python_agree_on_values_and_nodes():
    checked = 0
    for st, rng in _positions(60, 1):
        me = st.to_move
        search = Search.of(st)
        Q, _ = search.after_lead_move(position_of(st), (CLOSE, -1))
        view = st.view(me)
        k = rng.choice([1, 2, 5, 9])
        hands = [sample_hidden(view, rng).hand[1 - me] for _ in range(k)]
        weights = [rng.randint(1, 3) for _ in hands]
        py, py_nodes, c, c_nodes = _both(
            search, me, hands, weights, lambda cs, Q=Q: cs.lead_values(Q)
        )
        assert py_nodes == c_nodes
        assert py.keys() == c.keys()
        for m in py:
            assert c[m] == pytest.approx(py[m], abs=1e-9)
        # the other root: the opponent leads after the close
        closed_state = st.apply("close")
        lead = next(a for a in closed_state.legal_actions() if a.kind == "play")
        closed_state.push(lead)
        view = closed_state.view(1 - me)
        hands = [sample_hidden(view, rng).hand[me] for _ in range(k)]
        search = Search.of(closed_state)
        P = list(position_of(closed_state))
        P[me] = 0
        py, py_nodes, c, c_nodes = _both(
            search,
            1 - me,
            hands,
            [1] * k,
            lambda cs, P=tuple(P), lead=int(lead.card): cs.follow_values(P, lead),
        )
        assert py_nodes == c_nodes and py.keys() == c.keys()
        for m in py:
            assert c[m] == pytest.approx(py[m], abs=1e-9)
        checked += 1
    assert checked == 60


def test_core_stops_at_the_limit_like_python():
    st, rng = _positions(1, 2)[0]
    me = st.to_move
    search = Search.of(st)
    Q, _ = search.after_lead_move(position_of(st), (CLOSE, -1))
    view = st.view(me)
    hands = [sample_hidden(view, rng).hand[1 - me] for _ in range(8)]
    for use_core in (False, True):
        cs = ClosedSearch(search, me, hands, [1] * 8, limit=50, use_core=use_core)
        with pytest.raises(SearchLimit):
            cs.lead_values(Q)
        assert cs.work > 50
