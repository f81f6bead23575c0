"""The rules engine's messages in the user's language: the one place where an engine
code (``games.engine.messages.CATALOGUE``) becomes a translated sentence.

The engine stays Django-free: it refuses with a :class:`~games.engine.messages.Reason`
(a code and parameters). :func:`engine_message` picks the code's translated template
and fills in the parameters as a person reads them: a seat becomes the player's (or
team's) name, a card code its name in the match's deck, a suit letter its name, a game
its German name. :func:`score_sheet_message` adds where on the sheet the error is.
Every page and service that shows an engine message calls one of the two.
"""

from __future__ import annotations

from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _

from games.engine.cards import Card, Suit
from games.engine.messages import SEAT_PARAMS, Reason, classify

L = gettext_lazy

#: One translated template per engine code, with the code's parameters as named fields.
TEMPLATES = {
    # -- any phase
    "bad_action": L("%(error)s"),
    "game_over": L("The game is already over."),
    "wrong_phase": L("%(action)s is not possible now: this is the %(phase)s phase."),
    "not_your_turn": L("It is %(to_move)s's turn, not %(seat)s's."),
    "not_legal": L("%(action)s is not allowed here."),
    # -- the deal
    "call_needs_suit_in_hand": L(
        "Trump must be a suit of the caller's first three cards (%(suits)s)."
    ),
    "turn_up_not_allowed": L("These rules do not allow turning up a card for trump."),
    "turn_up_no_such_card": L(
        "There is no face-down card %(index)s to turn up (the caller has %(count)s)."
    ),
    "redeal_needs_three_jacks": L(
        "A new deal may be demanded only with three jacks as the first three cards."
    ),
    "redeal_not_allowed": L("These rules do not allow a new deal for three jacks."),
    # -- bidding
    "bid_not_in_catalogue": L("%(contract)s is not in this table's catalogue of games."),
    "bid_only_caller": L("Only the caller (%(caller)s) may announce %(contract)s."),
    "bid_only_opponent": L(
        "Only an opponent of the caller (%(caller)s) may announce %(contract)s."
    ),
    "bid_only_partner": L("Only the caller's partner (%(partner)s) may announce %(contract)s."),
    "bid_needs_one_ace": L("%(contract)s needs exactly one ace in hand (you hold %(aces)s)."),
    "bid_needs_five_of_a_suit": L("%(contract)s needs all five cards of one suit in hand."),
    "bid_needs_all_trumps": L("%(contract)s needs all five trumps (%(trump)s) in hand."),
    "bid_too_low": L("%(contract)s does not outrank %(current)s, announced by %(seat)s."),
    "bid_no_talon_here": L("Only in Talonschnapsen is a game announced without the talon."),
    "bid_raise_only_higher": L("A raise must be a higher game than %(current)s."),
    # -- talon
    "discard_not_in_hand": L("You do not hold %(card)s."),
    "discard_breaks_condition": L(
        "After laying away %(cards)s your hand no longer fits %(contract)s."
    ),
    # -- play
    "not_in_hand": L("%(seat)s does not hold %(card)s."),
    "must_follow_suit": L("You must follow suit (%(suit)s)."),
    "must_head_trick": L("You must head the trick: play a %(suit)s card higher than %(card)s."),
    "must_trump": L("You cannot follow suit (%(suit)s), so you must trump."),
    "must_overtrump": L("You must win the trick with a trump higher than %(card)s."),
    "marriage_only_on_lead": L("A marriage is announced only by the player on lead."),
    "marriage_needs_pair": L("A marriage needs king and queen of %(suit)s in hand."),
    "marriage_not_in_game": L(
        "Marriages count only in the normal game and the Schnapser games, not in %(contract)s."
    ),
    "marriage_forty_after_one_trick": L(
        "In the Schnapser the forty may be announced only while one trick and the forty "
        "can make 66."
    ),
    # -- how a game ends
    "result_redeal": L("Three jacks: the caller demanded a new deal."),
    "result_caller_66": L("The caller's side reached 66."),
    "result_opponents_66": L("The caller's opponents reached 66."),
    "result_caller_last_trick": L("The caller's side took the last trick."),
    "result_opponents_last_trick": L("The caller's opponents took the last trick."),
    "result_caller_short": L("The caller did not reach 66."),
    "result_bettler_trick": L("The announcer of %(contract)s took a trick."),
    "result_bettler_clean": L("%(contract)s made: the announcer took no trick."),
    "result_schnapser_made": L("%(contract)s made: 66 without a trick of the other side."),
    "result_schnapser_trick_lost": L("%(contract)s lost: %(seat)s took a trick."),
    "result_schnapser_short": L("%(contract)s lost: no 66 within the first %(tricks)s tricks."),
    "result_all_tricks_made": L("%(contract)s made: every trick taken."),
    "result_all_tricks_lost": L("%(contract)s lost: %(seat)s took a trick."),
    "result_shown": L("%(contract)s won by showing the cards."),
    # -- labels of actions (buttons)
    "action_cut": L("Cut"),
    "action_knock": L("Knock (draufhauen)"),
    "action_call": L("Call %(suit)s trump"),
    "action_turn_up": L("Turn up face-down card %(index)s"),
    "action_redeal": L("Demand a new deal (three jacks)"),
    "action_bid": L("Announce %(contract)s"),
    "action_bid_no_talon": L("Announce %(contract)s without the talon"),
    "action_pass": L("Pass (weiter)"),
    "action_no_double": L("No double"),
    "action_double": L("Double (flecken)"),
    "action_retour": L("Redouble (Retour)"),
    "action_re": L("Redouble again (Re)"),
    "action_discard": L("Lay away %(cards)s"),
    "action_play": L("Play %(card)s"),
    "action_marriage": L("Announce %(points)s and lead %(card)s"),
    # -- Bauernschnapsen score sheets
    "sheet_empty": L("The score sheet is empty."),
    "sheet_bad_line": L(
        "A line is a game (team, game, doubles) or the running figures, not “%(text)s”."
    ),
    "sheet_bad_team": L("The team must be 0 or 1, not %(team)s."),
    "sheet_unknown_game": L("Unknown game “%(game)s”."),
    "sheet_game_not_allowed": L("%(game)s is not in this table's catalogue."),
    "sheet_bad_normal_points": L("A normal game gives 1, 2 or 3 points, not %(points)s."),
    "sheet_points_only_normal": L("Only the normal game is written with its points (1, 2 or 3)."),
    "sheet_bad_doubles": L(
        "A game is doubled 0 to 3 times (flecken, Retour, Re), not %(doubles)s."
    ),
    "sheet_bummerl_unfinished": L(
        "The Bummerl ends at %(figures)s before a team reached %(goal)s."
    ),
    "sheet_figures_both": L(
        "Only the winning team writes: both figures changed (%(before)s to %(after)s)."
    ),
    "sheet_figures_none": L("No figure changed (%(figures)s)."),
    "sheet_figures_wrong_way": L("The figures go %(direction)s (%(before)s to %(after)s)."),
    "sheet_figures_impossible": L("No game is worth %(points)s points under these rules."),
    "sheet_figures_mismatch": L("The game gives %(expected)s, the sheet says %(figures)s."),
    "sheet_bad_figures": L("Figures are two whole numbers from 0 to %(goal)s, not %(text)s."),
    # -- the two-player engine (the player reads them about his own move)
    "two_player_must_follow": L("You must follow suit (%(suit)s): the talon is used up or closed."),
    "two_player_must_win": L("You must win the trick with a higher %(suit)s card."),
    "two_player_must_trump": L("You cannot follow suit, so you must trump."),
    "two_player_not_in_hand": L("You do not hold %(card)s."),
    "two_player_only_on_lead": L("Only the player on lead may %(kind)s; follow %(card)s."),
    "two_player_auto_declare": L("These rules declare 66 automatically."),
    "two_player_declare_needs_trick": L(
        "Declaring 66 needs a trick won first (points count only with a trick)."
    ),
    "two_player_marriage_needs_pair": L("A marriage needs king and queen of %(suit)s in hand."),
    "two_player_marriage_after_trick": L("A marriage only after winning a trick (scharf)."),
    "two_player_king_first": L("After a marriage the king must be led (scharf)."),
    "two_player_no_exchange_closed": L("No exchange after the talon is closed."),
    "two_player_no_exchange_exhausted": L("No exchange: the talon is used up."),
    "two_player_exchange_needs_jack": L("Exchanging needs the trump jack (%(card)s) in hand."),
    "two_player_no_exchange_first_lead": L("No exchange before the first lead (scharf)."),
    "two_player_no_exchange_one_card": L("No exchange with only one talon card left (scharf)."),
    "two_player_already_closed": L("The talon is already closed."),
    "two_player_close_needs_two": L("Closing needs at least two cards on the talon."),
    "two_player_game_over": L("The game is already over."),
    "two_player_not_legal": L("%(action)s is not allowed here."),
    "two_player_other": L("%(text)s"),
    # -- two-player score sheets: the figures as written (still needed, down from 7)
    "sheet_not_a_list": L("the sheet must be a list of Bummerl"),
    "sheet_no_bummerl": L("the sheet has no Bummerl"),
    "sheet_match_already_won": L(
        "the match was already won by %(winner)s (%(won)s:%(lost)s Bummerl)"
    ),
    "sheet_bummerl_needs_game": L("a Bummerl needs at least one game"),
    "sheet_bummerl_already_won": L(
        "the Bummerl was already won by %(winner)s at %(left)s:%(right)s"
    ),
    "sheet_game_not_a_pair": L("a game is a winner and the game points"),
    "sheet_bad_winner": L("the winner must be one of the two players, not %(value)s"),
    "sheet_bad_game_points": L("a game gives 1, 2 or 3 game points, not %(points)s"),
    "sheet_bummerl_open": L("the Bummerl ends at %(left)s:%(right)s before a player was down to 0"),
    "sheet_match_undecided": L(
        "the match is not decided: %(left)s:%(right)s Bummerl, it goes to %(goal)s"
    ),
}

