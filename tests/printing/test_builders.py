"""The PDF builders on plain data (no database): read every PDF back with pypdf."""

import io

import pypdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.printing.common import FONT, DocumentHeader, fit, name_sort_key, string_width
from tournaments.printing.draw_sheet import (
    DrawRow,
    DrawSection,
    DrawSheetData,
    build_draw_sheet,
    player_index,
)
from tournaments.printing.entry_cards import (
    EntryCard,
    EntryCardsData,
    build_entry_cards,
)
from tournaments.printing.qr import qr_modules
from tournaments.printing.results import (
    BracketMatch,
    BracketPicture,
    BracketSlot,
    PrizeLine,
    ResultsData,
    StandingLine,
    build_results,
)
from tournaments.printing.score_sheets import ScoreSheet, ScoreSheetsData, build_score_sheets

from .pdftext import embedded_fonts, page_count, page_text, pages_text, render

HEADER = DocumentHeader(
    club_name="Schnapsclub Größenwörth",
    tournament_name="Preisschnapsen Frühjahr",
    date_text="14.03.2026",
    venue="Gasthaus Weiß",
)
NAMES = ["Jürgen Größinger", "Änne Öhlinger", "Ömer Ünal", "Karl Maier", "Sepp Straßer"]


def big_draw(pairings: int = 512) -> DrawSheetData:
    rows = [
        DrawRow(
            number=n,
            left_name=f"{NAMES[n % 5]} {n:04d}",
            left_entry=2 * n - 1,
            right_name=f"{NAMES[(n + 2) % 5]} {n:04d}b",
            right_entry=2 * n,
        )
        for n in range(1, pairings + 1)
    ]
    return DrawSheetData(HEADER, "Round 1", "Drawn 14.03.2026 19:05", [DrawSection("Main", rows)])


def test_draw_sheet_pairings_then_players_alphabetically():
    rows = [
        DrawRow(1, "Jürgen Größinger", 7, "Ömer Ünal", 3, table=4),
        DrawRow(2, "Änne Öhlinger", 1, None, None),  # a bye
        DrawRow(3, "Karl Maier", 2, "Jürgen Größinger", 5, note="Walkover #2"),
    ]
    pdf = build_draw_sheet(
        DrawSheetData(HEADER, "Round 1", "Drawn 14.03.2026 19:05", [DrawSection("Main", rows)])
    )
    pages = pages_text(pdf)
    assert len(pages) == 2
    first, second = pages
    for page_no, text in enumerate(pages, start=1):
        assert "Preisschnapsen Frühjahr" in text
        assert "Schnapsclub Größenwörth" in text
        assert "Drawn 14.03.2026 19:05" in text
        assert f"Page {page_no} of 2" in text
    assert "Draw: Round 1" in first
    lines = first.splitlines()
    # pairing 1: number, both entries and names, table 4, in that order
    start = lines.index("Jürgen Größinger")
    assert lines[start - 2 : start + 4] == ["1", "#7", "Jürgen Größinger", "#3", "Ömer Ünal", "4"]
    assert "BYE" in first and "Walkover #2" in first
    assert "Players A–Z" in second
    # Ä sorts with A, Ö with O: Änne, Jürgen (#5, #7), Karl, Ömer
    order = [line for line in second.splitlines() if line in NAMES]
    assert order == [
        "Änne Öhlinger",
        "Jürgen Größinger",
        "Jürgen Größinger",
        "Karl Maier",
        "Ömer Ünal",
    ]
    fonts = embedded_fonts(pdf)
    assert fonts and all(fonts.values()), fonts


def test_player_index_lists_every_entry_with_its_number_and_side():
    rows = [DrawRow(4, "Sepp Straßer", 9, "Sepp Straßer", 2), DrawRow(5, "Anna", 1)]
    index = player_index(DrawSheetData(HEADER, "R", "", [DrawSection("Main", rows)]))
    assert [(e.name, e.entry, e.number, e.side) for e in index] == [
        ("Anna", 1, 5, "left"),
        ("Sepp Straßer", 2, 4, "right"),
        ("Sepp Straßer", 9, 4, "left"),
    ]


