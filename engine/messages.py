"""Messages that can reach a user, as stable codes with parameters.

Every reason the engine gives for refusing an action, every score-sheet error and every
way a game can end has a **code** (a stable identifier, ``snake_case``) and
**parameters** (JSON-safe ``str``/``int`` values), besides its English text. The Django
layer translates by code: it keeps one translated template per code and fills in the
parameters, so it never has to parse an English sentence.

:class:`Reason` is a ``str`` (the English text, so everything that printed a reason before
still works) that also carries ``.code`` and ``.params``; ``why_illegal()`` of the
Bauernschnapsen and Talonschnapsen states returns one. :class:`RuleViolation` is the
:class:`~engine.actions.IllegalAction` they raise, with the same three attributes.
:class:`ReasonError` is the ``ValueError`` that parsing raises with a code: a rule option,
a preset, a catalogue, an action, a card or a suit that is not understood (the command
line prints its English text; a web page translates its ``.reason``, :func:`reason_of`).

``CATALOGUE`` maps each code to its English template (``str.format`` fields named by the
parameters). Parameters that name a thing use the engine's notation: a card code
(``"QH"``), a suit letter (``"H"``), a contract name (``"gangl"``, see
``multi/contracts.py``), a seat number (0-based), a phase name (``"bid"``).

The two-player engine's ``GameState.why_illegal`` returns a :class:`Reason` too (codes
``two_player_*``), and its score-sheet check raises ``ScoreSheetError`` with one (codes
``sheet_*``, in the figures as written). :func:`classify` gives any other text a code.
Parameters in ``SEAT_PARAMS`` are seats: the web layer (``games/messages.py``) puts the
players' names in their place.
"""

from __future__ import annotations

import re

