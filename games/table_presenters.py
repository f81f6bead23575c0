"""What a seat's browser is sent at a table of three or four.

Built from the engine's ``MultiTable.view(seat)`` (which holds only what the seat may
know: his hand, the announcements, the known cards of other hands) and FILTERED further
to what the table shows (004): the engine's view carries every card played so far (the
players saw them), a page shows only the trick on the table, the last finished trick
(until the next card is led: everyone saw it turned), each side's first trick (it stays
face up) and the trick counts. Card points are not shown while a game runs: at the
table the players count them in their heads; the result names them. The keys are a
whitelist: nothing of the engine's dict passes unless named here.
"""

from __future__ import annotations

from django.utils.translation import npgettext, pgettext

from engine.cards import ALL_CARDS

from .live import TableLive
from .models import GameKind, Seat, Status
from .multi_text import contract_text, reason_text, suit_text
from .public_names import shown_seat_names

#: The engine view's keys a page receives unchanged.
PUBLIC_KEYS = (
    "game",
    "phase",
    "dealer",
    "caller",
    "cutter",
    "deal_mode",
    "to_move",
    "my_turn",
    "trump",
    "trump_in_play",
    "called",
    "turned_up",
    "declarer",
    "no_talon",
    "sides",
    "active",
    "doubles",
    "trick",
    "leader",
    "first_tricks",
    "trick_counts",
    "side_tricks",
    "marriages",
    "seat",
    "hand",
    "face_down",
    "hand_sizes",
    "known_cards",
    "talon_size",
    "talon_taken",
    "discard",
    "discard_size",
    "legal_actions",
)


def _trick(t) -> dict | None:
    if t is None:
        return None

    return {
        "leader": t.leader,
        "cards": [{"seat": s, "card": ALL_CARDS[c].name} for s, c in t.cards],
        "winner": t.winner,
    }


def last_trick(live: TableLive):
    """The finished trick still in everyone's eyes: the last one of this game while no
    card of the next is on the table; at the start of a new game, before any action,
    the last trick of the game before."""
    table = live.table
    s = table.state
    if s.trick:
        return None
    if s.history:
        return s.history[-1]
    if table.last_state is not None and not table.record.games[-1].actions:
        h = table.last_state.history
        return h[-1] if h else None
    return None


def _names(live: TableLive) -> list[str]:
    """The seats' names on every page of the table, the spectators' and the players' alike
    (the score sheet is one for all): a player left out of public pages at his request is
    named by the placeholder (``public_names``); the staff's pairing page names him."""
    return shown_seat_names(live.match, live.names)


def scorer_names(live: TableLive) -> list[str]:
    names = _names(live)
    if live.match.game_kind == GameKind.BAUERNSCHNAPSEN:
        return [
            pgettext("table", "Team A (%(a)s, %(b)s)") % {"a": names[0], "b": names[2]},
            pgettext("table", "Team B (%(a)s, %(b)s)") % {"a": names[1], "b": names[3]},
        ]
    return list(names)


def result_text(result: dict, live: TableLive) -> str:
    """A finished game in words: how it ended and who writes what."""
    deck = live.match.deck_style
    why = reason_text(result["reason"], _names(live), deck)
    if result.get("contract") is None:
        return why
    who = scorer_names(live)
    parts = [
        pgettext("table", "%(who)s writes %(n)d") % {"who": who[i], "n": w}
        for i, w in enumerate(result["written"])
        if w
    ]
    game = contract_text(result["contract"])
    if result.get("doubles"):
        game += f" ×{1 << result['doubles']}"
    return f"{game}: {why} " + "; ".join(parts) + "."


