"""Texts on the printed sheets that were cut or ran past the margin (issue 30), read back
whole and inside the page: the score sheets' instruction under the grid on every slip
(players' and teams' sheets, with no links, two or four links a slip, German and
English; a team tournament's sheets from the command line), and the season series'
PDF (its column heading, its tournament lines, long names). The text is read back with
pypdf; where it must not be cut or pass a margin, the page is rendered with pdftoppm
and its ink measured."""

import io
import secrets

import numpy
import pytest
from django.core.management import call_command
from django.utils import translation
from django.utils.translation import pgettext

from tournaments.printing.common import (
    FONT,
    FONT_BOLD,
    GLYPH_BOTTOM,
    GLYPH_TOP,
    MARGIN,
    PAGE_HEIGHT,
    PAGE_WIDTH,
    DocumentHeader,
    string_width,
)
from tournaments.printing.score_sheets import (
    GAP,
    PAD,
    SLIP_HEIGHT,
    ScoreSheet,
    ScoreSheetLabels,
    ScoreSheetsData,
    SlipLayout,
    build_score_sheets,
    hint_lines,
)
from tournaments.printing.series_standings import (
    HEAD_SIZE,
    SeriesData,
    SeriesLabels,
    SeriesLine,
    SeriesTournamentLine,
    build_series_standings,
)

from .pdftext import pages_text, render, text_runs

HEADER = DocumentHeader("Schnapsclub Größenwörth", "Preis-Bauernschnapsen", "14.03.2026", "Gasthaus")
# the instructions as adapters.py words them (the msgids)
PLAYERS_HINT = "Write each player's points left, counting down from 7 game by game."
TEAMS_HINT = "Write each team's points left, counting down from 24; go on overleaf."
DPI = 150
INK = 160  # a pixel darker than this is ink (the hint is printed in 35% grey)


def link(n: int) -> str:
    return f"https://schnapsen.example.at/games/{n}/p/{secrets.token_urlsafe(18)}/"


def slips(kind: str) -> list[ScoreSheet]:
    """Three slips: without links, with two links (players) or four (a table of four,
    one seat played by the computer)."""
    out = []
    for n in range(1, 4):
        if kind == "two":
            extra = {"left_link": link(n), "right_link": link(n + 50)}
        elif kind == "four":
            seats = (("Resi Huber", link(n)), ("Sepp Jagg", link(n + 10)),
                     ("Franz Huber", link(n + 20)), ("Pepi Gruber", ""))  # fmt: skip
            extra = {"seat_links": seats}
        else:
            extra = {}
        out.append(ScoreSheet(n, "Resi Huber / Franz Huber", n, "Sepp Jagg / Pepi Gruber", n + 100,
                              **extra))  # fmt: skip
    return out


def layout_of(kind: str) -> SlipLayout:
    return SlipLayout(has_links=kind != "plain", blocks=5, four_links=kind == "four")


def hint_ink(image, slot: int, baseline: float, size: float) -> numpy.ndarray:
    """The columns (in pixels) with ink in the band of a text line of ``size`` whose
    baseline is at ``baseline`` (points from the slip's bottom) on slip ``slot``."""
    scale = DPI / 72
    page_y = PAGE_HEIGHT - (slot + 1) * SLIP_HEIGHT + baseline
    top = int((PAGE_HEIGHT - page_y - GLYPH_TOP * size) * scale) - 1
    bottom = int((PAGE_HEIGHT - page_y + GLYPH_BOTTOM * size) * scale) + 2
    return numpy.nonzero((image[top:bottom] < INK).any(axis=0))[0]


