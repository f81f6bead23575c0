"""The engine's messages of Bauernschnapsen and Talonschnapsen in the UI language.

The engine gives every refusal, every button and every game result as a code with
parameters (``games.engine.messages``); this module keeps one translated template per
code and fills the parameters in words: a seat becomes the player's name, a card its
name in the table's deck, a suit its name, a game its German name. The templates use the
translation context ``table`` so they never collide with another page's strings.
"""

from __future__ import annotations

from django.utils.translation import pgettext

from games.engine.multi.contracts import GERMAN_NAMES

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


def _templates() -> dict[str, str]:
    t = pgettext
    return {
        "bad_action": t("table", "This action is not understood."),
        "game_over": t("table", "The game is already over."),
        "wrong_phase": t("table", "That is not possible now (it is time for %(phase)s)."),
        "not_your_turn": t("table", "It is not your turn: %(to_move)s is to move."),
        "not_legal": t("table", "This is not allowed here."),
        "call_needs_suit_in_hand": t(
            "table", "Trump must be a suit of your first three cards (%(suits)s)."
        ),
        "turn_up_not_allowed": t("table", "These rules do not allow turning up a card."),
        "turn_up_no_such_card": t("table", "There is no face-down card %(index)s to turn up."),
        "redeal_needs_three_jacks": t(
            "table", "A new deal only with three jacks as your first three cards."
        ),
        "redeal_not_allowed": t("table", "These rules do not allow a new deal for three jacks."),
        "bid_not_in_catalogue": t("table", "%(contract)s is not played at this table."),
        "bid_only_caller": t("table", "Only the caller (%(caller)s) may announce %(contract)s."),
        "bid_only_opponent": t(
            "table", "Only an opponent of the caller (%(caller)s) may announce %(contract)s."
        ),
        "bid_only_partner": t(
            "table", "Only the caller's partner (%(partner)s) may announce %(contract)s."
        ),
        "bid_needs_one_ace": t(
            "table", "%(contract)s needs exactly one ace in hand (you hold %(aces)s)."
        ),
        "bid_needs_five_of_a_suit": t("table", "%(contract)s needs all five cards of one suit."),
        "bid_needs_all_trumps": t("table", "%(contract)s needs all five trumps (%(trump)s)."),
        "bid_too_low": t(
            "table", "%(contract)s does not outrank %(current)s, announced by %(seat)s."
        ),
        "bid_no_talon_here": t("table", "Only in Talonschnapsen is a game played without talon."),
        "bid_raise_only_higher": t("table", "A raise must be a higher game than %(current)s."),
        "discard_not_in_hand": t("table", "You do not hold %(card)s."),
        "discard_breaks_condition": t(
            "table", "Without %(cards)s your hand no longer fits %(contract)s."
        ),
        "not_in_hand": t("table", "You do not hold %(card)s."),
        "must_follow_suit": t("table", "You must follow suit (%(suit)s)."),
        "must_head_trick": t("table", "You must head the trick: a %(suit)s higher than %(card)s."),
        "must_trump": t("table", "You cannot follow suit (%(suit)s), so you must trump."),
        "must_overtrump": t("table", "You must win the trick with a trump higher than %(card)s."),
        "marriage_only_on_lead": t("table", "Only the player on lead announces a marriage."),
        "marriage_needs_pair": t("table", "A marriage needs king and queen of %(suit)s."),
        "marriage_not_in_game": t("table", "Marriages do not count in %(contract)s."),
        "marriage_forty_after_one_trick": t(
            "table",
            "In the Schnapser the forty only while one trick and the forty can make 66.",
        ),
        "result_redeal": t("table", "Three jacks: the caller demanded a new deal."),
        "result_caller_66": t("table", "The caller's side reached 66."),
        "result_opponents_66": t("table", "The caller's opponents reached 66."),
        "result_caller_last_trick": t("table", "The caller's side took the last trick."),
        "result_opponents_last_trick": t("table", "The caller's opponents took the last trick."),
        "result_caller_short": t("table", "The caller did not reach 66."),
        "result_bettler_trick": t("table", "The announcer of the %(contract)s took a trick."),
        "result_bettler_clean": t("table", "%(contract)s made: the announcer took no trick."),
        "result_schnapser_made": t(
            "table", "%(contract)s made: 66 without a trick of the other side."
        ),
        "result_schnapser_trick_lost": t("table", "%(contract)s lost: %(seat)s took a trick."),
        "result_schnapser_short": t(
            "table", "%(contract)s lost: no 66 within the first %(tricks)s tricks."
        ),
        "result_all_tricks_made": t("table", "%(contract)s made: every trick taken."),
        "result_all_tricks_lost": t("table", "%(contract)s lost: %(seat)s took a trick."),
        "result_shown": t("table", "%(contract)s won by showing the cards."),
        "action_cut": t("table", "Cut"),
        "action_knock": t("table", "Knock (draufhauen)"),
        "action_call": t("table", "Call %(suit)s trump"),
        "action_turn_up": t("table", "Turn up card %(index)s"),
        "action_redeal": t("table", "New deal (three jacks)"),
        "action_bid": t("table", "Announce %(contract)s"),
        "action_bid_no_talon": t("table", "%(contract)s without the talon"),
        "action_pass": t("table", "Pass (weiter)"),
        "action_no_double": t("table", "No double"),
        "action_double": t("table", "Double (flecken)"),
        "action_retour": t("table", "Redouble (Retour)"),
        "action_re": t("table", "Re"),
        "action_discard": t("table", "Lay away %(cards)s"),
        "action_play": t("table", "Play %(card)s"),
        "action_marriage": t("table", "Announce %(points)s, lead %(card)s"),
        "sheet_empty": t("table", "The score sheet is empty."),
        "sheet_bad_line": t(
            "table",
            "A line is a game (team, game, doubles) or the running figures, not “%(text)s”.",
        ),
        "sheet_bad_team": t("table", "The team must be A or B, not %(team)s."),
        "sheet_unknown_game": t("table", "Unknown game “%(game)s”."),
        "sheet_game_not_allowed": t("table", "%(game)s is not in this table's catalogue."),
        "sheet_bad_normal_points": t(
            "table", "A normal game gives 1, 2 or 3 points, not %(points)s."
        ),
        "sheet_points_only_normal": t(
            "table", "Only the normal game is written with its points (1, 2 or 3)."
        ),
        "sheet_bad_doubles": t(
            "table", "A game is doubled 0 to 3 times (flecken, Retour, Re), not %(doubles)s."
        ),
        "sheet_bummerl_unfinished": t(
            "table", "The Bummerl ends at %(figures)s before a team reached %(goal)s."
        ),
        "sheet_figures_both": t(
            "table", "Only the winning team writes: both figures changed (%(before)s to %(after)s)."
        ),
        "sheet_figures_none": t("table", "No figure changed (%(figures)s)."),
        "sheet_figures_wrong_way": t(
            "table", "The figures go the wrong way (%(before)s to %(after)s)."
        ),
        "sheet_figures_impossible": t("table", "No game is worth %(points)s points here."),
        "sheet_figures_mismatch": t(
            "table", "The game gives %(expected)s, the sheet says %(figures)s."
        ),
        "sheet_bad_figures": t(
            "table", "Figures are two whole numbers from 0 to %(goal)s, not %(text)s."
        ),
    }


