"""The printed sheets' geometry, read back from rendered pages (pdftoppm) and from the
PDF's text: striped rows that never cover a descender, names that wrap before they
are cut, score-sheet grids whose headings keep clear of the lines, links big enough
to type, QR codes with their quiet zone that decode back to their links."""

import secrets

import numpy
import pytest
import zxingcpp
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.units import mm

from tournaments.printing import draw_sheet, results
from tournaments.printing.common import (
    FONT,
    FONT_BOLD,
    GLYPH_BOTTOM,
    GLYPH_TOP,
    PAGE_HEIGHT,
    DocumentHeader,
    baseline_in,
    string_width,
    wrap,
    wrap_fitted,
)
from tournaments.printing.draw_sheet import DrawRow, DrawSection, DrawSheetData, build_draw_sheet
from tournaments.printing.entry_cards import EntryCard, EntryCardsData, build_entry_cards
from tournaments.printing.qr import QUIET_MODULES, qr_matrix
from tournaments.printing.results import BracketPicture, ResultsData, StandingLine, build_results
from tournaments.printing.score_sheets import (
    GRID_WIDTH_LINKS,
    HEAD_ROW,
    LINK_SIZE,
    PAD,
    SLIP_HEIGHT,
    ScoreSheet,
    ScoreSheetsData,
    SlipLayout,
    build_score_sheets,
    short_link,
)

from .pdftext import grey_rects, pages_text, render, text_runs

HEADER = DocumentHeader("Schnapsclub Größenwörth", "Preisschnapsen", "14.03.2026", "Gasthaus")
LONG = "Hannelore Schößwendter-Großauer"
# every name with descenders (g, j, p, J, y) and umlauted capitals above
DESCENDERS = ["Jürgen Öhlinger", "Sepp Jagg", "Pepi Gruber", "Jakob Pygmalion", "Ögyp Jüngling"]


def link(n: int) -> str:
    return f"https://schnapsen.example.at/games/{n}/p/{secrets.token_urlsafe(18)}/"


# ----------------------------------------------------------------------------- text layout


@settings(max_examples=80, deadline=None)
@given(
    st.text(alphabet="aeiouÄÖÜßgjp -", min_size=0, max_size=80),
    st.floats(min_value=20, max_value=300),
    st.integers(min_value=1, max_value=4),
)
def test_wrap_keeps_to_the_width_and_the_lines_and_cuts_only_what_does_not_fit(text, width, n):
    lines = wrap(text, FONT, 10, width, lines=n)
    assert 1 <= len(lines) <= n
    for line in lines:
        assert string_width(line, FONT, 10) <= width + 1e-6 or line == "…"
    if not lines[-1].endswith("…"):
        # nothing lost: the lines are the text, broken at spaces (dropped) or inside
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_a_long_name_uses_the_width_then_a_second_line_before_it_is_cut():
    assert wrap(LONG, FONT, 12, 80 * mm) == [LONG]  # there is room: whole
    assert wrap(LONG, FONT, 12, 62 * mm) == ["Hannelore Schößwendter-", "Großauer"]
    assert wrap(LONG, FONT, 12, 53 * mm) == ["Hannelore", "Schößwendter-Großauer"]
    # a little smaller rather than cut; cut (with the ellipsis) only when even that fails
    size, lines = wrap_fitted(LONG, FONT, 12, 45 * mm)
    assert lines == ["Hannelore", "Schößwendter-Großauer"] and 10.2 <= size < 12
    size, lines = wrap_fitted(LONG, FONT, 12, 25 * mm)
    assert size == 12 and lines[-1].endswith("…")


def test_a_row_holds_its_text_whole():
    for size, lines, leading in ((12, 1, 0), (12, 2, 13.5), (10.5, 2, 12)):
        height = 19 + (lines - 1) * leading
        first = baseline_in(500, height, size, lines, leading)
        assert first + GLYPH_TOP * size <= 500
        assert first - (lines - 1) * leading - GLYPH_BOTTOM * size >= 500 - height


# ----------------------------------------------------------------------------- striped tables


def _ink_kept(build, module, monkeypatch, page=0):
    """The page rendered as printed, and without its grey bands: every pixel of text
    (dark without bands) must stay dark with them, so no band hides any text."""
    printed = render(build(), page, dpi=150)
    monkeypatch.setattr(module, "draw_band", lambda *args: None)
    bare = render(build(), page, dpi=150)
    text = bare < 100
    assert text.sum() > 2000  # there is text to check
    hidden = text & (printed > 150)
    assert hidden.sum() == 0, f"{hidden.sum()} pixels of text under a band"
    return printed