def test_draw_sheet_with_several_brackets_shows_each_title():
    sections = [
        DrawSection("Main draw", [DrawRow(1, "Jürgen Größinger", 1, "Karl Maier", 2)]),
        DrawSection("Match for 3rd place", [DrawRow(1, "Ömer Ünal", 3, "Änne Öhlinger", 4)]),
    ]
    text = pages_text(build_draw_sheet(DrawSheetData(HEADER, "Final", "", sections)))
    assert "Main draw" in text[0] and "Match for 3rd place" in text[0]
    assert "Ömer Ünal (Match for 3rd place)" in text[1]


def test_empty_draw_sheet_is_one_page_saying_so():
    pdf = build_draw_sheet(DrawSheetData(HEADER, "Round 1", "", []))
    (text,) = pages_text(pdf)
    assert "No pairings in this round." in text and "Page 1 of 1" in text


def test_draw_sheet_of_1024_entries_puts_every_number_on_its_page():
    data = big_draw(512)
    pdf = build_draw_sheet(data)
    pages = pages_text(pdf)
    # 512 pairing lines, then 1024 entries in two columns
    pairing_pages = [p for p in pages if "Draw: Round 1" in p]
    list_pages = [p for p in pages if "Players A–Z" in p]
    assert len(pairing_pages) + len(list_pages) == len(pages)
    assert 10 <= len(pairing_pages) <= 20 and 8 <= len(list_pages) <= 16
    assert f"Page {len(pages)} of {len(pages)}" in pages[-1]
    assert "Karl Maier 0512" not in pairing_pages[0]
    assert "Sepp Straßer 0512b" in pairing_pages[-1] and "#1024" in pairing_pages[-1]
    listed = "".join(list_pages)
    for n in (1, 256, 512):
        assert f"{NAMES[n % 5]} {n:04d}" in listed
    # each entry once in the player list
    assert sum(p.count("#") for p in list_pages) == 1024


def test_score_sheets_three_to_a_page_with_countdown_columns():
    sheets = [
        ScoreSheet(n, "Jürgen Größinger", 2 * n, "Änne Öhlinger", 2 * n + 1, table=n)
        for n in range(1, 5)
    ]
    pdf = build_score_sheets(ScoreSheetsData(HEADER, "Round 2", 3, "best of 3 Bummerl", sheets))
    pages = pages_text(pdf)
    assert len(pages) == 2
    assert pages[0].count("Jürgen Größinger") == 3 and pages[1].count("Änne Öhlinger") == 1
    assert "No. 1" in pages[0] and "No. 3" in pages[0] and "No. 4" in pages[1]
    assert "best of 3 Bummerl" in pages[0] and "Table 2" in pages[0]
    # best of 3: up to 5 Bummerl, each starting at 7 for both players
    assert "Bummerl 5" in pages[0] and "Bummerl 6" not in pages[0]
    first_slip = pages[0].split("No. 2")[0]
    assert first_slip.count("7") >= 10
    assert "Signature left" in pages[0] and "Signature right" in pages[0]


def test_score_sheets_best_of_two_have_three_bummerl_blocks():
    sheet = ScoreSheet(9, "Karl Maier", 1, "Sepp Straßer", 2)
    (text,) = pages_text(build_score_sheets(ScoreSheetsData(HEADER, "R", 2, "", [sheet])))
    assert "Bummerl 3" in text and "Bummerl 4" not in text


def test_empty_score_sheets():
    (text,) = pages_text(build_score_sheets(ScoreSheetsData(HEADER, "Round 1", 2, "", [])))
    assert "No matches to play in this round." in text


