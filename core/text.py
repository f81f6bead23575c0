"""The one way to read a search text from a request (``?q=``): what the pages look for.

A NUL character cannot go into a PostgreSQL query (``DataError``, a server error); other
control characters only make a search find nothing. They are dropped here, white space
is joined to single blanks, and the text is cut to ``MAX_QUERY`` characters.
"""

from __future__ import annotations

import re

MAX_QUERY = 100
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def search_text(raw, limit: int = MAX_QUERY) -> str:
    if not isinstance(raw, str):
        return ""
    return " ".join(_CONTROL.sub(" ", raw).split())[:limit]
