"""Starting the browser matches of a whole round, and the players' links on the score sheets."""

import pytest
from django.urls import reverse

from games import services
from games.models import Match
from tests.printing.pdftext import pages_text
from tests.roles import grant
from tests.tournaments.helpers import make_tournament
from tournaments import services as core
from tournaments.models import Outcome, Round
from tournaments.printing.adapters import render
from tournaments.printing.score_sheets import short_link

from .helpers import open_pairings

pytestmark = pytest.mark.django_db

BASE = "https://schnapsen.example.at"


def _mixed_round():
    """14 entries (6 players with two, 2 with one) in a field of 16: byes, maybe
    self-meetings, and players who hold two pairings of the same round."""
    t = make_tournament(16, entries=[2] * 6 + [1] * 2)
    rnd = core.draw_next_round(t, seed=3)
    core.release_round(rnd)
    return t, rnd


def test_start_all_is_idempotent_and_skips_decided_pairings():
    t, rnd = _mixed_round()
    pairings = list(rnd.pairings.select_related("left", "right"))
    open_ = [p for p in pairings if p.outcome == Outcome.OPEN and p.right_id]
    assert any(p.right_id is None for p in pairings)  # byes exist
    walkover = open_[0]
    core.record_result(walkover, winner="left", walkover=True)
    done = services.start_matches_for_round(rnd)
    assert done.kept == []
    started = {m.pairing_id for m in done.started}
    refused = {p.pk for p, _reason in done.refused}
    assert started | refused == {p.pk for p in open_[1:]} and not started & refused
    assert all("playing another pairing" in reason for _p, reason in done.refused)
    # no match for byes, self-meetings, the walkover
    assert not Match.objects.filter(pairing__outcome__in=[Outcome.BYE, Outcome.SURRENDER]).exists()
    assert not Match.objects.filter(pairing=walkover).exists()
    # a player never plays two browser matches at once
    players = [
        pid for m in done.started for pid in (m.pairing.left.player_id, m.pairing.right.player_id)
    ]
    assert len(players) == len(set(players))
    # again: every running match is kept, none is added
    again = services.start_matches_for_round(rnd)
    assert {m.pk for m in again.kept} == {m.pk for m in done.started}
    assert again.started == [] and Match.objects.count() == len(done.started)


def test_start_all_needs_a_released_round():
    t = make_tournament(16, entries=[1] * 16)
    rnd = core.draw_next_round(t, seed=1)
    with pytest.raises(services.GameError, match="not released"):
        services.start_matches_for_round(rnd)
    assert Match.objects.count() == 0


def test_score_sheets_carry_both_players_links_only_for_running_matches():
    t, pairings = open_pairings()
    with_match, without = pairings[0], pairings[1]
    m = services.start_match_for_pairing(with_match)
    text = "\n".join(pages_text(render("scoresheets", t, round_number=1, base_url=BASE).content))
    for seat in (0, 1):
        url = BASE + reverse("games:play", args=[m.pk, m.token(seat)])
        head, token = short_link(url)
        assert head == f"schnapsen.example.at/games/{m.pk}/p/" and token == m.token(seat) + "/"
        assert head in text and token in text
    assert text.count(f"/games/{m.pk}/p/") == 2
    assert text.count("/games/") == 2  # the slip without a match has no link
    assert f"#{without.left.number}" in text
    # without an address (or once the match is over) there is nothing to print
    assert "/games/" not in "".join(pages_text(render("scoresheets", t, round_number=1).content))
    m.status = "finished"
    m.save()
    plain = "".join(pages_text(render("scoresheets", t, round_number=1, base_url=BASE).content))
    assert "/games/" not in plain


def test_round_start_button_and_score_sheet_download(client, django_user_model):
    staff = grant(django_user_model.objects.create_user("s", password="pw"))
    t, pairings = open_pairings()
    rnd = Round.objects.get(tournament=t, number=1)
    url = reverse("games:round_start", args=[rnd.pk])
    assert client.post(url).status_code == 302 and Match.objects.count() == 0  # login first
    client.force_login(staff)
    results = client.get(reverse("staff:results", args=[t.pk])).content.decode()
    assert url in results and 'id="start-all-matches"' in results
    assert client.get(url).status_code == 405  # a button, not a link
    r = client.post(url, follow=True)
    assert r.redirect_chain[-1][0].endswith(f"?round={rnd.number}")
    assert f"{len(pairings)} started, 0 already running" in r.content.decode()
    assert Match.objects.count() == len(pairings)
    r = client.post(url, follow=True)
    assert f"0 started, {len(pairings)} already running" in r.content.decode()
    pdf = client.get(
        reverse("staff:print", args=[t.pk, "scoresheets"]) + "?round=1", HTTP_HOST="localhost"
    ).content
    text = "\n".join(pages_text(pdf))
    for m in Match.objects.all():
        assert f"localhost/games/{m.pk}/p/" in text
        assert m.token0 + "/" in text and m.token1 + "/" in text
    # the public never gets score sheets
    client.logout()
    assert client.get(reverse("public:print", args=[t.pk, "scoresheets"])).status_code == 400


def test_print_command_puts_the_links_at_the_base_url(tmp_path):
    import io

    from tournaments.printing.cli import run

    t, pairings = open_pairings()
    m = services.start_match_for_pairing(pairings[0])
    out = tmp_path / "sheets.pdf"
    run(
        [str(t.pk), "scoresheets", "-o", str(out), "--base-url", "https://verein.example/"],
        io.StringIO(),
    )
    text = "\n".join(pages_text(out.read_bytes()))
    assert f"verein.example/games/{m.pk}/p/" in text and m.token1 + "/" in text