#: With doppeldeutsch cards the jack is an Unter (the card names follow the deck).
GERMAN_DECK = {
    "two_player_exchange_needs_jack": L("Exchanging needs the trump Unter (%(card)s) in hand."),
}

PHASES = {
    "cut": pgettext_lazy("engine phase", "cut"),
    "call": pgettext_lazy("engine phase", "trump call"),
    "bid": pgettext_lazy("engine phase", "bidding"),
    "raise": pgettext_lazy("engine phase", "raising"),
    "talon": pgettext_lazy("engine phase", "talon"),
    "raise_after_talon": pgettext_lazy("engine phase", "raising after the talon"),
    "double": pgettext_lazy("engine phase", "doubling"),
    "play": pgettext_lazy("engine phase", "play"),
    "over": pgettext_lazy("engine phase", "end of the game"),
}
KINDS = {
    "exchange": pgettext_lazy("engine action", "exchange the trump card"),
    "close": pgettext_lazy("engine action", "close the talon"),
    "declare": pgettext_lazy("engine action", "declare 66"),
    "marriage": pgettext_lazy("engine action", "announce a marriage"),
    "play": pgettext_lazy("engine action", "lead"),
}
DIRECTIONS = {
    "up": pgettext_lazy("sheet figures", "up"),
    "down": pgettext_lazy("sheet figures", "down"),
}


