"""The player import with files as Excel writes them in Austria: semicolons, ragged rows
(trailing empty cells left out), a ``sep=;`` line; every bad row named by its line."""

import pytest
from django.urls import reverse

from tests.web.test_players import upload
from tournaments import player_csv
from tournaments.models import Player
from tournaments.once import new_token

RAGGED = "Name;Ort;Kontakt\nSusi Kurz\nFranz Huber;Krems;0664 123\nResi Berger;Melk\n"


def test_a_ragged_semicolon_file_is_read_with_its_semicolons():
    parsed = player_csv.parse_players(RAGGED)
    assert parsed.problems == []
    assert [(r.line, r.name, r.town, r.contact) for r in parsed.rows] == [
        (2, "Susi Kurz", "", ""),
        (3, "Franz Huber", "Krems", "0664 123"),
        (4, "Resi Berger", "Melk", ""),
    ]


@pytest.mark.parametrize(
    "text, delimiter",
    [
        ("Name,Ort\nSusi Kurz\nAnna Berg,Wien\n", ","),
        ("Name\tOrt\nSusi Kurz\nAnna Berg\tWien\n", "\t"),
        ('"Name;Vorname",Ort\n"Kurz; Susi",Wien\n', ","),  # a ; inside quotes is text
        ("sep=;\nName;Ort\nSusi Kurz;Wien\n", ";"),
        ("\n\nName;Ort\nSusi Kurz;Wien\n", ";"),
    ],
)
def test_the_delimiter_comes_from_the_header(text, delimiter):
    parsed = player_csv.parse_players(text.replace('"Name;Vorname"', "Name"))
    assert parsed.problems == [], parsed.problems
    assert parsed.rows and parsed.rows[0].name in ("Susi Kurz", "Kurz; Susi")
    assert player_csv._delimiter(text)[0] == delimiter


def test_a_bad_row_is_named_by_its_line(staff_client):
    text = "Name;Ort;Kontakt\nSusi Kurz\n;Krems\nAnna;Wien;1;zu viel\nSusi Kurz\n"
    parsed = player_csv.parse_players(text)
    assert [(p.line, p.code) for p in parsed.problems] == [
        (3, "no_name"),
        (4, "too_many_cells"),
        (5, "duplicate_row"),
    ]
    response = upload(staff_client, text, encoding="cp1252")
    assert response.status_code == 400 and not response.context["clean"]
    assert [p.split(":")[0] for p in response.context["problems"]] == [
        "Zeile 3",
        "Zeile 4",
        "Zeile 5",
    ]
    assert not Player.objects.exists()


def test_the_ragged_excel_file_imports_through_the_page(staff_client):
    response = upload(staff_client, RAGGED, encoding="cp1252")
    assert response.status_code == 200 and response.context["clean"], response.context.get(
        "problems"
    )
    content = response.context["confirm"].initial["content"]
    response = staff_client.post(
        reverse("staff:player_import"), {"content": content, "once": new_token()}
    )
    assert response.status_code == 302
    assert sorted(Player.objects.values_list("name", "town")) == [
        ("Franz Huber", "Krems"),
        ("Resi Berger", "Melk"),
        ("Susi Kurz", ""),
    ]
