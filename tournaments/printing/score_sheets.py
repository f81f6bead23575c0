"""Score sheets (Spielzettel): one slip per pairing, three to an A4 page with
cut marks. The players write each Bummerl counting down from 7, game by game,
and sign the result; in Bauernschnapsen the two teams count down from 24
(``ScoreSheetsData.bummerl_points``).

A slip whose pairing has a match started in the browser also carries, between the
grid and the players, a QR code per player with his private link (a team pairing's
table of four: four, team A's left and team B's right, in the order of the seats), and
the link under it (without the scheme, at least 7 pt, wrapped: to type when a phone cannot
scan). The slip is handed to the two players: whoever holds it holds the links, so
score sheets are never public documents.

Layout is the same for every slip of a document: the grid's width depends only on
whether any slip of the document has links. What is the same on every slip (the
header lines, the grid, the labels, boxes and lines) is drawn once as a form and
placed on each slip; only the names, numbers and links are drawn per slip.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from reportlab.lib.units import mm

from .common import (
    FONT,
    FONT_BOLD,
    GLYPH_BOTTOM,
    GLYPH_TOP,
    PAGE_HEIGHT,
    PAGE_WIDTH,
    DocumentHeader,
    baseline_in,
    chunks,
    draw_page_header,
    fit,
    fitted_size,
    logo_image,
    new_canvas,
    string_width,
    wrap,
    wrap_fitted,
)
from .qr import draw_qr, qr_matrix, quiet_zone

SLIPS_PER_PAGE = 3
SLIP_HEIGHT = PAGE_HEIGHT / SLIPS_PER_PAGE
PAD = 9 * mm  # inside a slip, clear of the cut and of the printer's unprintable edge
GAME_ROWS = 13  # a Bummerl lasts at most 13 games (7 + 6 points won one at a time)
BUMMERL_POINTS = 7
GRID_WIDTH = 104 * mm  # without links
GRID_WIDTH_LINKS = 80 * mm  # when the document's slips carry links
LINK_COLUMN = 46 * mm  # the QR codes and their links
# a table of four: two columns of two links; the grid gives up some width for them
GRID_WIDTH_FOUR = 72 * mm
LINK_CELL = 30 * mm
LINK_CELL_GAP = 2 * mm
LINK_COLUMN_FOUR = 2 * LINK_CELL + LINK_CELL_GAP
QR_SIZE_FOUR = 15 * mm
GAP = 3 * mm
QR_SIZE = 18 * mm  # the symbol; its quiet zone (4 modules) comes on top
LINK_SIZE = 7.0  # the printed link: big enough to type from
LINK_LEADING = 8.4
HEAD_ROW = 4.2 * mm  # the grid's two heading rows
GAME_ROW = 4.5 * mm
CELL_PAD = 2.5  # points from a heading to the middle of the grid's lines (half a line is ink)
HINT_SIZE = 6.5  # the instruction under the grid
HINT_SMALLEST = 5.5
HINT_LEADING = 7.5
NAME_SIZE = 12
NAME_LEADING = 13.5
SLIP_FORM = "slip"


@dataclass(frozen=True)
class ScoreSheetLabels:
    title: str = "Score sheet"
    number: str = "No."
    table: str = "Table"
    play_link: str = "Link for {name}"
    left: str = "Left"
    right: str = "Right"
    bummerl: str = "Bummerl {n}"
    result: str = "Result in Bummerl"
    winner: str = "Winner (entry no.)"
    signature_left: str = "Signature left"
    signature_right: str = "Signature right"
    computer: str = "the computer plays"
    hint: str = "Write each player's points left, counting down from 7 game by game."
    empty: str = "No matches to play in this round."


@dataclass(frozen=True)
class ScoreSheet:
    number: int
    left_name: str
    left_entry: int
    right_name: str
    right_entry: int
    table: int | None = None
    match_name: str = ""  # the prize-stage match ("Finale", "Spiel um Platz 7"), or ""
    left_link: str = ""  # absolute address of the left player's private page, or ""
    right_link: str = ""
    # a table of four: (player, link) per seat in seat order (team A 1, team B 1,
    # team A 2, team B 2); the link "" for a seat the computer plays
    seat_links: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class ScoreSheetsData:
    header: DocumentHeader
    round_title: str
    match_bummerl: int  # Bummerl needed to win the match (1 to 3)
    match_length_text: str  # e.g. "first to 2 Bummerl"
    sheets: list[ScoreSheet]
    labels: ScoreSheetLabels = field(default_factory=ScoreSheetLabels)
    # each Bummerl is counted down from this (7; Bauernschnapsen's teams from 24)
    bummerl_points: int = BUMMERL_POINTS


@dataclass(frozen=True)
class SlipLayout:
    """Where things are on a slip, in points from the slip's lower left corner."""

    has_links: bool
    blocks: int  # Bummerl blocks in the grid: 2 * match_bummerl - 1
    four_links: bool = False  # tables of four: four links per slip
    left: float = PAD
    right: float = PAGE_WIDTH - PAD
    top: float = SLIP_HEIGHT - PAD + 2 * mm

    @property
    def grid_left(self) -> float:
        return self.left

    @property
    def grid_right(self) -> float:
        if self.four_links:
            return self.left + GRID_WIDTH_FOUR
        return self.left + (GRID_WIDTH_LINKS if self.has_links else GRID_WIDTH)

    @property
    def link_width(self) -> float:
        return LINK_COLUMN_FOUR if self.four_links else LINK_COLUMN

    @property
    def grid_top(self) -> float:
        return self.top - 34

    @property
    def grid_bottom(self) -> float:
        return self.grid_top - 2 * HEAD_ROW - (GAME_ROWS + 1) * GAME_ROW

    @property
    def column(self) -> float:
        return (self.grid_right - self.grid_left) / (2 * self.blocks)

    @property
    def link_left(self) -> float:
        return self.grid_right + GAP

    @property
    def panel(self) -> float:
        return self.grid_right + GAP + (self.link_width + GAP if self.has_links else 0)

    def block_left(self, b: int) -> float:
        return self.grid_left + 2 * b * self.column


