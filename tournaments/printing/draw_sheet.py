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
    baseline_in,
    chunks,
    content_top,
    draw_band,
    draw_page_header,
    fit,
    logo_image,
    name_sort_key,
    new_canvas,
    paginate,
    string_width,
    wrap,
    wrap_fitted,
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
    match_name: str = ""  # the prize-stage match ("Finale", "Spiel um Platz 7"), or ""
    # a team's two players: the index lists the team's entry under each of them
    left_members: tuple = ()
    right_members: tuple = ()

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
NAME_LEADING = 13.5  # a name wrapped to a second line
NUMBER_SIZE = 14
NOTE_SIZE = 9
LIST_ROW = 17.0
LIST_SIZE = 11.5
LIST_LEADING = 13.0
FOOTER = 10 * mm


@dataclass(frozen=True)
class _ListEntry:
    name: str
    entry: int
    number: int
    side: str
    section: str


def player_index(data: DrawSheetData) -> list[_ListEntry]:
    """Every entry in the round, alphabetically by player, then entry number; with the
    prize-stage match (or, with several sections, the section) it plays in. A team's
    entry is listed under each of its two players."""
    show_section = len(data.sections) > 1
    items = []
    for section in data.sections:
        for row in section.rows:
            title = row.match_name or (section.title if show_section else "")
            for name in row.left_members or (row.left_name,):
                items.append(
                    _ListEntry(name, row.left_entry, row.number, data.labels.side_left, title)
                )
            if not row.bye:
                for name in row.right_members or (row.right_name,):
                    items.append(
                        _ListEntry(
                            name, row.right_entry, row.number, data.labels.side_right, title
                        )
                    )
    items.sort(key=lambda e: (name_sort_key(e.name), e.entry))
    return items


@dataclass(frozen=True)
class _Columns:
    """The pairing lines' columns, in points."""

    left: float = MARGIN
    right: float = PAGE_WIDTH - MARGIN

    @property
    def number(self) -> float:  # right edge of the draw number
        return self.left + 11 * mm

    @property
    def first(self) -> float:
        return self.left + 16 * mm

    @property
    def table(self) -> float:
        return self.right - 38 * mm

    @property
    def note(self) -> float:
        return self.right - 24 * mm

    @property
    def second(self) -> float:
        return self.first + (self.table - self.first) / 2


def _side_lines(name: str, entry: int, width: float) -> tuple[str, float, float, list[str]]:
    """The entry tag, its width, and the name's size and lines (up to two) in what is
    left."""
    tag = f"#{entry}"
    tag_width = string_width(tag, FONT, 9) + 2 * mm
    size, lines = wrap_fitted(name, FONT, NAME_SIZE, width - tag_width)
    return tag, tag_width, size, lines


def _row_lines(row: DrawRow, cols: _Columns) -> int:
    width = cols.second - cols.first - 3 * mm
    lines = len(_side_lines(row.left_name, row.left_entry, width)[3])
    if not row.bye:
        lines = max(lines, len(_side_lines(row.right_name, row.right_entry, width)[3]))
    note = wrap(row.note, FONT_BOLD, NOTE_SIZE, cols.right - cols.note) if row.note else []
    return max(lines, len(note), 1)


def _height(lines: int, row: float, leading: float) -> float:
    return row + (lines - 1) * leading


