"""The one way the staff pages configure their django-tables2 tables from a request.

django-tables2's ``RequestConfig`` reads ``?page=`` and ``?per_page=`` with ``int()``: a
per page of -1 or of 400 digits then reaches the paginator and the database (a server
error). Here both are read with ``numbers.parse_int``; a per page beyond ``MAX_PER_PAGE``
is cut to it, one that is no number of 1 or more is the page's default, and a page
beyond the last shows the last (the library's "silent" handling). ``?sort=`` takes
column names only (anything else is left out).
"""

from __future__ import annotations

import re

from django.core.paginator import EmptyPage, PageNotAnInteger

from core.numbers import clamp, parse_int

MAX_PER_PAGE = 1000
_ORDER = re.compile(r"-?[A-Za-z_][A-Za-z0-9_]{0,60}", re.ASCII)  # a column, or -column


def configure(request, table, *, per_page: int, most: int = MAX_PER_PAGE):
    """Order and paginate ``table`` as the request asks, within bounds; returns it."""
    table.request = request
    order_by = [
        key
        for key in request.GET.getlist(table.prefixed_order_by_field)[:5]
        if _ORDER.fullmatch(key)
    ]
    if order_by:
        table.order_by = order_by
    asked = parse_int(request.GET.get(table.prefixed_per_page_field), min=1)
    size = per_page if asked is None else clamp(asked, 1, most)
    page = parse_int(request.GET.get(table.prefixed_page_field), min=1) or 1
    try:
        table.paginate(per_page=size, page=page)
    except PageNotAnInteger:
        table.page = table.paginator.page(1)
    except EmptyPage:
        table.page = table.paginator.page(table.paginator.num_pages)
    return table
