"""The walls between clubs, beyond the staff pages (issue 31; the staff URLs with every
role are ``test_tenancy.py``): every endpoint of the open API with every kind of token,
every player link against the other seats, and the public surfaces for every non-public
fact (a non-public tournament and series, the register's contact data)."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from api.models import ApiToken
from api.tokens import create_token, revoke_token
from clubs.models import Role
from games import services as games
from games.models import Match
from series import services as series_services
from tests.api import world as worlds
from tournaments import services
from tournaments.models import AuditLog, Outcome, Pairing, PlayerContact

pytestmark = pytest.mark.django_db

API = "/api/v1"


@pytest.fixture
def w():
    world = worlds.build()
    hidden = world["hidden"]
    for i in range(16):
        player = services.find_or_register_player(f"Geheim Spieler {i:02d}", town="Ybbs",
                                                  club=world["club"])
        services.sell_entries(hidden, player, 1, paid=True)
    services.release_round(services.draw_next_round(hidden, seed=5))
    # contact data recorded by the clubs: never on any public surface
    for i, player in enumerate([e.player for e in world["running"].entries.all()[:3]]):
        services.set_contact(player, world["club"], f"+43 664 55500{i}")
    secret_series = series_services.create_series("Interner Cup", club=world["club"])
    series_services.add_tournament(secret_series, world["finished"])
    secret_series.is_public = False
    secret_series.save()
    world["secret_series"] = secret_series
    tokens = {}
    for club_key in ("club", "other"):
        for role in Role.values:
            _token, secret = create_token(world[club_key], role, f"{club_key}-{role}")
            tokens[f"{club_key}-{role}"] = secret
    revoked, revoked_secret = create_token(world["club"], "organiser", "alt")
    revoke_token(revoked)
    tokens["revoked"] = revoked_secret
    tokens["none"] = None
    tokens["forged"] = "sch_" + "x" * 40
    world["tokens"] = tokens
    return world


def _headers(secret):
    return {"Authorization": f"Bearer {secret}"} if secret else {}


def _state():
    return (
        list(Pairing.objects.order_by("pk").values_list("pk", "outcome", "version", "winner")),
        AuditLog.objects.count(),
    )


HIDDEN_WORDS = ("Intern", "Geheim Spieler", "Interner Cup", "+43 664")


def _assert_hides(body: str, where: str):
    for word in HIDDEN_WORDS:
        assert word not in body, f"{where}: {word!r}"


def test_every_read_endpoint_with_every_token_shows_nothing_non_public(w):
    hidden, series = w["hidden"], w["secret_series"]
    rnd = hidden.rounds.get(number=1)
    paths = [
        "/", "/tournaments", f"/tournaments/{hidden.pk}", f"/tournaments/{hidden.pk}/rounds",
        f"/tournaments/{hidden.pk}/rounds/{rnd.number}", f"/tournaments/{hidden.pk}/standings",
        f"/tournaments/{hidden.pk}/prizes", "/series", f"/series/{series.pk}",
    ]
    # the endpoints of the schema: a new one cannot slip by untried
    schema = Client().get(f"{API}/openapi.json").json()
    templated = {re.sub(r"\{[^}]+\}", "{}", p.removeprefix(API)) for p in schema["paths"]}
    tried = {re.sub(r"/\d+", "/{}", p) for p in paths}
    assert templated - {"/tournaments/{}/pairings/{}/result"} == tried, templated ^ tried
    for label, secret in w["tokens"].items():
        for path in paths:
            response = Client().get(API + path, headers=_headers(secret))
            where = f"GET {path} with {label}"
            if path.startswith((f"/tournaments/{hidden.pk}", f"/series/{series.pk}")):
                assert response.status_code in (401, 404), where
            _assert_hides(response.content.decode(), where)


def test_the_result_endpoint_with_every_token(w):
    """Only a table or organiser token of the tournament's own club enters a result; every
    other token, a revoked one, a forged one and none are refused and change nothing."""
    for t, club_key in ((w["running"], "club"), (w["knockout"], "other"), (w["hidden"], "club")):
        rnd = t.rounds.order_by("-number").first()
        pairing = rnd.pairings.filter(outcome=Outcome.OPEN).exclude(right=None).first()
        for label, secret in w["tokens"].items():
            allowed = label in (f"{club_key}-organiser", f"{club_key}-table")
            before = _state()
            pairing.refresh_from_db()
            response = Client().post(
                f"{API}/tournaments/{t.pk}/pairings/{pairing.pk}/result",
                json.dumps({"winner": "left", "score": [2, 0], "version": pairing.version}),
                content_type="application/json",
                headers=_headers(secret),
            )
            where = f"{t.name} with {label}"
            if allowed:
                assert response.status_code == 200, (where, response.content)
                # undo for the next token: a correction back is not needed, the
                # next allowed token corrects with the new version
            else:
                assert response.status_code in (401, 403, 404), (where, response.status_code)
                assert _state() == before, where
        # a pairing of another tournament under this one's id: not found
        other = w["knockout"] if t != w["knockout"] else w["running"]
        foreign = other.rounds.order_by("-number").first().pairings.exclude(right=None).first()
        for label in (f"{club_key}-organiser", f"{club_key}-table"):
            before = _state()
            response = Client().post(
                f"{API}/tournaments/{t.pk}/pairings/{foreign.pk}/result",
                json.dumps({"winner": "left", "score": [2, 0]}),
                content_type="application/json",
                headers=_headers(w["tokens"][label]),
            )
            assert response.status_code == 404 and _state() == before
    assert ApiToken.objects.filter(revoked_at__isnull=False).count() == 1


def test_every_player_link_against_the_other_seats(w):
    """A player's private link works for its own seat of its own match only: the token
    of one seat, of another match, or of a table of another match opens nothing."""
    t = w["knockout"]
    rnd = t.rounds.order_by("-number").first()
    pairings = list(rnd.pairings.filter(outcome=Outcome.OPEN).exclude(right=None)[:2])
    m1, m2 = (games.start_match_for_pairing(p) for p in pairings)
    links = {
        (m.pk, seat): getattr(m, f"token{seat}") for m in (m1, m2) for seat in (0, 1)
    }
    for (pk, seat), token in links.items():
        own = Client().get(reverse("games:state", args=[pk, token]))
        assert own.status_code == 200
        for (other_pk, other_seat), other_token in links.items():
            if (other_pk, other_seat) == (pk, seat):
                continue
            if other_pk != pk:  # another match's token under this match: not found
                for name in ("games:play", "games:state"):
                    response = Client().get(reverse(name, args=[pk, other_token]))
                    assert response.status_code in (403, 404), (name, pk, other_seat)
                entries = AuditLog.objects.count()
                response = Client().post(
                    reverse("games:player_record", args=[pk, other_token]),
                    {"winner": "0", "score": "2:0"},
                )
                assert response.status_code in (403, 404) and AuditLog.objects.count() == entries
                before = Match.objects.get(pk=pk).next_seq
                response = Client().post(
                    reverse("games:act", args=[pk, other_token]),
                    {"seq": before, "action": "play", "card": "HA"},
                )
                assert response.status_code in (403, 404)
                assert Match.objects.get(pk=pk).next_seq == before
    # the own seat's state shows that seat's hand, never the other's
    state = Client().get(reverse("games:state", args=[m1.pk, m1.token0])).json()
    text = json.dumps(state)
    assert "token1" not in text and m1.token1 not in text


def test_the_public_surfaces_show_nothing_non_public(w):
    hidden, series = w["hidden"], w["secret_series"]
    for name, args in (
        ("public:tournament", [hidden.pk]),
        ("public:live", [hidden.pk]),
        ("public:projector", [hidden.pk]),
        ("public:print", [hidden.pk, "draw"]),
        ("public:print", [hidden.pk, "results"]),
        ("embed:widget", [hidden.pk]),
        ("series:detail", [series.pk]),
        ("series:pdf", [series.pk]),
    ):
        try:
            url = reverse(name, args=args)
        except Exception:  # noqa: BLE001 - a namespace of another spelling
            continue
        response = Client().get(url)
        assert response.status_code == 404, (url, response.status_code)
    for url in ("/", reverse("series:index"), "/calendar.ics",
                f"/clubs/{w['club'].slug}/calendar.ics", reverse("games:index")):
        response = Client().get(url)
        assert response.status_code in (200, 302), url
        _assert_hides(response.content.decode("utf-8", "replace"), url)
    # the public pages of the public tournaments carry no contact data
    for t in (w["running"], w["finished"], w["knockout"]):
        for url in (reverse("public:tournament", args=[t.pk]),
                    reverse("public:live", args=[t.pk]),
                    f"{API}/tournaments/{t.pk}/standings"):
            body = Client().get(url).content.decode()
            for contact in PlayerContact.objects.values_list("contact", flat=True):
                assert contact not in body, url