CATALOGUE: dict[str, str] = {
    # -- any phase
    "bad_action": "{error}",
    "game_over": "the game is already over",
    "wrong_phase": "{action} is not possible now: it is the {phase} phase",
    "not_your_turn": "it is seat {to_move}'s turn, not seat {seat}'s",
    "not_legal": "{action} is not legal here",
    # -- the deal (cut or knock, trump)
    "call_needs_suit_in_hand": "trump must be a suit of the caller's first three cards ({suits})",
    "turn_up_not_allowed": "these rules do not allow turning up a card for trump",
    "turn_up_no_such_card": "there is no face-down card {index} to turn up (the caller has {count})",
    "redeal_needs_three_jacks": "a new deal may be demanded only with three jacks as the first three cards",
    "redeal_not_allowed": "these rules do not allow a new deal for three jacks",
    # -- bidding
    "bid_not_in_catalogue": "{contract} is not in this table's catalogue of special games",
    "bid_only_caller": "only the caller (seat {caller}) may announce {contract}",
    "bid_only_opponent": "only an opponent of the caller (seat {caller}) may announce {contract}",
    "bid_only_partner": "only the caller's partner (seat {partner}) may announce {contract}",
    "bid_needs_one_ace": "{contract} needs exactly one ace in hand (you hold {aces})",
    "bid_needs_five_of_a_suit": "{contract} needs all five cards of one suit in hand",
    "bid_needs_all_trumps": "{contract} needs all five trumps ({trump}) in hand",
    "bid_too_low": "{contract} does not outrank {current}, announced by seat {seat}",
    "bid_no_talon_here": "only in Talonschnapsen is a game announced without the talon",
    "bid_raise_only_higher": "a raise must be a higher game than {current}",
    # -- talon
    "discard_not_in_hand": "you do not hold {card}",
    "discard_breaks_condition": "after laying away {cards} your hand no longer fits {contract}",
    # -- play
    "not_in_hand": "seat {seat} does not hold {card}",
    "must_follow_suit": "must follow suit ({suit})",
    "must_head_trick": "must head the trick: play a {suit} card higher than {card}",
    "must_trump": "cannot follow suit ({suit}), so must trump",
    "must_overtrump": "must win the trick with a trump higher than {card}",
    "marriage_only_on_lead": "a marriage is announced only by the player on lead",
    "marriage_needs_pair": "a marriage needs king and queen of {suit} in hand",
    "marriage_not_in_game": "marriages count only in the normal game and the Schnapser games, not in {contract}",
    "marriage_not_for_this_side": "in the {contract} only the side playing for the 66 announces marriages",
    "marriage_forty_after_one_trick": "in the Schnapser the forty may be announced only while one trick and the forty can make 66",
    # -- a Renonce called at a table (``revoke:2``)
    "revoke_no_such_seat": "there is no seat {number}: the table has {seats} seats, from 0",
    "revoke_not_in_play": "a Renonce is called during the play of a running game",
    "revoke_not_found": "no Renonce by seat {seat}: every card played followed suit and trumped as the rules ask",
    # -- how a game ends (MultiResult.reason)
    "result_redeal": "three jacks: the caller demanded a new deal",
    "result_caller_66": "the caller's side reached 66",
    "result_opponents_66": "the caller's opponents reached 66",
    "result_caller_last_trick": "the caller's side took the last trick",
    "result_opponents_last_trick": "the caller's opponents took the last trick",
    "result_caller_short": "the caller did not reach 66",
    "result_bettler_trick": "the announcer of {contract} took a trick",
    "result_bettler_clean": "{contract} made: the announcer took no trick",
    "result_schnapser_made": "{contract} made: 66 without a trick of the other side",
    "result_schnapser_trick_lost": "{contract} lost: seat {seat} took a trick",
    "result_schnapser_short": "{contract} lost: no 66 within the first {tricks} tricks",
    "result_all_tricks_made": "{contract} made: every trick taken",
    "result_all_tricks_lost": "{contract} lost: seat {seat} took a trick",
    "result_shown": "{contract} won by showing the cards",
    "result_revoke": "Renonce by seat {seat} ({card} in trick {trick}): the other side wins the game",
    # -- labels of actions (buttons)
    "action_cut": "cut",
    "action_knock": "knock (draufhauen)",
    "action_call": "call {suit} trump",
    "action_turn_up": "turn up face-down card {index}",
    "action_redeal": "demand a new deal (three jacks)",
    "action_bid": "announce {contract}",
    "action_bid_no_talon": "announce {contract} without the talon",
    "action_pass": "pass (weiter)",
    "action_no_double": "no double",
    "action_double": "double (flecken)",
    "action_retour": "redouble (Retour)",
    "action_re": "redouble again (Re)",
    "action_discard": "lay away {cards}",
    "action_play": "play {card}",
    "action_marriage": "announce {points} and lead {card}",
    # -- score sheets (Bauernschnapsen)
    "sheet_empty": "the score sheet is empty",
    "sheet_bad_line": "a line is a game (team, game, doubles) or the running figures, not {text}",
    "sheet_bad_team": "the team must be 0 or 1, not {team}",
    "sheet_unknown_game": "unknown game {game}",
    "sheet_game_not_allowed": "{game} is not in this table's catalogue",
    "sheet_bad_normal_points": "a normal game gives 1, 2 or 3 points, not {points}",
    "sheet_points_only_normal": "only the normal game is written with its points (1, 2 or 3)",
    "sheet_bad_doubles": "a game is doubled 0 to 3 times (flecken, Retour, Re), not {doubles}",
    "sheet_bummerl_unfinished": "the Bummerl ends at {figures} before a team reached {goal}",
    "sheet_figures_both": "only the winning team writes: both figures changed ({before} to {after})",
    "sheet_figures_none": "no figure changed ({figures})",
    "sheet_figures_wrong_way": "figures go {direction} ({before} to {after})",
    "sheet_figures_impossible": "no game is worth {points} points under these rules",
    "sheet_figures_mismatch": "the game gives {expected}, the sheet says {figures}",
    "sheet_bad_figures": "figures are two whole numbers from 0 to {goal}, not {text}",
    # -- parsing (ReasonError): rule options, presets, catalogues, cards, suits, actions
    "rule_option_choice": "rule option {option} must be one of {choices}, not {value}",
    "rule_option_bool": "rule option {option} must be true or false",
    "rule_option_match_bummerl": "rule option bummerl_to_win_match must be 2 or 3",
    "rule_not_in_variant": "{contract} is not a game of {variant}",
    "rule_unknown_profile": "unknown rule profile {name}: use one of {presets}",
    "rules_not_options": "rules must be a preset name or an object of rule options",
    "rule_unknown_options": "unknown rule option(s): {options}",
    "catalogue_unknown_game": "unknown special game {name} in the catalogue: use {games} or a preset ({presets})",
    "card_unknown": "unknown card {text}: a card is a rank A T K Q J and a suit H D S C, e.g. QH",
    "suit_unknown": "unknown suit {text}: use one of H D S C",
    "action_not_text": "an action is a string such as {example}, not {value}",
    "action_no_argument": "action {text}: {word} takes no argument",
    "action_needs_card": "action {text}: {word} needs a card, e.g. {word}:KH",
    "action_marriage_card": "action {text}: a marriage is announced with a king or queen",
    "action_revoke_player": "action {text}: revoke needs the player who revoked, 0 or 1",
    "action_revoke_seat": "action {text}: revoke needs the seat that revoked, e.g. revoke:2",
    "action_turn_up_number": "action {text}: turn_up needs the number of the card, e.g. turn_up:1",
    "action_unknown_game": "action {text}: unknown game {name}; games: {games}",
    "action_bid_normal": "action {text}: unknown game 'normal' (the normal game is played when all pass); games: {games}",
    "action_bid_suffix": "action {text}: after the game only :no_talon may follow",
    "action_discard_two": "action {text}: discard needs two different cards, e.g. discard:JS,QH",
    "action_unknown": "unknown action {text}: use {kinds}",
    # -- the two-player engine's reasons (``GameState.why_illegal``; the texts as before)
    "two_player_must_follow": "must follow suit ({suit}) after the talon is exhausted or closed",
    "two_player_must_win": "must win the trick with a higher {suit} card",
    "two_player_must_trump": "must trump when unable to follow suit after the talon is exhausted or closed",
    "two_player_not_in_hand": "player {seat} does not hold {card}",
    "two_player_only_on_lead": "only the player on lead may {kind}; player {seat} must follow {card}",
    "two_player_auto_declare": "this rule profile declares 66 automatically (auto_declare)",
    "two_player_declare_needs_trick": "declaring 66 needs a trick won first (points count only with a trick)",
    "two_player_marriage_needs_pair": "a marriage needs king and queen of {suit} in hand",
    "two_player_marriage_after_trick": "a marriage may only be announced after winning a trick (scharf)",
    "two_player_king_first": "after a marriage the king must be led (scharf)",
    "two_player_no_exchange_closed": "no exchange after the talon is closed",
    "two_player_no_exchange_exhausted": "no exchange after the talon is exhausted",
    "two_player_exchange_needs_jack": "exchanging needs the trump jack {card} in hand",
    "two_player_no_exchange_first_lead": "no exchange before the forehand's first lead (scharf)",
    "two_player_no_exchange_one_card": "no exchange with only one face-down talon card left (scharf)",
    "two_player_already_closed": "the talon is already closed",
    "two_player_close_needs_two": "closing needs at least two face-down cards on the trump card",
    "two_player_game_over": "the game is already over",
    "two_player_not_legal": "{action} is not legal here",
    "two_player_other": "{text}",
    # -- two-player score sheets (``match.validate_score_sheet``): the figures as written,
    #    the points each player still needs, counting down from 7
    "sheet_not_a_list": "the sheet must be a list of Bummerl",
    "sheet_no_bummerl": "the sheet has no Bummerl",
    "sheet_match_already_won": "the match was already won by player {winner} ({won}:{lost} Bummerl)",
    "sheet_bummerl_needs_game": "a Bummerl needs at least one game",
    "sheet_bummerl_already_won": "the Bummerl was already won by player {winner} ({left}:{right})",
    "sheet_game_not_a_pair": "a game is a pair (winner, game points)",
    "sheet_bad_winner": "the winner must be player 0 or 1, not {value}",
    "sheet_bad_game_points": "a game gives 1, 2 or 3 game points (a whole number), not {points}",
    "sheet_bummerl_open": "the Bummerl ends at {left}:{right} before a player was down to 0",
    "sheet_match_undecided": "the match is not decided: Bummerl {left}:{right}, it goes to {goal}",
}

