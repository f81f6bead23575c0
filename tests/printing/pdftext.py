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
