"""The audit log page: filtered by round, pairing, player, user and kind of change, and
each row's object named as people know it ("Runde 5, Paarung 2 · Spiel um Platz 3:
#3 Resi Huber – #7 Franz Berger").

The log stores stable English targets ("round 5 place3 #2", "entry 7", a player's
name for a sale); the filters translate a person's question into those targets.
"""

from __future__ import annotations

import re

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import (
    HOLDER,
    MAIN_PAIRINGS,
    PAIRING_HOLDERS,
    AuditLog,
    Entry,
    Pairing,
    Round,
    match_name,
)

from .presenters import entry_label

PAIRING_TARGET = re.compile(r"^round (\d+) (\w+) #(\d+)$")


class AuditFilterForm(forms.Form):
    round = forms.TypedChoiceField(label=_("Round"), required=False, coerce=int, empty_value=None)
    pairing = forms.IntegerField(
        label=_("Pairing no."), required=False, min_value=1, max_value=10**6
    )
    player = forms.CharField(label=_("Player"), required=False, max_length=100)
    user = forms.TypedChoiceField(label=_("who"), required=False, coerce=int, empty_value=None)
    action = forms.ChoiceField(label=_("kind of change"), required=False)

    def __init__(self, data, *, tournament, action_labels):
        super().__init__(data)
        numbers = tournament.rounds.order_by("number").values_list("number", flat=True)
        self.fields["round"].choices = [("", _("all"))] + [(n, str(n)) for n in numbers]
        log = AuditLog.objects.filter(tournament=tournament)
        user_ids = log.exclude(user=None).values_list("user", flat=True).distinct()
        users = get_user_model().objects.filter(pk__in=user_ids).order_by("username")
        self.fields["user"].choices = [("", _("all"))] + [(u.pk, u.get_username()) for u in users]
        codes = sorted(set(log.values_list("action", flat=True)), key=lambda c: action_labels(c))
        self.fields["action"].choices = [("", _("all"))] + [(c, action_labels(c)) for c in codes]


def _pairing_targets(pairings) -> list[str]:
    return [f"round {p.round.number} {p.bracket} #{p.number}" for p in pairings]


def filter_log(log, tournament, data: dict):
    """The audit rows that answer the filter (``data`` is the form's cleaned data)."""
    number, pairing = data.get("round"), data.get("pairing")
    if pairing is not None:
        prefix = rf"round {number}" if number is not None else r"round \d+"
        log = log.filter(target__regex=rf"^{prefix} \w+ #{pairing}$")
    elif number is not None:
        log = log.filter(Q(target=f"round {number}") | Q(target__startswith=f"round {number} "))
    if data.get("user") is not None:
        log = log.filter(user_id=data["user"])
    if data.get("action"):
        log = log.filter(action=data["action"])
    name = " ".join((data.get("player") or "").split())
    if name:
        entries = list(
            Entry.objects.filter(tournament=tournament)
            .filter(Q(player__name__icontains=name) | Q(team__second__name__icontains=name))
            .select_related(*HOLDER)
        )
        players = {e.player for e in entries}
        teams = {e.team.name for e in entries if e.team_id}  # a team's sale is under its name
        pairings = Pairing.objects.filter(round__tournament=tournament).filter(
            Q(left__in=entries) | Q(right__in=entries)
        )
        targets = (
            [f"entry {e.number}" for e in entries]
            + [str(p) for p in players]  # a sale is recorded under the player
            + [p.name for p in players]
            + sorted(teams)
            + _pairing_targets(pairings.select_related("round"))
        )
        log = log.filter(target__in=targets)
    return log


def pairing_lookup(tournament, rows) -> dict[str, dict]:
    """For the pairing targets among ``rows``: the match's name and players by target."""
    wanted = {}
    for row in rows:
        if m := PAIRING_TARGET.match(row.target or ""):
            wanted[row.target] = (int(m.group(1)), m.group(2), int(m.group(3)))
    if not wanted:
        return {}
    rounds = {
        r.number: r for r in Round.objects.filter(tournament=tournament).only("number", "stage")
    }
    keys = {(r, n) for r, _b, n in wanted.values()}
    pairings = {
        (p.round.number, p.number): p
        for p in Pairing.objects.filter(
            round__tournament=tournament, round__number__in={r for r, _n in keys}
        )
        .select_related("round", *PAIRING_HOLDERS)
        .filter(number__in={n for _r, n in keys})
    }
    lookup = {}
    for target, (number, bracket, pairing_number) in wanted.items():
        p = pairings.get((number, pairing_number))
        if p is None or p.bracket != bracket:
            # a round withdrawn since (or renumbered): say what the log knows
            stage = rounds[number].stage if number in rounds else ""
            name = match_name(stage, bracket, pairing_number, MAIN_PAIRINGS.get(stage, 0))
            lookup[target] = {"name": name, "sides": {}, "players": ""}
            continue
        left = entry_label(p.left)
        right = entry_label(p.right if p.right_id else None)
        lookup[target] = {
            "name": p.match_name,
            "sides": {"left": left, "right": right},
            "players": f"{left} – {right}",
        }
    return lookup
