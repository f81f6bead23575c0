"""No server error, whatever the input: every URL of the project, every form on its page.

The URL patterns are found by walking the URLconf (staff, public, games, clubs, series,
the open API, the widget and the calendar feeds; Django's own admin is left out), so a new
page cannot slip through: each must have its path arguments below. Each is asked, as an
organiser and anonymously, with

- its real arguments, then path ids of 0, beyond 64 bits and of 400 digits;
- query strings whose every parameter is a hand-made value (Unicode digits, negative and
  huge numbers, 400 digits, empty, garbage), the page's own search and filter fields and
  the tables' ``page``/``per_page``/``sort`` one at a time too;
- every form on its page POSTed back as the page filled it in, then with each field,
  and then all fields, set to such a value (the other fields as the page filled them in);
  the forms of a pairing's page are also sent to the other pairings' pages, for their
  running match or table (the hand-made requests of issue 30).

The world has the states those requests need: a round with a running browser match and
no result (its withdrawal), a team tournament with a running table of four (its pairing
page, its revoke), besides a round with results, matches and reports.

No answer may be a 500, and a request that was refused (an answer of 400 and above, a
form shown again, an error message) must leave the data as it was. Every request runs in
a savepoint that is rolled back, so each one meets the same world.
"""

from __future__ import annotations

import datetime
import html.parser
import json
import logging
import re
import traceback
from urllib.parse import urlencode, urljoin, urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import constants as message_levels
from django.core.signals import got_request_exception
from django.db import connection, transaction
from django.test import Client, override_settings
from django.urls import Resolver404, URLPattern, URLResolver, get_resolver, resolve
from django.utils import timezone

from api.models import ApiToken
from api.tokens import create_token
from clubs import services as clubs
from clubs.models import Invitation, Membership, Role
from games import services as games
from games.models import Game, Match, MatchAction, Seat
from registration.models import Registration
from series import services as series_services
from series.models import Series, SeriesTournament
from tournaments import services
from tournaments.models import (
    AuditLog,
    Category,
    Entry,
    Outcome,
    Pairing,
    Player,
    Prize,
    Round,
    Tournament,
)

HUGE = str(2**64)
NUMBERS = ["²", "٣", "-1", "-9223372036854775809", "9223372036854775808", "9" * 400]
VALUES = [*NUMBERS, "", "abc", "1.5", "\x00", " 7 ", "left:²:0", "²  L  ٣"]
# one field at a time: the values that broke pages before
SHORT = ["²", "-1", "9" * 400, ""]
PATH_IDS = ["0", "9223372036854775808", HUGE, "9" * 400]
QUERY = [
    "q",
    "round",
    "page",
    "per_page",
    "sort",
    "status",
    "partial",
    "export",
    "view",
    "since",
    "known",
    "next",
    "limit",
    "offset",
    "club",
    "upcoming",
    "pairing",
    "player",
    "user",
    "kind",
    "seq",
    "action",
    "game",
    "job",
]
TABLE_QUERY = ["page", "per_page", "sort"]
# what the pages' scripts send (no form on the page names them)
SCRIPT_FIELDS = {
    "games:act": {"action": "play:AH", "seq": "0"},
    "games:table_act": {"action": "knock", "seq": "0"},
    "games:table_state": {"known": "0:playing"},
    "games:state": {"known": "0:playing"},
    "public:live": {"view": "page", "since": "0"},
}


# --------------------------------------------------------------------------- the world


