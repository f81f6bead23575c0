"""Money as people read it: "€ 150,00" in German, "€ 150.00" in English.

The one place where amounts are formatted for pages and exports: the sign and the
figure are joined by a no-break space, so "€" never stands alone at the end of a line.
"""

from decimal import Decimal

from django.utils.formats import number_format

NBSP = "\u00a0"


def euro(amount: Decimal | int | float | None) -> str:
    """``Decimal("150")`` -> "€ 150,00" (no-break space, the active language's figures)."""
    if amount is None or amount == "":
        return ""
    return f"€{NBSP}{number_format(Decimal(amount), decimal_pos=2, use_l10n=True)}"