def _glyphs_clear_of_other_rows_bands(pdf, page):
    """Every line of text lies wholly inside a grey band (its own row's) or wholly
    outside all of them: from the top of an umlaut to the bottom of a descender."""
    from tournaments.printing.common import BAND_GRAY

    bands = grey_rects(pdf, page, BAND_GRAY)
    assert len(bands) > 10
    checked = 0
    for text, x, y, size in text_runs(pdf, page):
        low, high = y - GLYPH_BOTTOM * size, y + GLYPH_TOP * size
        right = x + string_width(text.strip(), FONT_BOLD, size)
        for bx, by, bw, bh in bands:
            if right <= bx or x >= bx + bw:
                continue  # another column
            inside = by <= low and high <= by + bh
            apart = high <= by or low >= by + bh
            assert inside or apart, (text, y, size, by, by + bh)
        checked += 1
    assert checked > 20


def _draw(names):
    rows = [
        DrawRow(n, names[n % len(names)], 2 * n - 1, names[(n + 2) % len(names)], 2 * n, table=n)
        for n in range(1, 60)
    ]
    return DrawSheetData(HEADER, "Runde 1", "", [DrawSection("Main", rows)])


def test_draw_list_bands_never_cover_descenders(monkeypatch):
    _glyphs_clear_of_other_rows_bands(build_draw_sheet(_draw(DESCENDERS)), 0)
    printed = _ink_kept(lambda: build_draw_sheet(_draw(DESCENDERS)), draw_sheet, monkeypatch)
    assert (abs(printed.astype(int) - 235) < 6).sum() > 10000  # the bands are there


def test_draw_index_bands_never_cover_descenders(monkeypatch):
    pdf = build_draw_sheet(_draw(DESCENDERS + [LONG]))
    index_page = next(i for i, t in enumerate(pages_text(pdf)) if "Players A–Z" in t)
    _glyphs_clear_of_other_rows_bands(pdf, index_page)
    _ink_kept(
        lambda: build_draw_sheet(_draw(DESCENDERS + [LONG])), draw_sheet, monkeypatch, index_page
    )


def test_standings_bands_never_cover_descenders(monkeypatch):
    lines = [
        StandingLine(f"{n}.", DESCENDERS[n % 5], n, "Runde 2, im Spiel", "")
        for n in range(1, 80)
    ]
    data = ResultsData(HEADER, "Stand", [], BracketPicture(), lines)
    _glyphs_clear_of_other_rows_bands(build_results(data), 1)
    _ink_kept(lambda: build_results(data), results, monkeypatch, page=1)


# ----------------------------------------------------------------------------- long names


def _flat(text: str) -> str:
    return " ".join(text.split()).replace("- ", "-")  # a line broken after a hyphen


def test_long_names_are_whole_on_every_sheet():
    names = [LONG, "Karl Maier"]
    draw = pages_text(build_draw_sheet(_draw(names)))
    cards = pages_text(
        build_entry_cards(
            EntryCardsData(HEADER, "https://x.example/t/1/", "", [EntryCard(1, LONG, True)])
        )
    )
    standings = pages_text(
        build_results(
            ResultsData(
                HEADER, "", [], BracketPicture(), [StandingLine("1.", LONG, 1023, "Finale", "")]
            )
        )
    )
    slips = pages_text(
        build_score_sheets(
            ScoreSheetsData(
                HEADER,
                "R",
                3,
                "",
                [ScoreSheet(1, LONG, 1001, LONG, 1002, left_link=link(1), right_link=link(2))],
            )
        )
    )
    for where, pages in (
        ("draw list", [p for p in draw if "Draw: Runde 1" in p]),
        ("index", [p for p in draw if "Players A–Z" in p]),
        ("cards", cards),
        ("standings", standings[1:]),
        ("slips", slips),
    ):
        text = "\n".join(pages)
        assert "…" not in text, where
        assert "Hannelore" in text and "Schößwendter-Großauer" in _flat(text), where


def test_a_name_too_long_for_two_lines_is_cut_at_the_end_only():
    name = "Maximilian Alexander Sebastian Ferdinand von und zu Großwaldhausen-Kleinsteinbach"
    (text, *_rest) = pages_text(build_draw_sheet(_draw([name, "Karl Maier"])))
    assert "Maximilian Alexander" in text and "…" in text


# ----------------------------------------------------------------------------- score sheets


def _slips(sheets, bummerl=3):
    return build_score_sheets(ScoreSheetsData(HEADER, "Runde 1", bummerl, "auf 3 Bummerl", sheets))


