"""``<id:name>`` in the URLconfs: a whole number that fits a 64-bit signed column.

Django's ``<int:…>`` matches any run of digits, and an id of 20 or 400 digits then
reaches the database (SQLite raises ``OverflowError``, a server error). This converter
matches the same digits but refuses a number beyond ``numbers.MAX_ID``, so such a URL is
simply not found (404). Every URLconf of the project imports this module and uses
``<id:…>`` for ids and numbers.
"""

from __future__ import annotations

from django.urls import register_converter

from core.numbers import MAX_ID, parse_int


class BoundedIntConverter:
    regex = "[0-9]+"

    def to_python(self, value: str) -> int:
        number = parse_int(value, min=0, max=MAX_ID)
        if number is None:
            raise ValueError(value)  # the pattern does not match: 404
        return number

    def to_url(self, value) -> str:
        return str(int(value))


NAME = "id"
register_converter(BoundedIntConverter, NAME)
