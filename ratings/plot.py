"""A player's rating over time as a small SVG drawn on the server (no script): the
rating as a line with its deviation as a band, one point per tournament.

Pure: numbers in, SVG text out (no names: nothing to escape but the axis labels, which
are the callers' numbers and dates formatted here)."""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass

WIDTH, HEIGHT = 320, 160
LEFT, RIGHT, TOP, BOTTOM = 40, 8, 8, 22


@dataclass(frozen=True)
class Point:
    date: datetime.date
    rating: float
    deviation: float


def _scale(lo: float, hi: float, a: float, b: float):
    span = (hi - lo) or 1.0
    return lambda x: a + (x - lo) * (b - a) / span


def rating_svg(points: list[Point], title: str = "") -> str:
    """The SVG (``viewBox`` 320 x 160, scales to the page width); "" without points."""
    if not points:
        return ""
    first, last = points[0].date.toordinal(), points[-1].date.toordinal()
    if first == last:
        first -= 1
        last += 1
    low = min(p.rating - p.deviation for p in points)
    high = max(p.rating + p.deviation for p in points)
    low, high = (low // 100) * 100, (high // 100 + 1) * 100
    x = _scale(first, last, LEFT, WIDTH - RIGHT)
    y = _scale(low, high, HEIGHT - BOTTOM, TOP)
    xs = [x(p.date.toordinal()) for p in points]
    upper = [f"{px:.1f},{y(p.rating + p.deviation):.1f}" for px, p in zip(xs, points, strict=True)]
    lower = [f"{px:.1f},{y(p.rating - p.deviation):.1f}" for px, p in zip(xs, points, strict=True)]
    line = [f"{px:.1f},{y(p.rating):.1f}" for px, p in zip(xs, points, strict=True)]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'class="rating-plot" role="img" aria-label="{_attr(title)}">',
        f'<line x1="{LEFT}" y1="{HEIGHT - BOTTOM}" x2="{WIDTH - RIGHT}" y2="{HEIGHT - BOTTOM}" '
        'stroke="#888" stroke-width="1"/>',
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}" stroke="#888" '
        'stroke-width="1"/>',
    ]
    step = 100 if high - low <= 600 else 200
    value = low
    while value <= high:
        py = y(value)
        parts.append(
            f'<line x1="{LEFT}" y1="{py:.1f}" x2="{WIDTH - RIGHT}" y2="{py:.1f}" '
            'stroke="#ddd" stroke-width="0.5"/>'
            f'<text x="{LEFT - 4}" y="{py + 3:.1f}" font-size="9" text-anchor="end">'
            f"{value:.0f}</text>"
        )
        value += step
    parts.append(
        f'<polygon points="{" ".join(upper + lower[::-1])}" fill="#9ecae1" '
        'fill-opacity="0.5" stroke="none"/>'
    )
    if len(points) > 1:
        parts.append(
            f'<polyline points="{" ".join(line)}" fill="none" stroke="#08519c" stroke-width="2"/>'
        )
    for coordinate in line:
        cx, cy = coordinate.split(",")
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="2.5" fill="#08519c"/>')
    for px, label, anchor in (
        (LEFT, points[0].date, "start"),
        (WIDTH - RIGHT, points[-1].date, "end"),
    ):
        parts.append(
            f'<text x="{px}" y="{HEIGHT - 6}" font-size="9" text-anchor="{anchor}">'
            f"{label.day}.{label.month}.{label.year}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def places_svg(places: list[tuple[datetime.date, int]], title: str = "") -> str:
    """His places over time (1st at the top, on a logarithmic scale: 1, 2, 4, 8 ... apart
    alike); "" without places."""
    if not places:
        return ""
    first, last = places[0][0].toordinal(), places[-1][0].toordinal()
    if first == last:
        first -= 1
        last += 1
    worst = max(place for _, place in places)
    bottom_place = 2 ** max(2, int(math.log2(worst)) + 1)
    x = _scale(first, last, LEFT, WIDTH - RIGHT)
    y = _scale(0, math.log2(bottom_place), TOP, HEIGHT - BOTTOM)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'class="places-plot" role="img" aria-label="{_attr(title)}">',
        f'<line x1="{LEFT}" y1="{HEIGHT - BOTTOM}" x2="{WIDTH - RIGHT}" y2="{HEIGHT - BOTTOM}" '
        'stroke="#888" stroke-width="1"/>',
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}" stroke="#888" '
        'stroke-width="1"/>',
    ]
    step = 4 if bottom_place > 64 else 2
    marks = [step**i for i in range(12) if step**i <= bottom_place]
    if marks[-1] != bottom_place:
        marks.append(bottom_place)
    for mark in marks:
        py = y(math.log2(mark))
        parts.append(
            f'<line x1="{LEFT}" y1="{py:.1f}" x2="{WIDTH - RIGHT}" y2="{py:.1f}" '
            'stroke="#ddd" stroke-width="0.5"/>'
            f'<text x="{LEFT - 4}" y="{py + 3:.1f}" font-size="9" text-anchor="end">'
            f"{mark}.</text>"
        )
    for date, place in places:
        parts.append(
            f'<circle cx="{x(date.toordinal()):.1f}" cy="{y(math.log2(place)):.1f}" r="3" '
            'fill="#a50f15"/>'
        )
    for px, label, anchor in ((LEFT, places[0][0], "start"), (WIDTH - RIGHT, places[-1][0], "end")):
        parts.append(
            f'<text x="{px}" y="{HEIGHT - 6}" font-size="9" text-anchor="{anchor}">'
            f"{label.day}.{label.month}.{label.year}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _attr(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
    )
