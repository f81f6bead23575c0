"""The command line of ``manage.py tournament``: its subcommands and their options."""

from __future__ import annotations

import argparse

from core.commands import intermixed, whole_number
from tournaments.models import Bracket


def add_subcommands(parser) -> None:
    """The subcommands of ``manage.py tournament`` and their options."""
    sub = parser.add_subparsers(dest="sub", required=True, metavar="SUBCOMMAND")

    p = sub.add_parser("create", help="create a tournament and print its id")
    p.add_argument("--name", required=True)
    p.add_argument("--date", default=None, help="YYYY-MM-DD (default: today)")
    p.add_argument("--field-size", type=whole_number, default=64)
    p.add_argument("--venue", default="")
    p.add_argument("--club", default="", help="the club's name (made if there is none)")
    p.add_argument("--max-entries", type=whole_number, default=3)
    p.add_argument("--fee", default="0")
    p.add_argument("--rules", default="weich", help="weich, scharf or turnier")
    p.add_argument("--bummerl", type=whole_number, default=2, help="match length: 2 or 3")
    p.add_argument("--one-prize", action="store_true", help="one prize per player")
    p.add_argument("--confirm", action="store_true", help="results need a confirmation")
    p.add_argument("--prize", action="append", default=[], metavar="TEXT[=AMOUNT]")
    p.add_argument("--seed", type=whole_number, default=None)
    p.add_argument(
        "--format",
        default="preisschnapsen",
        choices=["preisschnapsen", "danish"],
        help="preisschnapsen (knock-out, pot draw) or danish (every round, by the standings)",
    )
    p.add_argument(
        "--rounds", type=whole_number, default=5, help="Danish system: the number of rounds"
    )
    p.add_argument(
        "--rematches",
        default="allowed",
        choices=["allowed", "avoided"],
        help="Danish system: may two players meet twice",
    )
    p.add_argument(
        "--bye-score",
        default="match_won",
        choices=["match_won", "win_only"],
        help="Danish system: a bye counts as a match won to nil, or as a win only",
    )
    p.add_argument(
        "--tiebreak",
        default="buchholz",
        choices=["buchholz", "lot"],
        help="Danish system: the last tie-break",
    )
    p.add_argument(
        "--game",
        default="schnapsen",
        choices=["schnapsen", "bauernschnapsen"],
        help="schnapsen (players) or bauernschnapsen (teams of two; --bummerl 1, 2 or 3)",
    )
    p.add_argument(
        "--draw-partners",
        action="store_true",
        help="bauernschnapsen: players register alone, the partners are drawn by lot",
    )
    p.add_argument(
        "--catalogue",
        default="ueblich",
        choices=["ueblich", "alles", "ohne_bettler", "keine"],
        help="bauernschnapsen: the special games besides the normal game (the Spielekatalog)",
    )

    p = sub.add_parser("sell", help="sell entries to a player (registered if new)")
    p.add_argument("tournament")
    p.add_argument("player")
    p.add_argument("--town", default="")
    p.add_argument("--contact", default="")
    p.add_argument("--entries", type=whole_number, default=1)
    p.add_argument("--paid", action="store_true")
    p.add_argument("--partner", default=None, help="team tournament: the second player of the team")
    p.add_argument("--partner-town", default="")

    p = sub.add_parser(
        "import-teams",
        help="sell entries to the teams of a CSV file (Spieler 1;Spieler 2[;Ort;Karten;bezahlt])",
    )
    p.add_argument("tournament")
    p.add_argument("file", help="the CSV file (- for standard input)")

    p = sub.add_parser(
        "partners", help="draw the partners of players registered alone (team tournament)"
    )
    p.add_argument("tournament")
    p.add_argument("--seed", type=int, default=None)

    p = sub.add_parser("shrink", help="make the field smaller before the first draw")
    p.add_argument("tournament")
    p.add_argument("size", type=whole_number, nargs="?", default=None)

    p = sub.add_parser("draw", help="draw the next round (and release it)")
    p.add_argument("tournament")
    p.add_argument("--seed", type=whole_number, default=None)
    p.add_argument("--draft", action="store_true", help="keep the round unreleased")

    p = sub.add_parser(
        "transcribe",
        help="record the next round from a draw done with real pots at the venue",
        description=(
            "FILE (or - for standard input) lists the draws in the order drawn, one per "
            "line: WHO L|R NUMBER, WHO being the number of one of the player's entries "
            "(Teilnahmekarten) of this tournament or his name; redraws included or left "
            "out. Every bad line is named; the draw is checked against the pot rules "
            "and kept as a draft unless --release."
        ),
    )
    p.add_argument("tournament")
    p.add_argument("file")
    p.add_argument(
        "--placement", default=None, help="semifinal round: the quarterfinal losers' draw"
    )
    p.add_argument("--release", action="store_true", help="release the round at once")

    p = sub.add_parser("release", help="release the latest round")
    p.add_argument("tournament")

    p = sub.add_parser("withdraw", help="withdraw the latest round")
    p.add_argument("tournament")

    p = sub.add_parser("pairings", help="list the pairings of a round")
    p.add_argument("tournament")
    p.add_argument("--round", type=whole_number, default=None)
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("result", help="enter or correct a result")
    p.add_argument("tournament")
    p.add_argument("round", type=whole_number)
    p.add_argument("number", type=whole_number)
    p.add_argument("--winner", required=True, choices=["left", "right"])
    p.add_argument("--score", default=None, help="winner's:loser's Bummerl, e.g. 2:1")
    p.add_argument("--walkover", action="store_true")
    p.add_argument(
        "--bracket",
        default=None,
        choices=Bracket.values,
        help="only a check: the pairing number alone names the match",
    )
    p.add_argument("--correct", action="store_true", help="correct an entered result")

    p = intermixed(
        sub.add_parser(
            "confirm",
            help="confirm entered results (a tournament whose results need a confirmation)",
            description=(
                "Confirm the results of the given pairing numbers, or with --all of every "
                "decided pairing of the round not confirmed yet. --user names the staff "
                "member who confirms (not the one who entered the result); without it the "
                "audit log names the command line."
            ),
        )
    )
    p.add_argument("tournament")
    p.add_argument("pairings", nargs="*", type=whole_number, metavar="PAIRING")
    p.add_argument("--all", action="store_true", help="every unconfirmed result of the round")
    p.add_argument("--round", type=whole_number, default=None, help="default: the latest")
    p.add_argument("--user", default=None, help="the user name of who confirms")

    p = sub.add_parser("standings", help="standings and prizes")
    p.add_argument("tournament")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("export", help="the whole tournament as JSON")
    p.add_argument("tournament")
    p.add_argument("--output", default=None)

    p = sub.add_parser("import", help="restore a tournament from an export")
    p.add_argument("file")
    p.add_argument("--club", default=None, help="the club (default: as named in the file)")

    p = sub.add_parser("demo", help="create a demo tournament partway through round 2")
    p.add_argument("--if-empty", action="store_true", help="only if there is no tournament")
    p.add_argument("--seed", type=whole_number, default=2026)
    p.add_argument(
        "--url", default="http://127.0.0.1:8000/", help="the site's address, named in the output"
    )

    p = sub.add_parser("print", help="print sheets: TOURNAMENT {draw,scoresheets,entries,results}")
    p.add_argument("rest", nargs=argparse.REMAINDER)
