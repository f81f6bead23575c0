"""The draw sheet (Auslosung) of one round, for the wall: the pairings by
number, then every player alphabetically with his numbers."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from reportlab.lib.units import mm

from .common import (
    FONT,
    FONT_BOLD,
    MARGIN,
    PAGE_WIDTH,
    DocumentHeader,
    chunks,
    content_top,
    draw_page_header,
    fit,
    logo_image,
    name_sort_key,
    new_canvas,
)


@dataclass(frozen=True)
class DrawSheetLabels:
    title: str = "Draw"
    number: str = "No."
    left: str = "Left"
    right: str = "Right"
    table: str = "Table"
    note: str = "Note"
    bye: str = "Bye"
    players: str = "Players A–Z"
    player: str = "Player"
    entry: str = "Entry"
    draw_number: str = "No."
    side_left: str = "left"
    side_right: str = "right"
    empty: str = "No pairings in this round."


@dataclass(frozen=True)
class DrawRow:
    """One pairing; ``right_name`` is None for a bye (Freilos)."""

    number: int
    left_name: str
    left_entry: int
    right_name: str | None = None
    right_entry: int | None = None
    table: int | None = None
    note: str = ""

    @property
    def bye(self) -> bool:
        return self.right_name is None


@dataclass(frozen=True)
class DrawSection:
    """The pairings of one bracket (the main draw or a placement match)."""

    title: str
    rows: list[DrawRow]


@dataclass(frozen=True)
class DrawSheetData:
    header: DocumentHeader
    round_title: str
    drawn_text: str
    sections: list[DrawSection]
    labels: DrawSheetLabels = field(default_factory=DrawSheetLabels)


ROW = 19.0  # points per pairing line: 12 pt names, readable from a metre away
NAME_SIZE = 12
NUMBER_SIZE = 14
LIST_ROW = 17.0
LIST_SIZE = 11.5
FOOTER = 10 * mm


@dataclass(frozen=True)
class _ListEntry:
    name: str
    entry: int
    number: int
    side: str
    section: str


def player_index(data: DrawSheetData) -> list[_ListEntry]:
    """Every entry in the round, alphabetically by player, then entry number."""
    show_section = len(data.sections) > 1
    items = []
    for section in data.sections:
        title = section.title if show_section else ""
        for row in section.rows:
            items.append(
                _ListEntry(row.left_name, row.left_entry, row.number, data.labels.side_left, title)
            )
            if not row.bye:
                items.append(
                    _ListEntry(
                        row.right_name, row.right_entry, row.number, data.labels.side_right, title
                    )
                )
    items.sort(key=lambda e: (name_sort_key(e.name), e.entry))
    return items


def build_draw_sheet(data: DrawSheetData) -> bytes:
    labels = data.labels
    logo = logo_image(data.header.logo)
    usable = content_top(logo) - MARGIN - FOOTER - ROW  # minus the column header line

    # The pairing lines: a section title takes one line when there are several.
    lines: list[tuple[str, object]] = []
    for section in data.sections:
        if len(data.sections) > 1:
            lines.append(("section", section.title))
        lines.extend(("row", row) for row in section.rows)
    per_page = max(1, int(usable // ROW))
    pairing_pages = chunks(lines, per_page)

    index = player_index(data)
    list_per_column = max(1, int((usable + ROW - LIST_ROW) // LIST_ROW))
    # Two columns; one wide column when bracket titles go with the names (prize stage).
    columns = 1 if len(data.sections) > 1 else 2
    list_pages = [] if not index else chunks(index, list_per_column * columns)
    pages = len(pairing_pages) + len(list_pages)

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, f"{labels.title} – {data.round_title}", data.header)
    subtitle = " · ".join(
        s for s in (data.drawn_text or data.header.date_text, data.header.venue) if s
    )
    title = f"{labels.title}: {data.round_title}"
    page = 0

    left = MARGIN
    right = PAGE_WIDTH - MARGIN
    x_number = left
    x_left = left + 16 * mm
    x_table = right - 38 * mm
    x_note = right - 24 * mm
    x_right = x_left + (x_table - x_left) / 2
    name_width = x_right - x_left - 3 * mm

    for chunk in pairing_pages:
        page += 1
        y = draw_page_header(canvas, data.header, title, subtitle, page, pages, logo)
        canvas.setFont(FONT_BOLD, 10)
        canvas.drawString(x_number, y - 10, labels.number)
        canvas.drawString(x_left, y - 10, labels.left)
        canvas.drawString(x_right, y - 10, labels.right)
        canvas.drawString(x_table, y - 10, labels.table)
        canvas.drawString(x_note, y - 10, labels.note)
        y -= ROW
        canvas.setLineWidth(0.5)
        canvas.line(left, y + 5, right, y + 5)
        if not lines:
            canvas.setFont(FONT, NAME_SIZE)
            canvas.drawString(x_left, y - 14, labels.empty)
        for shade, (kind, item) in enumerate(chunk):
            base = y - 14
            if kind == "section":
                canvas.setFont(FONT_BOLD, NAME_SIZE)
                canvas.drawString(
                    x_number, base, fit(str(item), FONT_BOLD, NAME_SIZE, right - left)
                )
                y -= ROW
                continue
            row: DrawRow = item  # type: ignore[assignment]
            if shade % 2:
                canvas.setFillGray(0.92)
                canvas.rect(left - 2, y - ROW + 4, right - left + 4, ROW, stroke=0, fill=1)
                canvas.setFillGray(0)
            canvas.setFont(FONT_BOLD, NUMBER_SIZE)
            canvas.drawRightString(x_left - 5 * mm, base, str(row.number))
            _draw_side(canvas, x_left, base, row.left_name, row.left_entry, name_width)
            if row.bye:
                canvas.setFont(FONT_BOLD, NAME_SIZE)
                canvas.drawString(x_right, base, labels.bye.upper())
            else:
                _draw_side(canvas, x_right, base, row.right_name, row.right_entry, name_width)
            canvas.setFont(FONT, NAME_SIZE)
            if row.table is not None:
                canvas.drawString(x_table, base, str(row.table))
            if row.note:
                canvas.setFont(FONT_BOLD, 9)
                canvas.drawString(x_note, base, fit(row.note, FONT_BOLD, 9, right - x_note))
            y -= ROW
        canvas.showPage()

    column_width = (right - left) / columns
    for chunk in list_pages:
        page += 1
        y = draw_page_header(canvas, data.header, labels.players, subtitle, page, pages, logo)
        for column, entries in enumerate(chunks(chunk, list_per_column)):
            x = left + column * column_width
            x_end = x + column_width - 4 * mm
            canvas.setFont(FONT_BOLD, 10)
            canvas.drawString(x, y - 10, labels.player)
            canvas.drawRightString(x_end - 24 * mm, y - 10, labels.entry)
            canvas.drawRightString(x_end, y - 10, labels.draw_number)
            row_y = y - ROW
            canvas.setLineWidth(0.5)
            canvas.line(x, row_y + 5, x_end, row_y + 5)
            for shade, entry in enumerate(entries):
                base = row_y - 12.5
                if shade % 2:
                    canvas.setFillGray(0.92)
                    canvas.rect(
                        x - 2, row_y - LIST_ROW + 4, x_end - x + 4, LIST_ROW, stroke=0, fill=1
                    )
                    canvas.setFillGray(0)
                canvas.setFont(FONT, LIST_SIZE)
                name = entry.name if not entry.section else f"{entry.name} ({entry.section})"
                canvas.drawString(x, base, fit(name, FONT, LIST_SIZE, column_width - 40 * mm))
                canvas.drawRightString(x_end - 24 * mm, base, f"#{entry.entry}")
                canvas.setFont(FONT_BOLD, LIST_SIZE)
                canvas.drawRightString(x_end - 10 * mm, base, str(entry.number))
                canvas.setFont(FONT, 8)
                canvas.drawRightString(x_end, base, entry.side)
                row_y -= LIST_ROW
        canvas.showPage()

    canvas.save()
    return buffer.getvalue()


def _draw_side(canvas, x: float, base: float, name: str, entry: int, width: float) -> None:
    tag = f"#{entry}"
    canvas.setFont(FONT, 9)
    tag_width = canvas.stringWidth(tag, FONT, 9) + 2 * mm
    canvas.drawString(x, base, tag)
    canvas.setFont(FONT, NAME_SIZE)
    canvas.drawString(x + tag_width, base, fit(name, FONT, NAME_SIZE, width - tag_width))