def build_score_sheets(data: ScoreSheetsData) -> bytes:
    labels = data.labels
    logo = logo_image(data.header.logo)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, f"{labels.title} – {data.round_title}", data.header)
    four = any(any(url for _name, url in s.seat_links) for s in data.sheets)
    layout = SlipLayout(
        has_links=four or any(s.left_link or s.right_link for s in data.sheets),
        blocks=2 * data.match_bummerl - 1,
        four_links=four,
    )
    if data.sheets:
        _define_slip_form(canvas, data, layout, logo)
    pages = chunks(data.sheets, SLIPS_PER_PAGE)
    for page_no, slips in enumerate(pages, start=1):
        if not slips:
            y = draw_page_header(
                canvas,
                data.header,
                f"{labels.title}: {data.round_title}",
                data.header.date_text,
                1,
                1,
                logo,
            )
            canvas.setFont(FONT, 12)
            canvas.drawString(14 * mm, y - 14, labels.empty)
        for slot, sheet in enumerate(slips):
            bottom = PAGE_HEIGHT - (slot + 1) * SLIP_HEIGHT
            canvas.saveState()
            canvas.translate(0, bottom)
            canvas.doForm(SLIP_FORM)
            _draw_slip(canvas, data, layout, sheet, logo)
            if slot == len(slips) - 1:
                canvas.setFont(FONT, 6.5)
                footer = data.header.page_label.format(page=page_no, pages=len(pages))
                canvas.drawRightString(PAGE_WIDTH - PAD, 3 * mm, footer)
            canvas.restoreState()
        _draw_cut_marks(canvas, len(slips))
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _draw_cut_marks(canvas, slips: int) -> None:
    canvas.setLineWidth(0.4)
    canvas.setStrokeGray(0)
    for i in range(1, min(slips, SLIPS_PER_PAGE - 1) + 1):
        y = PAGE_HEIGHT - i * SLIP_HEIGHT
        canvas.line(0, y, 7 * mm, y)
        canvas.line(PAGE_WIDTH - 7 * mm, y, PAGE_WIDTH, y)
        canvas.setStrokeGray(0.75)
        canvas.setDash(2, 3)
        canvas.line(9 * mm, y, PAGE_WIDTH - 9 * mm, y)
        canvas.setDash()
        canvas.setStrokeGray(0)


