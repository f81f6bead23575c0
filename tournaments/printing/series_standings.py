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
    fit,
    logo_image,
    new_canvas,
    string_width,
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


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    words, lines, line = text.split(), [], ""
    for word in words:
        candidate = f"{line} {word}".strip()
        if string_width(candidate, font, size) <= width or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return [fit(x, font, size, width) for x in lines]


def build_series_standings(data: SeriesData) -> bytes:
    labels = data.labels
    logo = logo_image(data.header.logo)
    top = content_top(logo)
    left, right = MARGIN, PAGE_WIDTH - MARGIN
    width = right - left
    subtitle = " · ".join(s for s in (data.status_text, data.header.date_text) if s)

    # the first page: the rule and the tournaments; lay it out to know its height
    intro: list[tuple[str, str, float]] = [(labels.rule, FONT_BOLD, 12)]
    for line in data.rule_lines:
        intro.extend((x, FONT, SIZE) for x in _wrap(line, FONT, SIZE, width))
    intro.append(("", FONT, SIZE))
    intro.append((labels.tournaments, FONT_BOLD, 12))
    for t in data.tournaments:
        state = "" if t.finished else f" ({labels.running})"
        club = f" – {t.club}" if t.club else ""
        intro.append((f"{t.short}  {t.date_text}  {t.name}{club}{state}", FONT, SIZE))
    usable = top - MARGIN - 8 * mm
    x_player = left + 14 * mm
    x_points = left + 82 * mm
    x_results = left + 86 * mm
    results_width = right - x_results
    # every player's results, wrapped into as many lines as they need
    wrapped = [_wrap(line.results, FONT, SIZE - 1, results_width) or [""] for line in data.lines]
    intro_height = ROW * (len(intro) + 2) + ROW / 2
    pages_rows: list[list[int]] = [[]]
    room = usable - intro_height - 2 * ROW
    for i, parts in enumerate(wrapped):
        need = ROW + (len(parts) - 1) * (ROW - 4)
        if need > room and pages_rows[-1]:
            pages_rows.append([])
            room = usable - 2 * ROW
        pages_rows[-1].append(i)
        room -= need
    pages = len(pages_rows)

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, labels.title, data.header)

    def table_head(y):
        canvas.setFont(FONT_BOLD, 9)
        canvas.drawString(left, y, labels.place)
        canvas.drawString(x_player, y, labels.player)
        canvas.drawRightString(x_points, y, labels.points)
        canvas.drawString(x_results, y, f"{labels.results} {labels.not_counted}")
        canvas.setLineWidth(0.5)
        canvas.line(left, y - 4, right, y - 4)
        return y - ROW

    for page, rows in enumerate(pages_rows, start=1):
        y = draw_page_header(canvas, data.header, labels.title, subtitle, page, pages, logo)
        if page == 1:
            y -= 4
            for text, font, size in intro:
                canvas.setFont(font, size)
                canvas.drawString(left, y - size, text)
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
            line, parts = data.lines[index], wrapped[index]
            height = ROW + (len(parts) - 1) * (ROW - 4)
            base = y - 1
            if shade % 2:
                canvas.setFillGray(0.93)
                canvas.rect(left - 2, y - height + 10, width + 4, height, stroke=0, fill=1)
                canvas.setFillGray(0)
            canvas.setFont(FONT_BOLD, SIZE)
            canvas.drawString(left, base, line.place)
            canvas.setFont(FONT, SIZE)
            name = f"{line.player} ({line.town})" if line.town else line.player
            canvas.drawString(x_player, base, fit(name, FONT, SIZE, x_points - x_player - 14 * mm))
            canvas.setFont(FONT_BOLD, SIZE)
            canvas.drawRightString(x_points, base, str(line.points))
            canvas.setFont(FONT, SIZE - 1)
            for k, part in enumerate(parts):
                canvas.drawString(x_results, base - k * (ROW - 4), part)
            y -= height
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
