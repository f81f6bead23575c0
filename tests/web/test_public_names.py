"""A player left out of public pages at his request (issue 31, ``Player.name_public``):
every public surface shows his place, his entry and his results under the placeholder,
and neither his name nor his town; the staff pages of his club name him.

Every public address of a finished, a running, a Danish and a team tournament, of a
season series and of browser matches and tables is fetched (HTML, JSON, the PDFs read
back), and ``manage.py player hide`` reaches the cached pages at once.
"""

from __future__ import annotations

import io
import json
import random

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games import services as games
from series import services as series_services
from tests.printing.pdftext import pages_text
from tests.tournaments.helpers import make_tournament, play_open, run_to_end
from tournaments import services
from tournaments.models import Outcome, Player
from tournaments.standings import compute_standings

pytestmark = pytest.mark.django_db

NAME, TOWN = "Zenzi Geheim", "Geheimdorf"
SHOWN = "(name not published)"


@pytest.fixture(autouse=True)
def _language_left_as_found():
    """``call_command`` and the requests leave a language active in the thread (English,
    or none at all): the tests after these expect the site's default."""
    yield
    translation.deactivate()


def visitor() -> Client:
    return Client(headers={"accept-language": "en"})


def hide(player: Player) -> Player:
    """Renamed to a name found nowhere else, and left out of public pages."""
    Player.objects.filter(pk=player.pk).update(name=NAME, town=TOWN, name_public=False)
    player.refresh_from_db()
    return player


def text_of(response) -> str:
    assert response.status_code == 200, (response.status_code, response.get("Location"))
    kind = response["Content-Type"]
    body = b"".join(response.streaming_content) if response.streaming else response.content
    if kind.startswith("application/pdf"):
        return "\n".join(pages_text(body))
    return body.decode()


def assert_left_out(url: str, client: Client | None = None, *, shown: bool = True) -> str:
    """The page at ``url`` names him nowhere; ``shown``: his place is there under the
    placeholder."""
    text = text_of((client or visitor()).get(url))
    assert NAME not in text and TOWN not in text, url
    if shown:
        # a PDF's text may break a line inside the placeholder
        assert SHOWN in text or SHOWN in " ".join(text.split()), url
    return text


def tournament_urls(t) -> list[str]:
    urls = [
        reverse("public:tournament", args=[t.pk]),
        reverse("public:projector", args=[t.pk]),
        reverse("embed:widget", args=[t.pk]),
        reverse("public:print", args=[t.pk, "results"]),
        reverse("api:standings", args=[t.pk]),
    ]
    return urls


def live_urls(t) -> list[str]:
    base = reverse("public:live", args=[t.pk])
    return [f"{base}?view={view}" for view in ("page", "projector", "embed")]


def the_winner(t) -> Player:
    return Player.objects.get(pk=compute_standings(t).prizes[0].player.pk)


def test_a_finished_tournament_shows_his_places_and_prizes_without_his_name(staff_client):
    t = run_to_end(
        make_tournament(16, entries=[1] * 16, prizes=[("Gansl", 50)] * 8), random.Random(3)
    )
    winner = hide(the_winner(t))
    number = t.entries.get(player=winner).number
    for url in [*tournament_urls(t), *live_urls(t)]:
        text = assert_left_out(url)
        if "standings" in url and "api" in url:
            line = next(x for x in json.loads(text)["lines"] if x["entry"] == number)
            assert line["place"] == 1 and line["player"] == SHOWN and line["town"] == ""
    page = assert_left_out(reverse("public:tournament", args=[t.pk]))
    assert f"{SHOWN}</strong> (#{number})" in page  # the first prize: his, without name
    prizes = json.loads(assert_left_out(reverse("api:prizes", args=[t.pk])))
    assert prizes[0]["entry"] == number and prizes[0]["player"] == SHOWN
    projector = assert_left_out(reverse("public:projector", args=[t.pk]))
    assert f'<span class="ceremony-name">{SHOWN}</span>' in projector
    # the draw sheets of every released round, the API's rounds and pairings
    for rnd in t.rounds.all():
        assert_left_out(
            reverse("public:print", args=[t.pk, "draw"]) + f"?round={rnd.number}", shown=False
        )
        assert_left_out(reverse("api:round", args=[t.pk, rnd.number]), shown=False)
    final = t.rounds.order_by("number").last()
    assert_left_out(reverse("public:print", args=[t.pk, "draw"]) + f"?round={final.number}")
    # the staff of his club see him by name
    staff = staff_client.get(reverse("staff:standings", args=[t.pk])).content.decode()
    assert NAME in staff
    staff_pdf = "\n".join(
        pages_text(staff_client.get(reverse("staff:print", args=[t.pk, "results"])).content)
    )
    assert NAME in " ".join(staff_pdf.split())


