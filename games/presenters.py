"""What the browser is sent: a player's view, the spectator's view, reasons in the UI language.

Everything a player's browser receives is built from the engine's ``view(seat)`` (which
holds only what that player may know); the spectator gets the public part of it, without
any hand.
"""

from __future__ import annotations

from django.utils import formats
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from engine import Action, Card

from .live import Live
from .messages import engine_message
from .models import Match, Mode, Status
from .public_names import shown_names

SUITS = "HDSC"


def _blocked(live: Live, seat: int) -> dict[str, str]:
    """Why the player's other actions are not allowed now (for greyed-out buttons)."""
    state = live.state
    out: dict[str, str] = {}
    names = shown_names(live.match, seat)
    if state is None or live.match.status != Status.PLAYING:
        return out
    if state.to_move != seat:
        reason = _("It is your opponent's turn.")
        for c in state.hand_of(seat):
            out[f"play:{c.name}"] = reason
        return out
    for c in state.hand_of(seat):
        why = state.why_illegal(f"play:{c.name}")
        if why:
            out[f"play:{c.name}"] = engine_message(why, names=names, deck=live.match.deck_style)
    for simple in ("exchange", "close", "declare"):
        why = state.why_illegal(simple)
        if why:
            out[simple] = engine_message(why, names=names, deck=live.match.deck_style)
    return out


def score_note(names, score) -> str:
    """How a two-player match's score came about, Bummerl by Bummerl, for its end:
    "How it came to 3:0: Bummerl 1 to Resi; Bummerl 2 to Resi, a Schneider (Anna
    without a point): counts double." Empty while no Bummerl is won."""
    items = []
    for n, b in enumerate(score.bummerls if score else (), start=1):
        if b.winner is None:
            continue
        values = {"n": n, "name": names[b.winner], "loser": names[1 - b.winner]}
        if b.value == 2:
            items.append(
                _("Bummerl %(n)s to %(name)s, a Schneider (%(loser)s without a point): "
                  "counts double") % values
            )
        else:
            items.append(_("Bummerl %(n)s to %(name)s") % values)
    if not items:
        return ""
    won = score.bummerl_won
    return _("How it came to %(score)s: %(bummerl)s.") % {
        "score": f"{won[0]}:{won[1]}",
        "bummerl": "; ".join(items),
    }


def match_summary(live: Live, seat: int | None = None) -> dict:
    """The match's line on the page of ``seat`` (None: a spectator): the names as that page
    shows them (``public_names``: a player left out of public pages at his request is
    named on his own link only)."""
    m: Match = live.match
    names = list(shown_names(m, seat))
    score = live.score
    current = score.bummerls[-1] if score and score.bummerls else None
    points = list(current.points) if current and not current.is_over else [0, 0]
    finished = m.status != Status.PLAYING
    return {
        "id": m.pk,
        "status": m.status,
        "mode": m.mode,
        "names": names,
        "bot_seat": m.bot_seat,
        "next_seq": m.next_seq,
        "bummerl_to_win": m.bummerl_to_win,
        "bummerl_won": list(score.bummerl_won) if score else m.bummerl,
        "bummerl_points": points,
        "games_played": score.games_played if score else 0,
        "winner": m.winner,
        "note": m.result_note,
        "rules": m.rule_profile,
        "deck_style": m.deck_style,
        "finished": finished,
        # at the end: how the score came about (a Schneider counted double)
        "score_note": score_note(names, score) if finished else "",
    }


def _previous(live: Live) -> dict | None:
    prev = live.previous
    if prev is None or not prev.result:
        return None
    return {"game": prev.index + 1, **prev.result}


