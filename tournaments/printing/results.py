"""The result list: the prizes with their winners, the prize stage drawn as a
bracket, then the standings of every entry."""

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
    content_top,
    draw_band,
    draw_page_header,
    fit,
    fitted_size,
    logo_image,
    new_canvas,
    paginate,
    string_width,
    wrap,
    wrap_fitted,
)


@dataclass(frozen=True)
class ResultsLabels:
    title: str = "Results"
    prizes: str = "Prizes"
    place: str = "Place"
    prize: str = "Prize"
    winner: str = "Winner"
    bracket: str = "Prize stage"
    standings: str = "Standings"
    player: str = "Player"
    entry: str = "Entry"
    reached: str = "Reached"
    no_prizes: str = "No prizes are set."
    no_standings: str = "No entries yet."
    open: str = "open"
    category_prizes: str = "Category prizes"


@dataclass(frozen=True)
class BracketSlot:
    """One side of a bracket match; an empty name is a place not yet known."""

    name: str = ""
    entry: int | None = None
    score: str = ""
    won: bool = False


@dataclass(frozen=True)
class BracketMatch:
    left: BracketSlot = field(default_factory=BracketSlot)
    right: BracketSlot = field(default_factory=BracketSlot)
    title: str = ""  # the match's name and number: "Semifinale 1 (Nr. 1)"


@dataclass(frozen=True)
class BracketPicture:
    """The knockout tree from the quarterfinal, and the placement matches.

    ``quarterfinals`` are ordered so that matches 2k and 2k+1 feed semifinal k,
    and both semifinals feed the final. ``placements`` are titled single matches
    (3rd place, the quarterfinal losers' matches, 5th and 7th place).
    """

    quarterfinal_title: str = "Quarterfinal"
    semifinal_title: str = "Semifinal"
    final_title: str = "Final"
    quarterfinals: list[BracketMatch] = field(default_factory=list)
    semifinals: list[BracketMatch] = field(default_factory=list)
    final: BracketMatch | None = None
    placements: list[BracketMatch] = field(default_factory=list)


@dataclass(frozen=True)
class PrizeLine:
    place: int
    prize: str
    winner: str = ""  # "Jürgen Größinger (#23)"; empty while open
    reason: str = ""  # why the one-prize rule passed this prize down, else ""


@dataclass(frozen=True)
class StandingLine:
    place: str  # "1.", "17.–32." (places shared while their round is played), "–" in play
    player: str
    entry: int
    reached: str = ""
    prize: str = ""
    # the Danish system: the figures of its columns (``ResultsData.columns``), in place
    # of how far the entry got
    figures: tuple[str, ...] = ()


@dataclass(frozen=True)
class CategoryPrizes:
    """The prizes of one category (Wertung), e.g. "Damen"."""

    title: str
    prizes: list[PrizeLine]


@dataclass(frozen=True)
class ResultsData:
    header: DocumentHeader
    status_text: str  # e.g. "As of 14 Mar 2026, 22:10" or "Final results"
    prizes: list[PrizeLine]
    bracket: BracketPicture | None  # None: a format without a prize stage (Danish)
    standings: list[StandingLine]
    labels: ResultsLabels = field(default_factory=ResultsLabels)
    categories: list[CategoryPrizes] = field(default_factory=list)  # a page of their own
    # the Danish standings' number columns (match points, Bummerl difference, game
    # points, Buchholz), drawn right-aligned where "Reached" stands otherwise
    columns: tuple[str, ...] = ()


ROW = 15.0
SIZE = 10.5
LEADING = 12.0  # a wrapped second line


@dataclass(frozen=True)
class _StandingColumns:
    left: float = MARGIN
    right: float = PAGE_WIDTH - MARGIN

    @property
    def player(self) -> float:
        return self.left + 14 * mm

    @property
    def entry(self) -> float:  # right edge of the entry number
        return self.left + 90 * mm

    @property
    def reached(self) -> float:
        return self.entry + 4 * mm

    @property
    def prize(self) -> float:
        return self.left + 136 * mm


def _figure_edges(cols: _StandingColumns, count: int) -> list[float]:
    """The right edges of ``count`` number columns between the entry and the prize."""
    width = (cols.prize - 3 * mm - cols.reached) / count
    return [cols.reached + width * (i + 1) for i in range(count)]


