"""Entry cards (Teilnahmekarten): ten to an A4 page, ready to cut, each with the
entry number, the player, whether it is paid, and a QR code that opens the
tournament's public page; where a card carries its own ``code`` (the public page with
the entry's number, ``?karte=N``), its QR code is that one: the desk scans it to check
the entry in (the ``registration`` app)."""

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
    chunks,
    draw_page_header,
    fit,
    logo_image,
    new_canvas,
    wrap_fitted,
)
from .qr import draw_qr, qr_matrix, quiet_zone

COLUMNS = 2
ROWS = 5
CARD_WIDTH = PAGE_WIDTH / COLUMNS
CARD_HEIGHT = PAGE_HEIGHT / ROWS
PAD = 7 * mm
QR_SIZE = 23 * mm  # the symbol; with its quiet zone (4 modules) about 30 mm
QR_FORM = "tournament-qr"
NAME_SIZE = 12
NAME_LEADING = 13.5
SCAN_SIZE = 6.5


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
    code: str = ""  # this card's own QR content; empty: the public page with ?karte=N


@dataclass(frozen=True)
class EntryCardsData:
    header: DocumentHeader
    url: str  # the tournament's public page, encoded in the QR code
    fee_text: str  # e.g. "Entry fee € 10,00"; empty for none
    cards: list[EntryCard]
    labels: EntryCardLabels = field(default_factory=EntryCardLabels)


def build_entry_cards(data: EntryCardsData) -> bytes:
    labels = data.labels
    logo = logo_image(data.header.logo)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, labels.title, data.header)
    matrix = qr_matrix(data.url) if data.url else None
    if matrix is not None:
        _define_qr_form(canvas, matrix)
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
            code = card.code or (f"{data.url}?karte={card.number}" if data.url else "")
            own = qr_matrix(code) if code else None
            _draw_card(canvas, data, card, x, y, logo, own or matrix, own is not None)
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


def _define_qr_form(canvas, matrix: list[bytes]) -> None:
    """Draw the QR code once as a reusable form (the symbol, without its quiet zone,
    from (0, 0) to (QR_SIZE, QR_SIZE)); every card places it."""
    canvas.beginForm(QR_FORM, lowerx=0, lowery=0, upperx=QR_SIZE, uppery=QR_SIZE)
    draw_qr(canvas, matrix, 0, 0, QR_SIZE)
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


def _draw_card(
    canvas,
    data: EntryCardsData,
    card: EntryCard,
    x: float,
    y: float,
    logo,
    matrix,
    own: bool = False,
) -> None:
    labels = data.labels
    left = x + PAD
    right = x + CARD_WIDTH - PAD
    top = y + CARD_HEIGHT - PAD
    # The QR code at the lower right, its quiet zone kept clear of every other mark,
    # the scan hint under the quiet zone.
    quiet = quiet_zone(matrix, QR_SIZE) if matrix is not None else 0
    qr_box = QR_SIZE + 2 * quiet if matrix is not None else 0
    scan_base = y + PAD - 1 + GLYPH_BOTTOM * SCAN_SIZE
    qr_y = scan_base + GLYPH_TOP * SCAN_SIZE + quiet
    text_right = right - qr_box if matrix is not None else right
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
    canvas.drawString(left, top - 43, labels.entry)
    canvas.setFont(FONT_BOLD, 30)
    canvas.drawString(left, top - 70, str(card.number))
    # The player's name in up to two lines, then his town.
    size, lines = wrap_fitted(card.player_name, FONT_BOLD, NAME_SIZE, text_right - left)
    canvas.setFont(FONT_BOLD, size)
    line_y = top - 88
    for line in lines:
        canvas.drawString(left, line_y, line)
        line_y -= NAME_LEADING
    if card.town:
        canvas.setFont(FONT, 8)
        canvas.drawString(left, line_y + 2.5, fit(card.town, FONT, 8, text_right - left))

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
        canvas.drawRightString(text_right - 2 * mm, base + 2, data.fee_text)

    if matrix is not None:
        canvas.saveState()
        canvas.translate(right - quiet - QR_SIZE, qr_y)
        if own:  # the card's own code, drawn in place
            draw_qr(canvas, matrix, 0, 0, QR_SIZE)
        else:
            canvas.doForm(QR_FORM)
        canvas.restoreState()
        canvas.setFont(FONT, SCAN_SIZE)
        canvas.drawCentredString(
            right - qr_box / 2, scan_base, fit(labels.scan, FONT, SCAN_SIZE, qr_box)
        )