def check_hint_whole(pdf: bytes, hint: str, layout: SlipLayout, page: int = 0, slots: int = 3):
    """On every slip of the page the instruction reads back whole, starts at the grid's
    left edge, keeps clear of the players' panel (and so of the page's edge), and its
    ink runs as far as the whole text does (not cut short with "…")."""
    size, lines = hint_lines(layout, hint)
    assert lines == [hint], "one line, whole"
    assert pages_text(pdf)[page].count(hint) == slots
    runs = [r for r in text_runs(pdf, page) if r[0].strip() == hint]
    assert len(runs) == slots  # drawn once per slip (in the slip's own form)
    for _text, x, y, run_size in runs:
        assert run_size == pytest.approx(size)
        assert x == pytest.approx(layout.grid_left)
        assert x + string_width(hint, FONT, size) <= layout.panel - GAP + 0.01
        assert 0 < y - GLYPH_BOTTOM * size and y + GLYPH_TOP * size < layout.grid_bottom
    baseline = runs[0][2]
    scale = DPI / 72
    image = render(pdf, page, dpi=DPI)
    for slot in range(slots):
        ink = hint_ink(image, slot, baseline, size)
        ink = ink[ink < (layout.panel - 1) * scale]  # the panel's lines are further right
        assert abs(ink.min() / scale - layout.grid_left) < 2
        end = layout.grid_left + string_width(hint, FONT, size)
        assert abs(ink.max() / scale - end) < 2.5, (slot, ink.max() / scale, end)
        assert ink.max() / scale < PAGE_WIDTH - PAD


@pytest.mark.parametrize("kind", ["plain", "two", "four"])
@pytest.mark.parametrize("language", ["de-at", "en"])
@pytest.mark.parametrize("msgid", [PLAYERS_HINT, TEAMS_HINT])
def test_the_instruction_under_the_grid_is_whole_on_every_slip(kind, language, msgid):
    with translation.override(language):
        hint = pgettext("printing", msgid)
    bummerl, points = (1, 24) if msgid == TEAMS_HINT else (3, 7)
    data = ScoreSheetsData(HEADER, "Runde 1", bummerl, "auf 3 Bummerl", slips(kind),
                           ScoreSheetLabels(hint=hint), points)  # fmt: skip
    layout = SlipLayout(has_links=kind != "plain", blocks=2 * bummerl - 1, four_links=kind == "four")
    check_hint_whole(build_score_sheets(data), hint, layout)


def test_a_hint_too_long_even_for_the_wider_room_takes_two_lines_never_an_ellipsis():
    hint = "Die Punkte jedes Teams von 24 herunterschreiben, Spiel für Spiel, und die " * 3
    layout = layout_of("four")
    size, lines = hint_lines(layout, hint.strip())
    assert len(lines) == 2 and not any("…" in line for line in lines)
    assert " ".join(lines) == hint.strip()
    width = layout.panel - GAP - layout.grid_left
    assert all(string_width(line, FONT, size) <= width + 0.01 for line in lines)


@pytest.mark.django_db
def test_a_team_tournaments_score_sheets_from_the_command_line(tmp_path):
    """``manage.py tournament print T scoresheets`` of a Preis-Bauernschnapsen whose first
    pairing plays at a table of four in the browser: every slip of every page carries
    the German instruction whole."""
    from games.services import start_match_for_pairing
    from tests.tournaments.helpers import make_tournament
    from tournaments import services
    from tournaments.models import Outcome

    t = make_tournament(16, entries=[1] * 16, game="bauernschnapsen")
    rnd = services.release_round(services.draw_next_round(t, seed=7))
    first = rnd.pairings.filter(outcome=Outcome.OPEN).exclude(right=None).order_by("number")[0]
    start_match_for_pairing(first)
    path = tmp_path / "sheets.pdf"
    call_command("tournament", "print", str(t.pk), "scoresheets", "--round", "1", "-o", str(path),
                 "--language", "de-at", "--base-url", "https://verein.example",
                 stdout=io.StringIO())  # fmt: skip
    pdf = path.read_bytes()
    with translation.override("de-at"):
        hint = pgettext("printing", TEAMS_HINT)
    assert "weiter auf der Rückseite." in hint
    pages = pages_text(pdf)
    slips_total = rnd.pairings.exclude(right=None).exclude(outcome=Outcome.SURRENDER).count()
    assert sum(text.count(hint) for text in pages) == slips_total
    assert "verein.example/games/" in pages[0]  # the four links on the first slip
    check_hint_whole(pdf, hint, SlipLayout(has_links=True, blocks=1, four_links=True))


# ----------------------------------------------------------------------------- the series


