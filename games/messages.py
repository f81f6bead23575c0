"""The rules engine's messages in the user's language: the one place where an engine
code (``engine.messages.CATALOGUE``) becomes a translated sentence.

The engine stays Django-free: it refuses with a :class:`~engine.messages.Reason`
(a code and parameters). :func:`engine_message` picks the code's translated template
and fills in the parameters as a person reads them: a seat becomes the player's (or
team's) name, a card code its name in the match's deck, a suit letter its name, a game
its German name (:func:`card_text`, :func:`suit_text`, :func:`contract_text`,
:func:`phase_text`: the names of the table pages too). :func:`score_sheet_message` adds
where on the sheet the error is. Every page and service that shows an engine message calls
one of the two, or ``games.multi_text.reason_text`` (a pushed reason of a table) that calls
:func:`engine_message`.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from engine.messages import SEAT_PARAMS, Reason, classify
from engine.multi.contracts import GERMAN_NAMES

L = gettext_lazy
T = pgettext_lazy

#: One translated template per engine code, with the code's parameters as named fields.
#: The three- and four-player games' codes are worded for the table page (translation
#: context "table"); the two-player codes below for the two-player match page and sheets.
TEMPLATES = {
    "bad_action": T("table", "This action is not understood."),
    "game_over": T("table", "The game is already over."),
    "wrong_phase": T("table", "That is not possible now (it is time for %(phase)s)."),
    "not_your_turn": T("table", "It is not your turn: %(to_move)s is to move."),
    "not_legal": T("table", "This is not allowed here."),
    "call_needs_suit_in_hand": T(
        "table", "Trump must be a suit of your first three cards (%(suits)s)."
    ),
    "turn_up_not_allowed": T("table", "These rules do not allow turning up a card."),
    "turn_up_no_such_card": T("table", "There is no face-down card %(index)s to turn up."),
    "redeal_needs_three_jacks": T(
        "table", "A new deal only with three jacks as your first three cards."
    ),
    "redeal_not_allowed": T("table", "These rules do not allow a new deal for three jacks."),
    "bid_not_in_catalogue": T("table", "%(contract)s is not played at this table."),
    "bid_only_caller": T("table", "Only the caller (%(caller)s) may announce %(contract)s."),
    "bid_only_opponent": T(
        "table", "Only an opponent of the caller (%(caller)s) may announce %(contract)s."
    ),
    "bid_only_partner": T(
        "table", "Only the caller's partner (%(partner)s) may announce %(contract)s."
    ),
    "bid_needs_one_ace": T(
        "table", "%(contract)s needs exactly one ace in hand (you hold %(aces)s)."
    ),
    "bid_needs_five_of_a_suit": T("table", "%(contract)s needs all five cards of one suit."),
    "bid_needs_all_trumps": T("table", "%(contract)s needs all five trumps (%(trump)s)."),
    "bid_too_low": T("table", "%(contract)s does not outrank %(current)s, announced by %(seat)s."),
    "bid_no_talon_here": T("table", "Only in Talonschnapsen is a game played without talon."),
    "bid_raise_only_higher": T("table", "A raise must be a higher game than %(current)s."),
    "discard_not_in_hand": T("table", "You do not hold %(card)s."),
    "discard_breaks_condition": T(
        "table", "Without %(cards)s your hand no longer fits %(contract)s."
    ),
    "not_in_hand": T("table", "You do not hold %(card)s."),
    "must_follow_suit": T("table", "You must follow suit (%(suit)s)."),
    "must_head_trick": T("table", "You must head the trick: a %(suit)s higher than %(card)s."),
    "must_trump": T("table", "You cannot follow suit (%(suit)s), so you must trump."),
    "must_overtrump": T("table", "You must win the trick with a trump higher than %(card)s."),
    "marriage_only_on_lead": T("table", "Only the player on lead announces a marriage."),
    "marriage_needs_pair": T("table", "A marriage needs king and queen of %(suit)s."),
    "marriage_not_in_game": T("table", "Marriages do not count in %(contract)s."),
    "marriage_not_for_this_side": T(
        "table", "In the %(contract)s only the side playing for the 66 announces marriages."
    ),
    "marriage_forty_after_one_trick": T(
        "table",
        "In the Schnapser the forty only while one trick and the forty can make 66.",
    ),
    "revoke_no_such_seat": T("table", "There is no seat %(number)s at this table."),
    "revoke_not_in_play": T("table", "A Renonce is called while the cards of a game are played."),
    "revoke_not_found": T(
        "table",
        "No Renonce by %(seat)s: every card followed suit and trumped as the rules ask.",
    ),
    "result_redeal": T("table", "Three jacks: the caller demanded a new deal."),
    "result_caller_66": T("table", "The caller's side reached 66."),
    "result_opponents_66": T("table", "The caller's opponents reached 66."),
    "result_caller_last_trick": T("table", "The caller's side took the last trick."),
    "result_opponents_last_trick": T("table", "The caller's opponents took the last trick."),
    "result_caller_short": T("table", "The caller did not reach 66."),
    "result_bettler_trick": T("table", "The announcer of the %(contract)s took a trick."),
    "result_bettler_clean": T("table", "%(contract)s made: the announcer took no trick."),
    "result_schnapser_made": T("table", "%(contract)s made: 66 without a trick of the other side."),
    "result_schnapser_trick_lost": T("table", "%(contract)s lost: %(seat)s took a trick."),
    "result_schnapser_short": T(
        "table", "%(contract)s lost: no 66 within the first %(tricks)s tricks."
    ),
    "result_all_tricks_made": T("table", "%(contract)s made: every trick taken."),
    "result_all_tricks_lost": T("table", "%(contract)s lost: %(seat)s took a trick."),
    "result_shown": T("table", "%(contract)s won by showing the cards."),
    "result_revoke": T(
        "table",
        "Renonce by %(seat)s (%(card)s in trick %(trick)s): the other side wins the game.",
    ),
    "action_cut": T("table", "Cut"),
    "action_knock": T("table", "Knock (draufhauen)"),
    "action_call": T("table", "Call %(suit)s trump"),
    "action_turn_up": T("table", "Turn up card %(index)s"),
    "action_redeal": T("table", "New deal (three jacks)"),
    "action_bid": T("table", "Announce %(contract)s"),
    "action_bid_no_talon": T("table", "%(contract)s without the talon"),
    "action_pass": T("table", "Pass (weiter)"),
    "action_no_double": T("table", "No double"),
    "action_double": T("table", "Double (flecken)"),
    "action_retour": T("table", "Redouble (Retour)"),
    "action_re": T("table", "Re"),
    "action_discard": T("table", "Lay away %(cards)s"),
    "action_play": T("table", "Play %(card)s"),
    "action_marriage": T("table", "Announce %(points)s, lead %(card)s"),
    "sheet_empty": T("table", "The score sheet is empty."),
    "sheet_bad_line": T(
        "table",
        "A line is a game (team, game, doubles) or the running figures, not “%(text)s”.",
    ),
    "sheet_bad_team": T("table", "The team must be A or B, not %(team)s."),
    "sheet_unknown_game": T("table", "Unknown game “%(game)s”."),
    "sheet_game_not_allowed": T("table", "%(game)s is not in this table's catalogue."),
    "sheet_bad_normal_points": T("table", "A normal game gives 1, 2 or 3 points, not %(points)s."),
    "sheet_points_only_normal": T(
        "table", "Only the normal game is written with its points (1, 2 or 3)."
    ),
    "sheet_bad_doubles": T(
        "table", "A game is doubled 0 to 3 times (flecken, Retour, Re), not %(doubles)s."
    ),
    "sheet_bummerl_unfinished": T(
        "table", "The Bummerl ends at %(figures)s before a team reached %(goal)s."
    ),
    "sheet_figures_both": T(
        "table", "Only the winning team writes: both figures changed (%(before)s to %(after)s)."
    ),
    "sheet_figures_none": T("table", "No figure changed (%(figures)s)."),
    "sheet_figures_wrong_way": T(
        "table", "The figures go the wrong way (%(before)s to %(after)s)."
    ),
    "sheet_figures_impossible": T("table", "No game is worth %(points)s points here."),
    "sheet_figures_mismatch": T(
        "table", "The game gives %(expected)s, the sheet says %(figures)s."
    ),
    "sheet_bad_figures": T(
        "table", "Figures are two whole numbers from 0 to %(goal)s, not %(text)s."
    ),
    # -- parsing (engine.messages.ReasonError): what a command line or a hand-made request
    #    sent and the engine did not understand; the notation is the engine's, as typed
    "rule_option_choice": L("The rule option %(option)s must be one of %(choices)s, not %(value)s."),
    "rule_option_bool": L("The rule option %(option)s must be true or false."),
    "rule_option_match_bummerl": L("The rule option bummerl_to_win_match must be 2 or 3."),
    "rule_not_in_variant": L("%(contract)s is not a game of %(variant)s."),
    "rule_unknown_profile": L("Unknown rule profile %(name)s: use one of %(presets)s."),
    "rules_not_options": L("The rules are a preset name or an object of rule options."),
    "rule_unknown_options": L("Unknown rule option(s): %(options)s."),
    "catalogue_unknown_game": L(
        "Unknown special game %(name)s in the catalogue: use %(games)s or a preset (%(presets)s)."
    ),
    "card_unknown": L("Unknown card %(text)s: a card is a rank A T K Q J and a suit H D S C, e.g. QH."),
    "suit_unknown": L("Unknown suit %(text)s: use one of H D S C."),
    "action_not_text": L("An action is a text such as %(example)s, not %(value)s."),
    "action_no_argument": L("Action %(text)s: %(word)s takes nothing after it."),
    "action_needs_card": L("Action %(text)s: %(word)s needs a card, e.g. %(word)s:KH."),
    "action_marriage_card": L("Action %(text)s: a marriage is announced with a king or queen."),
    "action_revoke_player": L("Action %(text)s: revoke needs the player who revoked, 0 or 1."),
    "action_revoke_seat": L("Action %(text)s: revoke needs the seat that revoked, e.g. revoke:2."),
    "action_turn_up_number": L(
        "Action %(text)s: turn_up needs the number of the card, e.g. turn_up:1."
    ),
    "action_unknown_game": L("Action %(text)s: unknown game %(name)s; games: %(games)s."),
    "action_bid_normal": L(
        "Action %(text)s: the normal game is not announced, it is played when all pass; "
        "games: %(games)s."
    ),
    "action_bid_suffix": L("Action %(text)s: after the game only :no_talon may follow."),
    "action_discard_two": L(
        "Action %(text)s: discard needs two different cards, e.g. discard:JS,QH."
    ),
    "action_unknown": L("Unknown action %(text)s: use %(kinds)s."),
    # -- the two-player engine (the player reads them about his own move)
    "two_player_must_follow": L("You must follow suit (%(suit)s): the talon is used up or closed."),
    "two_player_must_win": L("You must win the trick with a higher %(suit)s card."),
    "two_player_must_trump": L("You cannot follow suit, so you must trump."),
    "two_player_not_in_hand": L("You do not hold %(card)s in your hand."),
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

KINDS = {
    "exchange": pgettext_lazy("engine action", "exchange the trump card"),
    "close": pgettext_lazy("engine action", "close the talon"),
    "declare": pgettext_lazy("engine action", "declare 66"),
    "marriage": pgettext_lazy("engine action", "announce a marriage"),
    "play": pgettext_lazy("engine action", "lead"),
}


# --------------------------------------------------------------------------- names in words

GERMAN_SUITS = {"H": "Herz", "D": "Schelle", "S": "Laub", "C": "Eichel"}


def _suit_names(deck: str) -> dict[str, str]:
    if deck == "german":  # doppeldeutsch: the German names in every language
        return GERMAN_SUITS
    return {
        "H": pgettext("table", "Hearts"),
        "D": pgettext("table", "Diamonds"),
        "S": pgettext("table", "Spades"),
        "C": pgettext("table", "Clubs"),
    }


def _rank_names(deck: str) -> dict[str, str]:
    if deck == "german":
        return {"A": "Daus", "T": "Zehner", "K": "König", "Q": "Ober", "J": "Unter"}
    return {
        "A": pgettext("table", "Ace"),
        "T": pgettext("table", "Ten"),
        "K": pgettext("table", "King"),
        "Q": pgettext("table", "Queen"),
        "J": pgettext("table", "Jack"),
    }


def card_text(code: str, deck: str = "french") -> str:
    """``QH`` -> "Herz Dame" ("Queen of Hearts"; a doppeldeutsch deck: "Herz Ober")."""
    code = str(code)
    if len(code) != 2:
        return code
    return pgettext("table", "%(rank)s of %(suit)s") % {
        "suit": _suit_names(deck).get(code[1], code[1]),
        "rank": _rank_names(deck).get(code[0], code[0]),
    }


def suit_text(letter: str, deck: str = "french") -> str:
    return _suit_names(deck).get(str(letter), str(letter))


def contract_text(name) -> str:
    """A game of the tables (``engine.multi.contracts``) by its German name."""
    if name is None:
        return pgettext("table", "Normales Spiel")
    return GERMAN_NAMES.get(str(name), str(name))


def phase_text(phase: str) -> str:
    return {
        "cut": pgettext("table", "cutting"),
        "call": pgettext("table", "calling trump"),
        "bid": pgettext("table", "bidding"),
        "raise": pgettext("table", "bidding"),
        "talon": pgettext("table", "the talon"),
        "raise_after_talon": pgettext("table", "bidding"),
        "double": pgettext("table", "doubling"),
        "play": pgettext("table", "play"),
        "over": pgettext("table", "the end of the game"),
    }.get(phase, phase)


# --------------------------------------------------------------------------- engine codes


def _card(code: str, deck: str) -> str:
    return card_text(code, deck)


def _suit(letter: str, deck: str) -> str:
    return suit_text(str(letter).strip(), deck)


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
        return ", ".join(_suit(s, deck) for s in str(value).replace(",", " ").split())
    if key in ("contract", "current", "game"):
        return contract_text(value)
    if key == "phase":
        return phase_text(value)
    if key == "kind":
        return str(KINDS.get(value, value))
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
