"""QR codes on the printed sheets: the symbol from zxing-cpp, drawn as one PDF path.

Speed matters here: the score sheets of a 1024-entry round carry 1024 private links,
each its own code, and are to be built in well under a second.

- **The encoder.** segno (pure Python) spends 3.6 ms on a code with its automatic mask
  choice (it builds and scores all eight masked symbols) and still 0.7 ms with a fixed
  mask, which alone is 0.7 s for 1024 codes. zxing-cpp, the maintained C++ port of
  ZXing (the tests decode the printed codes with its reader), makes the same symbol
  in 0.2 ms *with* the automatic mask choice, so the codes keep the mask that reads
  best.
- **One path of rectangles**, written as PDF operators in module units (small whole
  numbers) under one transformation, one ``re`` per run of dark modules, with no
  number formatting per module (see ``path_operators``).
- **The quiet zone**, 4 modules of white on every side (ISO/IEC 18004), is part of the
  layout: ``quiet_zone`` tells the caller how much room to keep clear.
"""

from __future__ import annotations

import re

import zxingcpp

ERROR = "M"  # 15% of the symbol may be lost (a crease, a drop of wine)
QUIET_MODULES = 4

_RUN = re.compile(rb"\x01+")
_DARK = bytes.maketrans(b"\x00\xff", b"\x01\x00")  # the image: 0 is black


def qr_matrix(url: str) -> list[bytes]:
    """The code's modules, row by row from the top, 1 for dark (no quiet zone)."""
    symbol = zxingcpp.create_barcode(url, zxingcpp.BarcodeFormat.QRCode, ec_level=ERROR)
    image = symbol.to_image(scale=1, add_quiet_zones=False)
    height, width = image.shape[:2]
    modules = bytes(memoryview(image)).translate(_DARK)
    return [modules[r * width : (r + 1) * width] for r in range(height)]


def qr_modules(url: str) -> list[list[bool]]:
    """The code's dark modules, row by row (without the quiet zone)."""
    return [[bool(cell) for cell in row] for row in qr_matrix(url)]


def path_operators(matrix: list[bytes]) -> str:
    """The dark modules as one filled PDF path, in module units with (0, 0) at the
    lower left corner of the symbol: one rectangle per run of dark modules in a row
    (a run that crosses a multiple of 8 modules is two rectangles; one fill paints
    their union without a seam)."""
    n = len(matrix)
    out = []
    get = _CHUNKS.get
    for r, row in enumerate(matrix):
        y = n - 1 - r
        for x0 in range(0, n, _CHUNK):
            key = (y, x0, row[x0 : x0 + _CHUNK])
            ops = get(key)
            if ops is None:
                ops = _CHUNKS[key] = _chunk_operators(*key)
            out.append(ops)
    out.append("f")
    return "".join(out)


# The operators of 8 modules of one row: a pure function of (row, first module, the 8
# modules), remembered. Codes of one version share them (at most 256 per chunk), so
# the table stays small; it is what makes 1024 codes cost milliseconds, not a second.
_CHUNK = 8
_CHUNKS: dict[tuple[int, int, bytes], str] = {}


def _chunk_operators(y: int, x0: int, modules: bytes) -> str:
    if len(_CHUNKS) > 200_000:  # many versions in one process: start again
        _CHUNKS.clear()
    return "".join(
        f"{x0 + run.start()} {y} {run.end() - run.start()} 1 re\n" for run in _RUN.finditer(modules)
    )


def module_size(matrix: list[bytes], size: float) -> float:
    return size / len(matrix)


def quiet_zone(matrix: list[bytes], size: float) -> float:
    """The white margin, in points, that a code drawn ``size`` points wide needs."""
    return QUIET_MODULES * module_size(matrix, size)


def draw_qr(canvas, matrix: list[bytes], x: float, y: float, size: float) -> None:
    """The code with the lower left corner of its symbol at (x, y), ``size`` points
    wide (the quiet zone around it is the caller's to keep clear)."""
    scale = size / len(matrix)
    canvas.saveState()
    canvas.setFillGray(0)
    canvas.addLiteral(f"{scale:.6f} 0 0 {scale:.6f} {x:.3f} {y:.3f} cm")
    canvas.addLiteral(path_operators(matrix))
    canvas.restoreState()
