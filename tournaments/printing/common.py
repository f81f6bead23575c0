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
