"""A Danish tournament on the staff pages, the public page, the projector and in print
(the PDFs read back with pypdf)."""

from __future__ import annotations

import datetime
import random

import pytest
from django.urls import reverse

from tests.printing.pdftext import pages_text
from tournaments import services
from tournaments.models import Entry, Outcome

pytestmark = pytest.mark.django_db


def _danish(players=7, rounds=3):
    t = services.create_tournament(
        name="Dänisches Preisschnapsen",
        date=datetime.date(2026, 12, 5),
        field_size=32,
        format="danish",
        danish_rounds=rounds,
        prizes=[("Gansl", 40)],
        seed=21,
    )
    for i in range(players):
        player = services.find_or_register_player(f"Spielerin {i + 1:02d}", town="Krems")
        services.sell_entries(t, player, 1, paid=True)
    return t


def _play(t, rnd, rng):
    if rnd.status == "draft":
        rnd = services.release_round(rnd)
    for p in rnd.pairings.filter(outcome=Outcome.OPEN):
        services.record_result(p, winner=rng.choice(["left", "right"]), score=(2, rng.randrange(2)))
    return rnd


def test_the_staff_pages_pair_rounds_and_show_the_protocol(staff_client):
    staff_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    t = _danish()
    dashboard = staff_client.get(reverse("staff:dashboard", args=[t.pk])).content.decode()
    assert "Pair round 1" in dashboard and "Danish system, 3 rounds" in dashboard
    draw = staff_client.get(reverse("staff:draw", args=[t.pk])).content.decode()
    assert "Pair round 1 by the standings" in draw and "transcribe" not in draw
    response = staff_client.post(reverse("staff:draw", args=[t.pk]), {"seed": "5"})
    assert response.status_code == 302
    page = staff_client.get(reverse("staff:round", args=[t.pk, 1])).content.decode()
    assert "Pairing by the Danish system" in page and "Order of the lot" in page
    assert "Table 1:" in page and "Bye" in page
    staff_client.post(reverse("staff:round_release", args=[t.pk, 1]))
    results = staff_client.get(reverse("staff:results", args=[t.pk])).content.decode()
    assert 'class="result-form"' in results
    rng = random.Random(1)
    _play(t, t.rounds.get(number=1), rng)
    # a player leaves for a round: marked absent on the staff page, and back later
    entry = Entry.objects.get(tournament=t, number=2)
    staff_client.post(reverse("staff:absence", args=[t.pk]), {"entry": entry.pk, "absent": "1"})
    entry.refresh_from_db()
    assert entry.absent
    absence = staff_client.get(reverse("staff:absence", args=[t.pk])).content.decode()
    assert "1 player absent" in absence
    staff_client.post(reverse("staff:draw", args=[t.pk]), {"seed": "6"})
    page = staff_client.get(reverse("staff:round", args=[t.pk, 2])).content.decode()
    assert "Order of the standings" in page and "Absent" in page and "#2 Spielerin 02" in page
    standings = staff_client.get(reverse("staff:standings", args=[t.pk])).content.decode()
    assert 'class="standings danish"' in standings and "Buchholz" in standings
    export = staff_client.get(reverse("staff:standings", args=[t.pk]) + "?export=csv")
    text = export.content.decode("utf-8-sig")
    assert "Match points" in text.splitlines()[0] and "Spielerin" in text
    audit = staff_client.get(reverse("staff:audit", args=[t.pk])).content.decode()
    assert "player marked absent" in audit


def test_the_public_page_projector_and_documents(staff_client):
    from django.test import Client

    client = Client(headers={"accept-language": "en"})
    t = _danish(players=9, rounds=2)
    rng = random.Random(2)
    for seed in (1, 2):
        _play(t, services.draw_next_round(t, seed=seed), rng)
    assert services.tournament_phase(t) == "finished"
    page = client.get(reverse("public:tournament", args=[t.pk]), headers={"accept-encoding": ""})
    html = page.content.decode()
    assert 'class="standings danish"' in html and "Gansl" in html
    assert "Prize stage" not in html  # no bracket in the Danish system
    projector = client.get(reverse("public:projector", args=[t.pk]), headers={"accept-encoding": ""})
    assert projector.status_code == 200 and "Round 2" in projector.content.decode()
    draw = staff_client.get(reverse("staff:print", args=[t.pk, "draw"]) + "?round=2")
    text = "\n".join(pages_text(draw.content))
    assert "Runde 2" in text and "Tisch" in text and "FREILOS" in text  # German, the default
    sheets = staff_client.get(reverse("staff:print", args=[t.pk, "scoresheets"]) + "?round=2")
    slips = "\n".join(pages_text(sheets.content))
    assert "Tisch 4" in slips and "Spielerin 09" in slips  # four matches, the bye has no slip
    results = client.get(reverse("public:print", args=[t.pk, "results"]))
    pages = pages_text(results.content)
    whole = "\n".join(pages)
    assert "Final results" in whole and "Prize stage" not in whole
    assert "Pts" in whole and "GP" in whole and "BH" in whole
    first = services.next_step(t)
    assert first.code == "finished"
    from tournaments.standings import compute_standings

    best = compute_standings(t).entries[0]
    assert best.player.name in pages[0]  # the 1st prize's winner
    standings_page = next(p for p in pages if "Standings" in p and "Pts" in p)
    assert f"{best.danish.match_points}" in standings_page
