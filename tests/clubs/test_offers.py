"""Every role sees what it may do, and only that (issue 30).

- The helper behind the pages' links and buttons (``clubs.permissions.staff_url``)
  agrees with the expectations of ``test_tenancy`` (written from the roles'
  description, not read from the rules) for every staff URL, every role, GET and POST
  (and each ``do`` of the pairing page), another club's organiser, somebody of no club,
  a site administrator and an anonymous visitor.
- Each role of the demo club (``manage.py tournament demo``: demo, kassa, tisch,
  schiri), starting at the staff's start page, follows every link the pages offer and
  sends back every form they offer (each in a savepoint that is rolled back): none
  answers 403 (or 404, or a server error). The demo gets the states it lacks: a running
  browser match, a running table of four, a player's report, a tournament whose next
  step is the draw of round 2.
- What each role's pages say: the next step for those who may not take it, the
  referee's link to a pairing, the 403 page's navigation.
"""

from __future__ import annotations

import html.parser
import io
import logging
from urllib.parse import urljoin, urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.core.management import call_command
from django.db import connection, transaction
from django.test import Client, RequestFactory, override_settings
from django.urls import Resolver404, resolve, reverse
from django.views.defaults import permission_denied

from clubs.permissions import roles_allowed, staff_url
from games import services as games
from tests.clubs.test_tenancy import (
    ANY_SCOPE,
    EXPECTED,
    GAMES_PAIRING_POST,
    GET_ONLY,
    POST_ONLY,
    PRINT,
    _url,
    world,  # noqa: F401 - the fixture of the expectations' world
)
from tournaments import services
from tournaments.models import Outcome, Tournament

O, D, T, R = "organiser", "desk", "table", "referee"  # noqa: E741 - the roles' initials
DEMO = {"demo": O, "kassa": D, "tisch": T, "schiri": R}


# --------------------------------------------------------------------------- the helper


def _cases():
    for name, (get, post) in EXPECTED.items():
        if name == "staff:print":
            for document, roles in PRINT.items():
                yield name, "GET", document, roles
        elif name == "games:pairing":
            yield name, "GET", None, get
            for do, roles in GAMES_PAIRING_POST.items():
                yield name, "POST", do, roles
        else:
            if name not in POST_ONLY:
                yield name, "GET", None, get
            if name not in GET_ONLY:
                yield name, "POST", None, post


CASES = list(_cases())


LABELS = ["organiser", "desk", "table", "referee", "other club", "no club", "site administrator"]


def _allowed(label, name, roles) -> bool:
    if label == "site administrator":
        return True
    if label == "other club":
        return name in ANY_SCOPE and O in roles
    if label == "no club":
        return False
    return {"organiser": O, "desk": D, "table": T, "referee": R}[label] in roles


@pytest.mark.django_db
@pytest.mark.parametrize("label", LABELS)
def test_the_helper_offers_each_role_what_its_page_lets_through(world, label):  # noqa: F811
    w = world
    user = {
        "organiser": w["users"][O],
        "desk": w["users"][D],
        "table": w["users"][T],
        "referee": w["users"][R],
        "other club": w["users"]["other"],
        "no club": w["users"]["nobody"],
        "site administrator": w["users"]["admin"],
    }[label]
    wrong = []
    for name, method, variant, roles in CASES:
        path = _url(name, w, document=variant if name == "staff:print" else None)
        match = resolve(path)
        data = {"do": variant} if name == "games:pairing" else None
        got = staff_url(user, name, kwargs=match.kwargs, method=method, data=data)
        if bool(got) != _allowed(label, name, roles) or (got and got != path):
            wrong.append(f"{method} {path} {variant or ''}: {got!r}")
        if staff_url(AnonymousUser(), name, kwargs=match.kwargs, method=method, data=data):
            wrong.append(f"{method} {path} {variant or ''} offered to an anonymous visitor")
    assert not wrong, f"as {label}, {len(wrong)} of {len(CASES)}:\n" + "\n".join(wrong)


@pytest.mark.django_db
def test_the_helper_leaves_other_pages_open_and_unknown_names_empty(world):  # noqa: F811
    nobody = world["users"]["nobody"]
    assert staff_url(nobody, "public:home") == reverse("public:home")
    assert staff_url(nobody, "no:such_page") == ""
    assert staff_url(nobody, "staff:dashboard", args=[0]) == ""  # no such tournament


def test_the_roles_that_take_a_step():
    assert roles_allowed("staff:draw", [1]) == [O]
    assert roles_allowed("staff:entries", [1]) == [O, D]
    assert roles_allowed("staff:results", [1]) == [O, T, R]
    assert roles_allowed("games:pairing", [1], method="POST", data={"do": "revoke"}) == [O, R]
    assert roles_allowed("staff:print", [1, "scoresheets"]) == [O, R]