def _german() -> bool:
    return (get_language() or "de").startswith("de")


def _card(code: str, deck: str) -> str:
    try:
        card = Card[str(code).strip().upper()]
    except KeyError:
        return str(code)
    return card.german_name(deck) if _german() else card.english_name


def _suit(letter: str, deck: str) -> str:
    try:
        suit = Suit.parse(str(letter))
    except ValueError:
        return str(letter)
    return suit.german_name(deck) if _german() else suit.english_name


def _contract(name) -> str:
    from games.engine.multi.contracts import GERMAN_NAMES

    return GERMAN_NAMES.get(str(name), str(name))


def seat_name(seat, names=()) -> str:
    """A seat (0-based) as the player's name, else "player 1" (counting from 1)."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        return str(seat)
    if 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return _("player %(n)d") % {"n": seat + 1}


def _param(key: str, value, names, deck: str) -> str:
    if key in SEAT_PARAMS:
        return seat_name(value, names)
    if key == "card":
        return _card(value, deck)
    if key == "cards":
        return ", ".join(_card(c, deck) for c in str(value).replace(" ", ",").split(",") if c)
    if key in ("suit", "trump"):
        return _suit(value, deck)
    if key == "suits":
        return ", ".join(_suit(s, deck) for s in str(value).split())
    if key in ("contract", "current"):
        return _contract(value)
    if key == "phase":
        return str(PHASES.get(value, value))
    if key == "kind":
        return str(KINDS.get(value, value))
    if key == "direction":
        return str(DIRECTIONS.get(value, value))
    return str(value)


def engine_message(reason, *, names=(), deck: str = "french") -> str:
    """The engine's ``reason`` (a :class:`Reason`, or any engine text) in the active
    language, with ``names`` (by seat: the players or teams) for the seats."""
    r = reason if isinstance(reason, Reason) else classify(reason)
    template = (GERMAN_DECK.get(r.code) if deck == "german" else None) or TEMPLATES.get(r.code)
    if template is None:  # a code without a template: the test walks them all
        return str(r)
    params = {k: _param(k, v, names, deck) for k, v in r.params.items()}
    try:
        return str(template) % params
    except (KeyError, ValueError, TypeError):
        return str(r)


def score_sheet_message(exc, *, names=()) -> str:
    """A score-sheet error (``ScoreSheetError``, Bauernschnapsen's ``SheetError``) where
    the user finds it: "Bummerl 3 is wrong: …", "Bummerl 1, game 4 is wrong: …"."""
    reason = engine_message(exc.reason, names=names)
    where = {"b": exc.bummerl + 1, "reason": reason}
    line = getattr(exc, "line", None)
    if line is not None:
        where["line"] = line + 1
        return _("Line %(line)d (Bummerl %(b)d) is wrong: %(reason)s") % where
    if exc.game is None:
        return _("Bummerl %(b)d is wrong: %(reason)s") % where
    where["g"] = exc.game + 1
    return _("Bummerl %(b)d, game %(g)d is wrong: %(reason)s") % where
