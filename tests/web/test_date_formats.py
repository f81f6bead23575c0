"""A date reads the same on the pages as on the printouts, in English too ("5 Dec 2026",
not the US "Dec. 5, 2026")."""

import datetime

from django.template import Context, Template
from django.utils import translation

from tournaments.printing.formatting import date_text

DAY = datetime.date(2026, 12, 5)


def _page(value) -> str:
    return Template("{{ day|date }}").render(Context({"day": value}))


def test_english_pages_write_dates_as_the_printouts():
    with translation.override("en"):
        assert _page(DAY) == date_text(DAY) == "5 Dec 2026"


def test_german_pages_keep_their_date():
    with translation.override("de-at"):
        assert "2026" in _page(DAY) and "Dec." not in _page(DAY)