def _standing_cells(line: StandingLine, cols: _StandingColumns, widest_entry: int):
    """The sizes and the lines (up to two each) of the player, how far he got and his
    prize, each in the width of its column (the player's up to the widest entry
    number of the list, so that every row breaks alike), and of the place: a shared
    one ("17.–32.") a little smaller, a long one ("513.–1024.") broken after its dash."""
    tag_width = string_width(f"#{widest_entry}", FONT, SIZE) + 3 * mm
    room = cols.player - cols.left - 1.5 * mm
    place_size = fitted_size(line.place, FONT_BOLD, SIZE, room, SIZE - 2)
    if string_width(line.place, FONT_BOLD, place_size) <= room:
        place = (place_size, [line.place])
    else:
        place = wrap_fitted(line.place, FONT_BOLD, SIZE, room, breaks="–")
    return (
        place,
        wrap_fitted(line.player, FONT, SIZE, cols.entry - tag_width - cols.player),
        wrap_fitted(line.reached, FONT, SIZE, cols.prize - cols.reached - 2 * mm),
        wrap_fitted(line.prize, FONT, SIZE, cols.right - cols.prize),
    )


def build_results(data: ResultsData) -> bytes:
    labels = data.labels
    logo = logo_image(data.header.logo)
    top = content_top(logo)
    usable = top - MARGIN - 8 * mm - 2 * ROW
    cols = _StandingColumns()
    widest = max((line.entry for line in data.standings), default=0)
    cells = [_standing_cells(line, cols, widest) for line in data.standings]
    heights = [ROW + (max(len(lines) for _size, lines in c) - 1) * LEADING for c in cells]
    standing_pages = paginate(heights, usable)
    category_pages = _category_pages(data.categories, usable)
    pages = 1 + len(category_pages) + len(standing_pages)

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, labels.title, data.header)
    subtitle = " · ".join(
        s for s in (data.header.date_text, data.header.venue, data.status_text) if s
    )
    left = MARGIN
    right = PAGE_WIDTH - MARGIN

    # Page 1: prizes and the bracket.
    y = draw_page_header(canvas, data.header, labels.title, subtitle, 1, pages, logo)
    canvas.setFont(FONT_BOLD, 12)
    canvas.drawString(left, y - 12, labels.prizes)
    y -= 12 + ROW
    if not data.prizes:
        canvas.setFont(FONT, SIZE)
        canvas.drawString(left, y, labels.no_prizes)
        y -= ROW
    else:
        x_prize = left + 16 * mm
        x_winner = left + 95 * mm
        canvas.setFont(FONT_BOLD, 9)
        canvas.drawString(left, y, labels.place)
        canvas.drawString(x_prize, y, labels.prize)
        canvas.drawString(x_winner, y, labels.winner)
        y -= ROW
        for line in data.prizes:
            canvas.setFont(FONT_BOLD, SIZE + 1)
            canvas.drawString(left, y, f"{line.place}.")
            canvas.setFont(FONT, SIZE)
            canvas.drawString(x_prize, y, fit(line.prize, FONT, SIZE, x_winner - x_prize - 3 * mm))
            if line.winner:
                canvas.setFont(FONT_BOLD, SIZE)
                canvas.drawString(x_winner, y, fit(line.winner, FONT_BOLD, SIZE, right - x_winner))
            else:
                canvas.setFillGray(0.5)
                canvas.drawString(x_winner, y, labels.open)
                canvas.setFillGray(0)
            y -= ROW
            if line.reason:  # the one-prize rule passed it down: say why, under the line
                canvas.setFont(FONT, SIZE - 1.5)
                canvas.setFillGray(0.3)
                for text in wrap(line.reason, FONT, SIZE - 1.5, right - x_prize, lines=3):
                    canvas.drawString(x_prize, y + 2, text)
                    y -= ROW - 2
                canvas.setFillGray(0)
    if data.bracket is not None:
        y -= 4 * mm
        canvas.setFont(FONT_BOLD, 12)
        canvas.drawString(left, y, labels.bracket)
        _draw_bracket(canvas, data.bracket, left, right, y - 6 * mm, max(MARGIN, y - 150 * mm))
    canvas.showPage()

    # The category prizes, after the eight prizes.
    for page, groups in enumerate(category_pages, start=2):
        y = draw_page_header(
            canvas, data.header, labels.category_prizes, subtitle, page, pages, logo
        )
        for group in groups:
            canvas.setFont(FONT_BOLD, 12)
            canvas.drawString(left, y - 12, group.title)
            y -= 12 + ROW
            y = _draw_prize_lines(canvas, group.prizes, labels, left, right, y) - 3 * mm
        canvas.showPage()

    # The standings: bands first, then the text.
    for page, indexes in enumerate(standing_pages, start=2 + len(category_pages)):
        y = draw_page_header(canvas, data.header, labels.standings, subtitle, page, pages, logo)
        canvas.setFont(FONT_BOLD, 9)
        canvas.drawString(left, y - 10, labels.place)
        canvas.drawString(cols.player, y - 10, labels.player)
        canvas.drawRightString(cols.entry, y - 10, labels.entry)
        if data.columns:
            for x, heading in zip(_figure_edges(cols, len(data.columns)), data.columns, strict=True):
                canvas.drawRightString(x, y - 10, heading)
        else:
            canvas.drawString(cols.reached, y - 10, labels.reached)
        canvas.drawString(cols.prize, y - 10, labels.prize)
        y -= ROW
        canvas.setLineWidth(0.5)
        canvas.line(left, y + 4, right, y + 4)
        top = y + 3
        if not data.standings:
            canvas.setFont(FONT, SIZE)
            canvas.drawString(left, baseline_in(top, ROW, SIZE), labels.no_standings)
        row_top = top
        for shade, i in enumerate(indexes):
            if shade % 2:
                draw_band(canvas, left - 2, row_top - heights[i], right - left + 4, heights[i])
            row_top -= heights[i]
        row_top = top
        for i in indexes:
            line = data.standings[i]
            lines = max(len(texts) for _size, texts in cells[i])
            base = baseline_in(row_top, heights[i], SIZE, lines, LEADING)
            place_size, place_lines = cells[i][0]
            canvas.setFont(FONT_BOLD, place_size)
            for k, text in enumerate(place_lines):
                canvas.drawString(left, base - k * LEADING, text)
            canvas.setFont(FONT, SIZE)
            canvas.drawRightString(cols.entry, base, f"#{line.entry}")
            if line.figures:
                edges = _figure_edges(cols, len(line.figures))
                for x, figure in zip(edges, line.figures, strict=True):
                    canvas.drawRightString(x, base, figure)
            for x, (font_size, texts) in zip(
                (cols.player, cols.reached, cols.prize), cells[i][1:], strict=True
            ):
                canvas.setFont(FONT, font_size)
                for k, text in enumerate(texts):
                    canvas.drawString(x, base - k * LEADING, text)
            row_top -= heights[i]
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


