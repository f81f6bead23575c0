"""Money as people read it: "€ 150,00" in German, "€ 150.00" in English.

The one place where amounts are formatted for pages and exports: the sign and the
figure are joined by a no-break space, so "€" never stands alone at the end of a line;
and where an amount typed by a person is read (``parse_amount``: "10,50" as an Austrian
writes it, "10.50", "1.000,50", "€ 8").
"""

import re
from decimal import Decimal

from django.utils.formats import number_format

NBSP = "\u00a0"


def euro(amount: Decimal | int | float | None) -> str:
    """``Decimal("150")`` -> "€ 150,00" (no-break space, the active language's figures)."""
    if amount is None or amount == "":
        return ""
    return f"€{NBSP}{number_format(Decimal(amount), decimal_pos=2, use_l10n=True)}"


_PLAIN = re.compile(r"[0-9]{1,9}(?:[.,][0-9]{1,2})?", re.ASCII)
# thousands separated only together with the decimal part: "1.000" alone could be 1 or 1000
_GERMAN = re.compile(r"[0-9]{1,3}(?:\.[0-9]{3}){1,2},[0-9]{1,2}", re.ASCII)
_ENGLISH = re.compile(r"[0-9]{1,3}(?:,[0-9]{3}){1,2}\.[0-9]{1,2}", re.ASCII)


def parse_amount(text) -> Decimal | None:
    """An amount of euros as typed, or ``None``: "10,50" and "10.50" are 10.50 (a
    separator with one or two figures after it is the decimal one), "1.000,50" and
    "1,000.50" are 1000.50, a leading or trailing "€" or "EUR" is ignored. At most two
    decimals and below a billion; never negative; ASCII digits only. "1.000" or "10,505"
    (three figures after the only separator: a thousand, or one?) is ``None``."""
    if isinstance(text, Decimal):
        return text if text >= 0 else None
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        return None
    value = str(text).replace(NBSP, " ").strip()
    for sign in ("€", "EUR"):
        value = value.removeprefix(sign).removesuffix(sign).strip()
    if _PLAIN.fullmatch(value):
        return Decimal(value.replace(",", "."))
    if _GERMAN.fullmatch(value):
        return Decimal(value.replace(".", "").replace(",", "."))
    if _ENGLISH.fullmatch(value):
        return Decimal(value.replace(",", ""))
    return None
