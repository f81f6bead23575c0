"""Score sheets (Spielzettel): one slip per pairing, three to an A4 page with
cut marks. The players write each Bummerl counting down from 7, game by game,
and sign the result."""

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
)

SLIPS_PER_PAGE = 3
SLIP_HEIGHT = PAGE_HEIGHT / SLIPS_PER_PAGE
PAD = 9 * mm  # inside a slip, clear of the cut and of the printer's unprintable edge
GAME_ROWS = 13  # a Bummerl lasts at most 13 games (7 + 6 points won one at a time)
BUMMERL_POINTS = 7


@dataclass(frozen=True)
class ScoreSheetLabels:
    title: str = "Score sheet"
    number: str = "No."
    table: str = "Table"
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
    grid_left = left
    grid_right = left + 118 * mm
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

    # The players, the result and the signatures on the right.
    panel = grid_right + 6 * mm
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