def _title_room(layout: SlipLayout, number_text: str, logo) -> tuple[float, float]:
    text_left = layout.left + (11 * mm if logo is not None else 0)
    number_width = string_width(number_text, FONT_BOLD, 20) + 6 * mm
    return text_left, layout.right - number_width - text_left


def _define_slip_form(canvas, data: ScoreSheetsData, layout: SlipLayout, logo) -> None:
    """Everything that is the same on every slip, as one form (slip coordinates)."""
    labels = data.labels
    canvas.beginForm(SLIP_FORM, 0, 0, PAGE_WIDTH, SLIP_HEIGHT)
    top = layout.top
    widest = max((s.number for s in data.sheets), default=0)
    text_left, room = _title_room(layout, f"{labels.number} {widest}", logo)
    if logo is not None:
        width, height = logo.getSize()
        scale = min(9 * mm / width, 9 * mm / height)
        canvas.drawImage(
            logo, layout.left, top - 9 * mm, width * scale, height * scale, mask="auto"
        )
    canvas.setFont(FONT, 7.5)
    head = " · ".join(s for s in (data.header.club_name, data.header.date_text) if s)
    canvas.drawString(text_left, top - 6, fit(head, FONT, 7.5, room))
    canvas.setFont(FONT_BOLD, 10)
    canvas.drawString(text_left, top - 17, fit(data.header.tournament_name, FONT_BOLD, 10, room))

    # The count-down grid, one block of two columns per Bummerl.
    grid_top, grid_bottom = layout.grid_top, layout.grid_bottom
    left, right, column = layout.grid_left, layout.grid_right, layout.column
    for b in range(layout.blocks):
        x0 = layout.block_left(b)
        text = labels.bummerl.format(n=b + 1)
        size = fitted_size(text, FONT_BOLD, 7.5, 2 * column - 2 * CELL_PAD, 4.5)
        canvas.setFont(FONT_BOLD, size)
        canvas.drawCentredString(x0 + column, baseline_in(grid_top, HEAD_ROW, size), text)
        canvas.setFont(FONT, 9)
        canvas.setFillGray(0.45)
        first = baseline_in(grid_top - 2 * HEAD_ROW, GAME_ROW, 9)
        canvas.drawCentredString(x0 + column / 2, first, str(data.bummerl_points))
        canvas.drawCentredString(x0 + 1.5 * column, first, str(data.bummerl_points))
        canvas.setFillGray(0)
    canvas.setLineWidth(0.3)
    canvas.setStrokeGray(0.55)
    for r in range(GAME_ROWS + 2):
        y = grid_top - 2 * HEAD_ROW - r * GAME_ROW
        canvas.line(left, y, right, y)
    canvas.setStrokeGray(0)
    canvas.setLineWidth(0.5)
    canvas.line(left, grid_top - HEAD_ROW, right, grid_top - HEAD_ROW)
    canvas.rect(left, grid_bottom, right - left, grid_top - grid_bottom)
    for c in range(1, 2 * layout.blocks):
        x = left + c * column
        canvas.setLineWidth(1.2 if c % 2 == 0 else 0.4)
        low = grid_top - (HEAD_ROW if c % 2 else 0)
        canvas.line(x, grid_bottom, x, low)
    canvas.setLineWidth(0.5)
    size, lines = hint_lines(layout, labels.hint)
    canvas.setFont(FONT, size)
    canvas.setFillGray(0.35)
    for i, line in enumerate(lines):
        canvas.drawString(left, grid_bottom - 9 - i * HINT_LEADING, line)
    canvas.setFillGray(0)

    # The result, the winner and the signatures on the right, below the two names.
    panel, right = layout.panel, layout.right
    y = _panel_result_top(layout)
    canvas.setFont(FONT, 8)
    canvas.drawString(panel, y, labels.result)
    box = 11 * mm
    canvas.rect(panel, y - box - 3, box, box)
    canvas.setFont(FONT_BOLD, 14)
    canvas.drawCentredString(panel + box + 4 * mm, y - box / 2 - 7, ":")
    canvas.rect(panel + box + 8 * mm, y - box - 3, box, box)
    canvas.setFont(FONT, 8)
    y -= box + 22
    canvas.drawString(panel, y, labels.winner)
    canvas.line(panel + string_width(labels.winner, FONT, 8) + 2 * mm, y - 1, right, y - 1)
    for signature in (labels.signature_left, labels.signature_right):
        y -= 24
        canvas.line(panel, y + 8, right, y + 8)
        canvas.setFont(FONT, 7)
        canvas.drawString(panel, y, signature)
    canvas.endForm()