def sheet_lines(live: TableLive) -> list[dict]:
    """The score sheet as the players write it: per game the game, the scorer and the
    running figures, Bummerl by Bummerl."""
    score = live.table.score
    rows = [
        g
        for g in live.match.games.order_by("index").only("index", "result", "bummerl_index")
        if g.result and g.result.get("contract")
    ]
    running = []
    for bi, b in enumerate(score.sheets):
        for gi, figs in enumerate(b.to_dict()["running_figures"]):
            running.append((bi, gi, figs))
    out = []
    names = scorer_names(live)
    for row, (bi, gi, figs) in zip(rows, running, strict=False):
        r = row.result
        writers = [names[i] for i, w in enumerate(r["written"]) if w]
        out.append(
            {
                "bummerl": bi + 1,
                "game": gi + 1,
                "contract": contract_text(r["contract"]),
                "doubles": r["doubles"],
                "written": r["written"],
                "writers": writers,
                "figures": figs,
            }
        )
    return out


def _labels(view: dict, live: TableLive) -> dict[str, str]:
    deck = live.match.deck_style
    return {a: reason_text(lab, _names(live), deck) for a, lab in view["action_labels"].items()}


def table_payload(live: TableLive, seat: int, *, sheet: list | None = None) -> dict:
    """The JSON of one seat's page (see the module docstring for what is left out);
    ``sheet``: the score sheet's lines if already read (they are the same for all)."""
    m = live.match
    table = live.table
    raw = table.view(seat)
    view = {k: raw[k] for k in PUBLIC_KEYS}
    view["last_trick"] = _trick(last_trick(live))
    view["phase_text"] = _phase_line(raw, live)
    view["action_texts"] = _labels(raw, live)
    c = raw["contract"]
    view["contract"] = None if c is None else {"name": c["name"], "label": contract_text(c["name"])}
    view["bids"] = [
        {
            "seat": b["seat"],
            "text": contract_text(b["contract"]) if b["contract"] else pgettext("table", "weiter"),
            "no_talon": b["no_talon"],
        }
        for b in raw["bids"]
    ]
    view["result"] = None if raw["result"] is None else result_text(raw["result"], live)
    if raw["result"] is not None:
        view["side_points"] = raw["side_points"]
    score = raw["score"]
    last = score["last_result"]
    finished = m.status != Status.PLAYING
    return {
        "match": {
            "pk": m.pk,
            "kind": m.game_kind,
            "next_seq": m.next_seq,
            "status": m.status,
            "finished": finished,
            "names": _names(live),
            "computers": [s.is_computer for s in live.seats],
            "scorers": scorer_names(live),
            "bummerls_to_play": m.bummerl_to_win,
            "winner": m.winner,
            "next_table": _next_table(live, seat),
        },
        "seat": seat,
        "view": view,
        "score": {
            "figures": _figures(live, score),
            "short": ["A", "B"] if m.game_kind == GameKind.BAUERNSCHNAPSEN else _names(live),
            "bummerl_count": score["bummerl_count"],
            "games_played": score["games_played"],
            "count": score["count"],
            "over": score["match_over"],
            "last_result": None if last is None else result_text(last, live),
            "sheet": sheet_lines(live) if sheet is None else sheet,
            "end": _end_text(live) if finished else "",
        },
    }


def spectator_payload(live: TableLive, *, sheet: list | None = None) -> dict:
    """The JSON of the spectator page: what everyone at the table sees (the trick, the
    last and the first tricks, announcements, the score sheet, how many cards each
    holds), no card of any hand. Built as seat 0's page with all that only seat 0
    knows taken out (his hand, his face-down cards, the cards he knows of other hands,
    what he took from the talon or laid away, his actions)."""
    data = table_payload(live, 0, sheet=sheet)
    view = data["view"]
    view.update(
        seat=None,
        my_turn=False,
        hand=[],
        face_down=0,
        known_cards=[[] for _ in live.seats],
        talon_taken=[],
        discard=[],
        legal_actions=[],
        action_texts={},
    )
    data["seat"] = None
    data["match"]["next_table"] = None
    return data


def _figures(live: TableLive, score: dict) -> list[int]:
    """The figures on the scoreboard: the Bummerl being played; once the table is over,
    the last Bummerl's final figures (not the empty sheet of a next one)."""
    sheets = live.table.score.sheets
    if live.table.is_over and sheets:
        return list(sheets[-1].figures)
    return score["figures"]