def _slip_pixels(image, slot: int, dpi: int):
    """The image rows of slip ``slot`` (0 at the top of the page), and points -> pixels."""
    scale = dpi / 72

    def row(y_points_in_slip):  # a y in the slip's coordinates -> image row
        page_y = PAGE_HEIGHT - (slot + 1) * SLIP_HEIGHT + y_points_in_slip
        return int(round((PAGE_HEIGHT - page_y) * scale))

    return row, scale


def test_grid_headings_keep_clear_of_the_grid_lines():
    """3 Bummerl (5 blocks), links (the narrow grid) and four-digit entries: every mark
    in the grid's two heading rows that is not a line keeps 1.25 pt of white to them."""
    dpi = 300
    sheet = ScoreSheet(1, "A", 1001, "B", 1024, left_link=link(1), right_link=link(2))
    image = render(_slips([sheet]), 0, dpi=dpi)
    layout = SlipLayout(has_links=True, blocks=5)
    row, scale = _slip_pixels(image, 0, dpi)
    x0, x1 = int(layout.grid_left * scale) - 4, int(layout.grid_right * scale) + 5
    edges = [row(layout.grid_top - r * HEAD_ROW) for r in range(3)]
    bands, own_cols = [], []
    for r in range(2):
        top, bottom = edges[r], edges[r + 1]
        bands.append(image[top - 4 : bottom + 5, x0:x1] < 128)
        inner = image[top + 3 : bottom - 3, x0:x1] < 128  # a line crosses the whole row
        own_cols.append(inner.mean(axis=0) > 0.9)
    any_line_col = own_cols[0] | own_cols[1]
    clear = 1.25 * scale
    for band, line_cols in zip(bands, own_cols, strict=True):
        line_rows = band.mean(axis=1) > 0.8
        marks = band & ~any_line_col[None, :] & ~line_rows[:, None]
        ys, xs = numpy.nonzero(marks)
        assert len(xs) > 100  # the headings are there
        cols, rows_ = numpy.nonzero(line_cols)[0], numpy.nonzero(line_rows)[0]
        assert numpy.abs(xs[:, None] - cols[None, :]).min() > clear
        assert numpy.abs(ys[:, None] - rows_[None, :]).min() > clear


def test_slips_with_and_without_links_have_one_grid_width():
    dpi = 100
    sheets = [
        ScoreSheet(1, "A", 1, "B", 2, left_link=link(1), right_link=link(2)),
        ScoreSheet(2, "C", 3, "D", 4),  # no browser match
        ScoreSheet(3, "E", 5, "F", 6, left_link=link(3), right_link=link(4)),
    ]
    image = render(_slips(sheets), 0, dpi=dpi)
    layout = SlipLayout(has_links=True, blocks=5)
    widths = []
    for slot in range(3):
        row, scale = _slip_pixels(image, slot, dpi)
        y = row(layout.grid_bottom)
        dark = numpy.nonzero((image[y - 1 : y + 2] < 128).any(axis=0))[0]
        dark = dark[dark < int((layout.grid_right + 2 * mm) * scale)]
        widths.append(dark.max() - dark.min())
    assert widths[0] == widths[1] == widths[2]
    assert abs(widths[0] / scale - GRID_WIDTH_LINKS) < 2


def test_links_print_big_enough_to_type_and_whole():
    links = [link(7), link(8)]
    pdf = _slips([ScoreSheet(1, "A", 1, "B", 2, left_link=links[0], right_link=links[1])])
    runs = text_runs(pdf, 0)
    printed = [(t.strip(), size) for t, _x, _y, size in runs if "/" in t]
    assert printed and all(size >= 7 for _t, size in printed)
    assert LINK_SIZE >= 7
    text = "".join(t for t, _size in printed)
    for url in links:
        head, token = short_link(url)
        assert head + token in text  # the lines, read in order, are the link


def _decode(image):
    from PIL import Image

    return zxingcpp.read_barcodes(Image.fromarray(image), formats=zxingcpp.BarcodeFormat.QRCode)


def _quiet_zone_is_white(image, found, modules: int):
    """The 4-module margin around a decoded symbol is white (no mark of anything)."""
    (left, top), (right, bottom) = [
        (p.x, p.y) for p in (found.position.top_left, found.position.bottom_right)
    ]  # the symbol's outer corners
    margin = QUIET_MODULES * (right - left) / modules
    x0, y0 = int(left - margin) + 1, int(top - margin) + 1  # a pixel of anti-aliasing
    x1, y1 = int(right + margin) - 1, int(bottom + margin) - 1
    ring = image[y0:y1, x0:x1] < 160
    ring[int(top - y0) - 1 : int(bottom - y0) + 2, int(left - x0) - 1 : int(right - x0) + 2] = False
    return not ring.any()


