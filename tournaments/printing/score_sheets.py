"""Score sheets (Spielzettel): one slip per pairing, three to an A4 page with
cut marks. The players write each Bummerl counting down from 7, game by game,
and sign the result.

A slip whose pairing has a match started in the browser also carries, between the
grid and the players, a small QR code per player with his private link, and the link
under it (without the scheme). The slip is handed to the two players: whoever holds
it holds the links, so score sheets are never public documents."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from reportlab.lib.units import mm

from .common import (
    FONT,
    FONT_BOLD,
    PAGE_HEIGHT,
    PAGE_WIDTH,
    DocumentHeader,
    chunks,
    draw_page_header,
    fit,
    logo_image,
    new_canvas,
    string_width,
)
from .entry_cards import qr_modules

SLIPS_PER_PAGE = 3
SLIP_HEIGHT = PAGE_HEIGHT / SLIPS_PER_PAGE
PAD = 9 * mm  # inside a slip, clear of the cut and of the printer's unprintable edge
GAME_ROWS = 13  # a Bummerl lasts at most 13 games (7 + 6 points won one at a time)
BUMMERL_POINTS = 7
GRID_WIDTH = 118 * mm
LINK_COLUMN = 27 * mm  # the QR codes' column, taken from the grid when a slip has links
QR_SIZE = 19 * mm


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
    bracket: str = ""
    left_link: str = ""  # absolute address of the left player's private page, or ""
    right_link: str = ""


@dataclass(frozen=True)
class ScoreSheetsData:
    header: DocumentHeader
    round_title: str
    match_bummerl: int  # Bummerl needed to win the match (2 or 3)
    match_length_text: str  # e.g. "best of 2 Bummerl"
    sheets: list[ScoreSheet]
    labels: ScoreSheetLabels = field(default_factory=ScoreSheetLabels)


def build_score_sheets(data: ScoreSheetsData) -> bytes:
    labels = data.labels
    logo = logo_image(data.header.logo)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, f"{labels.title} – {data.round_title}", data.header)
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
            _draw_slip(canvas, data, sheet, bottom, logo)
            footer = data.header.page_label.format(page=page_no, pages=len(pages))
            if slot == len(slips) - 1:
                canvas.setFont(FONT, 6.5)
                canvas.drawRightString(PAGE_WIDTH - PAD, bottom + 3 * mm, footer)
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


def _draw_slip(canvas, data: ScoreSheetsData, sheet: ScoreSheet, bottom: float, logo) -> None:
    labels = data.labels
    left = PAD
    right = PAGE_WIDTH - PAD
    top = bottom + SLIP_HEIGHT - PAD + 2 * mm

    # Title line: the draw number big on the right, the tournament on the left.
    number_text = f"{labels.number} {sheet.number}"
    canvas.setFont(FONT_BOLD, 20)
    canvas.drawRightString(right, top - 16, number_text)
    number_width = canvas.stringWidth(number_text, FONT_BOLD, 20) + 6 * mm
    text_left = left
    if logo is not None:
        width, height = logo.getSize()
        scale = min(9 * mm / width, 9 * mm / height)
        canvas.drawImage(logo, left, top - 9 * mm, width * scale, height * scale, mask="auto")
        text_left = left + 11 * mm
    room = right - number_width - text_left
    canvas.setFont(FONT, 7.5)
    head = " · ".join(s for s in (data.header.club_name, data.header.date_text) if s)
    canvas.drawString(text_left, top - 6, fit(head, FONT, 7.5, room))
    canvas.setFont(FONT_BOLD, 10)
    canvas.drawString(text_left, top - 17, fit(data.header.tournament_name, FONT_BOLD, 10, room))
    canvas.setFont(FONT, 8.5)
    details = [data.round_title, sheet.bracket, data.match_length_text]
    if sheet.table is not None:
        details.append(f"{labels.table} {sheet.table}")
    canvas.drawString(
        text_left, top - 28, fit(" · ".join(d for d in details if d), FONT, 8.5, room)
    )

    # The count-down grid on the left, one block of two columns per Bummerl.
    blocks = 2 * data.match_bummerl - 1
    links = [(sheet.left_entry, sheet.left_link), (sheet.right_entry, sheet.right_link)]
    has_links = any(url for _entry, url in links)
    grid_left = left
    grid_right = left + GRID_WIDTH - (LINK_COLUMN if has_links else 0)
    grid_top = top - 33
    row_height = 4.5 * mm
    head_height = 2 * 4.2 * mm
    column = (grid_right - grid_left) / (2 * blocks)
    grid_bottom = grid_top - head_height - (GAME_ROWS + 1) * row_height
    canvas.setLineWidth(0.4)
    for b in range(blocks):
        x0 = grid_left + 2 * b * column
        canvas.setFont(FONT_BOLD, 7.5)
        canvas.drawCentredString(x0 + column, grid_top - 9, labels.bummerl.format(n=b + 1))
        canvas.setFont(FONT, 7.5)
        canvas.drawCentredString(x0 + column / 2, grid_top - 20, f"#{sheet.left_entry}")
        canvas.drawCentredString(x0 + 1.5 * column, grid_top - 20, f"#{sheet.right_entry}")
        canvas.setFont(FONT, 9)
        first = grid_top - head_height - row_height + 4
        canvas.setFillGray(0.45)
        canvas.drawCentredString(x0 + column / 2, first, str(BUMMERL_POINTS))
        canvas.drawCentredString(x0 + 1.5 * column, first, str(BUMMERL_POINTS))
        canvas.setFillGray(0)
    canvas.setLineWidth(0.3)
    canvas.setStrokeGray(0.55)
    for r in range(GAME_ROWS + 2):
        y = grid_top - head_height - r * row_height
        canvas.line(grid_left, y, grid_right, y)
    canvas.setStrokeGray(0)
    canvas.setLineWidth(0.5)
    canvas.line(grid_left, grid_top - 4.2 * mm, grid_right, grid_top - 4.2 * mm)
    canvas.rect(grid_left, grid_bottom, grid_right - grid_left, grid_top - grid_bottom)
    for c in range(1, 2 * blocks):
        x = grid_left + c * column
        canvas.setLineWidth(1.2 if c % 2 == 0 else 0.4)
        low = grid_top - (4.2 * mm if c % 2 else 0)
        canvas.line(x, grid_bottom, x, low)
    canvas.setLineWidth(0.5)

    if has_links:
        _draw_links(canvas, labels, links, left + GRID_WIDTH - LINK_COLUMN + 3 * mm, grid_top)

    # The players, the result and the signatures on the right.
    panel = left + GRID_WIDTH + 6 * mm
    width = right - panel
    y = grid_top - 8
    for side, name, entry in (
        (labels.left, sheet.left_name, sheet.left_entry),
        (labels.right, sheet.right_name, sheet.right_entry),
    ):
        canvas.setFont(FONT, 8)
        canvas.drawString(panel, y, f"{side} · #{entry}")
        canvas.setFont(FONT_BOLD, 12)
        canvas.drawString(panel, y - 14, fit(name, FONT_BOLD, 12, width))
        y -= 32
    canvas.setFont(FONT, 8)
    canvas.drawString(panel, y, labels.result)
    box = 11 * mm
    canvas.rect(panel, y - box - 3, box, box)
    canvas.setFont(FONT_BOLD, 14)
    canvas.drawCentredString(panel + box + 4 * mm, y - box / 2 - 7, ":")
    canvas.rect(panel + box + 8 * mm, y - box - 3, box, box)
    canvas.setFont(FONT, 7)
    canvas.drawCentredString(panel + box / 2, y - box - 11, f"#{sheet.left_entry}")
    canvas.drawCentredString(panel + 1.5 * box + 8 * mm, y - box - 11, f"#{sheet.right_entry}")
    canvas.setFont(FONT, 8)
    y -= box + 24
    canvas.drawString(panel, y, labels.winner)
    canvas.line(panel + canvas.stringWidth(labels.winner, FONT, 8) + 2 * mm, y - 1, right, y - 1)
    for signature in (labels.signature_left, labels.signature_right):
        y -= 26
        canvas.line(panel, y + 8, right, y + 8)
        canvas.setFont(FONT, 7)
        canvas.drawString(panel, y, signature)
    canvas.setFont(FONT, 6.5)
    canvas.setFillGray(0.35)
    canvas.drawString(grid_left, grid_bottom - 9, fit(labels.hint, FONT, 6.5, grid_right - left))
    canvas.setFillGray(0)


def short_link(url: str) -> tuple[str, str]:
    """The link as printed under its QR code, in two lines: the address without the
    scheme up to the last path segment, and that segment (the private token)."""
    bare = url.split("://", 1)[-1].rstrip("/")
    head, _sep, tail = bare.rpartition("/")
    return (head + "/", tail + "/") if head else (bare, "")


def _fitting_size(text: str, font: str, size: float, width: float) -> float:
    needed = string_width(text, font, size)
    return size if needed <= width else size * width / needed


def _draw_qr(canvas, url: str, x: float, y: float, size: float) -> None:
    """The QR code of ``url`` with its lower left corner at (x, y): one path of runs,
    drawn in module units (whole numbers are quick to write) under a scaling."""
    modules = qr_modules(url)
    n = len(modules)
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(size / n, size / n)
    canvas.setFillGray(0)
    path = canvas.beginPath()
    for r, row in enumerate(modules):
        top = n - 1 - r
        c = 0
        while c < n:
            if not row[c]:
                c += 1
                continue
            start = c
            while c < n and row[c]:
                c += 1
            path.rect(start, top, c - start, 1)
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()


def _draw_links(canvas, labels: ScoreSheetLabels, links, x: float, top: float) -> None:
    """Two small QR codes, one under the other, each with its entry and its link."""
    width = LINK_COLUMN - 3 * mm
    y = top
    for entry, url in links:
        if not url:
            y -= QR_SIZE + 36
            continue
        canvas.setFont(FONT_BOLD, 7)
        caption = labels.play_link.format(name=f"#{entry}")
        canvas.drawString(x, y - 7, fit(caption, FONT_BOLD, 7, width))
        qr_x = x + (width - QR_SIZE) / 2
        _draw_qr(canvas, url, qr_x, y - 12 - QR_SIZE, QR_SIZE)  # a quiet zone under the caption
        line_y = y - 12 - QR_SIZE - 6
        canvas.setFillGray(0.2)
        for line in short_link(url):
            if line:
                size = _fitting_size(line, FONT, 5.5, width)
                canvas.setFont(FONT, size)
                canvas.drawString(x, line_y, line)
            line_y -= 6.5
        canvas.setFillGray(0)
        y -= QR_SIZE + 36
