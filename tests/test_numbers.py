"""The one way to read a number from outside (``core.numbers``), the bounded
``<id:…>`` URL converter and the tables' bounded pagination."""

import pytest
from django.test import RequestFactory
from hypothesis import given
from hypothesis import strategies as st

from core import numbers, tables
from core.converters import BoundedIntConverter
from core.numbers import MAX_ID, is_digits, parse_digits, parse_id, parse_int


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("12", 12),
        (" 7 ", 7),
        ("+5", 5),
        ("-1", -1),
        ("0", 0),
        (3, 3),
        (str(MAX_ID), MAX_ID),
        (str(-(2**63)), -(2**63)),
        ("²", None),
        ("٣", None),
        ("１２", None),
        ("1²", None),
        ("", None),
        ("  ", None),
        ("1.5", None),
        ("1e3", None),
        ("0x10", None),
        ("1_000", None),
        ("--1", None),
        (str(2**63), None),
        (str(-(2**63) - 1), None),
        ("9" * 400, None),
        (2**64, None),
        (None, None),
        (True, None),
        (1.0, None),
        (b"12", None),
        ("\x00", None),
    ],
)
def test_parse_int(raw, expected):
    assert parse_int(raw) == expected


def test_bounds():
    assert parse_int("5", min=1, max=5) == 5
    assert parse_int("6", min=1, max=5) is None
    assert parse_int("0", min=1) is None
    assert parse_int("-3", min=-3) == -3
    assert parse_int(str(MAX_ID), max=2**70) == MAX_ID  # never beyond 64 bits
    assert parse_id("0") is None and parse_id("-1") is None and parse_id("17") == 17
    assert parse_digits("17") == 17 and parse_digits("+17") is None
    assert parse_digits("-1") is None and parse_digits("²") is None
    assert is_digits("0123") and not is_digits("²") and not is_digits("") and not is_digits(" 1")


@given(st.text(max_size=30))
def test_any_text_is_a_number_or_none(text):
    value = parse_int(text)
    if value is not None:
        assert numbers.MIN_INT <= value <= numbers.MAX_INT
        assert value == int(text.strip())
        assert text.strip().lstrip("+-").isascii()


@given(st.integers(min_value=numbers.MIN_INT, max_value=numbers.MAX_INT))
def test_every_64_bit_integer_reads_back(value):
    assert parse_int(str(value)) == value


def test_the_id_converter_refuses_what_no_column_holds():
    converter = BoundedIntConverter()
    assert converter.to_python("42") == 42
    for raw in (str(2**63), str(2**64), "9" * 400):
        with pytest.raises(ValueError):
            converter.to_python(raw)
    assert converter.to_url(42) == "42"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query, per_page, page",
    [
        ("", 25, 1),
        ("per_page=-1", 25, 1),
        ("per_page=0", 25, 1),
        ("per_page=" + "9" * 400, 25, 1),
        ("per_page=²", 25, 1),
        ("per_page=10", 10, 1),
        ("per_page=1000000", tables.MAX_PER_PAGE, 1),
        ("page=-1", 25, 1),
        ("page=" + "9" * 400, 25, 1),
        ("page=99", 25, 1),  # beyond the last: the last
        ("sort=1.5&sort=name", 25, 1),
    ],
)
def test_tables_configure_is_bounded(query, per_page, page):
    from tournaments.models import Player
    from tournaments.views.tables import PlayerTable

    Player.objects.bulk_create(Player(name=f"P{i:02d}") for i in range(3))
    request = RequestFactory().get("/?" + query)
    table = tables.configure(request, PlayerTable(Player.objects.order_by("name")), per_page=25)
    assert table.paginator.per_page == per_page
    assert table.page.number == page
    assert len(table.page.object_list) == 3


def test_search_text_drops_what_no_database_text_holds():
    from core.text import MAX_QUERY, search_text

    assert search_text("  Resi\x00 \t Huber\n") == "Resi Huber"
    assert search_text("\x00") == "" and search_text(None) == "" and search_text(["q"]) == ""
    assert len(search_text("x" * 500)) == MAX_QUERY


def test_a_csv_cell_with_a_nul_is_read_without_it():
    from tournaments import player_csv

    parsed = player_csv.parse_players("Name;Ort\nSusi\x00 Kurz;Melk\n")
    assert [(r.name, r.town) for r in parsed.rows] == [("Susi Kurz", "Melk")]
