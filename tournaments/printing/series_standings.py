"""The standings of a season series (Cup, Jahreswertung) for the wall: the rule in
words, the tournaments, then every player's place, points and results, the results
that do not count in brackets."""

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
    content_top,
    draw_page_header,
    logo_image,
    new_canvas,
    string_width,
    wrap,
    wrap_fitted,
)


@dataclass(frozen=True)
class SeriesLabels:
    title: str = "Season standings"
    rule: str = "Scoring"
    tournaments: str = "Tournaments"
    standings: str = "Standings"
    place: str = "Place"
    player: str = "Player"
    points: str = "Points"
    results: str = "Results"
    not_counted: str = "(in brackets: not counted)"
    running: str = "not finished"
    empty: str = "No results yet."


@dataclass(frozen=True)
class SeriesTournamentLine:
    short: str  # "T1"
    date_text: str
    name: str
    club: str
    finished: bool


@dataclass(frozen=True)
class SeriesLine:
    place: str  # "1.", "2.", "2." (shared)
    player: str
    town: str
    points: int
    results: str  # "T1 3./16 · T2 1./25 · (T3 9./7)"


@dataclass(frozen=True)
class SeriesData:
    header: DocumentHeader
    status_text: str
    rule_lines: list[str]
    tournaments: list[SeriesTournamentLine]
    lines: list[SeriesLine]
    labels: SeriesLabels = field(default_factory=SeriesLabels)