def _next_table(live: TableLive, seat: int) -> str | None:
    """The link of this seat at the table its players started next (his own only)."""
    follow = live.match.follow_up_id
    if follow is None:
        return None
    from django.urls import reverse

    token = Seat.objects.filter(match_id=follow, index=seat).values_list("token", flat=True)
    token = token.first()
    return None if token is None else reverse("games:table", args=[follow, token])


def _phase_line(raw: dict, live: TableLive) -> str:
    names = _names(live)
    deck = live.match.deck_style
    p = raw["phase"]
    parts = []
    if raw["trump_in_play"]:
        parts.append(
            pgettext("table", "Trump: %(s)s") % {"s": suit_text(raw["trump_in_play"], deck)}
        )
    elif raw["contract"] is not None and not raw["contract"]["trump"]:
        parts.append(pgettext("table", "no trump"))
    elif raw["trump"]:  # called (or turned up), the game not yet decided
        parts.append(pgettext("table", "Trump: %(s)s") % {"s": suit_text(raw["trump"], deck)})
    if raw["contract"] is not None:
        c = contract_text(raw["contract"]["name"])
        if raw["declarer"] is not None and raw["contract"]["name"] != "normal":
            c += " – " + names[raw["declarer"]]
        parts.append(c)
    if raw["doubles"]:
        parts.append(
            (
                pgettext("table", "flecked"),
                pgettext("table", "Retour"),
                pgettext("table", "Re"),
            )[min(raw["doubles"], 3) - 1]
        )
    if p == "over" and raw["result"] is not None:
        parts.append(pgettext("table", "game over"))
    return " · ".join(parts)


def _end_text(live: TableLive) -> str:
    if live.match.status == Status.CANCELLED:  # a tournament table, abandoned
        return pgettext("table", "This table was cancelled; the tournament staff enter the result.")
    counts = live.table.score.bummerl_count
    who = scorer_names(live)
    got = [
        pgettext("table", "%(who)s: %(n)d Bummerl") % {"who": who[i], "n": n}
        for i, n in enumerate(counts)
    ]
    return pgettext("table", "The table is over.") + " " + "; ".join(got) + "."


def ui_strings() -> dict:
    t = pgettext
    return {
        "your_turn": t("table", "Your turn"),
        "waiting": t("table", "%(name)s is to move"),
        "computer_thinking": t("table", "%(name)s (computer) is thinking"),
        "dealer": t("table", "deals"),
        "caller": t("table", "Rufer"),
        "cutter": t("table", "cuts"),
        # the player's own roles, in the second person
        "you_deal": t("table", "you deal"),
        "you_cut": t("table", "you cut"),
        "partner": t("table", "partner"),
        "sits_out": t("table", "sits out"),
        "trick": t("table", "Trick"),
        "last_trick": t("table", "Last trick, won by %(name)s"),
        "first_tricks": t("table", "First tricks"),
        "tricks": t("table", "tricks"),
        # both plural forms: the page picks by the count (1 Stich, 2 Stiche)
        "tricks_count": [
            npgettext("table", "%(n)s trick", "%(n)s tricks", 1),
            npgettext("table", "%(n)s trick", "%(n)s tricks", 2),
        ],
        "bids": t("table", "Announcements"),
        "turned_up": t("table", "Turned up"),
        "face_down": t("table", "face down"),
        "talon": t("table", "Talon"),
        "talon_taken": t("table", "From the talon"),
        "laid_away": t("table", "Laid away"),
        "lay_away_help": t("table", "Tap two cards to lay them away."),
        "lay_away": t("table", "Lay these two away"),
        "sheet": t("table", "Score sheet"),
        "bummerl": t("table", "Bummerl"),
        "game_no": t("table", "Game"),
        "last_game": t("table", "Last game"),
        "marriages": t("table", "Marriages"),
        "known": t("table", "known cards"),
        "connection": t("table", "No connection: the page tries again."),
        "result": t("table", "Result"),
        "points": t("table", "card points"),
        "you": t("table", "you"),
        "next_table": t("table", "To the next table"),
        "bummerl_got": t("table", "Bummerl got: %(n)s"),
    }
