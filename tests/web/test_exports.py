"""Exports of the players, entries and standings as CSV and Excel, read back."""

import csv
import io
from decimal import Decimal

import openpyxl
import pytest

from tournaments import services

from .conftest import make_tournament


def _csv(response):
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.content.decode("utf-8"))))


def _xlsx(response):
    assert response.status_code == 200
    assert response["Content-Type"].startswith(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    assert response["Content-Disposition"].startswith("attachment; filename=")
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    return [list(row) for row in book.active.iter_rows(values_only=True)]


@pytest.fixture
def sold(db):
    tournament = make_tournament(16, [2, 1, 1, 3, 1, 1], entry_fee=Decimal("10.50"))
    entries = list(tournament.entries.order_by("number"))
    services.set_paid(entries[1], False)
    services.cancel_entry(entries[2])
    return tournament


def test_entries_export_with_payment_and_takings(staff_client, sold):
    url = f"/staff/t/{sold.pk}/entries/"
    page = staff_client.get(url)
    assert b"?export=csv" in page.content and b"?export=xlsx" in page.content
    rows = _csv(staff_client.get(url, {"export": "csv"}))
    assert rows[0] == ["Nr.", "Spieler", "Ort oder Verein", "bezahlt", "Status", "Betrag bezahlt"]
    body = rows[1:-1]
    assert [r[0] for r in body] == [str(n) for n in range(1, 10)]  # every entry, in order
    assert body[0][1:4] == ["Spieler 001", "Krems", "ja"]
    assert body[1][3:] == ["nein", "gültig", "0"]  # not paid
    assert body[2][3:] == ["nein", "storniert", "0"]  # cancelled
    assert body[3][5] == "10.50"
    assert rows[-1][1] == "Einnahmen" and rows[-1][3] == "7" and rows[-1][5] == "73.50"

    sheet = _xlsx(staff_client.get(url, {"export": "xlsx"}))
    assert sheet[0][0] == "Nr." and len(sheet) == 11
    assert sheet[-1][1] == "Einnahmen" and float(sheet[-1][5]) == pytest.approx(73.5)
    # the search narrows the export like the page
    found = _csv(staff_client.get(url, {"export": "csv", "q": "Spieler 004"}))
    assert {r[1] for r in found[1:-1]} == {"Spieler 004"} and len(found) == 5


def test_players_export(staff_client, sold):
    rows = _csv(staff_client.get("/staff/players/", {"export": "csv"}))
    assert rows[0][:3] == ["Name", "Ort oder Verein", "Kontakt"]
    assert len(rows) == 7 and rows[1][0] == "Spieler 001"
    sheet = _xlsx(staff_client.get("/staff/players/", {"export": "xlsx", "q": "002"}))
    assert [r[0] for r in sheet[1:]] == ["Spieler 002"]


def test_standings_export_names_places_and_prizes(staff_client, db):
    import random

    from tests.tournaments.helpers import run_to_end

    tournament = make_tournament(16, [1] * 16)
    services.set_prizes(tournament, [("Gans", Decimal("100")), ("Wein", None)])
    run_to_end(tournament, random.Random(3))
    rows = _csv(staff_client.get(f"/staff/t/{tournament.pk}/standings/", {"export": "csv"}))
    assert rows[0] == [
        "Platz",
        "Spieler",
        "Ort oder Verein",
        "Teilnahmekarten gekauft",
        "Teilnahmekarten im Spiel",
        "Preise",
    ]
    assert [r[0] for r in rows[1:9]] == [str(p) for p in range(1, 9)]
    assert rows[1][5] == "Preis 1: Gans, €\u00a0100,00" and rows[2][5] == "Preis 2: Wein"
    sheet = _xlsx(staff_client.get(f"/staff/t/{tournament.pk}/standings/", {"export": "xlsx"}))
    assert len(sheet) == 17 and sheet[1][0] == 1


def test_unknown_export_format_shows_the_page(staff_client, sold):
    response = staff_client.get(f"/staff/t/{sold.pk}/entries/", {"export": "pdf"})
    assert response.status_code == 200 and response["Content-Type"].startswith("text/html")


def test_exports_need_a_login(client, sold):
    response = client.get(f"/staff/t/{sold.pk}/entries/", {"export": "csv"})
    assert response.status_code in (302, 403)
