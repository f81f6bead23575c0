"""The download views and ``manage.py tournament print``."""

import io

import pytest
import zxingcpp
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.urls import reverse

from tests.roles import grant
from tournaments import services
from tournaments.printing.cli import run

from .pdftext import page_count, page_text, pages_text, render

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client, db):
    from clubs.services import club_for_name

    user = grant(get_user_model().objects.create_user("druck", password="pw-druck-1"))
    grant(user, club=club_for_name("Schnapsclub Ötztal"))  # small_tournament's club
    client.force_login(user)
    return client


def staff_url(t, document, **query):
    url = reverse("staff:print", args=[t.pk, document])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def public_url(t, document, **query):
    url = reverse("public:print", args=[t.pk, document])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def test_staff_downloads_every_document(staff_client, small_tournament):
    t = small_tournament
    for document in ("draw", "scoresheets", "entries", "results"):
        response = staff_client.get(staff_url(t, document))
        assert response.status_code == 200, document
        assert response["Content-Type"] == "application/pdf"
        assert f"-{document}" in response["Content-Disposition"]
        assert "Preisschnapsen Größenwörth" in page_text(response.content, 0)
    # German by default; English with the language cookie
    assert "Auslosung: Runde 1" in page_text(staff_client.get(staff_url(t, "draw")).content, 0)
    staff_client.cookies["django_language"] = "en"
    assert "Draw: Round 1" in page_text(staff_client.get(staff_url(t, "draw")).content, 0)


def test_entry_cards_qr_code_points_at_the_public_page(staff_client, small_tournament):
    """Each card's QR code is the public page with the card's number (``?karte=N``): it
    opens the page on a phone and names the entry at the desk's check-in scan."""
    response = staff_client.get(staff_url(small_tournament, "entries"))
    assert response.status_code == 200
    expected = "http://testserver" + reverse("public:tournament", args=[small_tournament.pk])
    read = sorted(r.text for r in zxingcpp.read_barcodes(render(response.content, 0, dpi=200)))
    numbers = sorted(
        small_tournament.entries.filter(cancelled_at__isnull=True).values_list("number", flat=True)
    )[:10]
    assert read == sorted(f"{expected}?karte={n}" for n in numbers)


def test_staff_pages_need_a_staff_login(client, small_tournament):
    response = client.get(staff_url(small_tournament, "draw"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_staff_errors_are_clear(staff_client, small_tournament):
    t = small_tournament
    assert staff_client.get(staff_url(t, "draw", round=9)).status_code == 404
    assert staff_client.get(reverse("staff:print", args=[99999, "draw"])).status_code == 404
    bad = staff_client.get(staff_url(t, "draw", round="zwei"))
    assert bad.status_code == 400
    assert "Die Runde muss eine ganze Zahl ab 1 sein, nicht zwei." in bad.content.decode()
    unknown = staff_client.get(staff_url(t, "poster"))
    assert unknown.status_code == 400 and "poster" in unknown.content.decode()


def test_public_draw_only_for_released_rounds_of_public_tournaments(client, small_tournament):
    t = small_tournament
    response = client.get(public_url(t, "draw"))
    assert response.status_code == 200
    assert "Runde 1" in page_text(response.content, 0)
    assert client.get(public_url(t, "results")).status_code == 200
    # the next round is a draft: not public, and the default stays on round 1
    for p in t.rounds.get().pairings.filter(outcome=""):
        services.record_result(p, winner="left", score=(2, 0))
    services.draw_next_round(t, seed=3)
    assert client.get(public_url(t, "draw", round=2)).status_code == 404
    assert "Runde 1" in page_text(client.get(public_url(t, "draw")).content, 0)
    # score sheets and entry cards are for the staff only
    assert client.get(public_url(t, "scoresheets")).status_code == 400
    assert client.get(public_url(t, "entries")).status_code == 400
    assert client.get(public_url(t, "draw", round="-1")).status_code == 400
    t.is_public = False
    t.save()
    assert client.get(public_url(t, "draw")).status_code == 404
    assert client.get(public_url(t, "results")).status_code == 404


def test_cli_writes_each_document(small_tournament, tmp_path):
    t = small_tournament
    out = io.StringIO()
    target = tmp_path / "draw.pdf"
    run([str(t.pk), "draw", "--round", "1", "--output", str(target), "--language", "en"], out)
    assert "Wrote" in out.getvalue()
    assert "Draw: Round 1" in page_text(target.read_bytes(), 0)
    run([t.name, "scoresheets", "-o", str(tmp_path)], out)  # a folder: the default name in it
    (sheets,) = tmp_path.glob("*-scoresheets-round-1.pdf")
    first = pages_text(sheets.read_bytes())[0]
    assert "Runde 1 · auf 2 Bummerl" in first and "Unterschrift links" in first
    run(
        [str(t.pk), "entries", "-o", str(tmp_path / "e.pdf"), "--base-url", "https://c.example"],
        out,
    )
    assert page_count((tmp_path / "e.pdf").read_bytes()) == 2
    call_command("tournament", "print", str(t.pk), "results", "-o", str(tmp_path / "r.pdf"))
    assert "Ergebnisliste" in page_text((tmp_path / "r.pdf").read_bytes(), 0)


@pytest.mark.parametrize(
    "argv,message",
    [
        (["999999", "draw"], "There is no tournament with id 999999."),
        (["Gibt es nicht", "draw"], "There is no tournament named 'Gibt es nicht'"),
        (["{pk}", "poster"], "invalid choice: 'poster'"),
        (["{pk}", "draw", "--round", "x"], "--round: not a whole number: 'x'"),
        (["{pk}", "draw", "--round", "7"], "hat keine Runde 7"),
        (["{pk}", "entries", "--round", "1"], "--round applies to draw and scoresheets"),
        (["{pk}", "draw", "--language", "fr"], "invalid choice: 'fr'"),
        (
            ["{pk}", "draw", "-o", "/nonexistent/folder/x.pdf"],
            "Cannot write /nonexistent/folder/x.pdf",
        ),
        ([], "the following arguments are required"),
    ],
)
def test_cli_bad_input_gives_one_clear_line(small_tournament, argv, message):
    argv = [a.format(pk=small_tournament.pk) for a in argv]
    with pytest.raises(CommandError) as error:
        run(argv, io.StringIO())
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_cli_writes_the_pdf_to_standard_output(small_tournament):
    raw = io.BytesIO()
    stdout = io.TextIOWrapper(raw, encoding="utf-8")
    run([str(small_tournament.pk), "draw", "--output", "-", "--language", "en"], stdout)
    assert raw.getvalue().startswith(b"%PDF-")
    assert "Draw: Round 1" in page_text(raw.getvalue(), 0)