#: Parameters that are a seat (0-based): the Django edge names the player (or team).
SEAT_PARAMS = frozenset({"seat", "to_move", "caller", "partner", "winner"})


class Reason(str):
    """An English message that is also a code with parameters (``str(reason)`` is the
    text; ``reason.code``, ``reason.params``; ``reason.to_dict()`` for JSON)."""

    code: str
    params: dict

    def __new__(cls, code: str, **params):
        template = CATALOGUE[code]  # a KeyError here is a bug: every code is catalogued
        obj = super().__new__(cls, template.format(**params))
        obj.code = code
        obj.params = params
        return obj

    def to_dict(self) -> dict:
        return {"code": self.code, "params": dict(self.params), "text": str(self)}

    def __reduce__(self):
        return (_rebuild, (self.code, self.params))


def _rebuild(code, params):
    return Reason(code, **params)


class IllegalAction(ValueError):
    """An action that the rules do not allow in this state; ``str()`` names the rule.
    (Defined here, below every other engine module; ``engine.actions.IllegalAction`` is
    the same class.)"""


class ReasonError(ValueError):
    """A ``ValueError`` whose text is a :class:`Reason`: what parsing a rule option, a
    preset, a catalogue, a card, a suit or an action did not understand. ``str()`` is the
    English text as before; ``.reason``, ``.code`` and ``.params`` as in RuleViolation."""

    def __init__(self, code: str, **params):
        self.reason = Reason(code, **params)
        self.code = code
        self.params = params
        super().__init__(str(self.reason))

    def __reduce__(self):
        return (_rebuild_error, (self.code, self.params))


