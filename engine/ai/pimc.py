"""Perfect information Monte Carlo (PIMC): the ``medium`` bot, and ``strong_v1``, the
previous ``strong`` (frozen as the arena's baseline; ``strong`` builds on it in
:mod:`.infoset`).

For each decision the bot deals the cards it cannot see (``sample_hidden``: uniformly
among the deals consistent with its view, i.e. with the marriages the opponent showed,
the trump he took by exchanging, the suits he could not follow), solves every sample
with the open-card search of :mod:`.search` and plays the action with the best mean
value in game points. Once the talon is exhausted nothing is hidden: one sample, solved
exactly, is the game's exact value.

Work is measured in search nodes, not seconds, so that a bot is deterministic: the same
seed, budget and view always give the same action. ``time_budget`` (seconds per move) is
turned into a node budget with :data:`NODES_PER_SECOND`, measured on the development
machine (``bench/arena.py --calibrate``). The search depth (in tricks) while the talon is
open is chosen per move by iterative deepening on the first sample, as deep as the budget
allows for the planned number of samples; with one face-down card left
(``exact_talon``) every sample is searched to the end of the game (a few thousand nodes
each: before this the first sample's share of the budget often stopped the deepening
at one trick, and the bot judged the last draw by the horizon estimate).

Closing must pay ``close_margin`` (0.05 game points) more than the best other action:
closing cannot be undone and PIMC overrates it (after closing each sample is played as
if the closer saw the opponent's hand), and on a tie (e.g. every sample lost anyway)
the game is not closed in despair.

The opponent is not assumed to play perfectly (``softness``, 0.25): in every sample
PIMC lets him answer as if he saw the bot's hand and the talon, which makes the bot
shun every line in which some reply would hurt, even a reply no real player could
know to choose. So the opponent's next decision (his reply to the bot's lead, or his
lead after winning the trick the bot follows) is valued as 0.75 of his best move plus
0.25 of the mean of his moves: of two moves equally good against perfect play, the one
that leaves him more ways to go wrong is preferred. Once the talon is exhausted the
exact value decides and this only breaks ties. Measured against ``easy`` on the same
300 deals at 40,000 nodes a move: 62.8% → 66.5% of game points, +0.26 game points per
deal (95% +0.03…+0.48); the reply alone 65.8%, the reply alone with 0.5 65.3%.

``staged`` scores the search's horizon by :func:`.estimate.staged_estimate` instead of
:func:`.estimate.estimate`, and ``boosted`` by :func:`.boosted.boosted_estimate` (the
staged estimate corrected by trees); both off here, so that ``strong_v1`` stays as it
was; ``strong`` turns them on.

Declarations are the bot's own decisions but never guessed: a right declaration of 66 is
always made (or the talon closed first when that pays more: ``successful_close =
"two_or_three"``), a wrong one never.
"""

from __future__ import annotations

import random

from ..actions import CLOSE, DECLARE, EXCHANGE, MARRIAGE, PLAY, Action
from ..sampling import sample_hidden
from ..view import PlayerView
from .search import CLOSE as S_CLOSE
from .search import EXACT_DEPTH, Search, SearchLimit, position_of
from .search import EXCHANGE as S_EXCHANGE
from .search import MARRIAGE as S_MARRIAGE
from .search import PLAY as S_PLAY

NODES_PER_SECOND = 200_000  # bench/arena.py --calibrate: 223,000 on an idle core, 2026-11-30