def test_score_sheet_qr_codes_decode_to_their_links_with_the_quiet_zone_clear():
    sheets = [
        ScoreSheet(n, "Jürgen Öhlinger", n, LONG, 100 + n, left_link=link(n), right_link=link(n))
        for n in range(1, 4)
    ]
    sheets[1] = ScoreSheet(2, "A", 2, "B", 102, left_link=link(20), right_link=link(21))
    image = render(_slips(sheets), 0, dpi=200)
    found = _decode(image)
    expected = {s.left_link for s in sheets} | {s.right_link for s in sheets}
    assert {f.text for f in found} == expected and len(found) == 6
    for f in found:
        assert _quiet_zone_is_white(image, f, len(qr_matrix(f.text))), f.text


def test_entry_card_qr_codes_decode_to_the_public_page_with_the_quiet_zone_clear():
    url = "https://schnapsen.example.at/t/12/"
    cards = [EntryCard(n, LONG, n % 2 == 0, "Sölden") for n in range(1, 11)]
    image = render(build_entry_cards(EntryCardsData(HEADER, url, "Nenngeld € 10,00", cards)), 0)
    found = _decode(image)
    # each card's own code: the public page with its number (the desk's check-in scan)
    assert sorted(f.text for f in found) == sorted(f"{url}?karte={n}" for n in range(1, 11))
    for f in found:
        assert _quiet_zone_is_white(image, f, len(qr_matrix(f.text)))


@pytest.mark.parametrize("n", [1, 2, 9])
def test_qr_codes_of_every_size_decode(n):
    url = "https://club.example/" + "x" * (20 * n) + "/"
    sheet = ScoreSheet(1, "A", 1, "B", 2, left_link=url, right_link=url + "y/")
    found = _decode(render(_slips([sheet]), 0, dpi=200))
    assert {f.text for f in found} == {url, url + "y/"}


def test_a_slip_names_its_prize_stage_match():
    sheets = [
        ScoreSheet(1, "A", 1, "B", 2, match_name="Finale"),
        ScoreSheet(4, "C", 3, "D", 4, match_name="Spiel um Platz 7"),
    ]
    (text,) = pages_text(_slips(sheets, bummerl=2))
    first, second = text.split("No. 4")
    assert "Finale" in first and "Spiel um Platz 7" in second and "Platz 7" not in first


def test_heading_sizes_fit_the_blocks_in_german():
    sheet = ScoreSheet(1, "A", 1001, "B", 1002, left_link=link(1), right_link=link(2))
    labels_de = {"bummerl": "{n}. Bummerl"}
    from tournaments.printing.score_sheets import ScoreSheetLabels

    data = ScoreSheetsData(HEADER, "R", 3, "", [sheet], ScoreSheetLabels(**labels_de))
    (text,) = pages_text(build_score_sheets(data))
    assert "5. Bummerl" in text
    layout = SlipLayout(has_links=True, blocks=5)
    assert string_width("5. Bummerl", FONT_BOLD, 6.5) < 2 * layout.column
    assert PAD + GRID_WIDTH_LINKS == layout.grid_right


def test_a_bracket_winners_grey_row_leaves_the_box_border_whole():
    """Result list: the winner's grey row is drawn under the match box's lines (it used
    to cover the box's right border)."""
    import io

    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    from tournaments.printing.results import BOX_HEIGHT, BOX_WIDTH, BracketMatch, BracketSlot

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4)
    x, top = 50 * mm, 200 * mm
    match = BracketMatch(
        title="Finale",
        left=BracketSlot(name="Resi Huber", entry=3, score="2", won=True),
        right=BracketSlot(name="Franz Berger", entry=9, score="1"),
    )
    results._draw_match(canvas, match, x, top)
    canvas.showPage()
    canvas.save()
    dpi = 300
    page = render(buffer.getvalue(), 0, dpi=dpi).astype(int)
    scale = dpi / 72
    height = page.shape[0]
    column = int(round((x + BOX_WIDTH) * scale))

    def border_ink(row_top, row_bottom):
        """The ink of the right border (and what lies beside it) in a band of rows."""
        rows = range(int(height - row_top * scale) + 4, int(height - row_bottom * scale) - 4)
        return sum(int((255 - page[r, column - 4 : column + 5]).sum()) for r in rows) / len(rows)

    half = BOX_HEIGHT / 2
    winner = border_ink(top, top - half)
    loser = border_ink(top - half, top - BOX_HEIGHT)
    # as much border beside the winner's grey row as beside the loser's white one (the
    # grey itself adds a little ink left of the border)
    assert winner >= loser * 0.95, (winner, loser)
