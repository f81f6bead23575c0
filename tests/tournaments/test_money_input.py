"""``money.parse_amount``: an amount as an Austrian or an English speaker types it."""

from decimal import Decimal

import pytest

from tournaments.money import parse_amount


@pytest.mark.parametrize(
    "text, expected",
    [
        ("10,50", "10.50"),
        ("10.50", "10.50"),
        ("10", "10"),
        ("0,5", "0.5"),
        ("€ 8", "8"),
        ("8 €", "8"),
        ("EUR 12,00", "12.00"),
        ("€\u00a015,00", "15.00"),
        ("1.000,50", "1000.50"),
        ("1,000.50", "1000.50"),
        ("1.000.000,00", "1000000.00"),
        (7, "7"),
        (Decimal("3.20"), "3.20"),
    ],
)
def test_amounts(text, expected):
    assert parse_amount(text) == Decimal(expected)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "zehn",
        "-1",
        "²",
        "١٠",
        "1.000",
        "10,505",
        "1.2.3",
        "10,5,0",
        "9" * 400,
        None,
        True,
        "1e3",
        Decimal("-1"),
    ],
)
def test_no_amounts(text):
    assert parse_amount(text) is None