def hint_lines(layout: SlipLayout, hint: str) -> tuple[float, list[str]]:
    """The instruction under the grid, whole: one line as wide as the grid; a line that
    needs more runs on under the links' column (which ends above the grid's bottom),
    then is set a little smaller (down to 5.5 pt), and only then takes a second line;
    never under the players' panel. Only a text too long for two lines is cut."""
    width = layout.grid_right - layout.grid_left
    if string_width(hint, FONT, HINT_SIZE) > width and layout.has_links:
        width = layout.panel - GAP - layout.grid_left
    size, lines = wrap_fitted(hint, FONT, HINT_SIZE, width, lines=1, smallest=HINT_SMALLEST)
    if len(lines) == 1 and lines[0] == hint:
        return size, lines
    return HINT_SIZE, wrap(hint, FONT, HINT_SIZE, width, lines=2)


def _panel_result_top(layout: SlipLayout) -> float:
    """The result label's baseline: below two players of two name lines each."""
    return layout.grid_top - 8 - 2 * (14 + NAME_LEADING + 12)


def _draw_slip(
    canvas, data: ScoreSheetsData, layout: SlipLayout, sheet: ScoreSheet, logo
) -> None:
    labels = data.labels
    top, right = layout.top, layout.right

    # Title line: the draw number big on the right, the match's name under it.
    number_text = f"{labels.number} {sheet.number}"
    canvas.setFont(FONT_BOLD, 20)
    canvas.drawRightString(right, top - 16, number_text)
    text_left, room = _title_room(layout, number_text, logo)
    details_room = room
    if sheet.match_name:
        canvas.setFont(FONT_BOLD, 11)
        name = fit(sheet.match_name, FONT_BOLD, 11, right - layout.panel)
        canvas.drawRightString(right, top - 30, name)
        details_room = min(room, right - string_width(name, FONT_BOLD, 11) - 6 * mm - text_left)
    details = [data.round_title, data.match_length_text]
    if sheet.table is not None:
        details.append(f"{labels.table} {sheet.table}")
    canvas.setFont(FONT, 8.5)
    canvas.drawString(
        text_left, top - 28, fit(" · ".join(d for d in details if d), FONT, 8.5, details_room)
    )

    # The entry numbers over the grid's columns.
    grid_top, column = layout.grid_top, layout.column
    tags = (f"#{sheet.left_entry}", f"#{sheet.right_entry}")
    size = min(fitted_size(t, FONT, 7.5, column - 2 * CELL_PAD, 4.5) for t in tags)
    base = baseline_in(grid_top - HEAD_ROW, HEAD_ROW, size)
    canvas.setFont(FONT, size)
    for b in range(layout.blocks):
        x0 = layout.block_left(b)
        canvas.drawCentredString(x0 + column / 2, base, tags[0])
        canvas.drawCentredString(x0 + 1.5 * column, base, tags[1])

    if layout.four_links:
        if any(url for _name, url in sheet.seat_links):
            _draw_seat_links(canvas, labels, sheet.seat_links, layout)
    elif layout.has_links:
        links = [(sheet.left_entry, sheet.left_link), (sheet.right_entry, sheet.right_link)]
        _draw_links(canvas, labels, links, layout)

    # The players, then (in the form) the result and the signatures.
    panel = layout.panel
    width = right - panel
    y = grid_top - 8
    for side, name, entry in (
        (labels.left, sheet.left_name, sheet.left_entry),
        (labels.right, sheet.right_name, sheet.right_entry),
    ):
        canvas.setFont(FONT, 8)
        canvas.drawString(panel, y, f"{side} · #{entry}")
        size, lines = wrap_fitted(name, FONT_BOLD, NAME_SIZE, width)
        canvas.setFont(FONT_BOLD, size)
        for i, line in enumerate(lines):
            canvas.drawString(panel, y - 14 - i * NAME_LEADING, line)
        y -= 14 + NAME_LEADING + 12
    y = _panel_result_top(layout)
    box = 11 * mm
    canvas.setFont(FONT, 7)
    canvas.drawCentredString(panel + box / 2, y - box - 11, tags[0])
    canvas.drawCentredString(panel + 1.5 * box + 8 * mm, y - box - 11, tags[1])