def test_a_running_tournament_draw_live_sections_and_the_api(staff_client):
    t = make_tournament(16, entries=[1] * 16)
    rnd = services.release_round(services.draw_next_round(t, seed=7))
    pairing = rnd.pairings.exclude(right=None).order_by("number").first()
    player = hide(pairing.left.player)
    number = pairing.left.number
    for url in [*tournament_urls(t), *live_urls(t)]:
        assert_left_out(url)
    page = assert_left_out(reverse("public:tournament", args=[t.pk]))
    assert f"#{number} {SHOWN}" in page  # his line of the draw: entry and placeholder
    # the list by player has no line for a name not published
    assert f"<strong>{SHOWN}</strong>" not in page
    draw = assert_left_out(reverse("public:print", args=[t.pk, "draw"]))
    assert f"#{number}" in draw or str(number) in draw
    matches = json.loads(assert_left_out(reverse("api:round", args=[t.pk, 1])))["matches"]
    left = next(m["left"] for m in matches if m["number"] == pairing.number)
    assert left == {"number": number, "player": SHOWN, "town": ""}
    # the staff's pages name him
    for name in ("results", "entries"):
        assert NAME in staff_client.get(reverse(f"staff:{name}", args=[t.pk])).content.decode()
    assert player.name == NAME


def test_hiding_reaches_the_cached_pages_at_once():
    t = make_tournament(16, entries=[1] * 16)
    services.release_round(services.draw_next_round(t, seed=7))
    player = t.entries.order_by("number").first().player
    Player.objects.filter(pk=player.pk).update(name=NAME, town=TOWN)
    urls = [
        reverse("public:tournament", args=[t.pk]),
        reverse("public:projector", args=[t.pk]),
        reverse("embed:widget", args=[t.pk]),
        *live_urls(t),
    ]
    client = visitor()
    for url in urls:  # cached with his name
        assert NAME in text_of(client.get(url))
    version = client.get(live_urls(t)[0]).json()["version"]
    call_command("player", "hide", str(player.pk), stdout=io.StringIO())
    for url in urls:
        assert_left_out(url, client)
    after = client.get(f"{live_urls(t)[0]}&since={version}").json()
    assert after["changed"] is True and NAME not in json.dumps(after)
    call_command("player", "show", str(player.pk), stdout=io.StringIO())
    assert NAME in text_of(client.get(urls[0]))


def test_a_team_tournament_names_the_partner_shown_and_not_him(staff_client):
    t = make_tournament(16, entries=[1] * 10, game="bauernschnapsen")
    rnd = services.release_round(services.draw_next_round(t, seed=4))
    pairing = rnd.pairings.filter(outcome=Outcome.OPEN).exclude(right=None).first()
    team = pairing.left.team
    hide(team.second)
    partner = team.first.name
    for url in [*tournament_urls(t), *live_urls(t), reverse("api:round", args=[t.pk, 1])]:
        assert_left_out(url)
    page = assert_left_out(reverse("public:tournament", args=[t.pk]))
    assert f"{partner} / {SHOWN}" in page
    # the draw by player still finds the team under his partner's name
    assert f"<strong>{partner}</strong>" in page
    # the table of four of his team's pairing: the spectators' page and its state
    assert pairing is not None
    table = games.start_match_for_pairing(pairing)
    assert table.is_table
    for url in (
        reverse("games:watch", args=[table.pk]),
        reverse("games:watch_state", args=[table.pk]),
        reverse("games:index"),
    ):
        # the page itself carries the state as JSON: the placeholder escaped there
        assert_left_out(url, shown=url != reverse("games:watch", args=[table.pk]))
    staff = staff_client.get(reverse("games:pairing", args=[pairing.pk])).content.decode()
    assert NAME in staff
    # played to the end: prizes, standings and the PDF
    play_open(rnd, random.Random(5), bummerl=t.match_bummerl)
    run_to_end(t, random.Random(5))
    for url in [*tournament_urls(t), *live_urls(t)]:
        # the projector's ceremony names the prize winners only: his team may not be one
        assert_left_out(url, shown="projector" not in url)
    assert_left_out(reverse("api:prizes", args=[t.pk]), shown=False)
    assert NAME in staff_client.get(reverse("staff:standings", args=[t.pk])).content.decode()


def test_the_danish_standings_leave_him_out(staff_client):
    t = services.create_tournament(
        name="Dänisches", date="2026-12-05", field_size=32, format="danish", danish_rounds=2,
        prizes=[("Gansl", 40)], seed=21,
    )  # fmt: skip
    for i in range(7):
        player = services.find_or_register_player(f"Spielerin {i + 1:02d}", town="Krems")
        services.sell_entries(t, player, 1, paid=True)
    hide(t.entries.order_by("number").first().player)
    rng = random.Random(2)
    while services.tournament_phase(t) != "finished":
        play_open(services.draw_next_round(t, seed=rng.randrange(2**30)), rng)
    for url in [*tournament_urls(t), *live_urls(t), reverse("api:prizes", args=[t.pk])]:
        assert_left_out(url)
    assert NAME in staff_client.get(reverse("staff:standings", args=[t.pk])).content.decode()


