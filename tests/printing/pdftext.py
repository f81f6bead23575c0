"""Reading generated PDFs back for the tests."""

import io

import pypdf


def pages_text(pdf: bytes) -> list[str]:
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return [page.extract_text() for page in reader.pages]


def page_text(pdf: bytes, index: int) -> str:
    return pypdf.PdfReader(io.BytesIO(pdf)).pages[index].extract_text()


def page_count(pdf: bytes) -> int:
    return len(pypdf.PdfReader(io.BytesIO(pdf)).pages)


def embedded_fonts(pdf: bytes) -> dict[str, bool]:
    """Font name -> whether the font file is embedded, over all pages."""
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    found = {}
    for page in reader.pages:
        resources = page.get("/Resources") or {}
        font_dict = resources.get("/Font")
        if font_dict is None:
            continue
        for font in font_dict.get_object().values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            embedded = descriptor is not None and any(
                key in descriptor.get_object() for key in ("/FontFile", "/FontFile2", "/FontFile3")
            )
            found[str(font.get("/BaseFont"))] = embedded
    return found


def text_runs(pdf: bytes, index: int) -> list[tuple[str, float, float, float]]:
    """Every piece of text drawn on page ``index``: (text, x, y, size) in points, with
    the baseline's start at (x, y) and the size as it appears on the page."""
    runs = []

    def visit(text, cm, tm, font_dict, font_size):
        if not text.strip():
            return
        a, b, c, d, e, f = tm
        A, B, C, D, E, F = cm
        x, y = e * A + f * C + E, e * B + f * D + F
        scale = (abs(d * D) or abs(a * A)) or 1
        runs.append((text, x, y, font_size * scale))

    pypdf.PdfReader(io.BytesIO(pdf)).pages[index].extract_text(visitor_text=visit)
    return runs


def render(pdf: bytes, index: int = 0, dpi: int = 150):
    """Page ``index`` rendered by poppler's pdftoppm, as a grey-scale numpy array (0 is
    black), top row first."""
    import subprocess
    import tempfile
    from pathlib import Path

    import numpy
    from PIL import Image

    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "doc.pdf"
        source.write_bytes(pdf)
        subprocess.run(
            ["pdftoppm", "-gray", "-r", str(dpi), "-f", str(index + 1), "-l", str(index + 1),
             "-png", str(source), str(Path(folder) / "page")],
            check=True,
            capture_output=True,
        )
        (png,) = Path(folder).glob("page*.png")
        return numpy.asarray(Image.open(png).convert("L"))


def grey_rects(pdf: bytes, index: int, grey: float) -> list[tuple[float, float, float, float]]:
    """The rectangles (x, y, width, height) filled in ``grey`` on page ``index``,
    read from its content stream (no transformations expected around them)."""
    from pypdf.generic import ContentStream

    reader = pypdf.PdfReader(io.BytesIO(pdf))
    page = reader.pages[index]
    stream = ContentStream(page.get_contents(), reader)
    found, current, pending = [], None, []
    for operands, operator in stream.operations:
        if operator == b"g":
            current = float(operands[0])
        elif operator == b"re":
            pending.append(tuple(float(v) for v in operands))
        elif operator in (b"f", b"F", b"f*", b"B", b"b"):
            if current is not None and abs(current - grey) < 1e-3:
                found += pending
            pending = []
        elif operator in (b"S", b"n"):
            pending = []
    return found