def _tournament(club, name, *, seed):
    t = services.create_tournament(
        name=name,
        date=datetime.date(2026, 5, 1),
        field_size=16,
        club=club,
        max_entries_per_player=2,
        entry_fee="10",
    )
    for i in range(15):
        player = services.find_or_register_player(f"{name} Spieler {i:02d}", town="Melk")
        services.sell_entries(t, player, 2 if i == 0 else 1, paid=i % 2 == 0)
    services.add_category(t, "Damen", [("Blumen", None)])
    rnd = services.release_round(services.draw_next_round(t, seed=seed))
    pairings = list(
        rnd.pairings.filter(outcome=Outcome.OPEN).exclude(right=None).order_by("number")
    )
    services.record_result(pairings[0], winner="left", score=(2, 0))
    games.start_match_for_pairing(pairings[1])
    return t


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Built once for the module inside a transaction that is rolled back at its end."""
    fast = override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
    quiet = logging.getLogger("django.request")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)  # thousands of 400s and 404s (setLevel: no stale cache)
    with django_db_blocker.unblock(), fast:
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            yield _build_world()
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)
            quiet.setLevel(level)


def _build_world():
    User = get_user_model()
    club = clubs.create_club("Heimverein Melk")
    organiser = User.objects.create_user("organisator", password="pw")
    clubs.grant_role(club, organiser, Role.ORGANISER)
    ta = _tournament(club, "Melker Schnapsen", seed=3)
    td = services.create_tournament(
        name="Melker Dänisch",
        date=datetime.date(2026, 5, 2),
        field_size=16,
        club=club,
        format="danish",
        danish_rounds=3,
    )
    for i in range(5):
        player = services.find_or_register_player(f"Dänisch Spieler {i}", town="Melk")
        services.sell_entries(td, player, 1, paid=True)
    services.release_round(services.draw_next_round(td, seed=4))
    invitation, invitation_token = clubs.invite(club, Role.DESK)
    series = series_services.create_series("Melk-Cup", club=club)
    series_services.add_tournament(series, ta)
    api_token, api_secret = create_token(club, Role.TABLE, "Vereinsseite")
    from games.models import GameKind
    from games.services import tables

    table = tables.create_table(
        game_kind=GameKind.BAUERNSCHNAPSEN,
        seats=[{"name": f"P{i}", "level": ""} for i in range(4)],
        seed=7,
    )
    spare = Player.objects.create(name="Doppelt Eins")
    Player.objects.create(name="Doppelt Zwei")
    # a round with a running browser match and no result yet: it can be withdrawn
    tr = services.create_tournament(
        name="Melker Runde", date=datetime.date(2026, 5, 3), field_size=16, club=club,
        max_entries_per_player=1,
    )
    for i in range(16):
        player = services.find_or_register_player(f"Runde Spieler {i:02d}", town="Melk")
        services.sell_entries(tr, player, 1, paid=True)
    tr_round = services.release_round(services.draw_next_round(tr, seed=6))
    games.start_match_for_pairing(
        tr_round.pairings.filter(outcome=Outcome.OPEN).exclude(right=None).order_by("number")[0]
    )
    # a team tournament (Preis-Bauernschnapsen) with a running table of four
    tt = services.create_tournament(
        name="Melker Bauernschnapsen", date=datetime.date(2026, 5, 4), field_size=16, club=club,
        game="bauernschnapsen", match_bummerl=1, max_entries_per_player=1,
    )
    for i in range(16):
        first = services.find_or_register_player(f"Team Spieler {i:02d}", town="Melk")
        second = services.find_or_register_player(f"Team Partner {i:02d}", town="Melk")
        services.sell_entries(tt, first, 1, partner=second, paid=True)
    tt_round = services.release_round(services.draw_next_round(tt, seed=8))
    team_pairing = (
        tt_round.pairings.filter(outcome=Outcome.OPEN).exclude(right=None).order_by("number")[0]
    )
    team_table = games.start_match_for_pairing(team_pairing)
    rnd = ta.rounds.get(number=1)
    playing = rnd.pairings.filter(started_at__isnull=False, outcome=Outcome.OPEN).first()
    match = Match.objects.get(pairing=playing)
    # a result a player reported through his link, waiting for a confirmation
    reported = list(
        rnd.pairings.filter(outcome=Outcome.OPEN, started_at__isnull=True)
        .exclude(right=None)
        .order_by("number")
    )[1]
    report = services.report_result(reported, side="left", winner="left", score=(2, 0)).report
    # a registration before the day (the registration app): its private link, the desk's
    # taking up (refused: the tournament is drawn, with a message)
    registration = Registration.objects.create(
        tournament=ta, token="vorangemeldet-" + "x" * 20, name="Vera Vorab", key="vera vorab|",
        count=1, consent_at=timezone.now(),
    )
    return {
        "registration": registration,
        "report": report,
        "club": club,
        "organiser": organiser,
        "ta": ta,
        "td": td,
        "round": rnd,
        "open": rnd.pairings.filter(outcome=Outcome.OPEN, started_at__isnull=True)
        .exclude(right=None)
        .order_by("number")
        .first(),
        "decided": rnd.pairings.filter(outcome=Outcome.PLAYED).first(),
        "playing": playing,
        "match": match,
        "entry": ta.entries.order_by("number").first(),
        "invitation": invitation,
        "invitation_token": invitation_token,
        "series": series,
        "api_token": api_token,
        "api_secret": api_secret,
        "player": spare,
        "table": table,
        "table_token": table.seats.get(index=0).token,
        "tr": tr,
        "tt": tt,
        "team_pairing": team_pairing,
        "team_table": team_table,
        # the running match or table of each pairing page (the forms sent across them)
        "running": {playing.pk: match.pk, team_pairing.pk: team_table.pk},
    }


def _path_args(key: str, w) -> list[dict]:
    """The real arguments of each URL pattern (several sets where a page has variants)."""
    t, m = w["ta"], w["match"]
    per_key = {
        "staff:player_edit": [{"pk": w["player"].pk}],
        "staff:entry_paid": [{"pk": t.pk, "entry_pk": w["entry"].pk}],
        "staff:entry_cancel": [{"pk": t.pk, "entry_pk": w["entry"].pk}],
        "staff:entry_categories": [{"pk": t.pk, "entry_pk": w["entry"].pk}],
        "staff:absence": [{"pk": w["td"].pk}],
        "staff:round": [
            {"pk": t.pk, "number": 1},
            {"pk": w["td"].pk, "number": 1},
            {"pk": w["tr"].pk, "number": 1},
        ],
        "staff:round_release": [{"pk": t.pk, "number": 1}],
        "staff:round_withdraw": [{"pk": t.pk, "number": 1}, {"pk": w["tr"].pk, "number": 1}],
        "staff:results": [{"pk": t.pk}, {"pk": w["td"].pk}, {"pk": w["tt"].pk}],
        "staff:pairing_result": [{"pk": t.pk, "pairing_pk": w["open"].pk}],
        "staff:pairing_confirm": [{"pk": t.pk, "pairing_pk": w["decided"].pk}],
        "staff:pairing_start": [{"pk": t.pk, "pairing_pk": w["open"].pk}],
        "staff:report_confirm": [{"pk": t.pk, "report_pk": w["report"].pk}],
        "staff:print": [
            {"pk": t.pk, "document": d} for d in ("draw", "scoresheets", "entries", "results")
        ],
        "public:print": [{"pk": t.pk, "document": d} for d in ("draw", "results")],
        "staff:club_invitation_withdraw": [
            {"slug": w["club"].slug, "invitation_pk": w["invitation"].pk}
        ],
        "staff:series_edit": [{"pk": w["series"].pk}],
        "staff:series_tournaments": [{"pk": w["series"].pk}],
        "series:detail": [{"pk": w["series"].pk}],
        "series:pdf": [{"pk": w["series"].pk}],
        "games:pairing": [
            {"pairing_pk": w["playing"].pk},
            {"pairing_pk": w["open"].pk},
            {"pairing_pk": w["team_pairing"].pk},
        ],
        "games:round_start": [{"round_pk": w["round"].pk}],
        "games:analysis": [{"pk": m.pk, "game": 0}],
        "clubs:invite": [{"token": w["invitation_token"]}],
        "registration:manage": [{"token": w["registration"].token}],
        "staff:registration_take_up": [{"pk": w["ta"].pk, "registration_pk": w["registration"].pk}],
        "api:round": [{"tournament_id": t.pk, "number": 1}],
        "api:series_detail": [{"series_id": w["series"].pk}],
        "api:pairing_result": [{"tournament_id": t.pk, "pairing_id": w["open"].pk}],
    }
    if key in per_key:
        return per_key[key]
    if key.startswith("games:table_"):  # a friendly table of four (Bauernschnapsen)
        return [{"pk": w["table"].pk, "token": w["table_token"]}]
    if key.startswith("games:"):
        return [{"pk": m.pk, "token": m.token0}]
    return [{"pk": t.pk, "slug": w["club"].slug, "tournament_id": t.pk}]


def _patterns():
    """``(key, route)`` of every URL pattern of the project but Django's admin."""
    found = []

    def walk(patterns, prefix, namespace):
        for p in patterns:
            if isinstance(p, URLResolver):
                if p.namespace == "admin":
                    continue
                walk(p.url_patterns, prefix + str(p.pattern), p.namespace or namespace)
            elif isinstance(p, URLPattern) and p.name:
                found.append((f"{namespace}:{p.name}", prefix + str(p.pattern)))

    walk(get_resolver().url_patterns, "", "")
    return sorted(set(found))