# --------------------------------------------------------------------------- the demo club


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):
    """The demo (``manage.py tournament demo``) and the states it lacks, built once for
    the module inside a transaction that is rolled back at its end."""
    fast = override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
    quiet = logging.getLogger("django.request")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)  # setLevel: the logger's cached levels are cleared too
    with django_db_blocker.unblock(), fast:
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            yield _build_demo()
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)
            quiet.setLevel(level)


def _build_demo():
    call_command("tournament", "demo", stdout=io.StringIO())
    main = Tournament.objects.get(name="Preisschnapsen des SC Herz-Ass")
    teams = Tournament.objects.get(name="Preis-Bauernschnapsen")
    # a running browser match (the referee's revoke form) and a player's report
    rnd = main.rounds.order_by("-number").first()
    open_pairings = list(
        rnd.pairings.filter(outcome=Outcome.OPEN).exclude(right=None).order_by("number")
    )
    games.start_match_for_pairing(open_pairings[0])
    services.report_result(open_pairings[1], side="left", winner="left", score=(2, 0))
    # a running table of four
    team_round = teams.rounds.order_by("-number").first()
    team_open = team_round.pairings.filter(outcome=Outcome.OPEN).exclude(right=None).first()
    games.start_match_for_pairing(team_open)
    # the first hour: round 1 played, the next step is the draw of round 2
    first = services.create_tournament(
        name="Erste Stunde",
        date=main.date,
        club=main.club,
        field_size=16,
        max_entries_per_player=1,
        seed=5,
    )
    for i in range(16):
        player = services.find_or_register_player(f"Erste Stunde {i:02d}", town="Krems")
        services.sell_entries(first, player, 1, paid=True)
    one = services.release_round(services.draw_next_round(first, seed=5))
    for p in one.pairings.filter(outcome=Outcome.OPEN):
        services.record_result(p, winner="left", score=(2, 0))
    return {"main": main, "teams": teams, "first": first}


class _Page(html.parser.HTMLParser):
    """The links and the forms of a page (fields as the page filled them in)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.forms: list[dict] = []
        self._form = None
        self._select = None

    def handle_starttag(self, tag, attrs):
        a = {k: (v or "") for k, v in attrs}
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        elif tag == "form":
            self._form = {
                "method": a.get("method", "get").lower(),
                "action": a.get("action", ""),
                "fields": {},
                "buttons": [],
            }
            self.forms.append(self._form)
        elif self._form is not None and a.get("name"):
            kind = a.get("type", "text").lower()
            if tag == "button" or kind == "submit":
                self._form["buttons"].append((a["name"], a.get("value", "")))
            elif tag == "select":
                self._select = a["name"]
                self._form["fields"].setdefault(a["name"], None)
            elif tag == "input" and kind in ("checkbox", "radio"):
                if "checked" in a:
                    self._form["fields"][a["name"]] = a.get("value", "on")
            elif tag in ("input", "textarea") and kind != "file":
                self._form["fields"].setdefault(a["name"], a.get("value", ""))
        elif tag == "option" and self._form is not None and self._select:
            fields = self._form["fields"]
            if fields.get(self._select) is None or "selected" in a:
                fields[self._select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None


def _resolved(path):
    try:
        return resolve(path)
    except Resolver404:
        return None


SKIP = ("/admin/", "/accounts/logout/", "/i18n/", "/static/", "/media/")


def _page_key(match) -> tuple:
    """Pages of one view and one tournament (or document) count as one kind: two of each
    kind are followed; every pairing's page is followed (a running match, a table)."""
    kw = match.kwargs
    return (match.view_name, kw.get("pk"), kw.get("document"), kw.get("slug"), kw.get("pairing_pk"))


def _send(client, method, url, data=None):
    sid = transaction.savepoint_create()
    try:
        if method == "GET":
            return client.get(url)
        return client.post(url, data or {})
    finally:
        transaction.savepoint_rollback(sid)
        if connection.vendor == "postgresql":
            connection.needs_rollback = False