def build_draw_sheet(data: DrawSheetData) -> bytes:
    labels = data.labels
    logo = logo_image(data.header.logo)
    usable = content_top(logo) - MARGIN - FOOTER - ROW  # minus the column header line
    cols = _Columns()

    # The pairing lines: a section title takes one line when there are several, and
    # a prize-stage match's name one line before it.
    lines: list[tuple[str, object, float]] = []
    for section in data.sections:
        if len(data.sections) > 1:
            lines.append(("title", section.title, ROW))
        for row in section.rows:
            if row.match_name:
                lines.append(("title", row.match_name, ROW))
            lines.append(("row", row, _height(_row_lines(row, cols), ROW, NAME_LEADING)))
    pairing_pages = [[lines[i] for i in page] for page in paginate([h for *_x, h in lines], usable)]

    index = player_index(data)
    # Two columns; one wide column when match names go with the names (prize stage).
    columns = 1 if any(e.section for e in index) else 2
    column_width = (cols.right - cols.left) / columns
    list_rows = [(e, _list_lines(e, column_width)) for e in index]
    list_room = usable + ROW - LIST_ROW
    heights = [_height(len(n), LIST_ROW, LIST_LEADING) for _e, (_s, n) in list_rows]
    list_columns = [[list_rows[i] for i in c] for c in paginate(heights, list_room)]
    list_pages = [] if not index else chunks(list_columns, columns)
    pages = len(pairing_pages) + len(list_pages)

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, f"{labels.title} – {data.round_title}", data.header)
    subtitle = " · ".join(
        s for s in (data.drawn_text or data.header.date_text, data.header.venue) if s
    )
    title = f"{labels.title}: {data.round_title}"
    page = 0
    left, right = cols.left, cols.right
    name_width = cols.second - cols.first - 3 * mm

    for chunk in pairing_pages:
        page += 1
        y = draw_page_header(canvas, data.header, title, subtitle, page, pages, logo)
        canvas.setFont(FONT_BOLD, 10)
        canvas.drawString(left, y - 10, labels.number)
        canvas.drawString(cols.first, y - 10, labels.left)
        canvas.drawString(cols.second, y - 10, labels.right)
        canvas.drawString(cols.table, y - 10, labels.table)
        canvas.drawString(cols.note, y - 10, labels.note)
        y -= ROW
        canvas.setLineWidth(0.5)
        canvas.line(left, y + 5, right, y + 5)
        top = y + 4  # the rows start under the rule
        if not lines:
            canvas.setFont(FONT, NAME_SIZE)
            canvas.drawString(cols.first, baseline_in(top, ROW, NAME_SIZE), labels.empty)
        # The bands first (every other pairing), then the text on top of them.
        row_top, shade = top, 0
        for kind, _item, height in chunk:
            if kind == "row":
                if shade % 2:
                    draw_band(canvas, left - 2, row_top - height, right - left + 4, height)
                shade += 1
            row_top -= height
        row_top = top
        for kind, item, height in chunk:
            if kind == "title":
                canvas.setFont(FONT_BOLD, NAME_SIZE)
                base = baseline_in(row_top, height, NAME_SIZE)
                canvas.drawString(left, base, fit(str(item), FONT_BOLD, NAME_SIZE, right - left))
            else:
                _draw_row(canvas, item, row_top, height, cols, name_width, labels)
            row_top -= height
        canvas.showPage()

    for chunk in list_pages:
        page += 1
        y = draw_page_header(canvas, data.header, labels.players, subtitle, page, pages, logo)
        for column, entries in enumerate(chunk):
            x = left + column * column_width
            x_end = x + column_width - 4 * mm
            canvas.setFont(FONT_BOLD, 10)
            canvas.drawString(x, y - 10, labels.player)
            canvas.drawRightString(x_end - LIST_ENTRY, y - 10, labels.entry)
            canvas.drawRightString(x_end - LIST_SIDE, y - 10, labels.draw_number)
            top = y - ROW + 4
            canvas.setLineWidth(0.5)
            canvas.line(x, top + 1, x_end, top + 1)
            row_top = top
            for shade, (_entry, (_size, names)) in enumerate(entries):
                height = _height(len(names), LIST_ROW, LIST_LEADING)
                if shade % 2:
                    draw_band(canvas, x - 2, row_top - height, x_end - x + 4, height)
                row_top -= height
            row_top = top
            for entry, (size, names) in entries:
                height = _height(len(names), LIST_ROW, LIST_LEADING)
                base = baseline_in(row_top, height, LIST_SIZE, len(names), LIST_LEADING)
                canvas.setFont(FONT, size)
                for i, line in enumerate(names):
                    canvas.drawString(x, base - i * LIST_LEADING, line)
                canvas.setFont(FONT, LIST_SIZE)
                canvas.drawRightString(x_end - LIST_ENTRY, base, f"#{entry.entry}")
                canvas.setFont(FONT_BOLD, LIST_SIZE)
                canvas.drawRightString(x_end - LIST_NUMBER, base, str(entry.number))
                canvas.setFont(FONT, 8)
                canvas.drawRightString(x_end, base, entry.side)
                row_top -= height
        canvas.showPage()

    canvas.save()
    return buffer.getvalue()


# The index's columns, from a column's right end: the side, the draw number, the entry.
LIST_SIDE = 0.0
LIST_NUMBER = 9 * mm
LIST_ENTRY = 20 * mm


def _list_lines(entry: _ListEntry, column_width: float) -> tuple[float, list[str]]:
    """The index line's name (with its match) in up to two lines: the size and the
    lines, in the width up to the entry number's column."""
    name = entry.name if not entry.section else f"{entry.name} ({entry.section})"
    width = column_width - 4 * mm - LIST_ENTRY - string_width("#0000", FONT, LIST_SIZE) - 2 * mm
    return wrap_fitted(name, FONT, LIST_SIZE, width)


def _draw_row(canvas, row: DrawRow, top, height, cols: _Columns, name_width, labels) -> None:
    lines = _row_lines(row, cols)
    base = baseline_in(top, height, NAME_SIZE, lines, NAME_LEADING)
    canvas.setFont(FONT_BOLD, NUMBER_SIZE)
    canvas.drawRightString(cols.number, base, str(row.number))
    _draw_side(canvas, cols.first, base, row.left_name, row.left_entry, name_width)
    if row.bye:
        canvas.setFont(FONT_BOLD, NAME_SIZE)
        canvas.drawString(cols.second, base, labels.bye.upper())
    else:
        _draw_side(canvas, cols.second, base, row.right_name, row.right_entry, name_width)
    canvas.setFont(FONT, NAME_SIZE)
    if row.table is not None:
        canvas.drawString(cols.table, base, str(row.table))
    if row.note:
        canvas.setFont(FONT_BOLD, NOTE_SIZE)
        for i, line in enumerate(wrap(row.note, FONT_BOLD, NOTE_SIZE, cols.right - cols.note)):
            canvas.drawString(cols.note, base - i * NAME_LEADING, line)


def _draw_side(canvas, x: float, base: float, name: str, entry: int, width: float) -> None:
    tag, tag_width, size, names = _side_lines(name, entry, width)
    canvas.setFont(FONT, 9)
    canvas.drawString(x, base, tag)
    canvas.setFont(FONT, size)
    for i, line in enumerate(names):
        canvas.drawString(x + tag_width, base - i * NAME_LEADING, line)