def short_link(url: str) -> tuple[str, str]:
    """The link as printed under its QR code: the address without the scheme up to the
    last path segment, and that segment (the private token), each starting a line."""
    bare = url.split("://", 1)[-1].rstrip("/")
    head, _sep, tail = bare.rpartition("/")
    return (head + "/", tail + "/") if head else (bare, "")


def link_lines(url: str, width: float = LINK_COLUMN) -> list[str]:
    """The printed lines of a link: the address wrapped after slashes, then the token
    on a line of its own (wrapped inside only when it is wider than the column)."""
    lines = []
    for part in short_link(url):
        if part:
            lines += wrap(part, FONT, LINK_SIZE, width, lines=4, breaks="/")
    return lines


def _draw_links(canvas, labels: ScoreSheetLabels, links, layout: SlipLayout) -> None:
    """One QR code per player, one under the other, each with its entry and its link;
    nothing is printed within the code's quiet zone."""
    x = layout.link_left
    y = layout.grid_top
    for entry, url in links:
        if not url:
            continue
        caption = labels.play_link.format(name=f"#{entry}")
        canvas.setFont(FONT_BOLD, 7)
        base = y - GLYPH_TOP * 7
        canvas.drawString(x, base, fit(caption, FONT_BOLD, 7, LINK_COLUMN))
        matrix = qr_matrix(url)
        quiet = quiet_zone(matrix, QR_SIZE)
        qr_top = base - GLYPH_BOTTOM * 7 - quiet
        draw_qr(canvas, matrix, x + (LINK_COLUMN - QR_SIZE) / 2, qr_top - QR_SIZE, QR_SIZE)
        line = qr_top - QR_SIZE - quiet - GLYPH_TOP * LINK_SIZE
        canvas.setFillGray(0.15)
        canvas.setFont(FONT, LINK_SIZE)
        for text in link_lines(url):
            canvas.drawString(x, line, text)
            line -= LINK_LEADING
        canvas.setFillGray(0)
        y = line + LINK_LEADING - GLYPH_BOTTOM * LINK_SIZE - 2 * mm


def _draw_seat_links(canvas, labels: ScoreSheetLabels, seat_links, layout: SlipLayout) -> None:
    """A table of four: two columns of two links, team A's seats on the left and team
    B's on the right (seat order 0 1 / 2 3), each with the player's name, the QR code
    and the link under it; a seat the computer plays says so instead."""
    for index, (name, url) in enumerate(seat_links[:4]):
        x = layout.link_left + (index % 2) * (LINK_CELL + LINK_CELL_GAP)
        top = layout.grid_top - (index // 2) * (layout.grid_top - layout.grid_bottom) / 2
        canvas.setFont(FONT_BOLD, 7)
        base = top - GLYPH_TOP * 7
        caption = labels.play_link.format(name=name) if url else name
        canvas.drawString(x, base, fit(caption, FONT_BOLD, 7, LINK_CELL))
        if not url:
            canvas.setFont(FONT, 7)
            canvas.drawString(x, base - 10, fit(labels.computer, FONT, 7, LINK_CELL))
            continue
        matrix = qr_matrix(url)
        quiet = quiet_zone(matrix, QR_SIZE_FOUR)
        qr_top = base - GLYPH_BOTTOM * 7 - quiet
        left = x + (LINK_CELL - QR_SIZE_FOUR) / 2
        draw_qr(canvas, matrix, left, qr_top - QR_SIZE_FOUR, QR_SIZE_FOUR)
        line = qr_top - QR_SIZE_FOUR - quiet - GLYPH_TOP * LINK_SIZE
        canvas.setFillGray(0.15)
        canvas.setFont(FONT, LINK_SIZE)
        for text in link_lines(url, LINK_CELL):
            canvas.drawString(x, line, text)
            line -= LINK_LEADING
        canvas.setFillGray(0)
