"""Entry cards (Teilnahmekarten): ten to an A4 page, ready to cut, each with the
entry number, the player, whether it is paid, and a QR code that opens the
tournament's public page."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import segno
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

COLUMNS = 2
ROWS = 5
CARD_WIDTH = PAGE_WIDTH / COLUMNS
CARD_HEIGHT = PAGE_HEIGHT / ROWS
PAD = 7 * mm
QR_SIZE = 27 * mm
QR_FORM = "tournament-qr"


@dataclass(frozen=True)
class EntryCardLabels:
    title: str = "Entry card"
    entry: str = "Entry no."
    paid: str = "paid"
    unpaid: str = "not paid"
    scan: str = "Draw and standings"
    empty: str = "No entries yet."


@dataclass(frozen=True)
class EntryCard:
    number: int
    player_name: str
    paid: bool
    town: str = ""


@dataclass(frozen=True)
class EntryCardsData:
    header: DocumentHeader
    url: str  # the tournament's public page, encoded in the QR code
    fee_text: str  # e.g. "Entry fee € 10,00"; empty for none
    cards: list[EntryCard]
    labels: EntryCardLabels = field(default_factory=EntryCardLabels)


def qr_modules(url: str) -> list[list[bool]]:
    """The QR code's dark modules, row by row (without the quiet zone)."""
    qr = segno.make(url, error="m", micro=False)
    return [[bool(cell) for cell in row] for row in qr.matrix]


def build_entry_cards(data: EntryCardsData) -> bytes:
    labels = data.labels
    logo = logo_image(data.header.logo)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, labels.title, data.header)
    if data.url:
        _define_qr_form(canvas, data.url)
    pages = chunks(data.cards, COLUMNS * ROWS)
    for page_no, cards in enumerate(pages, start=1):
        if not cards:
            y = draw_page_header(
                canvas, data.header, labels.title, data.header.date_text, 1, 1, logo
            )
            canvas.setFont(FONT, 12)
            canvas.drawString(14 * mm, y - 14, labels.empty)
            canvas.showPage()
            continue
        for slot, card in enumerate(cards):
            column, row = slot % COLUMNS, slot // COLUMNS
            x = column * CARD_WIDTH
            y = PAGE_HEIGHT - (row + 1) * CARD_HEIGHT
            _draw_card(canvas, data, card, x, y, logo)
        _draw_cut_marks(canvas, len(cards))
        canvas.setFont(FONT, 6)
        canvas.setFillGray(0.4)
        canvas.drawString(
            7 * mm, 2.5 * mm, data.header.page_label.format(page=page_no, pages=len(pages))
        )
        canvas.setFillGray(0)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _define_qr_form(canvas, url: str) -> None:
    """Draw the QR code once as a reusable form; every card places it."""
    modules = qr_modules(url)
    size = len(modules)
    cell = QR_SIZE / size
    canvas.beginForm(QR_FORM, lowerx=0, lowery=0, upperx=QR_SIZE, uppery=QR_SIZE)
    canvas.setFillGray(0)
    path = canvas.beginPath()
    for r, row in enumerate(modules):
        y = QR_SIZE - (r + 1) * cell
        c = 0
        while c < size:
            if not row[c]:
                c += 1
                continue
            start = c
            while c < size and row[c]:
                c += 1
            path.rect(start * cell, y, (c - start) * cell, cell)
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.endForm()


def _draw_cut_marks(canvas, count: int) -> None:
    rows = (count + COLUMNS - 1) // COLUMNS
    canvas.setLineWidth(0.3)
    canvas.setStrokeGray(0.7)
    canvas.setDash(2, 3)
    for r in range(1, rows):
        y = PAGE_HEIGHT - r * CARD_HEIGHT
        canvas.line(0, y, PAGE_WIDTH, y)
    canvas.line(CARD_WIDTH, PAGE_HEIGHT, CARD_WIDTH, PAGE_HEIGHT - rows * CARD_HEIGHT)
    canvas.setDash()
    canvas.setStrokeGray(0)
    canvas.setLineWidth(0.5)
    for r in range(1, ROWS):
        y = PAGE_HEIGHT - r * CARD_HEIGHT
        canvas.line(0, y, 5 * mm, y)
        canvas.line(PAGE_WIDTH - 5 * mm, y, PAGE_WIDTH, y)
    canvas.line(CARD_WIDTH, PAGE_HEIGHT, CARD_WIDTH, PAGE_HEIGHT - 5 * mm)
    canvas.line(CARD_WIDTH, 0, CARD_WIDTH, 5 * mm)


def _draw_card(canvas, data: EntryCardsData, card: EntryCard, x: float, y: float, logo) -> None:
    labels = data.labels
    left = x + PAD
    right = x + CARD_WIDTH - PAD
    top = y + CARD_HEIGHT - PAD
    text_right = right - (QR_SIZE + 3 * mm if data.url else 0)
    text_left = left
    if logo is not None:
        width, height = logo.getSize()
        scale = min(10 * mm / width, 10 * mm / height)
        canvas.drawImage(logo, left, top - 10 * mm, width * scale, height * scale, mask="auto")
        text_left = left + 12 * mm
    # The header lines use the full width: the QR code sits below them.
    width = right - text_left
    canvas.setFont(FONT, 7.5)
    canvas.drawString(text_left, top - 7, fit(data.header.club_name, FONT, 7.5, width))
    canvas.setFont(FONT_BOLD, 9.5)
    canvas.drawString(text_left, top - 18, fit(data.header.tournament_name, FONT_BOLD, 9.5, width))
    canvas.setFont(FONT, 7.5)
    when = " · ".join(s for s in (data.header.date_text, data.header.venue) if s)
    canvas.drawString(text_left, top - 28, fit(when, FONT, 7.5, width))

    canvas.setFont(FONT, 8)
    canvas.drawString(left, top - 46, labels.entry)
    canvas.setFont(FONT_BOLD, 30)
    canvas.drawString(left, top - 76, str(card.number))
    canvas.setFont(FONT_BOLD, 12)
    canvas.drawString(left, top - 95, fit(card.player_name, FONT_BOLD, 12, text_right - left))
    if card.town:
        canvas.setFont(FONT, 8)
        canvas.drawString(left, top - 106, fit(card.town, FONT, 8, text_right - left))

    # Paid or not: a box, ticked by drawing when paid, and the word.
    status = labels.paid if card.paid else labels.unpaid
    box = 3.6 * mm
    base = y + PAD - 1
    canvas.setLineWidth(0.7)
    canvas.rect(left, base, box, box, fill=0)
    if card.paid:
        canvas.setLineWidth(1.4)
        canvas.line(left + 0.7 * mm, base + 1.8 * mm, left + 1.5 * mm, base + 0.7 * mm)
        canvas.line(left + 1.5 * mm, base + 0.7 * mm, left + 3.0 * mm, base + 3.0 * mm)
        canvas.setLineWidth(0.5)
    canvas.setFont(FONT_BOLD if card.paid else FONT, 9)
    canvas.drawString(left + box + 2 * mm, base + 2, status)
    if data.fee_text:
        canvas.setFont(FONT, 7.5)
        canvas.drawRightString(text_right, base + 2, data.fee_text)

    if data.url:
        canvas.saveState()
        canvas.translate(right - QR_SIZE, y + PAD + 5 * mm)
        canvas.doForm(QR_FORM)
        canvas.restoreState()
        canvas.setFont(FONT, 6.5)
        canvas.drawCentredString(
            right - QR_SIZE / 2, y + PAD + 1.5 * mm, fit(labels.scan, FONT, 6.5, QR_SIZE + 4 * mm)
        )