PATTERNS = _patterns()
PARAM = re.compile(r"<(?:(\w+):)?(\w+)>")


def _fill(route: str, args: dict, bad: tuple[str, str] | None = None) -> str:
    def value(m):
        name = m.group(2)
        if bad and bad[0] == name:
            return bad[1]
        return str(args[name])

    return "/" + PARAM.sub(value, route)


# --------------------------------------------------------------------------- the forms


class _Forms(html.parser.HTMLParser):
    """The forms of a page: method, action, fields with the values the page gave them,
    and the named submit buttons (each one a way to send the form)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[dict] = []
        self.by_id: dict[str, dict] = {}
        self._form = None
        self._select = None
        self._textarea = None

    def _owner(self, attrs):
        owner = attrs.get("form")
        return self.by_id.get(owner) if owner else self._form

    def handle_starttag(self, tag, attrs):
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "form":
            self._form = {
                "method": a.get("method", "get").lower(),
                "action": a.get("action", ""),
                "fields": {},
                "buttons": [],
                "files": set(),
            }
            self.forms.append(self._form)
            if a.get("id"):
                self.by_id[a["id"]] = self._form
            return
        form = self._owner(a)
        if form is None or not a.get("name"):
            return
        name = a["name"]
        if tag == "input":
            kind = a.get("type", "text").lower()
            if kind in ("submit", "image", "button", "reset"):
                if kind == "submit":
                    form["buttons"].append((name, a.get("value", "")))
            elif kind in ("checkbox", "radio"):
                if "checked" in a:
                    form["fields"].setdefault(name, []).append(a.get("value", "on"))
                else:
                    form["fields"].setdefault(name, [])
            elif kind == "file":
                form["files"].add(name)
            else:
                form["fields"].setdefault(name, []).append(a.get("value", ""))
        elif tag == "button" and a.get("type", "submit").lower() == "submit":
            form["buttons"].append((name, a.get("value", "")))
        elif tag == "select":
            self._select = (form, name, [])
            form["fields"].setdefault(name, [])
        elif tag == "textarea":
            self._textarea = (form, name, [])

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_data(self, data):
        if self._textarea:
            self._textarea[2].append(data)

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "textarea" and self._textarea:
            form, name, text = self._textarea
            form["fields"].setdefault(name, []).append("".join(text))
            self._textarea = None
        elif tag == "select":
            self._select = None


class _FormsWithOptions(_Forms):
    """Selects take their selected option, or the first one."""

    def handle_starttag(self, tag, attrs):
        if tag == "option" and self._select:
            form, name, seen = self._select
            a = dict(attrs)
            value = a.get("value") or ""
            if "selected" in a:
                form["fields"][name] = [value]
            elif not seen:
                form["fields"][name] = [value]
            seen.append(value)
            return
        super().handle_starttag(tag, attrs)


def _forms(content: str) -> list[dict]:
    parser = _FormsWithOptions()
    parser.feed(content)
    return parser.forms


# --------------------------------------------------------------------------- the checks


def fingerprint():
    """The data a refused request must leave as it was."""
    return (
        AuditLog.objects.count(),
        list(
            Entry.objects.order_by("pk").values_list(
                "pk", "number", "paid", "cancelled_at", "player", "absent"
            )
        ),
        sorted(Entry.categories.through.objects.values_list("entry_id", "category_id")),
        list(
            Pairing.objects.order_by("pk").values_list(
                "pk", "outcome", "version", "started_at", "confirmed_at", "table", "winner"
            )
        ),
        list(Round.objects.order_by("pk").values_list("pk", "status", "seed")),
        list(
            Tournament.objects.order_by("pk").values_list(
                "pk", "name", "field_size", "entry_fee", "updated_at"
            )
        ),
        list(Player.objects.order_by("pk").values_list("pk", "name", "town", "merged_into")),
        list(Prize.objects.order_by("pk").values_list("pk", "place", "description")),
        sorted(Membership.objects.values_list("user", "club", "role")),
        list(Invitation.objects.order_by("pk").values_list("pk", "withdrawn_at", "used_at")),
        list(Category.objects.order_by("pk").values_list("pk", "name")),
        list(Series.objects.order_by("pk").values_list("pk", "name", "season")),
        sorted(SeriesTournament.objects.values_list("series", "tournament")),
        list(ApiToken.objects.order_by("pk").values_list("pk", "revoked_at")),
        list(Match.objects.order_by("pk").values_list("pk", "next_seq", "status")),
        Game.objects.count(),
        MatchAction.objects.count(),
        list(Seat.objects.order_by("pk").values_list("pk", "name", "bot_level")),
        get_user_model().objects.count(),
    )


class Probe:
    """Sends requests in savepoints and collects what went wrong."""

    def __init__(self, world):
        self.world = world
        self.before = fingerprint()
        self.problems: list[str] = []
        self.count = 0
        self._errors: list[str] = []
        got_request_exception.connect(self._caught)

    def _caught(self, sender, request=None, **kwargs):
        self._errors.append(traceback.format_exc(limit=-3))

    def close(self):
        got_request_exception.disconnect(self._caught)

    def send(
        self, client, method, url, data=None, *, label, json_body=None, headers=None,
        refusal_checked=True,
    ):
        """``refusal_checked`` False: a form sent as its page filled it in may do what it
        says and answer with a page (a new token shown once): only a 500 counts."""
        self.count += 1
        self._errors.clear()
        sid = transaction.savepoint_create()
        try:
            if method == "GET":
                response = client.get(url, data or {}, headers=headers or {})
            elif json_body is not None:
                response = client.post(
                    url,
                    json.dumps(json_body),
                    content_type="application/json",
                    headers=headers or {},
                )
            else:
                response = client.post(url, data or {}, headers=headers or {})
            where = f"{label}: {method} {url} {_short(data if json_body is None else json_body)}"
            if response.status_code >= 500:
                self.problems.append(
                    f"{where} -> {response.status_code}\n{''.join(self._errors)[-1500:]}"
                )
            elif refusal_checked and _refused(method, response) and fingerprint() != self.before:
                self.problems.append(f"{where} -> {response.status_code} refused but changed data")
            return response
        finally:
            transaction.savepoint_rollback(sid)
            if connection.vendor == "postgresql":
                connection.needs_rollback = False


def _short(data) -> str:
    text = repr(data) if data else ""
    return text if len(text) < 300 else text[:300] + "…"


def _refused(method, response) -> bool:
    if response.status_code >= 400:
        return True
    request = getattr(response, "wsgi_request", None)
    storage = getattr(request, "_messages", None)
    if storage is not None:
        queued = list(getattr(storage, "_queued_messages", []))
        if any(m.level >= message_levels.WARNING for m in queued):
            return True
    content_type = response.get("Content-Type", "")
    return method == "POST" and response.status_code == 200 and content_type.startswith("text/html")


def _clients(world):
    organiser = Client(raise_request_exception=False)
    organiser.force_login(world["organiser"])
    return (("organiser", organiser), ("anonymous", Client(raise_request_exception=False)))


def _form_key(url, form, button):
    """Forms that send the same fields to the same view of one tournament are probed once
    (one per row of a table of entries or pairings)."""
    try:
        match = resolve(urlsplit(url).path)
        view, tournament = match.view_name, match.kwargs.get("pk")
    except Resolver404:
        view, tournament = urlsplit(url).path, None
    return (
        view,
        tournament,
        tuple(sorted(form["fields"])),
        button[0] if button else None,
        button[1] if button else None,
    )


def _post_form(probe, client, page_url, form, label, seen):
    url = urljoin(page_url, form["action"] or page_url)
    if urlsplit(url).path.startswith("/admin/"):
        return
    for button in form["buttons"] or [None]:
        key = _form_key(url, form, button)
        if key in seen:
            continue
        seen.add(key)
        base = {k: list(v) for k, v in form["fields"].items()}
        if button:
            base[button[0]] = [button[1]]
        fixed = {button[0]} if button else set()
        names = [n for n in base if n not in fixed and n != "csrfmiddlewaretoken"]
        # as the page filled it in: what a user sends by pressing the button
        probe.send(client, "POST", url, _flat(base), label=label, refusal_checked=False)
        for value in VALUES:
            data = {**base, **{n: [value] for n in names}}
            probe.send(client, "POST", url, _flat(data), label=label)
        for name in names:
            for value in SHORT:
                probe.send(client, "POST", url, _flat({**base, name: [value]}), label=label)


def _flat(data: dict) -> dict:
    return {k: (v if len(v) != 1 else v[0]) for k, v in data.items()}


def _query(url, params: dict) -> str:
    return f"{url}?{urlencode(params, doseq=True)}"


@pytest.mark.parametrize("key, route", PATTERNS, ids=[k for k, _r in PATTERNS])
def test_no_server_error_and_no_change(world, db, key, route):
    probe = Probe(world)
    try:
        _probe_pattern(probe, world, key, route)
    finally:
        probe.close()
    print(f"REQUESTS {key} {probe.count}")
    assert not probe.problems, f"{len(probe.problems)} of {probe.count} requests:\n" + (
        "\n".join(probe.problems[:15])
    )


def _probe_pattern(probe, w, key, route):
    seen: set = set()
    for args in _path_args(key, w):
        url = _fill(route, args)
        for label, client in _clients(w):
            where = f"{key} as {label}"
            first = probe.send(client, "GET", url, label=where)
            if first.status_code == 302 and "/accounts/login/" in first.get("Location", ""):
                # a staff page for somebody not signed in: each request goes to the login
                for value in ("²", "9" * 400):
                    probe.send(client, "GET", _query(url, dict.fromkeys(QUERY, value)), label=where)
                probe.send(client, "POST", url, dict.fromkeys(QUERY, "²"), label=where)
                continue
            html = first.get("Content-Type", "").startswith("text/html")
            content = first.content.decode() if first.status_code == 200 and html else ""
            forms = _forms(content) if content else []
            get_names = {n for f in forms if f["method"] == "get" for n in f["fields"]}
            script = SCRIPT_FIELDS.get(key, {})
            names = set(QUERY) | get_names | set(script)
            for value in VALUES:
                probe.send(client, "GET", _query(url, dict.fromkeys(names, value)), label=where)
            singles = get_names | set(script) | {"round", "q"}
            if "<table" in content:
                singles |= set(TABLE_QUERY)
            for name in sorted(singles):
                for value in SHORT:
                    probe.send(client, "GET", _query(url, {name: value}), label=where)
            if label == "organiser":
                _probe_path(probe, client, route, args, where)
            # POST: nothing, the scripts' fields, then every form of the page
            probe.send(client, "POST", url, {}, label=where)
            for value in VALUES if script else ():
                probe.send(client, "POST", url, dict.fromkeys(script, value), label=where)
                probe.send(client, "POST", url, json_body=dict.fromkeys(script, value), label=where)
            for form in forms:
                if form["method"] == "post":
                    _post_form(probe, client, url, form, where, seen)
        if key.endswith(":pairing_result") and key.startswith("api"):
            _probe_api_result(probe, w, url)
    if key == "games:pairing":
        _probe_pairing_forms_across(probe, w, route)


def _probe_pairing_forms_across(probe, w, route):
    """Every form of every pairing page sent to every pairing page with a running match
    or table, naming that page's match: the revoke form of a match of two sent for a
    table of four, the table's seat form for a match of two (hand-made requests)."""
    label, client = _clients(w)[0]
    forms = []
    for args in _path_args("games:pairing", w):
        page = client.get(_fill(route, args))
        forms += [f for f in _forms(page.content.decode()) if f["method"] == "post"]
    for pairing_pk, match_pk in w["running"].items():
        url = _fill(route, {"pairing_pk": pairing_pk})
        for form in forms:
            for button in form["buttons"] or [None]:
                data = {k: list(v) for k, v in form["fields"].items()}
                if button:
                    data[button[0]] = [button[1]]
                if "match" in data:
                    data["match"] = [str(match_pk)]
                for confirm in ([""], ["yes"]) if "revoke" in data.get("do", []) else ([],):
                    sent = {**data, "confirm": confirm} if confirm else data
                    probe.send(
                        client, "POST", url, _flat(sent), label=f"games:pairing across as {label}"
                    )


