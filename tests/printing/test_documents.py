"""Documents built from the database: adapters, translations, query counts."""

import datetime
import io
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from pypdf import PdfReader

from tests.tournaments.helpers import play_open, run_to_end
from tournaments import services
from tournaments.models import Outcome, Tournament
from tournaments.printing.adapters import (
    PrintError,
    draw_sheet_data,
    entry_cards_data,
    render,
    results_data,
    score_sheets_data,
)

from .conftest import NAMES, bulk_tournament
from .pdftext import page_count, page_text, pages_text

pytestmark = pytest.mark.django_db


def test_draw_sheet_of_a_real_round_lists_every_pairing_and_player(small_tournament):
    t = small_tournament
    rnd = t.rounds.get()
    pairings = list(rnd.pairings.select_related("left__player", "right__player"))
    with translation.override("en"):
        pdf = render("draw", t).content
    first, players = pages_text(pdf)
    assert "Schnapsclub Ötztal" in first and "Preisschnapsen Größenwörth" in first
    assert "Draw: Round 1" in first and "Drawn on" in first
    for p in pairings:
        assert f"#{p.left.number}" in first and p.left.player.name in first
        if p.right_id:
            assert f"#{p.right.number}" in first
    # every player twice (two entries each) in the alphabetical list
    for name in NAMES:
        assert players.count(name) == 2


def test_draw_sheet_marks_walkovers_and_results(small_tournament):
    t = small_tournament
    rnd = t.rounds.get()
    open_pairings = list(rnd.pairings.filter(outcome=Outcome.OPEN).order_by("number"))
    walkover, played = open_pairings[:2]
    services.record_result(walkover, winner="right", walkover=True)
    services.record_result(played, winner="left", score=(2, 1))
    with translation.override("en"):
        text = pages_text(render("draw", t, round_number=1).content)[0]
    walkover.refresh_from_db()
    assert f"walkover #{walkover.right.number}" in text
    assert "2:1" in text


def test_german_is_the_default_and_english_follows_the_language(small_tournament):
    t = small_tournament
    with translation.override("de-at"):
        german = pages_text(render("draw", t).content)
        cards = page_text(render("entries", t, public_url="https://x.example/t/1/").content, 0)
    with translation.override("en"):
        english = pages_text(render("draw", t).content)
    assert "Auslosung: Runde 1" in german[0] and "Seite 1 von 2" in german[0]
    assert "Spieler A–Z" in german[1]
    assert "Draw: Round 1" in english[0] and "Page 1 of 2" in english[0]
    assert "bezahlt" in cards and "nicht bezahlt" in cards and "Nenngeld € 10,00" in cards