def _words(params: dict, names, deck: str) -> dict:
    out = {}
    for k, v in params.items():
        if k in ("seat", "to_move", "caller", "partner") and isinstance(v, int):
            out[k] = names[v] if names and 0 <= v < len(names) else str(v + 1)
        elif k == "card":
            out[k] = card_text(v, deck)
        elif k == "cards":
            out[k] = ", ".join(card_text(c, deck) for c in str(v).split(","))
        elif k in ("suit", "trump"):
            out[k] = suit_text(v, deck)
        elif k == "suits":
            out[k] = ", ".join(suit_text(x.strip(), deck) for x in str(v).replace(",", " ").split())
        elif k in ("contract", "current", "game"):
            out[k] = contract_text(v)
        elif k == "phase":
            out[k] = phase_text(v)
        else:
            out[k] = v
    return out


def reason_text(reason, names=None, deck: str = "french") -> str:
    """A :class:`~games.engine.messages.Reason` (or its ``to_dict()``) in words."""
    if isinstance(reason, dict):
        code, params, text = reason.get("code"), reason.get("params") or {}, reason.get("text")
    else:
        code, params, text = getattr(reason, "code", None), getattr(reason, "params", {}), reason
    template = _templates().get(code)
    if template is None:
        return str(text or code)
    try:
        return template % _words(params, names, deck)
    except (KeyError, TypeError, ValueError):
        return str(text or code)
