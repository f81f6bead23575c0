"""Parse a player list from CSV (pure: no Django).

The file has a header row naming its columns (German or English): a name column
is required, town/club and contact are optional. Excel's semicolon files and
Windows-1252 encoding are accepted. Every bad row is reported with its line
number and a reason code; the caller imports nothing unless there are none. The
delimiter (semicolon, comma or tab) is read from the header line; a row with fewer
cells than the header (Excel leaves out trailing empty cells) has the rest empty.
"""

import csv
import io
from dataclasses import dataclass, field

from core.text import search_text

MAX_LENGTH = 200
MAX_ROWS = 5000

HEADER_ALIASES = {
    "name": "name",
    "spieler": "name",
    "spielername": "name",
    "player": "name",
    "town": "town",
    "ort": "town",
    "verein": "town",
    "ort/verein": "town",
    "club": "town",
    "town or club": "town",
    "contact": "contact",
    "kontakt": "contact",
    "telefon": "contact",
    "e-mail": "contact",
    "email": "contact",
}


@dataclass(frozen=True)
class Row:
    line: int
    name: str
    town: str
    contact: str


@dataclass(frozen=True)
class Problem:
    """A reason a file cannot be imported; ``line`` is 0 for the file as a whole."""

    line: int
    code: str
    detail: str = ""


@dataclass
class ParsedFile:
    rows: list[Row] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not self.problems and bool(self.rows)


def decode(data: bytes) -> str | None:
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return None


def _normalise(text: str) -> str:
    """White space joined to single blanks; control characters (a NUL, which no
    PostgreSQL text holds) count as blanks."""
    return search_text(text, limit=len(text))


DELIMITERS = ";,\t"


def _delimiter(text: str) -> tuple[str, bool]:
    """The file's delimiter, read from its header line, and whether a ``sep=X`` line (as
    Excel writes it) comes first. The header names the columns, so the delimiter is the
    one of ``DELIMITERS`` it holds most often outside quotes (a one-column header: the
    comma). Not ``csv.Sniffer``: it guesses from the whole sample and falls back to the
    comma when one row is ragged (``Susi Kurz`` without the trailing ``;``)."""
    lines = iter(text.splitlines())
    first = next((line for line in lines if line.strip()), "")
    marker = first.strip().lower()
    if marker.startswith("sep=") and len(marker) == 5 and marker[4] in DELIMITERS + "|":
        return first.strip()[4], True
    counts = dict.fromkeys(DELIMITERS, 0)
    quoted = False
    for char in first:
        if char == '"':
            quoted = not quoted
        elif not quoted and char in counts:
            counts[char] += 1
    best = max(DELIMITERS, key=lambda d: counts[d])
    return (best if counts[best] else ","), False


def open_table(text: str, aliases: dict, problems: list):
    """The CSV reader of ``text`` past its header, and the header's columns as keys of
    ``aliases`` (None for a blank heading); None when there is no header. The delimiter
    is read from the header line (``_delimiter``; Excel's ``sep=`` line and blank lines
    before the header are skipped). Unknown and duplicate headings go to ``problems``."""
    delimiter, hint = _delimiter(text)
    reader = csv.reader(io.StringIO(text, newline=""), csv.excel, delimiter=delimiter)
    try:
        if hint:
            next(reader)  # Excel's "sep=;" line
        header = next(reader)
        while not any(cell.strip() for cell in header):  # blank lines before the header
            header = next(reader)
    except (StopIteration, csv.Error):
        problems.append(Problem(1, "no_header"))
        return None
    columns: list[str | None] = []
    for cell in header:
        key = aliases.get(_normalise(cell).lower())
        if key is None and cell.strip():
            problems.append(Problem(reader.line_num, "unknown_column", cell.strip()))
        if key is not None and key in columns:
            problems.append(Problem(reader.line_num, "duplicate_column", cell.strip()))
        columns.append(key)
    return reader, columns


def parse_players(text: str) -> ParsedFile:
    """Parse CSV text into rows; collect every problem instead of stopping at the first."""
    result = ParsedFile()
    if not text.strip():
        result.problems.append(Problem(0, "empty"))
        return result
    opened = open_table(text, HEADER_ALIASES, result.problems)
    if opened is None:
        return result
    reader, columns = opened
    if "name" not in columns:
        result.problems.append(Problem(1, "no_name_column"))
        return result
    seen: dict[tuple[str, str], int] = {}
    try:
        for record in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in record):
                continue
            if len(result.rows) >= MAX_ROWS:
                result.problems.append(Problem(line, "too_many_rows", str(MAX_ROWS)))
                break
            if len(record) > len(columns):
                result.problems.append(Problem(line, "too_many_cells", str(len(record))))
                continue
            values = {"name": "", "town": "", "contact": ""}
            for key, cell in zip(columns, record, strict=False):
                if key:
                    values[key] = _normalise(cell)
            bad = False
            if not values["name"]:
                result.problems.append(Problem(line, "no_name"))
                bad = True
            for key, value in values.items():
                if len(value) > MAX_LENGTH:
                    result.problems.append(Problem(line, "too_long", key))
                    bad = True
            if bad:
                continue
            identity = (values["name"].casefold(), values["town"].casefold())
            if identity in seen:
                result.problems.append(Problem(line, "duplicate_row", str(seen[identity])))
                continue
            seen[identity] = line
            result.rows.append(Row(line, values["name"], values["town"], values["contact"]))
    except csv.Error as exc:
        result.problems.append(Problem(reader.line_num, "malformed", str(exc)))
    if not result.rows and not result.problems:
        result.problems.append(Problem(0, "no_rows"))
    return result
