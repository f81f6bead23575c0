"""What every printed document shares: the embedded font, the page header with
the club's name and logo, page numbers, and text fitting.

No Django here: the builders take plain dataclasses with the strings already
translated, and return PDF bytes.
"""

from __future__ import annotations

import io
import os
import unicodedata
from dataclasses import dataclass

import reportlab
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

# Bitstream Vera ships with reportlab and covers Latin-1 (äöüß), the en dash,
# the ellipsis and the euro sign. It is embedded (subset) in every document.
FONT = "PrintSans"
FONT_BOLD = "PrintSans-Bold"
_FONT_DIR = os.path.join(os.path.dirname(reportlab.__file__), "fonts")

PAGE_WIDTH, PAGE_HEIGHT = A4
MARGIN = 14 * mm


def register_fonts() -> None:
    """Register the embedded TrueType fonts once per process."""
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    pdfmetrics.registerFont(TTFont(FONT, os.path.join(_FONT_DIR, "Vera.ttf")))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, os.path.join(_FONT_DIR, "VeraBd.ttf")))


register_fonts()  # at import: layouts measure text before a canvas exists


@dataclass(frozen=True)
class DocumentHeader:
    """The lines at the top of every page of every document."""

    club_name: str
    tournament_name: str
    date_text: str
    venue: str = ""
    logo: bytes | None = None
    page_label: str = "Page {page} of {pages}"


def string_width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


# How far the glyphs of the embedded fonts reach above and below the baseline, as a
# share of the font size: the top of an umlauted capital (Ö, Ü) and the bottom of a
# descender (g, j, p, J), from the Vera fonts' bounding box. Rows are laid out so that
# this whole box lies inside the row, never in its neighbour's band.
GLYPH_TOP = 0.93
GLYPH_BOTTOM = 0.24


def fit(text: str, font: str, size: float, width: float) -> str:
    """``text`` shortened with an ellipsis so that it fits into ``width`` points."""
    if string_width(text, font, size) <= width:
        return text
    ellipsis = "…"
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if string_width(text[:mid].rstrip() + ellipsis, font, size) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ellipsis


def fitted_size(text: str, font: str, size: float, width: float, smallest: float) -> float:
    """The largest size up to ``size`` (not below ``smallest``) at which ``text`` fits
    into ``width``."""
    needed = string_width(text, font, size)
    if needed <= width or needed == 0:
        return size
    return max(smallest, size * width / needed * 0.999)


def _break_points(text: str, breaks: str) -> list[str]:
    """``text`` cut after each space and each character of ``breaks`` (the pieces keep
    them, so joining the pieces gives ``text`` back)."""
    pieces, start = [], 0
    for i, ch in enumerate(text):
        if ch == " " or ch in breaks:
            pieces.append(text[start : i + 1])
            start = i + 1
    if start < len(text):
        pieces.append(text[start:])
    return pieces


def wrap(
    text: str, font: str, size: float, width: float, lines: int = 2, breaks: str = "-"
) -> list[str]:
    """``text`` in at most ``lines`` lines of ``width`` points: the whole width first,
    then a break after a space or a character of ``breaks`` (a hyphen; a slash for
    addresses), inside a word only when the word alone is wider than a line; only what
    does not fit into the last line is cut with an ellipsis."""
    if string_width(text, font, size) <= width or lines <= 1:
        return [fit(text, font, size, width)]
    out: list[str] = []
    current = ""
    for piece in _break_points(text, breaks):
        candidate = current + piece
        if string_width(candidate.rstrip(" "), font, size) <= width:
            current = candidate
            continue
        if current:
            out.append(current.rstrip(" "))
            current = ""
        while string_width(piece.rstrip(" "), font, size) > width:  # a word wider than a line
            cut = len(piece) - 1
            while cut > 1 and string_width(piece[:cut], font, size) > width:
                cut -= 1
            out.append(piece[:cut])
            piece = piece[cut:]
        current = piece
    if current.strip(" "):
        out.append(current.rstrip(" "))
    if len(out) > lines:
        rest = "".join(_rest(text, out[: lines - 1]))
        out = out[: lines - 1] + [fit(rest, font, size, width)]
    return out


def wrap_fitted(
    text: str,
    font: str,
    size: float,
    width: float,
    lines: int = 2,
    smallest: float | None = None,
    breaks: str = "-",
) -> tuple[float, list[str]]:
    """Like ``wrap``, but a text that would be cut at ``size`` is set a little smaller
    (down to ``smallest``, 85% by default) where that saves it whole; only a text too
    long even so is cut, at ``size``. Returns the size and the lines."""
    out = wrap(text, font, size, width, lines, breaks)
    if not _cut(text, out):
        return size, out
    smaller = size
    floor = smallest if smallest is not None else 0.85 * size
    while smaller - 0.25 >= floor - 1e-9:
        smaller -= 0.25
        attempt = wrap(text, font, smaller, width, lines, breaks)
        if not _cut(text, attempt):
            return smaller, attempt
    return size, out


