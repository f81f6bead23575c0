"""What the match services share: the error, the rule set and bots of a match, and the
live state rebuilt from the database."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from games.engine import GameState, RuleSet
from games.engine.bots import RuleBot
from games.engine.game import shuffled_deck
from games.engine.match import Match as MatchScore
from games.engine.match import draw_first_dealer
from schnapsen_site.errors import UserError

from ..models import BotLevel, Game, Match, MatchAction


class GameError(UserError):
    """A rule of play or recording refused the request."""


# --------------------------------------------------------------------------- rules, bots


def rules_of(match: Match) -> RuleSet:
    """The engine's rule set of a match: its profile, extra options and match length."""
    data = {"name": match.rule_profile, **(match.rules or {})}
    data["bummerl_to_win_match"] = match.bummerl_to_win
    return RuleSet.from_dict(data)


def bot_levels() -> dict[str, str]:
    """What each level is, in words, for the start page (``games.engine.ai.make_bot``)."""
    return {
        BotLevel.EASY: _("plays by simple card rules"),
        BotLevel.MEDIUM: _("looks a few tricks ahead"),
        BotLevel.STRONG: _("searches deeper, about half a second per move"),
    }


def make_bot(level: str, seed: int = 0):
    """The bot of a UI level, as README's "How strong is the computer" describes it:
    ``games.engine.ai.make_bot`` (easy: rule-based; medium and strong: PIMC search),
    seeded by the match so that its moves replay; the rule-based bot if ``ai`` is missing."""
    try:
        from games.engine import ai

        return ai.make_bot(level, seed=seed)
    except (ImportError, AttributeError, ValueError, TypeError):
        return RuleBot()


# --------------------------------------------------------------------------- live state


@dataclass
class Live:
    """The rebuilt state of a played match."""

    match: Match
    rules: RuleSet
    games: list[Game]
    game: Game | None  # the game being played (None when the match is over)
    state: GameState | None
    actions: list[MatchAction] = field(default_factory=list)  # of the current game
    score: MatchScore | None = None

    @property
    def previous(self) -> Game | None:
        finished = [g for g in self.games if g.winner is not None]
        return finished[-1] if finished else None


def _score_of(match: Match, rules: RuleSet, games) -> MatchScore:
    score = MatchScore(rules, first_dealer=games[0].dealer if games else 0)
    for g in games:
        if g.winner is not None:
            score.add_game(g.winner, g.game_points)
    return score


def live_state(match: Match) -> Live:
    """Rebuild the live state from the database (no cache: correctness first)."""
    rules = rules_of(match)
    games = list(match.games.order_by("index"))
    current = games[-1] if games and games[-1].winner is None else None
    state = None
    actions: list[MatchAction] = []
    if current is not None:
        actions = list(match.actions.filter(game_index=current.index).order_by("seq"))
        state = GameState.deal(rules, deck=current.deck, dealer=current.dealer)
        for a in actions:
            state.push(a.action)  # checked: a corrupted log fails loudly, never silently
    return Live(match, rules, games, current, state, actions, _score_of(match, rules, games))


def _new_game(match: Match, index: int, bummerl_index: int, dealer: int) -> Game:
    deck = shuffled_deck(f"{match.seed}:{index}")
    return Game.objects.create(
        match=match,
        index=index,
        bummerl_index=bummerl_index,
        deck=" ".join(c.name for c in deck),
        dealer=dealer,
    )


def _first_dealer(match: Match) -> int:
    dealer, _cards = draw_first_dealer(random.Random(f"{match.seed}:dealer"))
    return dealer