def _table_rules(view: dict, *, review_tricks: bool, seat: int | None) -> dict:
    """What may be looked at on the table, in place on an engine view dict.

    Tricks once laid down lie face down: only their number is on the table
    (``trick_counts``). With ``review_tricks`` (weich, turnier; 000: "Die abgelegten eigenen
    Stiche darf man beim weichen Schnapsen jederzeit durchsehen") a player may look through
    his own tricks, and both card-point totals are shown as a convenience of online play.
    Without it (scharf; 000: "Abgelegte Stiche dürfen nicht mehr angesehen werden, daher muss
    man die eigenen Augen mitzählen") no trick is shown and neither total: the current trick,
    and the last trick until the next lead, stay visible; marriages were shown openly and stay
    known. A spectator (``seat`` None) never sees into a pile. Once the game is over its
    result (with the card points) is public.
    """
    over = view.get("result") is not None
    tricks = view["tricks_won"]
    view["trick_counts"] = [len(cards) // 2 for cards in tricks]
    view["review_tricks"] = review_tricks
    if over:
        return view
    view["tricks_won"] = [
        cards if review_tricks and p == seat else None for p, cards in enumerate(tricks)
    ]
    if not review_tricks:
        view["scores"] = None
        if view.get("lead") is not None:
            view["last_trick"] = None
    return view


def player_payload(live: Live, seat: int) -> dict:
    """The JSON for seat's browser: the engine's view of that seat, as far as the rule
    profile lets him look at the table (``_table_rules``)."""
    data = {"seat": seat, "match": match_summary(live, seat), "previous": _previous(live)}
    if live.state is not None:
        view = live.state.view(seat).to_dict()
        view["legal_actions"] = [a for a in view["legal_actions"] if not a.startswith("revoke")]
        view["game"] = live.game.index + 1
        view["blocked"] = _blocked(live, seat)
        data["view"] = _table_rules(view, review_tricks=live.state.rules.review_tricks, seat=seat)
    else:
        data["view"] = None
    return data


def spectator_payload(live: Live) -> dict:
    """The public picture: trick, scores, played cards, trump card, talon size; no hand."""
    data = {"seat": None, "match": match_summary(live), "previous": _previous(live)}
    if live.state is None:
        data["view"] = None
        return data
    v = live.state.view(0).to_dict()
    public = {
        k: v[k]
        for k in (
            "dealer",
            "trump",
            "trump_card",
            "talon_size",
            "talon_closed_by",
            "lead",
            "tricks_won",
            "scores",
            "pending_marriage_points",
            "marriages",
            "last_trick",
            "to_move",
            "result",
        )
    }
    public["hand_sizes"] = [len(live.state.hand_of(0)), len(live.state.hand_of(1))]
    public["game"] = live.game.index + 1
    data["view"] = _table_rules(public, review_tricks=live.state.rules.review_tricks, seat=None)
    return data


def card_labels() -> dict:
    """Rank and suit names for drawing cards, in the UI language, for both decks."""
    return {
        "french": {
            "ranks": {"A": _("A"), "T": "10", "K": _("K"), "Q": _("Q"), "J": _("J")},
            "suits": {"H": _("Hearts"), "D": _("Diamonds"), "S": _("Spades"), "C": _("Clubs")},
        },
        "german": {
            "ranks": {"A": _("D"), "T": "10", "K": _("K"), "Q": _("O"), "J": _("U")},
            "suits": {"H": _("Herz"), "D": _("Schelle"), "S": _("Laub"), "C": _("Eichel")},
        },
    }


def ui_strings() -> dict:
    return {
        "your_turn": _("Your turn"),
        "their_turn": _("Opponent's turn"),
        "trump": _("Trump"),
        "talon": _("Talon"),
        "closed": _("closed"),
        "exchange": _("Exchange trump jack"),
        # doppeldeutsch cards have an Unter where French cards have a jack (Bube)
        "exchange_german": _("Exchange trump Unter"),
        "close": _("Close the talon"),
        "declare": _("Declare 66"),
        "marriage": _("Marriage"),
        "declare_marriage": _("Marriage and declare 66"),
        "last_trick": _("Last trick"),
        "game": _("Game"),
        "points": _("Points"),
        "bummerl": _("Bummerl"),
        "won_game": _("%(name)s wins game %(game)s with %(points)s game points."),
        "won_game_one": _("%(name)s wins game %(game)s with %(points)s game point."),
        "match_won": _("%(name)s wins the match."),
        "connection": _("Connection lost – retrying …"),
        "cards_played": _("Cards played"),
        "opp_known": _("Known in the opponent's hand"),
        "marriages": _("Marriages"),
        "tricks": _("tricks"),
        # both plural forms: the page picks by the count (1 Stich, 2 Stiche)
        "trick_count": [
            ngettext("%(n)s trick", "%(n)s tricks", 1),
            ngettext("%(n)s trick", "%(n)s tricks", 2),
        ],
        "declare_confirm": _(
            "Declare 66? A wrong declaration loses the game. Tap again to declare."
        ),
        "declare_cancel": _("Not now"),
        "count_yourself": _(
            "Scharf: tricks laid down may not be looked at; count your card points yourself."
        ),
        "own_tricks_only": _(
            "You may look through your own tricks; both card-point totals are shown for"
            " convenience."
        ),
        "analyse": _("Show the computer's verdict on each move"),
        "analysing": _("The computer is analysing this game …"),
        "mistakes": _("Mistakes in this game:"),
        "no_mistakes": _("No mistakes found in this game."),
        "move": _("Move"),
        "analysis_failed": _("The analysis failed:"),
        "reasons": {
            "declared": _("declared 66"),
            "closed": _("closed and made it"),
            "close_failed": _("the closer failed"),
            "wrong_declaration": _("wrong declaration"),
            "last_trick": _("last trick"),
            "revoke": _("revoke"),
        },
    }


def card_name(code: str, deck: str = "french") -> str:
    return Card.parse(code).german_name(deck)


def is_played(match: Match) -> bool:
    return match.mode == Mode.PLAYED


# --------------------------------------------------------------------------- analysis


def _card_text(card: Card, deck: str) -> str:
    if (get_language() or "").startswith("de"):
        return card.german_name(deck)
    return card.english_name


def describe_action(text: str, deck: str = "french", names=None) -> str:
    """An action in words, in the UI language: ``close`` -> "Zudrehen", ``play:QH`` ->
    "Herz Dame"."""
    try:
        action = Action.parse(text)
    except ValueError:
        return text
    if action.kind == "play":
        return _card_text(action.card, deck)
    if action.kind == "marriage":
        return _("marriage, %(card)s led") % {"card": _card_text(action.card, deck)}
    if action.kind == "exchange":
        if deck == "german":
            return _("exchanging the trump Unter")
        return _("exchanging the trump jack")
    if action.kind == "close":
        return _("closing the talon")
    if action.kind == "declare":
        if action.card is not None:
            return _("marriage and declaring 66")
        return _("declaring 66")
    if action.kind == "revoke":
        name = names[action.player] if names else _("player %(n)d") % {"n": action.player + 1}
        return _("revoke (Renonce) by %(name)s") % {"name": name}
    return text


def points_text(value: float, exact: bool) -> str:
    """Game points as a player wins or loses them: "3 game points", "about 1.4 game points"."""
    amount = abs(value)
    if exact:
        n = round(amount)
        return ngettext("%(n)d game point", "%(n)d game points", n) % {"n": n}
    return _("about %(n)s game points") % {
        "n": formats.number_format(round(amount, 1), decimal_pos=1, use_l10n=True)
    }


def _outcome(value: float, exact: bool) -> str:
    if value >= 0:
        return _("wins %(points)s") % {"points": points_text(value, exact)}
    return _("loses %(points)s") % {"points": points_text(value, exact)}


def analysis_notes(match: Match, analysis: dict | None) -> list[dict] | None:
    """The stored analysis of a game as notes for the replay: one per decision, keyed by
    the action's index; a mistake names the better move and what it would have won."""
    if analysis is None:
        return None
    deck = match.deck_style
    names = shown_names(match)  # the replay is public
    notes = []
    for move in analysis.get("moves", []):
        exact = move["exact"]
        text = _("%(name)s: %(made)s, %(outcome)s.") % {
            "name": names[move["player"]],
            "made": describe_action(move["action"], deck),
            "outcome": _outcome(move["value"], exact),
        }
        if move["mistake"]:
            best = describe_action(move["best_action"], deck)
            values = {
                "best": best[:1].upper() + best[1:],
                "points": points_text(move["best_value"], exact),
            }
            if move["best_value"] >= 0:
                text += " " + _("Mistake: %(best)s would have won %(points)s here.") % values
            else:
                text += " " + _("Mistake: %(best)s would have lost only %(points)s here.") % values
        else:
            text += " " + _("The best move here.")
        notes.append(
            {
                "index": move["index"],
                "player": move["player"],
                "mistake": move["mistake"],
                "exact": exact,
                "loss": move["loss"],
                "text": text,
            }
        )
    return notes