def _probe_path(probe, client, route, args, where):
    """The path's own arguments: ids of 0, beyond 64 bits, of 400 digits."""
    for conv, name in PARAM.findall(route):
        if conv == "slug":
            bad = ["x" * 300, "-"]
        elif name == "token":
            bad = ["x" * 300, "²"]
        else:
            bad = PATH_IDS + (["²", "-1"] if conv in ("", "str") else [])
        for value in bad:
            bad_url = _fill(route, args, (name, value))
            probe.send(client, "GET", bad_url, label=where)
            probe.send(client, "POST", bad_url, {}, label=where)


def _probe_api_result(probe, w, url):
    """The API's one write, with a valid staff token and hand-made bodies."""
    client = Client(raise_request_exception=False)
    bearer = {"Authorization": f"Bearer {w['api_secret']}"}
    for value in VALUES:
        for body in (
            {"winner": value, "score": [value, value], "version": value},
            {"winner": "left", "score": [2, value], "version": 0},
            {"winner": "left", "score": [2, 1], "version": value},
        ):
            probe.send(client, "POST", url, json_body=body, headers=bearer, label="api token")


def test_every_pattern_has_its_arguments(world, db):
    """A new URL with path arguments needs them in ``_path_args`` (or the default)."""
    for key, route in PATTERNS:
        for args in _path_args(key, world):
            for _conv, name in PARAM.findall(route):
                assert name in args, f"{key}: no value for <{name}> in {route}"