def test_a_browser_match_names_him_on_his_own_link_only():
    t = make_tournament(16, entries=[1] * 16)
    rnd = services.release_round(services.draw_next_round(t, seed=7))
    pairing = rnd.pairings.exclude(right=None).order_by("number").first()
    hide(pairing.left.player)
    match = games.start_match_for_pairing(pairing)
    for url in (
        reverse("games:watch", args=[match.pk]),
        reverse("games:watch_state", args=[match.pk]),
        reverse("games:index"),
    ):
        assert_left_out(url)
    opponent = visitor().get(reverse("games:state", args=[match.pk, match.token1])).json()
    assert NAME not in json.dumps(opponent) and SHOWN in opponent["match"]["names"][0]
    own = visitor().get(reverse("games:state", args=[match.pk, match.token0])).json()
    assert NAME in own["match"]["names"][0]
    assert NAME in text_of(visitor().get(reverse("games:play", args=[match.pk, match.token0])))
    # over: the replay, its analysis and the record name him nowhere
    from tests.games.helpers import play_random

    play_random(match, random.Random(1))
    for url in (
        reverse("games:replay", args=[match.pk]),
        reverse("games:watch", args=[match.pk]),
        reverse("games:record_json", args=[match.pk]),
        reverse("games:analysis", args=[match.pk, 1]),  # the solver's notes name the seats
    ):
        assert_left_out(url, shown="record" not in url)


def test_a_series_ranks_him_without_his_name():
    from clubs import services as clubs

    club = clubs.create_club("Verein A")
    tournaments = [
        run_to_end(
            make_tournament(16, entries=[1] * 16, name=f"T{i}", club=club, seed=i), random.Random(i)
        )
        for i in (1, 2)
    ]
    cup = series_services.create_series(
        "Cup", season="2026", club=club, points=(10, 8, 6, 5, 4, 3, 2, 1), rest_points=1
    )
    for t in tournaments:
        series_services.add_tournament(cup, t)
    winner = hide(the_winner(tournaments[0]))
    for url in (
        reverse("series:detail", args=[cup.pk]),
        reverse("series:pdf", args=[cup.pk]),
        reverse("api:series_detail", args=[cup.pk]),
    ):
        text = assert_left_out(url)
        if "api" in url:
            line = next(x for x in json.loads(text)["lines"] if x["player"] == SHOWN)
            assert line["points"] >= 10 and line["town"] == ""
    standings = series_services.compute_series_standings(cup)
    assert any(r.player.pk == winner.pk and r.player.name == NAME for r in standings.rows)


def test_a_partner_hidden_in_the_admin_reaches_the_cached_team_pages():
    """A save outside the register's service (the admin): the live version of every
    tournament he plays in changes, as his team's second player too."""
    t = make_tournament(16, entries=[1] * 10, game="bauernschnapsen")
    services.release_round(services.draw_next_round(t, seed=4))
    partner = t.teams.order_by("pk").first().second
    Player.objects.filter(pk=partner.pk).update(name=NAME, town=TOWN)
    url = reverse("public:tournament", args=[t.pk])
    client = visitor()
    assert NAME in text_of(client.get(url))  # cached with his name
    partner.refresh_from_db()
    partner.name_public = False
    partner.save()
    assert_left_out(url, client)


def test_his_category_prize_is_shown_without_his_name():
    t = make_tournament(16, entries=[1] * 16)
    damen = services.add_category(t, "Damen", [("Blumenstrauß", None), ("", 10)])
    for e in t.entries.order_by("number"):
        services.set_entry_categories(e, [damen])
    run_to_end(t, random.Random(5))
    prize = compute_standings(t).categories[0].prizes[0]
    hide(Player.objects.get(pk=prize.player.pk))
    page = assert_left_out(reverse("public:tournament", args=[t.pk]))
    assert f"{SHOWN}</strong> (#{prize.entry.number})" in page
    for url in (
        reverse("public:print", args=[t.pk, "results"]),
        reverse("api:prizes", args=[t.pk]),
        *live_urls(t),
    ):
        # the projector's ceremony is of the eight prizes only
        assert_left_out(url, shown="projector" not in url)


def test_the_one_prize_rule_says_why_a_prize_went_down_without_his_name():
    """He holds four entries and wins every match: the reason the 2nd prize went further
    down names him by the placeholder on public surfaces, by name for the staff."""
    t = make_tournament(16, entries=[4] + [1] * 12, one_prize_per_player=True)
    star = t.entries.get(number=1).player
    while services.tournament_phase(t) != "finished":
        rnd = services.release_round(services.draw_next_round(t, seed=5))
        for p in rnd.pairings.filter(outcome="").select_related("right"):
            winner = "right" if p.right.player_id == star.pk else "left"
            services.record_result(p, winner=winner, score=(2, 1))
    hide(star)
    with translation.override("en"):
        public = compute_standings(t, public=True).prizes[1].reason
        staff = compute_standings(t).prizes[1].reason
    assert f"because {SHOWN} already has prize 1" in public and NAME not in public
    assert NAME in staff
    prizes = json.loads(assert_left_out(reverse("api:prizes", args=[t.pk])))
    assert SHOWN in prizes[1]["reason"]
    assert_left_out(reverse("public:print", args=[t.pk, "results"]))
    assert_left_out(reverse("public:tournament", args=[t.pk]))