BOX_HEIGHT = 11 * mm
BOX_WIDTH = 54 * mm


def _draw_match(canvas, match: BracketMatch, x: float, y: float, width: float = BOX_WIDTH) -> None:
    """A match box with its top-left corner at (x, y), its title just above it."""
    half = BOX_HEIGHT / 2
    if match.title:
        canvas.setFont(FONT_BOLD, 6.5)
        canvas.drawString(x, y + 2, fit(match.title, FONT_BOLD, 6.5, width))
    # the winner's grey row first, the box's lines over it (a fill drawn after the
    # border covered its right half)
    for i, slot in enumerate((match.left, match.right)):
        if slot.won:
            canvas.setFillGray(0.88)
            canvas.rect(x, y - half * (i + 1), width, half, stroke=0, fill=1)
            canvas.setFillGray(0)
    canvas.setLineWidth(0.7)
    canvas.rect(x, y - BOX_HEIGHT, width, BOX_HEIGHT)
    canvas.setLineWidth(0.3)
    canvas.line(x, y - half, x + width, y - half)
    for i, slot in enumerate((match.left, match.right)):
        base = y - half * i - half + 4.5
        font = FONT_BOLD if slot.won else FONT
        if slot.entry is not None:
            canvas.setFont(FONT, 6.5)
            canvas.drawString(x + 1.2 * mm, base, f"#{slot.entry}")
        room = width - 15 * mm
        size = fitted_size(slot.name, font, 8, room, 6.5)  # smaller before cut
        canvas.setFont(font, size)
        canvas.drawString(x + 9 * mm, base, fit(slot.name, font, size, room))
        canvas.setFont(font, 8)
        if slot.score:
            canvas.drawRightString(x + width - 1.2 * mm, base, slot.score)


