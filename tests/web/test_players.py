import io

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tournaments import player_csv
from tournaments.models import Player
from tournaments.once import new_token

pytestmark = pytest.mark.django_db


def upload(client, text: str, name="players.csv", encoding="utf-8"):
    data = io.BytesIO(text.encode(encoding))
    data.name = name
    return client.post(reverse("staff:player_import"), {"file": data})


def test_pages_need_a_staff_login(client, django_user_model):
    response = client.get(reverse("staff:players"))
    assert response.status_code == 302
    assert reverse("login") in response["Location"]
    user = django_user_model.objects.create_user("guest", password="pw-guest-1")
    client.force_login(user)  # signed in, but of no club's staff
    assert client.get(reverse("staff:players")).status_code == 403


def test_search_as_you_type_returns_matching_players(staff_client):
    Player.objects.create(name="Jürgen Größinger", town="Krems")
    Player.objects.create(name="Anna Huber", town="Melk")
    data = staff_client.get(reverse("staff:player_search"), {"q": "größ"}).json()
    assert [p["name"] for p in data["players"]] == ["Jürgen Größinger"]
    data = staff_client.get(reverse("staff:player_search"), {"q": "melk"}).json()
    assert [p["label"] for p in data["players"]] == ["Anna Huber (Melk)"]
    partial = staff_client.get(reverse("staff:players"), {"q": "Anna", "partial": "1"})
    assert "Anna Huber" in partial.content.decode() and "Größinger" not in partial.content.decode()
    assert "<html" not in partial.content.decode()


def test_add_and_edit_a_player(staff_client):
    response = staff_client.post(
        reverse("staff:player_add"),
        {"name": "  Rosa   Eder ", "town": "Tulln", "once": new_token()},
    )
    assert response.status_code == 302
    player = Player.objects.get()
    assert player.name == "Rosa Eder"
    staff_client.post(
        reverse("staff:player_edit", args=[player.pk]), {"name": "Rosa Eder", "town": "Wien"}
    )
    player.refresh_from_db()
    assert player.town == "Wien"


def test_a_player_without_a_name_is_refused(staff_client):
    response = staff_client.post(
        reverse("staff:player_add"), {"name": "   ", "town": "Tulln", "once": new_token()}
    )
    assert response.status_code == 200
    assert "errorlist" in response.content.decode()
    assert not Player.objects.exists()


def test_missing_player_is_404(staff_client):
    assert staff_client.get(reverse("staff:player_edit", args=[999])).status_code == 404


def test_csv_import_previews_then_imports(staff_client):
    Player.objects.create(name="Anna Huber", town="Melk")
    text = "Name;Ort/Verein;Kontakt\nJürgen Größinger;Krems;0664 123\nAnna Huber;Melk;\nMaria Weber;;\n"
    response = upload(staff_client, text)
    body = response.content.decode()
    assert response.status_code == 200
    assert "Jürgen Größinger" in body and "confirm-import" in body
    assert Player.objects.count() == 1  # nothing imported by the preview
    content = response.context["confirm"].initial["content"]
    response = staff_client.post(
        reverse("staff:player_import"), {"content": content, "once": new_token()}
    )
    assert response.status_code == 302
    assert sorted(Player.objects.values_list("name", flat=True)) == [
        "Anna Huber",
        "Jürgen Größinger",
        "Maria Weber",
    ]
    assert [c.contact for c in Player.objects.get(name="Jürgen Größinger").contacts.all()] == [
        "0664 123"
    ]


def test_csv_with_bad_rows_names_each_line_and_imports_nothing(staff_client):
    text = "Name,Ort\nAnna,Melk\n,Krems\nAnna,Melk\nBert,Wien,extra\n" + "X" * 201 + ",Wien\n"
    response = upload(staff_client, text)
    body = response.content.decode()
    assert response.status_code == 400
    problems = response.context["problems"]
    assert any(p.startswith(("Zeile 3", "Line 3")) for p in problems)
    assert any(p.startswith(("Zeile 4", "Line 4")) for p in problems)
    assert any(p.startswith(("Zeile 5", "Line 5")) for p in problems)
    assert any(p.startswith(("Zeile 6", "Line 6")) for p in problems)
    assert "confirm-import" not in body
    assert not Player.objects.exists()


def test_a_tampered_confirmation_with_bad_rows_imports_nothing(staff_client):
    response = staff_client.post(
        reverse("staff:player_import"), {"content": "Name,Ort\nAnna,Wien\n,Krems\n"}
    )
    assert response.status_code == 400
    assert not Player.objects.exists()
    response = staff_client.post(
        reverse("staff:player_import"), {"content": "Nom;Town\nAnna;Wien\n"}
    )
    assert response.status_code == 400
    assert not Player.objects.exists()


def test_windows_1252_file_is_read(staff_client):
    response = upload(staff_client, "Name;Ort\nGünther Größ;Tulln\n", encoding="cp1252")
    assert response.status_code == 200
    assert response.context["clean"]
    assert response.context["rows"][0]["row"].name == "Günther Größ"


def test_parser_reports_missing_name_column():
    parsed = player_csv.parse_players("Ort;Kontakt\nWien;1\n")
    assert not parsed.clean
    assert [p.code for p in parsed.problems] == ["no_name_column"]


@given(
    st.lists(
        st.tuples(
            st.text(alphabet="abcdeäöüß ", min_size=1, max_size=12),
            st.text(alphabet="xyzÖ ", max_size=8),
        ),
        min_size=1,
        max_size=20,
    )
)
def test_parser_accepts_exactly_the_good_rows(rows):
    text = "Name;Ort\n" + "".join(f"{n};{t}\n" for n, t in rows)
    parsed = player_csv.parse_players(text)
    # every data row is either accepted or named as a problem, never silently dropped
    nonblank = [(n, t) for n, t in rows if (n + t).strip()]
    reported = {p.line for p in parsed.problems if p.line}
    assert len(parsed.rows) + len(reported) == len(nonblank)
    assert all(row.name == " ".join(row.name.split()) and row.name for row in parsed.rows)
