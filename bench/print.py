"""Time to build the round-1 draw sheet and the score sheets of a 1024-entry tournament
(the score sheets also with every pairing's two private links as QR codes: 1024 codes).

    .venv/bin/python bench/print.py [--repeat N]

Builds the tournament in memory (SQLite, bulk inserts), then times the adapter
(database reads) and the PDF builder separately, and prints one line per document.
Every run starts cold (the QR drawing's table of operators is emptied first). The goal:
the score sheets with links in at most 1 s, database and PDF together.
"""

import argparse
import io
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "schnapsen_site.settings")
os.environ["DATABASE_URL"] = "sqlite:///:memory:"

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.utils import translation  # noqa: E402
from pypdf import PdfReader  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per document; the best counts")
    args = parser.parse_args()
    call_command("migrate", verbosity=0)

    from tests.printing.conftest import bulk_tournament
    from tournaments.models import Round
    from tournaments.printing import qr
    from tournaments.printing.adapters import draw_sheet_data, score_sheets_data
    from tournaments.printing.draw_sheet import build_draw_sheet
    from tournaments.printing.score_sheets import build_score_sheets

    t = bulk_tournament(1024)
    rnd = Round.objects.select_related("tournament").get(tournament=t, number=1)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"1024 entries, {rnd.pairings.count()} pairings in round 1; best of {args.repeat} runs; "
        f"load average {load:.1f} on {os.cpu_count()} cores"
    )

    def with_links(rnd):  # every pairing has a browser match: two QR codes per slip
        return score_sheets_data(rnd, base_url="https://schnapsen.example.at")

    with translation.override("de-at"):
        for name, adapt, build in (
            ("draw sheet", draw_sheet_data, build_draw_sheet),
            ("score sheets", score_sheets_data, build_score_sheets),
            ("+ QR links", with_links, build_score_sheets),
        ):
            if adapt is with_links:
                from games.models import Match

                Match.objects.bulk_create(
                    Match(pairing=p) for p in rnd.pairings.exclude(right=None)
                )
            best_read = best_build = float("inf")
            for _ in range(args.repeat):
                qr._CHUNKS.clear()  # cold: nothing left from the run before
                start = time.perf_counter()
                data = adapt(rnd)
                middle = time.perf_counter()
                pdf = build(data)
                end = time.perf_counter()
                best_read = min(best_read, middle - start)
                best_build = min(best_build, end - middle)
            pages = len(PdfReader(io.BytesIO(pdf)).pages)
            goal = " (goal: at most 1 s)" if adapt is with_links else ""
            if adapt is with_links:
                urls = [u for s in data.sheets for u in (s.left_link, s.right_link)]
            print(
                f"{name:13s} {best_read + best_build:6.3f} s "
                f"(database {best_read:.3f} s, PDF {best_build:.3f} s), "
                f"{len(pdf) / 1024:.0f} KiB, {pages} pages{goal}"
            )
        qr_figures(urls, args.repeat)


def qr_figures(urls: list[str], repeat: int) -> None:
    """The QR codes alone, against the way they were made before, in the same run: segno
    with its automatic mask choice, drawn as one reportlab path rectangle per run (a
    sample of 128 codes, scaled to all)."""
    import segno
    from reportlab.pdfgen.canvas import Canvas

    from tournaments.printing import qr

    sample = urls[:128]

    def before():
        canvas = Canvas(io.BytesIO())
        for url in sample:
            path = canvas.beginPath()
            for r, row in enumerate(segno.make(url, error="m", micro=False).matrix):
                c = 0
                while c < len(row):
                    if not row[c]:
                        c += 1
                        continue
                    start = c
                    while c < len(row) and row[c]:
                        c += 1
                    path.rect(start, r, c - start, 1)
            canvas.drawPath(path, stroke=0, fill=1)

    def now():
        qr._CHUNKS.clear()
        for url in urls:
            qr.path_operators(qr.qr_matrix(url))

    def best(fn):
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        return min(times)

    old = best(before) * len(urls) / len(sample)
    new = best(now)
    print(
        f"{len(urls)} QR codes   {new:6.3f} s (matrix and path operators); before: "
        f"{old:.2f} s (segno's automatic mask, a path rectangle per run; from {len(sample)}), "
        f"{old / new:.0f}x faster"
    )


if __name__ == "__main__":
    main()