def _rebuild_error(code, params):
    return ReasonError(code, **params)


def reason_of(exc) -> Reason:
    """The :class:`Reason` of a parse error: its code if it has one, else ``bad_action``
    with the text."""
    reason = getattr(exc, "reason", None)
    return reason if isinstance(reason, Reason) else Reason("bad_action", error=str(exc))


class RuleViolation(IllegalAction):
    """An illegal action with its reason as a code (``.code``, ``.params``, ``.reason``,
    ``.action``). ``str()`` is ``"ACTION: reason"`` like the two-player engine's."""

    def __init__(self, action, reason: Reason):
        self.action = str(action)
        self.reason = reason
        self.code = reason.code
        self.params = reason.params
        super().__init__(f"{action}: {reason}")

    def to_dict(self) -> dict:
        return {"action": self.action, **self.reason.to_dict()}


_TWO_PLAYER = (
    (r"^must follow suit", "two_player_must_follow"),
    (r"^must win the trick", "two_player_must_win"),
    (r"^must trump", "two_player_must_trump"),
    (r"does not hold", "two_player_not_in_hand"),
    (r"^only the player on lead", "two_player_only_on_lead"),
    (r"declares 66 automatically", "two_player_auto_declare"),
    (r"^declaring 66 needs a trick", "two_player_declare_needs_trick"),
    (r"^a marriage needs", "two_player_marriage_needs_pair"),
    (r"only be announced after winning a trick", "two_player_marriage_after_trick"),
    (r"king must be led", "two_player_king_first"),
    (r"^no exchange after the talon is closed", "two_player_no_exchange_closed"),
    (r"^no exchange after the talon is exhausted", "two_player_no_exchange_exhausted"),
    (r"^exchanging needs the trump jack", "two_player_exchange_needs_jack"),
    (r"^no exchange before the forehand", "two_player_no_exchange_first_lead"),
    (r"^no exchange with only one", "two_player_no_exchange_one_card"),
    (r"^the talon is already closed", "two_player_already_closed"),
    (r"^closing needs at least two", "two_player_close_needs_two"),
    (r"already over", "two_player_game_over"),
)


def classify(text) -> Reason:
    """A :class:`Reason` for any engine message: a Reason is returned as it is; a
    two-player sentence (``GameState.why_illegal``) gets its ``two_player_*`` code."""
    if isinstance(text, Reason):
        return text
    text = str(text)
    for pattern, code in _TWO_PLAYER:
        if re.search(pattern, text) and "{" not in CATALOGUE[code]:
            return Reason(code)
    return Reason("two_player_other", text=text)
