"""Exports of the staff tables as CSV and Excel: django-tables2's ``TableExport``
(through tablib), for the club's books and the newspaper.

A page offers its export with ``?export=csv`` or ``?export=xlsx``; the export holds
every row the page's filter finds (not only the page shown), with the page's columns
and plain values (numbers as numbers, yes/no as words).
"""

from __future__ import annotations

from django.utils.text import slugify
from django_tables2.export import TableExport

FORMATS = ("csv", "xlsx")
PARAM = "export"


def wanted(request) -> str | None:
    """The export format asked for, or None (also for a format not offered)."""
    value = request.GET.get(PARAM, "")
    return value if value in FORMATS else None


def response(table, export_format: str, name: str, *, title: str, footer=None):
    """The table as a download; ``footer`` rows (e.g. the takings) are appended."""
    exporter = TableExport(
        export_format,
        table,
        dataset_kwargs={"title": title[:31]},  # xlsx: 31 characters
    )
    for row in footer or ():
        exporter.dataset.append(list(row))
    filename = f"{slugify(name) or 'export'}.{export_format}"
    return exporter.response(filename=filename)


def links(request) -> list[dict]:
    """The page's export links, keeping its filter (the search) in the query string."""
    result = []
    for export_format, label in (("csv", "CSV"), ("xlsx", "Excel")):
        query = request.GET.copy()
        for key in ("page", "partial", PARAM):
            query.pop(key, None)
        query[PARAM] = export_format
        result.append({"format": export_format, "label": label, "url": "?" + query.urlencode()})
    return result