def test_score_sheets_leave_out_byes_and_self_meetings(small_tournament):
    t = small_tournament
    rnd = t.rounds.get()
    with translation.override("en"):
        data = score_sheets_data(rnd)
        pdf = render("scoresheets", t, round_number=1).content
    to_play = rnd.pairings.exclude(right=None).exclude(outcome=Outcome.SURRENDER)
    assert sorted(s.number for s in data.sheets) == sorted(p.number for p in to_play)
    assert page_count(pdf) == max(1, -(-len(data.sheets) // 3))
    assert data.match_length_text == "first to 2 Bummerl"
    text = "".join(pages_text(pdf))
    for p in to_play.select_related("left__player"):
        assert f"No. {p.number}" in text and p.left.player.name in text


def test_entry_cards_show_paid_state_and_the_public_address(small_tournament):
    with translation.override("en"):
        data = entry_cards_data(small_tournament, "https://club.example/t/1/")
    assert data.url == "https://club.example/t/1/"
    assert [c.number for c in data.cards] == list(range(1, 17))
    assert [c.paid for c in data.cards[:4]] == [True, True, False, False]
    assert data.cards[0].player_name == "Jürgen Größinger"
    small_tournament.is_public = False
    assert entry_cards_data(small_tournament, "https://club.example/t/1/").url == ""


def test_results_of_a_finished_tournament_show_prizes_bracket_and_places(db):
    t = services.create_tournament(
        name="Herbstschnapsen",
        date=datetime.date(2026, 10, 3),
        field_size=16,
        club_name="Club Öd",
        prizes=[("Schinken", 100), ("Wurstkorb", None), ("", 20)],
        seed=3,
    )
    for name in NAMES:
        services.sell_entries(t, services.find_or_register_player(name), 2, paid=True)
    run_to_end(t, random.Random(5))
    with translation.override("en"):
        data = results_data(t)
        pdf = render("results", t).content
    assert data.status_text == "Final results"
    assert [p.place for p in data.prizes] == list(range(1, 9))
    assert all(p.winner for p in data.prizes)
    assert data.prizes[0].prize == "Schinken · € 100.00"
    assert len(data.bracket.quarterfinals) == 4 and len(data.bracket.semifinals) == 2
    assert data.bracket.final is not None
    champion = data.bracket.final.left if data.bracket.final.left.won else data.bracket.final.right
    assert data.prizes[0].winner == f"{champion.name} (#{champion.entry})"
    # each semifinal is fed by the quarterfinal pair drawn above it
    for k, semi in enumerate(data.bracket.semifinals):
        feeders = data.bracket.quarterfinals[2 * k : 2 * k + 2]
        winners = {s.entry for q in feeders for s in (q.left, q.right) if s.won}
        assert {semi.left.entry, semi.right.entry} == winners
    assert len(data.bracket.placements) == 5
    assert [line.place for line in data.standings[:8]] == [f"{n}." for n in range(1, 9)]
    assert len(data.standings) == 16
    first = pages_text(pdf)[0]
    assert data.prizes[0].winner in first and "Match for 3rd place" in first


def test_public_results_do_not_tell_a_draft_round(small_tournament):
    t = small_tournament
    play_open(t.rounds.get(), random.Random(1))
    draft = services.draw_next_round(t, seed=2)  # round 2 (the quarterfinal), a draft
    assert draft.stage == "quarterfinal"
    with translation.override("en"):
        public = results_data(t, public=True)
        staff = results_data(t)
    assert not any("Quarterfinal" in line.reached for line in public.standings)
    assert sum(line.reached == "Round 1, in play" for line in public.standings) == 8
    assert sum(line.reached == "Quarterfinal, in play" for line in staff.standings) == 8
    def names(picture):
        return [s.name for q in picture.bracket.quarterfinals for s in (q.left, q.right) if s.name]

    # the public list shows the quarterfinal boxes still to be drawn, empty
    assert names(public) == [] and len(names(staff)) == 8
    assert [q.title for q in public.bracket.quarterfinals] == [
        q.title for q in staff.bracket.quarterfinals
    ]


def test_missing_round_and_unknown_document_raise_print_error(small_tournament, db):
    with translation.override("en"):
        with pytest.raises(PrintError, match="has no round 5"):
            render("draw", small_tournament, round_number=5)
        with pytest.raises(PrintError, match="Unknown document"):
            render("poster", small_tournament)
        empty = Tournament.objects.create(name="Leer", date=datetime.date(2026, 1, 1))
        with pytest.raises(PrintError, match="no round drawn yet"):
            render("scoresheets", empty)


def test_every_document_of_an_empty_tournament(db):
    t = Tournament.objects.create(
        name="Leeres Schnapsen", date=datetime.date(2026, 1, 1), club_name="Club"
    )
    with translation.override("en"):
        cards = pages_text(render("entries", t, public_url="https://x.example/").content)
        results = pages_text(render("results", t).content)
    assert len(cards) == 1 and "No entries yet." in cards[0]
    assert len(results) == 2 and "No entries yet." in results[1]


def _queries(fn) -> int:
    with CaptureQueriesContext(connection) as ctx:
        fn()
    return len(ctx.captured_queries)


def test_1024_entries_in_a_fixed_number_of_queries(db):
    small = bulk_tournament(32, field_size=32)
    big = bulk_tournament(1000)
    counts = {}
    for name, t in (("small", small), ("big", big)):
        t = Tournament.objects.get(pk=t.pk)
        rnd = t.rounds.select_related("tournament").get()
        counts[name] = (
            _queries(lambda rnd=rnd: draw_sheet_data(rnd)),
            _queries(lambda rnd=rnd: score_sheets_data(rnd)),
            _queries(lambda t=t: entry_cards_data(t, "https://x.example/")),
            _queries(lambda t=t: results_data(t)),
        )
    assert counts["small"] == counts["big"]
    assert max(counts["big"]) <= 8


def test_every_document_of_a_1024_entry_tournament(db):
    t = bulk_tournament(1000)  # a 1024 field: pairings 489 to 512 are byes
    with translation.override("en"):
        draw = PdfReader(io.BytesIO(render("draw", t).content))
        sheets = render("scoresheets", t).content
        cards = PdfReader(io.BytesIO(render("entries", t, public_url="https://x.example/").content))
        results = PdfReader(io.BytesIO(render("results", t).content))
    first = draw.pages[0].extract_text().splitlines()
    assert first[first.index("#1") - 1 : first.index("#1") + 3][:3] == [
        "1",
        "#1",
        "Jürgen Größinger 0000",
    ]
    assert "#513" in first
    pairing_pages = [p.extract_text() for p in draw.pages if "Draw: Round 1" in p.extract_text()]
    last = pairing_pages[-1]
    assert last.splitlines()[-4:] == ["512", "#512", "Rosa Hößl 0255", "BYE"]
    assert "#1000" in "".join(pairing_pages)
    assert "".join(pairing_pages).count("BYE") == 24
    assert page_count(sheets) == -(-488 // 3)  # a score sheet for each of 488 matches
    assert len(cards.pages) == 100
    assert "1000" in cards.pages[-1].extract_text().splitlines()
    standings = "".join(p.extract_text() for p in results.pages[1:])
    assert standings.count("Round 1, in play") == 1000


def test_the_club_logo_is_on_every_document_and_a_lost_file_is_left_out(
    small_tournament, settings, tmp_path
):
    from django.core.files.base import ContentFile
    from PIL import Image

    settings.MEDIA_ROOT = tmp_path
    image = io.BytesIO()
    Image.new("RGB", (60, 30), (0, 90, 160)).save(image, "PNG")
    t = small_tournament
    t.logo.save("club.png", ContentFile(image.getvalue()))
    with translation.override("en"):
        for document in ("draw", "scoresheets", "entries", "results"):
            pdf = render(document, t, public_url="https://x.example/").content
            assert len(PdfReader(io.BytesIO(pdf)).pages[0].images) == 1, document
        (tmp_path / t.logo.name).unlink()  # the file is gone: print without it
        pdf = render("draw", t).content
    assert len(PdfReader(io.BytesIO(pdf)).pages[0].images) == 0
    assert "Preisschnapsen Größenwörth" in page_text(pdf, 0)


def _until(t, stage):
    """Play the tournament on until the round of ``stage`` is drawn; release it."""
    rng = random.Random(5)
    play_open(t.rounds.last(), rng)
    while True:
        rnd = services.draw_next_round(t, seed=rng.randrange(2**40))
        if rnd.stage == stage:
            return services.release_round(rnd)
        play_open(rnd, rng)


def _slips(pdf: bytes) -> dict[int, str]:
    """Each slip's text by its pairing number (the text after "Nr. N" up to the next)."""
    import re

    text = "\n".join(pages_text(pdf))
    parts = re.split(r"Nr\. (\d+)\n", text)
    return {int(n): body for n, body in zip(parts[1::2], parts[2::2], strict=True)}


def test_the_final_round_names_every_match_on_every_sheet(small_tournament):
    t = small_tournament
    final = _until(t, "final")
    names = {p.number: p.match_name for p in final.pairings.all()}
    assert names == {
        1: "Finale",
        2: "Spiel um Platz 3",
        3: "Spiel um Platz 5",
        4: "Spiel um Platz 7",
    }
    with translation.override("de-at"):
        draw = pages_text(render("draw", t).content)
        sheets = render("scoresheets", t).content
        bracket = pages_text(render("results", t).content)[0]
    lines = draw[0].splitlines()
    for number, name in names.items():
        assert lines[lines.index(name) + 1].strip() == str(number)  # the name, then its pairing
    assert "(Spiel um Platz 7)" in draw[1] and "(Finale)" in draw[1]  # the A–Z index
    slips = _slips(sheets)
    for number, body in slips.items():
        others = [n for k, n in names.items() if k != number and n not in names[number]]
        assert names[number] in body and not any(n in body for n in others), number
    for number, name in names.items():
        assert f"{name} (Nr. {number})" in bracket


def test_the_semifinal_round_names_its_matches(small_tournament):
    t = small_tournament
    semi = _until(t, "semifinal")
    with translation.override("de-at"):
        slips = _slips(render("scoresheets", t).content)
        bracket = pages_text(render("results", t).content)[0]
    expected = {
        1: "Semifinale 1",
        2: "Semifinale 2",
        3: "Platzierungsspiel 5–8 (1)",
        4: "Platzierungsspiel 5–8 (2)",
    }
    played = {p.number for p in semi.pairings.exclude(outcome=Outcome.SURRENDER)}
    assert set(slips) == played
    for number in played:
        assert expected[number] in slips[number]
    for number, name in expected.items():
        assert f"{name} (Nr. {number})" in bracket
    assert "Finale (Nr. 1)" in bracket and "Spiel um Platz 7 (Nr. 4)" in bracket  # to come


def test_english_says_first_to_and_dates_cannot_be_misread(small_tournament):
    import re

    t = small_tournament
    t.date = datetime.date(2026, 12, 1)
    t.match_bummerl = 3
    t.save()
    us_date = re.compile(r"\b\d{1,2}/\d{1,2}/\d{2,4}\b")
    with translation.override("en"):
        texts = {d: "\n".join(pages_text(render(d, t).content)) for d in ("draw", "scoresheets")}
        texts["results"] = "\n".join(pages_text(render("results", t).content))
        texts["entries"] = "\n".join(
            pages_text(render("entries", t, public_url="https://x.example/t/1/").content)
        )
    assert "first to 3 Bummerl" in texts["scoresheets"] and "best of" not in texts["scoresheets"]
    assert "Bummerl 5" in texts["scoresheets"]
    for document, text in texts.items():
        assert not us_date.search(text), (document, us_date.search(text))
    assert "1 Dec 2026" in texts["entries"] and "1 Dec 2026" in texts["scoresheets"]
    # the result list's header says which date is which
    header = texts["results"].splitlines()
    (line,) = [x for x in header if "Tournament on 1 Dec 2026" in x][:1]
    assert re.search(r"As of \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d", line), line
    with translation.override("de-at"):
        german = "\n".join(pages_text(render("results", t).content))
        sheets = "\n".join(pages_text(render("scoresheets", t).content))
    assert "Turnier am 01.12.2026" in german and re.search(r"Stand \d\d\.\d\d\.\d{4}, ", german)
    assert "auf 3 Bummerl" in sheets and "01.12.2026" in sheets


def test_result_list_says_why_the_one_prize_rule_passed_a_prize_down(db):
    """One player holds four entries and wins every match: he takes the 1st prize, and the
    result list says why the 2nd went further down the standings."""
    from tests.tournaments.helpers import make_tournament

    t = make_tournament(16, entries=[4] + [1] * 12, one_prize_per_player=True)
    star = t.entries.get(number=1).player
    while services.tournament_phase(t) != "finished":
        rnd = services.release_round(services.draw_next_round(t, seed=5))
        for p in rnd.pairings.filter(outcome="").select_related("right"):
            winner = "right" if p.right.player_id == star.pk else "left"
            services.record_result(p, winner=winner, score=(2, 1))
    data = results_data(t)
    second = data.prizes[1]
    assert second.reason.startswith("Preis 2 ging an ")
    first_page = " ".join(pages_text(render("results", t).content)[0].split())
    assert f"weil {star.name} schon den 1. Preis hat." in first_page
