"""``python manage.py tournament print TOURNAMENT {draw,scoresheets,entries,results}``.

The ``tournament`` management command hands the arguments after ``print`` to
``run()``. Bad input raises ``CommandError`` with one clear line.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from django.conf import settings
from django.core.management import CommandError
from django.utils import translation

from core.commands import whole_number
from core.numbers import is_digits, parse_id

from ..models import Tournament
from .adapters import DOCUMENTS, PrintError, public_path, render

LANGUAGES = ("de-at", "en")


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse would exit the process
        raise CommandError(f"tournament print: {message}", returncode=2)


def parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="manage.py tournament print",
        description="Print a tournament's draw sheet, score sheets, entry cards or results as PDF.",
    )
    p.add_argument("tournament", help="the tournament's id, or its exact name")
    p.add_argument("document", choices=DOCUMENTS)
    p.add_argument("--round", type=whole_number, dest="round", help="round number (default: the latest)")
    p.add_argument(
        "--output", "-o", help="file to write (default: a name in the current folder; - for stdout)"
    )
    p.add_argument("--language", choices=LANGUAGES, default=settings.LANGUAGE_CODE)
    p.add_argument(
        "--base-url",
        default=getattr(settings, "SITE_URL", "") or "http://127.0.0.1:8000",
        help="address of the site, for the QR codes on the entry cards and score sheets",
    )
    return p


def find_tournament(key: str) -> Tournament:
    if is_digits(key.strip()):
        number = parse_id(key)
        t = Tournament.objects.filter(pk=number).first() if number else None
        if t is None:
            raise CommandError(f"There is no tournament with id {key}.")
        return t
    found = list(Tournament.objects.filter(name__iexact=key.strip())[:2])
    if not found:
        raise CommandError(f"There is no tournament named {key!r}; give its id or exact name.")
    if len(found) > 1:
        raise CommandError(f"Several tournaments are named {key!r}; give the id instead.")
    return found[0]


def run(argv: list[str], stdout) -> None:
    args = parser().parse_args(argv)
    if args.round is not None and args.document not in ("draw", "scoresheets"):
        raise CommandError(f"--round applies to draw and scoresheets, not to {args.document}.")
    if args.round is not None and args.round < 1:
        raise CommandError("--round must be 1 or more.")
    tournament = find_tournament(args.tournament)
    with translation.override(args.language):
        url = args.base_url.rstrip("/") + public_path(tournament)
        try:
            document = render(
                args.document,
                tournament,
                round_number=args.round,
                public_url=url,
                base_url=args.base_url.rstrip("/"),
            )
        except PrintError as exc:
            raise CommandError(str(exc)) from None
    if args.output == "-":
        out = getattr(stdout, "buffer", None) or getattr(sys.stdout, "buffer", None)
        if out is None:
            raise CommandError("Standard output takes no binary data here; give --output FILE.")
        out.write(document.content)
        out.flush()
        return
    path = Path(args.output) if args.output else Path(document.filename)
    if path.is_dir():
        path = path / document.filename
    try:
        path.write_bytes(document.content)
    except OSError as exc:
        raise CommandError(f"Cannot write {path}: {exc.strerror or exc}.") from None
    stdout.write(f"Wrote {path} ({len(document.content) // 1024 + 1} KiB).\n")