def test_score_sheets_for_512_pairings():
    sheets = [
        ScoreSheet(n, f"Jürgen Größinger {n}", 2 * n - 1, f"Ömer Ünal {n}", 2 * n)
        for n in range(1, 513)
    ]
    pdf = build_score_sheets(ScoreSheetsData(HEADER, "Round 1", 2, "", sheets))
    assert page_count(pdf) == 171  # ceil(512 / 3)
    last = page_text(pdf, -1)
    assert "Jürgen Größinger 511" in last and "Ömer Ünal 512" in last and "No. 512" in last


def test_entry_cards_ten_to_a_page_each_with_its_own_qr_code():
    cards = [EntryCard(n, "Jürgen Größinger", paid=n % 2 == 0, town="Sölden") for n in range(1, 12)]
    pdf = build_entry_cards(
        EntryCardsData(HEADER, "https://club.example/t/7/", "Entry fee € 10,00", cards)
    )
    pages = pages_text(pdf)
    assert len(pages) == 2
    assert pages[0].count("Jürgen Größinger") == 10 and pages[1].count("Jürgen Größinger") == 1
    assert pages[0].count("not paid") == 5 and pages[0].count("paid") == 10
    assert "Entry fee € 10,00" in pages[0] and "Sölden" in pages[0]
    assert "11" in pages[1].splitlines()
    # each card's QR code is the public page with its number (the desk's check-in scan)
    import zxingcpp

    read = sorted(r.text for r in zxingcpp.read_barcodes(render(pdf, 1, dpi=200)))
    assert read == ["https://club.example/t/7/?karte=11"]
    assert len(zxingcpp.read_barcodes(render(pdf, 0, dpi=200))) == 10


def test_qr_code_encodes_the_public_address():
    import zxingcpp
    from PIL import Image

    url = "https://club.example/t/7/"
    modules = qr_modules(url)
    n = len(modules)
    assert n == len(modules[0]) >= 21
    # the matrix as an image with its quiet zone, 4 pixels a module, read back
    image = Image.new("L", (4 * (n + 8), 4 * (n + 8)), 255)
    for r, row in enumerate(modules):
        for c, dark in enumerate(row):
            if dark:
                image.paste(0, (4 * (c + 4), 4 * (r + 4), 4 * (c + 5), 4 * (r + 5)))
    (found,) = zxingcpp.read_barcodes(image)
    assert found.text == url and found.ec_level == "M"


def test_entry_cards_without_entries_or_url():
    (text,) = pages_text(build_entry_cards(EntryCardsData(HEADER, "", "", [])))
    assert "No entries yet." in text


def test_entry_cards_for_1024_entries():
    cards = [EntryCard(n, f"Änne Öhlinger {n}", paid=True) for n in range(1, 1025)]
    pdf = build_entry_cards(EntryCardsData(HEADER, "https://club.example/t/1/", "", cards))
    assert page_count(pdf) == 103
    assert len(pdf) < 1_500_000  # the QR code is drawn once and placed on every card
    assert "Änne Öhlinger 1024" in page_text(pdf, -1)


def results_data(standings: int) -> ResultsData:
    def slot(name, entry, score="", won=False):
        return BracketSlot(name, entry, score, won)

    final = BracketMatch(slot("Jürgen Größinger", 7, "2", True), slot("Ömer Ünal", 3, "1"))
    bracket = BracketPicture(
        quarterfinals=[
            BracketMatch(slot(f"Viertel {i}a", i), slot(f"Viertel {i}b", 10 + i)) for i in range(4)
        ],
        semifinals=[BracketMatch(slot("Jürgen Größinger", 7, "2", True), slot("Karl Maier", 2))],
        final=final,
        placements=[
            BracketMatch(slot("Karl Maier", 2), slot("X", 1), title="Match for 3rd place (no. 2)")
        ],
    )
    prizes = [
        PrizeLine(1, "Schinken · € 100,00", "Jürgen Größinger (#7)"),
        PrizeLine(2, "Wurstkorb", "Ömer Ünal (#3)"),
        PrizeLine(3, "Sekt"),
    ]
    lines = [
        StandingLine(f"{n}.", f"Spieler Weiß {n}", n, "Round 1", "1. Schinken" if n == 1 else "")
        for n in range(1, standings + 1)
    ]
    return ResultsData(HEADER, "Final results", prizes, bracket, lines)