ROW = 15.0
SIZE = 10.0
LINE = ROW - 4  # a wrapped line inside a row
HEAD_SIZE = 9.0
NOTE_SIZE = 8.0
HEAD_LINE = 10.5


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` in as many lines of ``width`` as it needs, broken at spaces (a word
    wider than a line is broken inside): nothing is cut."""
    return wrap(text, font, size, width, lines=max(1, len(text)))


@dataclass(frozen=True)
class _Columns:
    """The table's columns, in points: place, player (wrapped), points (right-aligned
    at ``points``), results (wrapped from ``results`` to ``right``)."""

    left: float
    right: float

    @property
    def player(self) -> float:
        return self.left + 14 * mm

    @property
    def points(self) -> float:
        return self.left + 82 * mm

    @property
    def player_width(self) -> float:
        return self.points - self.player - 11 * mm  # four digits of points keep clear

    @property
    def results(self) -> float:
        return self.left + 86 * mm

    @property
    def results_width(self) -> float:
        return self.right - self.results


def _head_lines(labels: SeriesLabels, width: float) -> list[tuple[str, str, float]]:
    """The results column's heading: the label (bold), then what the brackets mean (a
    smaller line of its own), each wrapped to the column, never past the margin."""
    lines = [(x, FONT_BOLD, HEAD_SIZE) for x in _wrap(labels.results, FONT_BOLD, HEAD_SIZE, width)]
    note = labels.not_counted.strip().lstrip("–—-").strip()
    lines += [(x, FONT, NOTE_SIZE) for x in _wrap(note, FONT, NOTE_SIZE, width)]
    return lines


def _tournament_lines(t: SeriesTournamentLine, labels: SeriesLabels, width: float):
    """A tournament of the list: its short name and date, then its name, club and state
    wrapped under one another at the name's indent."""
    lead = f"{t.short}  {t.date_text}  "
    indent = string_width(lead, FONT, SIZE)
    state = "" if t.finished else f" ({labels.running})"
    club = f" – {t.club}" if t.club else ""
    first, *rest = _wrap(f"{t.name}{club}{state}", FONT, SIZE, width - indent)
    return [(lead + first, 0.0)] + [(part, indent) for part in rest]


def build_series_standings(data: SeriesData) -> bytes:
    labels = data.labels
    logo = logo_image(data.header.logo)
    top = content_top(logo)
    left, right = MARGIN, PAGE_WIDTH - MARGIN
    width = right - left
    cols = _Columns(left, right)
    subtitle = " · ".join(s for s in (data.status_text, data.header.date_text) if s)

    # the first page: the rule and the tournaments; lay it out to know its height
    intro: list[tuple[str, str, float, float]] = [(labels.rule, FONT_BOLD, 12, 0.0)]
    for line in data.rule_lines:
        intro.extend((x, FONT, SIZE, 0.0) for x in _wrap(line, FONT, SIZE, width))
    intro.append(("", FONT, SIZE, 0.0))
    intro.append((labels.tournaments, FONT_BOLD, 12, 0.0))
    for t in data.tournaments:
        intro.extend((x, FONT, SIZE, indent) for x, indent in _tournament_lines(t, labels, width))
    usable = top - MARGIN - 8 * mm
    head = _head_lines(labels, cols.results_width)
    head_height = ROW + (len(head) - 1) * HEAD_LINE
    # every player's name and results, wrapped into as many lines as they need
    names = [
        wrap_fitted(
            f"{line.player} ({line.town})" if line.town else line.player,
            FONT,
            SIZE,
            cols.player_width,
        )
        for line in data.lines
    ]
    wrapped = [
        _wrap(line.results, FONT, SIZE - 1, cols.results_width) or [""] for line in data.lines
    ]
    heights = [
        ROW + (max(len(parts), len(name[1])) - 1) * LINE
        for parts, name in zip(wrapped, names, strict=True)
    ]
    intro_height = ROW * (len(intro) + 2) + ROW / 2
    pages_rows: list[list[int]] = [[]]
    room = usable - intro_height - ROW - head_height
    for i, need in enumerate(heights):
        if need > room and pages_rows[-1]:
            pages_rows.append([])
            room = usable - ROW - head_height
        pages_rows[-1].append(i)
        room -= need
    pages = len(pages_rows)

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, labels.title, data.header)

    def table_head(y):
        """The heading row, its cells on the heading's last line; returns the y below."""
        last = y - (len(head) - 1) * HEAD_LINE
        canvas.setFont(FONT_BOLD, HEAD_SIZE)
        canvas.drawString(left, last, labels.place)
        canvas.drawString(cols.player, last, labels.player)
        canvas.drawRightString(cols.points, last, labels.points)
        for k, (text, font, size) in enumerate(head):
            canvas.setFont(font, size)
            canvas.setFillGray(0 if font == FONT_BOLD else 0.3)
            canvas.drawString(cols.results, y - k * HEAD_LINE, text)
        canvas.setFillGray(0)
        canvas.setLineWidth(0.5)
        canvas.line(left, last - 4, right, last - 4)
        return last - ROW

    for page, rows in enumerate(pages_rows, start=1):
        y = draw_page_header(canvas, data.header, labels.title, subtitle, page, pages, logo)
        if page == 1:
            y -= 4
            for text, font, size, indent in intro:
                canvas.setFont(font, size)
                canvas.drawString(left + indent, y - size, text)
                y -= ROW
            y -= ROW / 2
            canvas.setFont(FONT_BOLD, 12)
            canvas.drawString(left, y - 12, labels.standings)
            y -= ROW + 6
            if not data.lines:
                canvas.setFont(FONT, SIZE)
                canvas.drawString(left, y - SIZE, labels.empty)
        if rows:
            y = table_head(y - 10)
        for shade, index in enumerate(rows):
            line, parts, height = data.lines[index], wrapped[index], heights[index]
            base = y - 1
            if shade % 2:
                canvas.setFillGray(0.93)
                canvas.rect(left - 2, y - height + 10, width + 4, height, stroke=0, fill=1)
                canvas.setFillGray(0)
            canvas.setFont(FONT_BOLD, SIZE)
            canvas.drawString(left, base, line.place)
            size, name_lines = names[index]
            canvas.setFont(FONT, size)
            for k, part in enumerate(name_lines):
                canvas.drawString(cols.player, base - k * LINE, part)
            canvas.setFont(FONT_BOLD, SIZE)
            canvas.drawRightString(cols.points, base, str(line.points))
            canvas.setFont(FONT, SIZE - 1)
            for k, part in enumerate(parts):
                canvas.drawString(cols.results, base - k * LINE, part)
            y -= height
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
