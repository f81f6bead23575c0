"""The Bauernschnapsen score sheet: checked by the engine, the wrong line named in words,
the Bummerl result for the team names given; and its page."""

import pytest
from django.urls import reverse
from django.utils import translation

from games.services import multi_recording
from games.services.multi_recording import SheetRefused, check_bauern_sheet

# 24 down: A normal 2 -> 22:24; B gangl 9 -> 22:15; ... A reaches 0
GOOD = "A normal 2\nB gangl\n\n# a comment\nA schnapser gefleckt = 10:15\nA bauernschnapser"


def test_a_good_sheet_gives_the_bummerl_result():
    r = check_bauern_sheet(GOOD, rules="ueblich", teams=("Hofer", "Maier"))
    assert r.teams == ("Hofer", "Maier")
    assert r.complete and len(r.bummerls) == 1
    b = r.bummerls[0]
    assert [g["figures"] for g in b.games] == [[22, 24], [22, 15], [10, 15], [0, 15]]
    assert b.winner == 0 and b.loser == 1 and b.bummerl == 1 and not b.schneider
    assert r.bummerl_count == (0, 1) and r.winner == 0
    assert r.to_dict()["bummerl_count"] == [0, 1]


def test_schneider_and_running_figures():
    r = check_bauern_sheet("24:24\n12:24\n0:24", teams=("", ""))
    b = r.bummerls[0]
    assert b.schneider and b.bummerl == 2 and r.teams == ("Team A", "Team B")


def test_the_wrong_line_is_named_in_german():
    sheet = "A normal 2\nB gangl\nA normal 4\nA gangl"
    with translation.override("de-at"):
        with pytest.raises(SheetRefused) as exc:
            check_bauern_sheet(sheet, rules="ueblich", teams=("Hofer", "Maier"))
    assert exc.value.line == 3
    assert exc.value.message.startswith("Zeile 3:") and "1, 2 oder 3" in exc.value.message
    # a line the parser cannot read; blank lines count in the text's numbering
    with pytest.raises(SheetRefused) as exc:
        check_bauern_sheet("A normal 2\n\nwhatever this is")
    assert exc.value.line == 3
    # a game the table does not play
    with pytest.raises(SheetRefused) as exc:
        check_bauern_sheet("A bettler", rules="ueblich")
    assert exc.value.code == "sheet_game_not_allowed"
    assert check_bauern_sheet(
        "A bettler\nA bettler\nA bettler\nA bettler\nA bettler\nA bettler", rules="alles"
    ).complete


def test_an_unfinished_sheet_is_refused_unless_asked_for():
    with pytest.raises(SheetRefused) as exc:
        check_bauern_sheet("A normal 2")
    assert exc.value.code == "sheet_bummerl_unfinished"
    r = check_bauern_sheet("A normal 2", complete=False)
    assert not r.complete and r.bummerls[0].loser is None


def test_counting_up():
    r = check_bauern_sheet("A normal 3\n3:2", count="up", complete=False)
    assert [g["figures"] for g in r.bummerls[0].games] == [[3, 0], [3, 2]]


@pytest.mark.django_db
def test_the_sheet_page(client):
    url = reverse("games:bauern_sheet")
    assert client.get(url).status_code == 200
    r = client.post(url, {"sheet": GOOD, "preset": "ueblich", "team_a": "Hofer", "team_b": "Maier"})
    assert r.status_code == 200
    html = r.content.decode()
    assert "Hofer 0 : 1 Maier" in html
    r = client.post(url, {"sheet": "A normal 2\nB normal 7", "preset": "ueblich"})
    assert r.status_code == 400
    assert "Line 2" in r.content.decode()
    r = client.post(url, {"sheet": "A normal 2\nB normal 7"}, headers={"accept-language": "de-at"})
    assert "Zeile 2:" in r.content.decode() and "nicht 7" in r.content.decode()
    assert multi_recording.EXAMPLE.splitlines()[0] in client.get(url).content.decode()