def test_results_prizes_bracket_then_standings():
    pdf = build_results(results_data(60))
    pages = pages_text(pdf)
    first = pages[0]
    assert "Schinken · € 100,00" in first and "Jürgen Größinger (#7)" in first
    assert "open" in first  # the 3rd prize has no winner yet
    for word in ("Quarterfinal", "Semifinal", "Final", "Viertel 3b", "Match for 3rd place"):
        assert word in first
    assert "Standings" in pages[1] and "Spieler Weiß 1" in pages[1]
    assert "Spieler Weiß 60" in pages[-1]
    assert f"Page {len(pages)} of {len(pages)}" in pages[-1]


def test_results_of_an_empty_and_of_a_1024_entry_tournament():
    empty = ResultsData(HEADER, "", [], BracketPicture(), [])
    pages = pages_text(build_results(empty))
    assert len(pages) == 2
    assert "No prizes are set." in pages[0] and "No entries yet." in pages[1]
    pages = pages_text(build_results(results_data(1024)))
    assert 15 <= len(pages) <= 30
    assert "Spieler Weiß 1024" in pages[-1]
    assert sum("Spieler Weiß" in p for p in pages[1:]) == len(pages) - 1


def test_a_broken_logo_is_left_out_and_a_good_one_is_drawn():
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (40, 20), (200, 0, 0)).save(buffer, "PNG")
    for logo, images in ((b"not an image", 0), (buffer.getvalue(), 1)):
        header = DocumentHeader("Club", "Turnier", "1.1.2026", logo=logo)
        pdf = build_draw_sheet(DrawSheetData(header, "R", "", []))
        page = pypdf.PdfReader(io.BytesIO(pdf)).pages[0]
        assert len(page.images) == images


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=0, max_size=60), st.floats(min_value=5, max_value=300))
def test_fit_never_exceeds_the_width_and_keeps_a_prefix(text, width):
    fitted = fit(text, FONT, 10, width)
    if fitted == text:
        assert string_width(text, FONT, 10) <= width
    else:
        assert fitted.endswith("…")
        assert text.startswith(fitted[:-1].rstrip()) or fitted == "…"
        assert string_width(fitted, FONT, 10) <= width or fitted == "…"


@pytest.mark.parametrize(
    "names,expected",
    [
        (["Zeller", "Ärger", "Abel"], ["Abel", "Ärger", "Zeller"]),
        (["Strauss", "Straßer", "Stras"], ["Stras", "Straßer", "Strauss"]),
        (["ömer", "Otto", "Öhler"], ["Öhler", "ömer", "Otto"]),
    ],
)
def test_german_alphabetical_order(names, expected):
    assert sorted(names, key=name_sort_key) == expected


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(NAMES + ["Zoë Ärmel", "ß"]), st.booleans()),
        min_size=0,
        max_size=40,
    )
)
def test_player_index_holds_every_entry_once_in_order(layout):
    rows = [
        DrawRow(n, name, 2 * n - 1, None if bye else name[::-1], None if bye else 2 * n)
        for n, (name, bye) in enumerate(layout, start=1)
    ]
    index = player_index(DrawSheetData(HEADER, "R", "", [DrawSection("Main", rows)]))
    expected = {r.left_entry for r in rows} | {r.right_entry for r in rows if not r.bye}
    assert sorted(e.entry for e in index) == sorted(expected)
    keys = [(name_sort_key(e.name), e.entry) for e in index]
    assert keys == sorted(keys)
    number_of = {e.entry: e.number for e in index}
    assert all(number_of[r.left_entry] == r.number for r in rows)