def _walk(client):
    """Follow every offered link from the start page, send back every offered form.
    Returns the refusals found, the pages visited and the forms sent."""
    start = reverse("staff:home")
    todo, seen_urls, kinds = [(start, "login")], set(), {}
    forms_seen, problems, visited, sent = set(), [], [], []
    while todo:
        url, source = todo.pop(0)
        path = urlsplit(url).path
        if url in seen_urls or path.startswith(SKIP) or not path.startswith("/"):
            continue
        seen_urls.add(url)
        match = _resolved(path)
        if match is None:
            continue
        key = _page_key(match)
        if kinds.get(key, 0) >= 2:
            continue
        kinds[key] = kinds.get(key, 0) + 1
        response = _send(client, "GET", url)
        visited.append(url)
        if response.status_code in (403, 404) or response.status_code >= 500:
            problems.append(f"GET {url} (offered on {source}) -> {response.status_code}")
            continue
        staff_page = getattr(match.func, "staff_view", False)
        if not staff_page or not response.get("Content-Type", "").startswith("text/html"):
            continue  # a public page, a PDF, a download: checked, not followed
        page = _Page()
        page.feed(response.content.decode())
        for href in page.links:
            todo.append((urljoin(url, href), url))
        for form in page.forms:
            if form["method"] != "post":
                continue
            action = urljoin(url, form["action"] or url)
            action_path = urlsplit(action).path
            if action_path.startswith(SKIP):
                continue
            target = _resolved(action_path)
            for button in form["buttons"] or [None]:
                data = {k: v for k, v in form["fields"].items() if v is not None}
                if button:
                    data[button[0]] = button[1]
                fkey = (
                    target.view_name if target else action_path,
                    target.kwargs.get("pk") if target else None,
                    tuple(sorted(data)),
                    data.get("do"),
                    button,
                )
                if fkey in forms_seen:
                    continue
                forms_seen.add(fkey)
                sent.append(f"{action} {data.get('do', '')}")
                answer = _send(client, "POST", action, data)
                if answer.status_code in (403, 404) or answer.status_code >= 500:
                    problems.append(
                        f"POST {action} {data.get('do', '')} (offered on {url}) "
                        f"-> {answer.status_code}"
                    )
    return problems, visited, sent


@pytest.mark.django_db
@pytest.mark.parametrize("login", list(DEMO))
def test_every_link_and_form_a_role_is_offered_answers(demo, login):
    client = Client(headers={"accept-language": "de-at"})
    client.force_login(get_user_model().objects.get(username=login))
    problems, visited, sent = _walk(client)
    print(f"{login}: {len(visited)} pages, {len(sent)} forms")
    assert not problems, f"{login}: {len(problems)} refused of {len(visited)} pages:\n" + (
        "\n".join(problems[:20])
    )
    assert any("/staff/t/" in url for url in visited)  # the walk reached the tournaments


def _get(login, url):
    client = Client(headers={"accept-language": "de-at"})
    client.force_login(get_user_model().objects.get(username=login))
    return client.get(url).content.decode()


@pytest.mark.django_db
def test_the_next_step_names_who_takes_it(demo):
    first = demo["first"]
    for url in (reverse("staff:dashboard", args=[first.pk]), reverse("staff:results", args=[first.pk])):
        organiser = _get("demo", url)
        assert f'href="{reverse("staff:draw", args=[first.pk])}">Runde 2 auslosen</a>' in organiser
        for login in ("tisch", "schiri", "kassa"):
            page = _get(login, url)
            if login == "kassa" and "results" in url:
                continue  # not a page of the desk
            assert reverse("staff:draw", args=[first.pk]) not in page, (login, url)
            assert "Runde 2 auslosen" in page and "(für: Organisator)" in page, (login, url)


@pytest.mark.django_db
def test_each_role_is_offered_only_its_own_buttons(demo):
    main = demo["main"]
    results = reverse("staff:results", args=[main.pk])
    schiri, tisch = _get("schiri", results), _get("tisch", results)
    assert 'id="start-all-matches"' not in schiri and 'id="start-all-matches"' in tisch
    assert 'id="score-sheets-pdf"' in schiri and 'id="score-sheets-pdf"' not in tisch
    assert "Schreibblock und Renonce" in schiri and "Im Browser spielen" not in schiri
    assert "Im Browser spielen" in tisch and "Schreibblock und Renonce" not in tisch
    home = {login: _get(login, reverse("staff:home")) for login in DEMO}
    new = reverse("staff:tournament_create")
    players = reverse("staff:players")
    assert new in home["demo"] and all(new not in home[x] for x in ("kassa", "tisch", "schiri"))
    assert players in home["kassa"] and all(players not in home[x] for x in ("tisch", "schiri"))


@pytest.mark.django_db
@pytest.mark.parametrize("login", ["kassa", "tisch", "schiri"])
def test_the_403_page_keeps_the_navigation(demo, login):
    client = Client(headers={"accept-language": "de-at"})
    client.force_login(get_user_model().objects.get(username=login))
    response = client.get(reverse("staff:tournament_create"))
    assert response.status_code == 403
    page = response.content.decode()
    assert "Nicht erlaubt" in page
    assert '<nav aria-label="Hauptmenü"' in page  # the site's header, with the staff's links
    assert f'<a href="{reverse("staff:home")}">Turniere</a>' in page
    assert f'href="{reverse("staff:home")}" id="back-to-tournaments">Zu den Turnieren</a>' in page
    assert f"Abmelden ({login})" in page


def test_the_403_page_of_an_anonymous_visitor_leads_to_the_public_pages():
    request = RequestFactory().get("/admin/")
    request.user = AnonymousUser()
    page = permission_denied(request, PermissionDenied()).content.decode()
    assert f'href="{reverse("public:home")}" id="back-to-tournaments"' in page