def is_right_declaration(view: PlayerView, action: Action) -> bool:
    """True if ``action`` is a declaration of 66 that is right in this view."""
    if action.kind != DECLARE:
        return False
    p = view.player
    if not view.won_masks[p]:
        return False
    extra = 0 if action.card is None else (40 if action.card // 5 == view.trump else 20)
    return view.score(p) + extra >= 66


def candidate_actions(view: PlayerView, *, allow_close: bool = True) -> list[Action]:
    """The actions worth searching: never a wrong declaration; with a right declaration
    available only the declaration (and closing, which may pay more before declaring)."""
    legal = [a for a in view.legal if allow_close or a.kind != CLOSE]
    right = [a for a in legal if is_right_declaration(view, a)]
    if right:
        keep = [right[0]]
        keep += [a for a in legal if a.kind == CLOSE]
        return keep
    return [a for a in legal if a.kind != DECLARE]


def _view_key(view: PlayerView) -> str:
    return (
        f"{view.player}:{view.hand_mask}:{view.won_masks[0]}:{view.won_masks[1]}:"
        f"{view.lead_index}:{view.talon_size}:{view.closed_by}:{view.trump_card_index}:"
        f"{view.marriages}:{view.tricks}:{view.opponent_known_mask}"
    )


class PimcBot:
    """PIMC over open-card alpha-beta. ``choose(view, rng) -> Action`` like the engine's
    bots; ``rng`` is not used: the samples come from ``seed`` and the view, so a move
    depends only on (seed, budget, view).

    ``soft_blind`` (off here, so that ``strong_v1`` and ``medium`` stay as they were; on
    in ``strong``): the opponent's soft reply to the bot's lead, at the horizon, is
    scored before the trick's cards are drawn, as the search scores every other move
    there (:func:`soft_follow_value`). ``follow_blind`` (off everywhere): the bot's own
    follow at the root scored before the draw as well; measured against ``RdeepBot``
    −0.006 and −0.020 a deal paired (two sets of 1,000 deals, within noise): the mean
    over the samples' draws serves the root as well as the estimate before them.
    ``skip_draws`` (off): the tricks searched before the horizon draw nothing
    (:class:`.search.Search`), so two tricks deep (``max_depth=2``) the second trick is
    played with the cards in hand, not with a sample's draw; measured against ``RdeepBot``
    −0.062 and −0.031 a deal paired (the draws seen: −0.142), so one trick stays.
    ``declare_on_announce`` (on): a marriage that brings a player with a trick to 66
    wins at once, as automatic declaring does at our tables; the outside arena turns it
    off, because that package keeps a marriage's points pending until a trick is won."""

    def __init__(
        self,
        *,
        seed: int = 0,
        time_budget: float | None = 0.5,
        max_samples: int = 48,
        min_samples: int = 6,
        target_samples: int = 16,
        max_depth: int = 9,
        allow_close: bool = True,
        split: bool = True,
        close_margin: float = 0.05,
        exact_talon: int = 1,
        softness: float = 0.25,
        soft_blind: bool = False,
        follow_blind: bool = False,
        skip_draws: bool = False,
        declare_on_announce: bool = True,
        staged: bool = False,
        boosted: bool = False,
        name: str = "strong",
    ):
        self.seed = seed
        self.time_budget = time_budget
        self.node_budget = int((time_budget or 0.5) * NODES_PER_SECOND)
        self.max_samples = max_samples
        self.min_samples = min_samples
        self.target_samples = target_samples
        self.max_depth = max_depth
        self.allow_close = allow_close
        self.split = split
        self.close_margin = close_margin
        self.exact_talon = exact_talon
        self.softness = softness
        self.soft_blind = soft_blind
        self.follow_blind = follow_blind
        self.skip_draws = skip_draws
        self.declare_on_announce = declare_on_announce
        self.staged = staged
        self.boosted = boosted
        self.name = name
        self.last_info: dict = {}

    # ------------------------------------------------------------------ interface
    def choose(self, view: PlayerView, rng: random.Random | None = None) -> Action:
        values = self.evaluate(view)
        if self.close_margin:
            values = {a: v - self.close_margin if a.kind == CLOSE else v for a, v in values.items()}
        best = max(values.values())
        # Ties: the first in the engine's legal order (deterministic).
        for a, v in values.items():
            if v >= best - 1e-9:
                return a
        raise AssertionError("no action")  # pragma: no cover

    def evaluate(self, view: PlayerView, acts=None) -> dict[Action, float]:
        """Mean value in game points (for the player to move) of each action in ``acts``
        (by default the candidate actions: every legal one but wrong declarations)."""
        if not view.my_turn:
            raise ValueError("it is not this player's turn")
        if acts is None:
            acts = candidate_actions(view, allow_close=self.allow_close)
            if any(a.kind == DECLARE for a in acts):
                return self._declaration_choice(view, acts)
        acts = list(dict.fromkeys(acts))
        if len(acts) == 1:
            self.last_info = {"samples": 0, "depth": 0, "nodes": 0}
            return {acts[0]: 0.0}
        rng = random.Random(f"{self.seed}:{_view_key(view)}")
        perfect = view.talon_size == 0 and view.closed_by < 0
        sign = 1 if view.player == 0 else -1
        totals = dict.fromkeys(acts, 0.0)
        nodes = 0
        samples = 0
        depth = EXACT_DEPTH
        target = 1 if perfect else self.target_samples
        while samples < (1 if perfect else self.max_samples):
            state = sample_hidden(view, rng)
            search = self._search(state)
            if samples == 0:
                strict = view.closed_by >= 0 or view.talon_size <= self.exact_talon
                if strict:
                    vals = self._values(search, state, acts, EXACT_DEPTH)
                else:
                    # Iterative deepening on the first sample, within its share of the
                    # budget; the depth reached is used for all the samples.
                    remaining = _tricks_left(view)
                    d = 1
                    vals = self._values(search, state, acts, d)
                    search.limit = max(self.node_budget // target, search.nodes)
                    while d < remaining and d < self.max_depth:
                        try:
                            vals = self._values(search, state, acts, d + 1)
                        except SearchLimit:
                            break
                        d += 1
                    search.limit = None
                    depth = EXACT_DEPTH if d >= remaining else d
            else:
                # A hard cap: twice the budget in all (a rare deep sample is dropped).
                search.limit = max(1, 2 * self.node_budget - nodes)
                try:
                    vals = self._values(search, state, acts, depth)
                except SearchLimit:
                    nodes += search.nodes
                    break
            nodes += search.nodes
            samples += 1
            for a, v in vals.items():
                if isinstance(v, dict):  # split: my next move's values, summed per move
                    sub = totals[a] if isinstance(totals[a], dict) else {}
                    for m, x in v.items():
                        sub[m] = sub.get(m, 0.0) + sign * x
                    totals[a] = sub
                else:
                    totals[a] += sign * v
            if samples >= self.min_samples and nodes >= self.node_budget:
                break
        self.last_info = {"samples": samples, "depth": depth, "nodes": nodes}
        # A split action is worth its best next move on average over the samples (the
        # move must be the same in every sample: the player cannot see which is true).
        return {
            a: (max(t.values()) if isinstance(t, dict) else t) / samples for a, t in totals.items()
        }

    # ------------------------------------------------------------------ internals
    def _search(self, state, skip_draws: bool | None = None) -> Search:
        """The open-card search of one sample, with the bot's options (``skip_draws``
        the bot's unless given)."""
        return Search.of(
            state,
            allow_close=self.allow_close,
            staged=self.staged,
            boosted=self.boosted,
            skip_draws=self.skip_draws if skip_draws is None else skip_draws,
            declare_on_announce=self.declare_on_announce,
        )

    def _declaration_choice(self, view, acts) -> dict[Action, float]:
        """A right declaration is available: declare, or close first if that pays more
        (the value of a declaration depends only on public information)."""
        state = sample_hidden(view, random.Random(0))
        search = Search.of(state, allow_close=True)
        P = position_of(state)
        sign = 1 if view.player == 0 else -1
        out = {}
        for a in acts:
            if a.kind == DECLARE:
                out[a] = sign * search.declare_value(P, view.player)
            else:  # close, then declare
                Q, _ = search.after_lead_move(P, (S_CLOSE, -1))
                out[a] = sign * search.declare_value(Q, view.player) - 1e-6
        self.last_info = {"samples": 0, "depth": 0, "nodes": 0}
        return out

    def current_softness(self) -> float:
        """The softness of this decision (``softness``; :class:`.infoset.InfoSetBot`
        adapts it to the opponent)."""
        return self.softness

    def _values(self, search: Search, state, acts, depth) -> dict[Action, float]:
        softness = self.current_softness()
        if state.pos >= 9 and state.closed_by < 0:
            # Talon exhausted: the exact value decides; the soft value only breaks ties
            # between equally good moves (it is < 0.01, values are whole game points).
            exact = action_values(search, state, acts, depth, split=self.split)
            if not softness:
                return exact
            soft = action_values(search, state, acts, depth, softness=softness)
            return {a: v + 0.001 * soft[a] for a, v in exact.items()}
        return action_values(
            search,
            state,
            acts,
            depth,
            split=self.split,
            softness=softness,
            blind=self.soft_blind,
            follow_blind=self.follow_blind,
        )


def _tricks_left(view: PlayerView) -> int:
    n = view.hand_mask.bit_count()  # on lead or following: one trick per card in hand
    return n + (view.talon_size + 1) // 2 if view.closed_by < 0 else n


def soft_follow_value(
    search: Search, P, lead: int, depth: int, softness: float, blind: bool = False
) -> float:
    """Like ``search.follow_value`` but the opponent's reply is not assumed perfect:
    (1 - softness) * his best reply + softness * the mean of his replies.

    With ``blind``, a reply at the horizon is scored as the search scores it there,
    before the trick's cards are drawn (:meth:`.search.Search.blind_estimate`), not after
    the sample's draw: else his reply in every sample is chosen as if he knew what he
    will draw."""
    strict = P[10] >= 0 or P[8] >= 9
    nd = depth if strict else depth - 1
    cut = blind and search.at_horizon(P, nd)
    o = 1 - P[14]
    vals = []
    for c in search.follow_cards(P, lead):
        if cut:
            search.nodes += 1  # counted as the position after the draw was
            vals.append(search.blind_estimate(P, lead, c))
            continue
        Q, v = search.trick(P, lead, c)
        vals.append(v if v is not None else search.value(Q, nd))
    best = max(vals) if o == 0 else min(vals)
    return (1 - softness) * best + softness * sum(vals) / len(vals)


def soft_lead_value(search: Search, P, depth: int, softness: float) -> float:
    """The opponent leads in ``P``: (1 - softness) * his best lead + softness * the mean
    of his plays (cards and marriages)."""
    vals = search.lead_move_values(P, depth)
    o = P[14]
    best = max(vals.values()) if o == 0 else min(vals.values())
    plays = [v for m, v in vals.items() if m[0] in (S_PLAY, S_MARRIAGE)]
    if not plays:
        return best
    return (1 - softness) * best + softness * sum(plays) / len(plays)


def action_values(
    search: Search,
    state,
    acts,
    depth: int = EXACT_DEPTH,
    split=False,
    softness=0.0,
    blind=False,
    follow_blind=False,
) -> dict:
    """Signed values (for player 0) of each action in ``acts`` in the full ``state``,
    searched ``depth`` tricks deep (exact to the end with the default).

    With ``split`` closing and exchanging (after which the same player moves again, with
    nothing new to see) give a dict: the value of each of his next moves. PIMC then
    takes the move best on average instead of the best in each sample, which removes
    one level of "strategy fusion" (the searcher pretending to know the hidden cards);
    it matters most for closing, where the closer cannot see the opponent's hand."""
    P = position_of(state)
    out = {}
    if state.lead >= 0:
        L = list(P)
        L[state.leader] |= 1 << state.lead
        P = tuple(L)
        strict = P[10] >= 0 or P[8] >= 9
        nd = depth if strict else depth - 1
        me = 1 - state.leader
        cut = follow_blind and search.at_horizon(P, nd)
        for a in acts:
            if cut:  # at the horizon: scored before the draw, as the search does
                search.nodes += 1
                out[a] = search.blind_estimate(P, state.lead, a.card)
                continue
            Q, v = search.trick(P, state.lead, a.card)
            if v is None:
                if softness and Q[14] != me and nd > 0:
                    v = soft_lead_value(search, Q, nd, softness)
                else:
                    v = search.value(Q, nd)
            out[a] = v
        return out

    def follow(Q, card):
        if softness:
            return soft_follow_value(search, Q, card, depth, softness, blind)
        return search.follow_value(Q, card, depth)

    for a in acts:
        kind = a.kind
        if kind == PLAY:
            out[a] = follow(P, a.card)
        elif kind == MARRIAGE:
            Q, v = search.announce(P, a.card - a.card % 5 + 2)
            out[a] = v if v is not None else follow(Q, a.card)
        elif kind in (EXCHANGE, CLOSE):
            Q, _ = search.after_lead_move(P, (S_EXCHANGE if kind == EXCHANGE else S_CLOSE, -1))
            out[a] = search.lead_move_values(Q, depth) if split else search.value(Q, depth)
        elif kind == DECLARE:
            r = state.apply(a, check=False).result  # right or wrong: the engine scores it
            out[a] = r.game_points if r.winner == 0 else -r.game_points
        else:
            raise ValueError(f"cannot search action {a}")
    return out