def _draw_bracket(canvas, bracket: BracketPicture, left, right, top, bottom) -> None:
    column_gap = (right - left - 3 * BOX_WIDTH) / 2
    xs = [left + i * (BOX_WIDTH + column_gap) for i in range(3)]
    titles = (bracket.quarterfinal_title, bracket.semifinal_title, bracket.final_title)
    canvas.setFont(FONT_BOLD, 8.5)
    for x, title in zip(xs, titles, strict=True):
        canvas.drawString(x, top - 2, title)
    tree_top = top - 8 * mm
    slot = BOX_HEIGHT + 6 * mm  # vertical room per quarterfinal, with its title

    def centre(level: int, index: int) -> float:
        span = slot * (2**level)
        return tree_top - index * span - span / 2

    levels = [
        _padded(bracket.quarterfinals, 4),
        _padded(bracket.semifinals, 2),
        [bracket.final or BracketMatch()],
    ]
    for level, matches in enumerate(levels):
        for index, match in enumerate(matches):
            cy = centre(level, index)
            _draw_match(canvas, match, xs[level], cy + BOX_HEIGHT / 2)
            if level > 0:
                # connect the two feeding matches to this one
                canvas.setLineWidth(0.5)
                mid_x = xs[level] - column_gap / 2
                for feeder in (2 * index, 2 * index + 1):
                    fy = centre(level - 1, feeder)
                    canvas.line(xs[level - 1] + BOX_WIDTH, fy, mid_x, fy)
                canvas.line(
                    mid_x, centre(level - 1, 2 * index), mid_x, centre(level - 1, 2 * index + 1)
                )
                canvas.line(mid_x, cy, xs[level], cy)

    # The placement matches in a row below the tree.
    y = tree_top - 4 * slot - 3 * mm
    if not bracket.placements:
        return
    per_row = 3
    width = (right - left - (per_row - 1) * 6 * mm) / per_row
    for i, match in enumerate(bracket.placements):
        row, col = divmod(i, per_row)
        x = left + col * (width + 6 * mm)
        ty = y - row * (BOX_HEIGHT + 10 * mm)
        if ty - BOX_HEIGHT - 4 * mm < bottom:
            break
        _draw_match(canvas, match, x, ty - 4 * mm, width)


def _category_pages(groups: list[CategoryPrizes], usable: float) -> list[list[CategoryPrizes]]:
    pages: list[list[CategoryPrizes]] = []
    room = 0.0
    for group in groups:
        need = 12 + ROW + ROW * (len(group.prizes) + 1) + 3 * mm
        if not pages or need > room:
            pages.append([])
            room = usable
        pages[-1].append(group)
        room -= need
    return pages


def _draw_prize_lines(canvas, prizes: list[PrizeLine], labels, left, right, y) -> float:
    x_prize = left + 16 * mm
    x_winner = left + 95 * mm
    canvas.setFont(FONT_BOLD, 9)
    canvas.drawString(left, y, labels.place)
    canvas.drawString(x_prize, y, labels.prize)
    canvas.drawString(x_winner, y, labels.winner)
    y -= ROW
    for line in prizes:
        canvas.setFont(FONT_BOLD, SIZE + 1)
        canvas.drawString(left, y, f"{line.place}.")
        canvas.setFont(FONT, SIZE)
        canvas.drawString(x_prize, y, fit(line.prize, FONT, SIZE, x_winner - x_prize - 3 * mm))
        if line.winner:
            canvas.setFont(FONT_BOLD, SIZE)
            canvas.drawString(x_winner, y, fit(line.winner, FONT_BOLD, SIZE, right - x_winner))
        else:
            canvas.setFillGray(0.5)
            canvas.drawString(x_winner, y, labels.open)
            canvas.setFillGray(0)
        y -= ROW
    return y


def _padded(matches: list[BracketMatch], n: int) -> list[BracketMatch]:
    return list(matches[:n]) + [BracketMatch() for _ in range(n - len(matches))]
