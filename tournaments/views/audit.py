"""The audit log's stored before/after (JSON with English keys) as readable lines:
"field: old → new", with translated field names and values.

Only what a person understands is shown: no internal counters or ids (``HIDDEN``),
no field that stayed as it was (except those that say which entry it is), and the
sides of a pairing as its players' names where the page knows them."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from clubs.permissions import role_text
from tournaments.models import (
    ByeScore,
    Game,
    LastTiebreak,
    Outcome,
    Pairing,
    Player,
    Rematches,
    ResultReport,
    Round,
    RuleProfile,
    Side,
    Stage,
    Tournament,
    TournamentFormat,
)

#: Keys of the stored states (services._entry_state, _result_state, the draw, the revoke)
#: that are not simply a model field.
LABELS = {
    "number": gettext_lazy("entry"),
    "player": gettext_lazy("player"),
    "paid": gettext_lazy("paid"),
    "cancelled": gettext_lazy("cancelled"),
    "outcome": gettext_lazy("outcome"),
    "winner": gettext_lazy("winner"),
    "score": gettext_lazy("Bummerl"),
    "version": gettext_lazy("version"),
    "confirmed": gettext_lazy("confirmed"),
    "round": gettext_lazy("round"),
    "stage": gettext_lazy("stage"),
    "seed": gettext_lazy("seed"),
    "pairings": gettext_lazy("pairings"),
    "status": gettext_lazy("status"),
    "started": gettext_lazy("started"),
    "table": gettext_lazy("table"),
    "method": gettext_lazy("method"),
    "protocol": gettext_lazy("draw protocol"),
    "match": gettext_lazy("match"),
    "game": gettext_lazy("game"),
    "card_points": gettext_lazy("card points"),
    "seq": gettext_lazy("action no."),
    "offender": gettext_lazy("revoke by"),
    "seat": gettext_lazy("seat"),  # a table's seat (1 to 4) and who plays it
    "computer": gettext_lazy("computer's strength"),
    "game_points": gettext_lazy("game points"),
    "ceremony": gettext_lazy("prize ceremony"),
    "rounds": gettext_lazy("rounds"),
    "tournament": gettext_lazy("tournament"),
    "field_size": gettext_lazy("field size"),
    # clubs, categories, the register, series (issue 15)
    "categories": gettext_lazy("categories"),
    "entries": gettext_lazy("entries"),
    "user": gettext_lazy("user"),
    "role": gettext_lazy("role"),
    "days": gettext_lazy("valid for (days)"),
    "invitation": gettext_lazy("invitation"),
    "logo": gettext_lazy("logo"),
    "kept": gettext_lazy("kept"),
    "merged": gettext_lazy("merged"),
    "prizes": gettext_lazy("prizes"),
    "scheme": gettext_lazy("scoring"),
    "points": gettext_lazy("points table"),
    "rest_points": gettext_lazy("points below the table"),
    "best_of": gettext_lazy("results that count"),
    "season": gettext_lazy("season"),
    # the Danish system (issue 16)
    "absent": gettext_lazy("absent"),
    "system": gettext_lazy("tournament format"),
    "bye": gettext_lazy("bye"),
    "rematches": gettext_lazy("repeated pairings"),
    # players' reports (issue 11)
    "reported_by": gettext_lazy("reported by"),
    "report": gettext_lazy("report"),
    # team tournaments (issue 14)
    "team": gettext_lazy("team"),
    "teams": gettext_lazy("teams"),
    "draw_partners": gettext_lazy("partners drawn by lot"),
    "registrations": gettext_lazy("registrations"),
    "entry": gettext_lazy("entry"),
    "folded": gettext_lazy("registration joined"),
    "first": gettext_lazy("player 1"),
    "second": gettext_lazy("player 2"),
    "id": gettext_lazy("register no."),
}

#: Stored for the machine (the result's version counter, a browser match's id, an action's
#: sequence number): never shown.
HIDDEN = frozenset({"version", "match", "seq"})
#: Shown even when unchanged: they say which entry or round a row is about.
IDENTIFYING = frozenset({"number", "player", "round"})

CHOICES = {
    "outcome": Outcome,
    "winner": Side,
    "offender": Side,
    "reported_by": Side,
    "report": ResultReport.Status,
    "stage": Stage,
    "status": Round.Status,
    "method": Round.Method,
    "rule_profile": RuleProfile,
    "format": TournamentFormat,
    "system": TournamentFormat,
    "danish_rematches": Rematches,
    "danish_bye_score": ByeScore,
    "danish_last_tiebreak": LastTiebreak,
    "game": Game,  # a game number (a revoke's) is an int and shown as it is
}


def label(key: str) -> str:
    if key in LABELS:
        return str(LABELS[key])
    for model in (Tournament, Pairing, Round):
        try:
            return str(model._meta.get_field(key).verbose_name)
        except Exception:  # noqa: BLE001 - FieldDoesNotExist: try the next model
            continue
    return key.replace("_", " ")


def value_text(key: str, value, players: dict[int, str], sides: dict | None = None) -> str:
    if sides and key in ("winner", "offender", "reported_by") and value in sides:
        return sides[value]
    if value is None or value == "":
        if key == "outcome":
            return str(Outcome.OPEN.label)
        return "–"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value in ("True", "False") and key not in ("name", "venue", "club"):  # stored str(bool)
        return _("yes") if value == "True" else _("no")
    if key in CHOICES and isinstance(value, str):
        try:
            return str(CHOICES[key](value).label)
        except ValueError:
            return value
    if key == "role" and isinstance(value, str):
        return role_text(value)
    if key == "player" and isinstance(value, int):
        return players.get(value, "–")  # a player deleted since: no bare id
    if key == "protocol":
        steps = len(value) if isinstance(value, list) else 1
        return ngettext("%(n)d step", "%(n)d steps", steps) % {"n": steps}
    if key in ("score", "card_points") and isinstance(value, list) and len(value) == 2:
        return f"{value[0]}:{value[1]}"
    if isinstance(value, list):
        return ", ".join(value_text(key, v, players) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{label(k)}: {value_text(k, v, players)}" for k, v in value.items())
    return str(value)


def _player_ids(*values) -> set[int]:
    ids: set[int] = set()
    for value in values:
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, dict) and isinstance(item.get("player"), int):
                ids.add(item["player"])
    return ids


def change_lines(
    action: str,
    before,
    after,
    players: dict[int, str] | None = None,
    *,
    sides: dict | None = None,
) -> list[str]:
    """``before``/``after`` of one audit row as lines "field: old → new" (a field only
    before: "field: old → –"; only after: "field: new"; unchanged: left out, except the
    fields that say which entry it is). ``sides`` names "left"/"right" (the players)."""
    if players is None:
        ids = _player_ids(before, after)
        players = dict(Player.objects.filter(pk__in=ids).values_list("pk", "name")) if ids else {}
    if action == "set_prizes":
        return _prize_lines(before, after)
    if isinstance(after, list) and all(isinstance(x, dict) for x in after) and after:
        return [
            line
            for item in after
            for line in change_lines(action, None, item, players, sides=sides)
        ]
    if isinstance(before, dict) or isinstance(after, dict):
        old = before if isinstance(before, dict) else {}
        new = after if isinstance(after, dict) else {}
        lines = []
        for key in [*new, *(k for k in old if k not in new)]:
            if key in HIDDEN:
                continue
            name = label(key)
            if key in old and key in new:
                a = value_text(key, old[key], players, sides)
                b = value_text(key, new[key], players, sides)
                if a != b:
                    lines.append(f"{name}: {a} → {b}")
                elif key in IDENTIFYING:
                    lines.append(f"{name}: {a}")
            elif key in new:
                if new[key] is False and not old:
                    continue  # "cancelled: no" of a new entry says nothing
                lines.append(f"{name}: {value_text(key, new[key], players, sides)}")
            else:
                lines.append(f"{name}: {value_text(key, old[key], players, sides)} → –")
        return lines
    lines = []
    if before not in (None, [], ""):
        lines.append(_("before: %(value)s") % {"value": value_text("", before, players)})
    if after not in (None, [], ""):
        lines.append(_("after: %(value)s") % {"value": value_text("", after, players)})
    return lines


def _prize_lines(before, after) -> list[str]:
    def as_dict(rows):
        out = {}
        for row in rows or []:
            if isinstance(row, list) and len(row) == 3:
                text = ", ".join(str(x) for x in row[1:] if x not in ("", None, "0", "0.00"))
                out[row[0]] = text or "–"
        return out

    old, new = as_dict(before), as_dict(after)
    lines = []
    for place in sorted(set(old) | set(new)):
        name = _("prize %(place)s") % {"place": place}
        a, b = old.get(place, "–"), new.get(place, "–")
        if place in old and a != b:
            lines.append(f"{name}: {a} → {b}")
        elif place not in old:
            lines.append(f"{name}: {b}")
    return lines
