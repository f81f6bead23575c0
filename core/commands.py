"""What the project's ``manage.py`` commands share: a usage error is one line.

argparse answers a wrong command line with the whole usage (six lines and more for a
subcommand with many options) and then the error; the README promises one line on
stderr and a non-zero exit. ``OneLineErrors`` makes the parser of a command and of each
of its subcommands print only ``PROG: error: MESSAGE (PROG --help shows the usage)``
and exit with 2 (argparse's code for a usage error). Called from code (``call_command``)
the error is a ``CommandError``, as Django does. ``whole_number`` is the argparse type
of every number option: ``numbers.parse_int``, so "²" or 20 digits are a usage error,
not an ``OverflowError`` later.
"""

from __future__ import annotations

import argparse

from django.core.management.base import CommandParser

from core.numbers import parse_int


class OneLineParser(CommandParser):
    def error(self, message):
        if self.called_from_command_line:
            self.exit(2, f"{self.prog}: error: {message} ({self.prog} --help shows the usage)\n")
        super().error(message)


class IntermixedParser(OneLineParser):
    """A subcommand's parser whose positionals may come after its options too
    (``tournament confirm T --round 2 3 4``): argparse alone takes the positionals of a
    subcommand only before them (``parse_known_intermixed_args`` calls this parser's
    ``parse_known_args`` itself: the flag tells the two calls apart)."""

    _mixing = False

    def parse_known_args(self, args=None, namespace=None):
        if self._mixing:
            return super().parse_known_args(args, namespace)
        self._mixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._mixing = False


def intermixed(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Let ``parser`` (a subcommand's) take its positionals among its options."""
    parser.__class__ = IntermixedParser
    return parser


def _parsers(parser: argparse.ArgumentParser):
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _parsers(sub)


class OneLineErrors:
    """Mixin for a ``BaseCommand``: its parser and its subcommands' parsers err in one line."""

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        for p in _parsers(parser):
            if type(p) is CommandParser:  # an IntermixedParser is one already
                p.__class__ = OneLineParser
        return parser


def whole_number(text: str) -> int:
    """argparse ``type=``: a whole number in ASCII digits within 64 bits."""
    value = parse_int(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:30]!r}")
    return value