def _cut(text: str, lines: list[str]) -> bool:
    return bool(lines) and lines[-1].endswith("…") and not text.endswith("…")


def _rest(text: str, done: list[str]) -> str:
    """What of ``text`` follows the lines ``done`` (which are a prefix of it, each
    without the space it was broken at)."""
    position = 0
    for line in done:
        position = text.index(line, position) + len(line)
    return text[position:].lstrip(" ")


def baseline_in(top: float, height: float, size: float, lines: int = 1, leading: float = 0) -> float:
    """The first baseline of ``lines`` lines of ``size`` (``leading`` apart) centred in a
    row from ``top`` down ``height`` points, counting the glyphs' full reach."""
    block = (lines - 1) * leading + (GLYPH_TOP + GLYPH_BOTTOM) * size
    return top - (height - block) / 2 - GLYPH_TOP * size


def draw_band(canvas: Canvas, x: float, y: float, width: float, height: float) -> None:
    """The grey band of a striped table's row, lower left corner at (x, y). Every
    striped table paints its bands through here, before the row's text."""
    canvas.setFillGray(BAND_GRAY)
    canvas.rect(x, y, width, height, stroke=0, fill=1)
    canvas.setFillGray(0)


BAND_GRAY = 0.92


def paginate(heights: list[float], room: float) -> list[list[int]]:
    """Indexes of rows of the given heights, in pages of at most ``room`` points (a row
    taller than a page gets a page of its own); at least one (empty) page."""
    pages: list[list[int]] = [[]]
    used = 0.0
    for i, height in enumerate(heights):
        if pages[-1] and used + height > room + 1e-6:
            pages.append([])
            used = 0.0
        pages[-1].append(i)
        used += height
    return pages


_GERMAN_FOLD = str.maketrans({"ß": "ss", "ä": "a", "ö": "o", "ü": "u"})


def name_sort_key(name: str) -> tuple[str, str]:
    """Alphabetical order as a German reader expects it (Ä with A, ß as ss)."""
    folded = name.casefold().translate(_GERMAN_FOLD)
    folded = "".join(
        ch for ch in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(ch)
    )
    return folded, name


def logo_image(logo: bytes | None) -> ImageReader | None:
    """The logo as an image, or None when there is none or it cannot be read."""
    if not logo:
        return None
    try:
        image = ImageReader(io.BytesIO(logo))
        image.getSize()
    except Exception:  # noqa: BLE001 - a broken upload must not stop the printing
        return None
    return image


def new_canvas(buffer: io.BytesIO, title: str, header: DocumentHeader) -> Canvas:
    register_fonts()
    canvas = Canvas(
        buffer,
        pagesize=A4,
        pageCompression=1,
        invariant=1,
        initialFontName=FONT,
        initialFontSize=10,
    )
    canvas.setTitle(title)
    canvas.setAuthor(header.club_name or header.tournament_name)
    canvas.setSubject(header.tournament_name)
    canvas.setCreator("Preisschnapsen")
    return canvas


def draw_page_header(
    canvas: Canvas,
    header: DocumentHeader,
    title: str,
    subtitle: str,
    page: int,
    pages: int,
    logo: ImageReader | None,
) -> float:
    """Draw the header and the page number; return the y below the header."""
    top = PAGE_HEIGHT - MARGIN
    left = MARGIN
    right = PAGE_WIDTH - MARGIN
    logo_size = 16 * mm
    text_left = left
    if logo is not None:
        width, height = logo.getSize()
        scale = min(logo_size / width, logo_size / height)
        canvas.drawImage(
            logo,
            left,
            top - height * scale,
            width * scale,
            height * scale,
            mask="auto",
            preserveAspectRatio=True,
        )
        text_left = left + logo_size + 4 * mm
    text_width = right - text_left
    canvas.setFillGray(0)
    canvas.setFont(FONT, 10)
    club = header.club_name
    canvas.drawString(text_left, top - 9, fit(club, FONT, 10, text_width - 40 * mm))
    canvas.drawRightString(right, top - 9, header.page_label.format(page=page, pages=pages))
    canvas.setFont(FONT_BOLD, 16)
    canvas.drawString(text_left, top - 27, fit(header.tournament_name, FONT_BOLD, 16, text_width))
    canvas.setFont(FONT_BOLD, 13)
    canvas.drawString(text_left, top - 44, fit(title, FONT_BOLD, 13, text_width))
    canvas.setFont(FONT, 10)
    canvas.drawString(text_left, top - 58, fit(subtitle, FONT, 10, text_width))
    y = content_top(logo) + 4 * mm
    canvas.setLineWidth(0.8)
    canvas.line(left, y, right, y)
    return y - 4 * mm


def content_top(logo: ImageReader | None) -> float:
    """The y where a page's content starts, below the header."""
    top = PAGE_HEIGHT - MARGIN
    y = min(top - 64, top - 16 * mm - 2 * mm) if logo is not None else top - 64
    return y - 4 * mm


def chunks(items: list, size: int) -> list[list]:
    return [items[i : i + size] for i in range(0, len(items), size)] or [[]]