def series_data(**labels) -> SeriesData:
    with translation.override("de-at"):
        words = SeriesLabels(
            title=pgettext("printing", "Season standings"),
            rule=pgettext("printing", "Scoring"),
            tournaments=pgettext("printing", "Tournaments"),
            standings=pgettext("printing", "Standings"),
            place=pgettext("printing", "Place"),
            player=pgettext("printing", "Player"),
            points=pgettext("printing", "Points"),
            results=pgettext("printing", "Results (place/points)"),
            not_counted=pgettext("printing", "– in brackets: not counted"),
            running=pgettext("printing", "not finished, not counted yet"),
            empty=pgettext("printing", "No results yet."),
        )
    if labels:
        words = SeriesLabels(**{**words.__dict__, **labels})
    tournaments = [
        SeriesTournamentLine(f"T{i}", "14.03.2026",
                             f"Kirtagschnapsen der Freiwilligen Feuerwehr Unterretzbach {i}",
                             "Schnapsclub Größenwörth und Umgebung", i < 3)  # fmt: skip
        for i in range(1, 5)
    ]
    lines = [
        SeriesLine(f"{i}.", f"Hannelore Schößwendter-Großauer {i}", "Retz", 100 - i,
                   " · ".join(f"T{k} {k}./{20 - k}" if k != 2 else f"(T{k} 9./7)"
                              for k in range(1, 5)))  # fmt: skip
        for i in range(1, 40)
    ]
    return SeriesData(HEADER, "Stand 14.03.2026, 10:00",
                      ["Punkte je Platz: 25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1"],
                      tournaments, lines, words)  # fmt: skip


def drawn(pdf: bytes, index: int) -> list[tuple[str, float, float]]:
    """Every run of text on page ``index``: (text, x, the x where it ends), its width
    measured in the font it is set in."""
    import pypdf

    runs = []

    def visit(text, cm, tm, font_dict, font_size):
        if not text.strip():
            return
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        size = font_size * ((abs(tm[3] * cm[3]) or abs(tm[0] * cm[0])) or 1)
        bold = font_dict is not None and "Bold" in str(font_dict.get("/BaseFont", ""))
        text = text.strip()
        runs.append((text, x, x + string_width(text, FONT_BOLD if bold else FONT, size)))

    pypdf.PdfReader(io.BytesIO(pdf)).pages[index].extract_text(visitor_text=visit)
    return runs


def test_the_series_pdf_keeps_every_line_inside_the_margins():
    data = series_data()
    pdf = build_series_standings(data)
    pages = pages_text(pdf)
    assert len(pages) >= 2
    right = PAGE_WIDTH - MARGIN
    for page in range(len(pages)):
        for text, x, end in drawn(pdf, page):
            assert x >= MARGIN - 0.01, text
            assert end <= right + 0.01, (page, text)
        # the ink agrees: nothing past the right margin
        image = render(pdf, page, dpi=DPI)
        ink = numpy.nonzero((image < INK).any(axis=0))[0]
        assert ink.max() / (DPI / 72) <= right + 1, page
    text = " ".join(" ".join(pages).split())
    # the heading whole: the results, and what the brackets mean, on a line of its own
    assert "Ergebnisse (Platz/Punkte)" in text and "in Klammern: nicht gewertet" in text
    heading = [r for r in text_runs(pdf, 0) if "Klammern" in r[0]]
    assert heading and heading[0][3] < HEAD_SIZE + 0.01
    # the long tournament lines and names are wrapped, not cut
    assert "…" not in text
    for t in data.tournaments:
        state = "" if t.finished else " (nicht beendet, zählt noch nicht)"
        assert f"{t.short} {t.date_text} {t.name} – {t.club}{state}" in text
    for line in data.lines:  # wrapped after the hyphen, the whole name
        assert f"{line.player} ({line.town})".replace("-", "- ") in text


def test_an_english_heading_and_a_long_one_stay_inside_too():
    long = "Results of every tournament of the season (place/points of the series)"
    pdf = build_series_standings(series_data(results=long, not_counted="(in brackets: not counted)"))
    right = PAGE_WIDTH - MARGIN
    for text, _x, end in drawn(pdf, 0):
        assert end <= right + 0.01, text
    text = " ".join(pages_text(pdf)[0].split())
    assert "place/points of the series)" in text and "in brackets: not counted" in text
