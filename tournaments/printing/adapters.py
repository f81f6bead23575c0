"""From the models to the builders' dataclasses, with the strings translated into
the active language. Each function reads the database in a fixed number of
queries, whatever the field size."""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import pgettext

from ..models import (
    HOLDER,
    MAIN_PAIRINGS,
    PAIRING_HOLDERS,
    Bracket,
    Entry,
    Outcome,
    Pairing,
    Round,
    Side,
    Stage,
    Tournament,
    match_name,
)
from ..public_names import public_holder, public_members
from ..services import tournament_phase
from ..signals import gathered, play_links
from ..standings import compute_standings
from .common import DocumentHeader
from .draw_sheet import DrawRow, DrawSection, DrawSheetData, DrawSheetLabels, build_draw_sheet
from .entry_cards import EntryCard, EntryCardLabels, EntryCardsData, build_entry_cards
from .formatting import date_text, local, money, time_text
from .results import (
    BracketMatch,
    BracketPicture,
    BracketSlot,
    CategoryPrizes,
    PrizeLine,
    ResultsData,
    ResultsLabels,
    StandingLine,
    build_results,
)
from .score_sheets import ScoreSheet, ScoreSheetLabels, ScoreSheetsData, build_score_sheets

log = logging.getLogger(__name__)

DOCUMENTS = ("draw", "scoresheets", "entries", "results")
ROUND_DOCUMENTS = ("draw", "scoresheets")


class PrintError(Exception):
    """A document cannot be made (e.g. no round yet); the message is translated."""


# ----------------------------------------------------------------------------- common


def logo_bytes(logo) -> bytes | None:
    """The file's bytes (a tournament's or a club's logo), None if none or unreadable."""
    if not logo:
        return None
    try:
        with logo.storage.open(logo.name, "rb") as handle:
            return handle.read()
    except OSError:
        log.warning("the logo %s cannot be read", logo.name)
        return None


def _logo_bytes(tournament: Tournament) -> bytes | None:
    """The tournament's own logo, else its club's."""
    return logo_bytes(tournament.printed_logo)


def document_header(tournament: Tournament) -> DocumentHeader:
    return DocumentHeader(
        club_name=tournament.club_name,
        tournament_name=tournament.name,
        date_text=date_text(tournament.date),
        venue=tournament.venue,
        logo=_logo_bytes(tournament),
        page_label=pgettext("printing", "Page {page} of {pages}"),
    )


def stage_title(stage: str) -> str:
    return {
        Stage.QUARTERFINAL: pgettext("printing", "Quarterfinal"),
        Stage.SEMIFINAL: pgettext("printing", "Semifinal"),
        Stage.FINAL: pgettext("printing", "Final"),
    }.get(stage, pgettext("printing", "Round"))


def round_title(round: Round) -> str:
    if round.stage == Stage.MAIN:
        return pgettext("printing", "Round %(n)d") % {"n": round.number}
    return pgettext("printing", "%(stage)s (round %(n)d)") % {
        "stage": stage_title(round.stage),
        "n": round.number,
    }


def _drawn_text(value) -> str:
    value = local(value)
    return pgettext("printing", "Drawn on %(date)s at %(time)s") % {
        "date": date_text(value),
        "time": time_text(value),
    }


def _pairings(round: Round):
    return list(round.pairings.select_related(*PAIRING_HOLDERS).order_by("number"))


def _members(entry: Entry, public: bool = False) -> tuple[str, ...]:
    """A team's two players (empty for an entry of a player); ``public``: those whose
    names are published (``public_names``)."""
    if entry.team_id is None:
        return ()
    if public:
        return public_members(entry)
    return (entry.team.first.name, entry.team.second.name)


def _name(entry: Entry, public: bool = False) -> str:
    """The holder's name; ``public``: as public surfaces name him (at his request the
    placeholder, ``public_names``)."""
    return public_holder(entry).name if public else entry.holder_name


def get_round(tournament: Tournament, number: int | None) -> Round:
    """The round ``number`` of the tournament, or the latest; PrintError if there is none."""
    rounds = tournament.rounds.all()
    rnd = rounds.filter(number=number).first() if number is not None else rounds.last()
    if rnd is None:
        if number is None:
            raise PrintError(
                pgettext("printing", "%(name)s has no round drawn yet.") % {"name": tournament.name}
            )
        raise PrintError(
            pgettext("printing", "%(name)s has no round %(n)d.")
            % {"name": tournament.name, "n": number}
        )
    return rnd


# ----------------------------------------------------------------------------- documents


def draw_sheet_data(round: Round, *, public: bool = False) -> DrawSheetData:
    """Two queries: the round's tournament is expected loaded (select_related). The
    pairings in the order of their numbers (unique in the round); in the prize stage
    each named ("Finale", "Spiel um Platz 3", ...). ``public``: the public download,
    players named as public surfaces name them; the staff's sheet (called out at the
    venue) names everybody."""
    tournament = round.tournament
    rows: list[DrawRow] = []
    for p in _pairings(round):
        note = ""
        if p.outcome == Outcome.WALKOVER:
            winner = p.left if p.winner == Side.LEFT else p.right
            note = (
                pgettext("printing", "walkover #%(n)d") % {"n": winner.number}
                if winner
                else pgettext("printing", "walkover")
            )
        elif p.outcome == Outcome.SURRENDER:
            note = (
                pgettext("printing", "same team")
                if tournament.for_teams
                else pgettext("printing", "same player")
            )
        elif p.outcome == Outcome.PLAYED and p.winner_bummerl is not None:
            score = f"{p.winner_bummerl}:{p.loser_bummerl}"
            note = score if p.winner == Side.LEFT else f"{p.loser_bummerl}:{p.winner_bummerl}"
        rows.append(
            DrawRow(
                number=p.number,
                left_name=_name(p.left, public),
                left_entry=p.left.number,
                right_name=_name(p.right, public) if p.right_id else None,
                right_entry=p.right.number if p.right_id else None,
                table=p.table,
                note=note,
                match_name=p.match_name,
                left_members=_members(p.left, public),
                right_members=_members(p.right, public) if p.right_id else (),
            )
        )
    return DrawSheetData(
        header=document_header(tournament),
        round_title=round_title(round),
        drawn_text=_drawn_text(round.created_at),
        sections=[DrawSection(round_title(round), rows)],
        labels=DrawSheetLabels(
            title=pgettext("printing", "Draw"),
            number=pgettext("printing", "No."),
            left=pgettext("printing", "Left"),
            right=pgettext("printing", "Right"),
            table=pgettext("printing", "Table"),
            note=pgettext("printing", "Note"),
            bye=pgettext("printing", "Bye"),
            players=pgettext("printing", "Players A–Z"),
            player=pgettext("printing", "Player"),
            entry=pgettext("printing", "Entry"),
            draw_number=pgettext("printing", "No."),
            side_left=pgettext("printing", "left"),
            side_right=pgettext("printing", "right"),
            empty=pgettext("printing", "No pairings in this round."),
        ),
    )


def match_length_text(bummerl: int) -> str:
    """How long the match is, as the German says it ("auf 3 Bummerl"): the first to
    win that many Bummerl wins (not "best of": a match to 3 has up to 5)."""
    return pgettext("printing", "first to %(n)d Bummerl") % {"n": bummerl}


def _pair_links(links, p) -> tuple[str, str]:
    """The two players' links of a two-player match (a table's four are seat_links)."""
    mine = links.get(p.pk, ())
    return (mine[0], mine[1]) if len(mine) == 2 else ("", "")


def _seat_links(p, links) -> tuple[tuple[str, str], ...]:
    """A team pairing's table of four: (player, link) per seat, in seat order (team A
    player 1, team B player 1, team A player 2, team B player 2)."""
    if len(links) != 4 or p.left.team_id is None or p.right.team_id is None:
        return ()
    a, b = p.left.team, p.right.team
    names = (a.first.name, b.first.name, a.second.name, b.second.name)
    return tuple(zip(names, links, strict=True))


def score_sheets_data(round: Round, *, base_url: str = "") -> ScoreSheetsData:
    """``base_url`` (the site's address, e.g. ``https://club.example``) puts the
    private play links of the round's running browser matches on the slips as QR
    codes; without it the slips carry none."""
    tournament = round.tournament
    links = gathered(play_links, round=round, base_url=base_url) if base_url else {}
    sheets = [
        ScoreSheet(
            number=p.number,
            left_name=p.left.holder_name,
            left_entry=p.left.number,
            right_name=p.right.holder_name,
            right_entry=p.right.number,
            table=p.table,
            match_name=p.match_name,
            left_link=_pair_links(links, p)[0],
            right_link=_pair_links(links, p)[1],
            seat_links=_seat_links(p, links.get(p.pk, ())),
        )
        for p in _pairings(round)
        if p.right_id is not None and p.outcome != Outcome.SURRENDER
    ]
    return ScoreSheetsData(
        header=document_header(tournament),
        # "Runde 4", not "Finale (Runde 4)": a slip of the final round is not the final
        # unless its match is; the match's own name is printed large on each slip
        round_title=pgettext("printing", "Round %(n)d") % {"n": round.number},
        match_bummerl=tournament.match_bummerl,
        match_length_text=match_length_text(tournament.match_bummerl),
        sheets=sheets,
        bummerl_points=tournament.game_rules.bummerl_from,
        labels=ScoreSheetLabels(
            title=pgettext("printing", "Score sheet"),
            number=pgettext("printing", "No."),
            table=pgettext("printing", "Table"),
            play_link=pgettext("printing", "Link for {name}"),
            left=pgettext("printing", "Left"),
            right=pgettext("printing", "Right"),
            bummerl=pgettext("printing", "Bummerl {n}"),
            result=pgettext("printing", "Result in Bummerl"),
            winner=pgettext("printing", "Winner (entry no.)"),
            signature_left=pgettext("printing", "Signature left"),
            signature_right=pgettext("printing", "Signature right"),
            computer=pgettext("printing", "the computer plays"),
            hint=pgettext(
                "printing",
                "Write each team's points left, counting down from 24; go on overleaf.",
            )
            if tournament.for_teams
            else pgettext(
                "printing", "Write each player's points left, counting down from 7 game by game."
            ),
            empty=pgettext("printing", "No matches to play in this round."),
        ),
    )


def public_path(tournament: Tournament) -> str:
    try:
        return reverse("public:tournament", args=[tournament.pk])
    except NoReverseMatch:
        return f"/t/{tournament.pk}/"


def entry_cards_data(tournament: Tournament, public_url: str) -> EntryCardsData:
    """One query for the entries. ``public_url`` is the absolute address of the
    tournament's public page (the QR code), or empty for no QR code."""
    entries = (
        Entry.objects.filter(tournament=tournament, cancelled_at__isnull=True)
        .select_related(*HOLDER)
        .order_by("number")
    )
    fee = tournament.entry_fee
    return EntryCardsData(
        header=document_header(tournament),
        url=public_url if tournament.is_public else "",
        fee_text=pgettext("printing", "Entry fee %(fee)s") % {"fee": money(fee)} if fee else "",
        cards=[EntryCard(e.number, e.holder_name, e.paid, e.holder.town) for e in entries],
        labels=EntryCardLabels(
            title=pgettext("printing", "Entry cards"),
            entry=pgettext("printing", "Entry no."),
            paid=pgettext("printing", "paid"),
            unpaid=pgettext("printing", "not paid"),
            scan=pgettext("printing", "Draw and standings"),
            empty=pgettext("printing", "No entries yet."),
        ),
    )


def _prize_text(description: str, amount) -> str:
    parts = [description] if description else []
    if amount is not None:
        parts.append(money(amount))
    return " · ".join(parts)


def _slot(entry, pairing: Pairing, side: str, public: bool = False) -> BracketSlot:
    if entry is None:
        return BracketSlot()
    score = ""
    if pairing.outcome == Outcome.PLAYED and pairing.winner_bummerl is not None:
        score = str(pairing.winner_bummerl if pairing.winner == side else pairing.loser_bummerl)
    elif pairing.outcome == Outcome.WALKOVER:
        score = "w.o." if pairing.winner == side else ""
    return BracketSlot(
        name=_name(entry, public),
        entry=entry.number,
        score=score,
        won=pairing.decided and pairing.winner == side,
    )


def _match(
    p: Pairing | None, stage: str, bracket: str, number: int, public: bool = False
) -> BracketMatch:
    """The box of pairing ``p``, or of the match still to be drawn there (``number`` is
    the pairing number it will get), titled with the match's name and number."""
    if p is not None:
        stage, bracket, number = p.round.stage, p.bracket, p.number
    name = match_name(stage, bracket, number, MAIN_PAIRINGS.get(stage, 0))
    title = pgettext("printing", "%(name)s (no. %(n)d)") % {"name": name, "n": number}
    if p is None:
        return BracketMatch(title=title)
    return BracketMatch(
        left=_slot(p.left, p, Side.LEFT, public),
        right=_slot(p.right, p, Side.RIGHT, public),
        title=title,
    )


def bracket_picture(
    tournament: Tournament, *, released_only: bool = False, public: bool = False
) -> BracketPicture:
    """The prize stage from its pairings (one query); ``public``: players named as public
    surfaces name them."""
    query = Pairing.objects.filter(round__tournament=tournament)
    if released_only:
        query = query.filter(round__status=Round.Status.RELEASED)
    pairings = list(
        query.exclude(round__stage=Stage.MAIN)
        .select_related("round", *PAIRING_HOLDERS)
        .defer("round__protocol")  # the draw protocols are not needed for the picture
        .order_by("round__number", "number")
    )
    by = {}
    for p in pairings:
        by.setdefault((p.round.stage, p.bracket), []).append(p)
    quarter = by.get((Stage.QUARTERFINAL, Bracket.MAIN), [])
    semi = by.get((Stage.SEMIFINAL, Bracket.MAIN), [])
    final = by.get((Stage.FINAL, Bracket.MAIN), [])
    # Order the quarterfinals so that each pair feeds its semifinal.
    ordered: list[Pairing] = []
    rest = list(quarter)

    def winner_id(p: Pairing):
        if not p.decided:
            return None
        return p.right_id if p.winner == Side.RIGHT else p.left_id

    for s in semi:
        for entry_id in (s.left_id, s.right_id):
            match = next((q for q in rest if winner_id(q) == entry_id), None)
            if match is not None:
                rest.remove(match)
                ordered.append(match)
    ordered.extend(rest)

    def column(stage: str, bracket: str, found: list[Pairing], count: int, first: int):
        """``count`` boxes: the pairings found, then the ones still to be drawn."""
        found = found[:count]
        return [_match(p, stage, bracket, first + i, public) for i, p in enumerate(found)] + [
            _match(None, stage, bracket, first + i, public) for i in range(len(found), count)
        ]

    placements = []
    for stage, bracket, count, first in (
        (Stage.FINAL, Bracket.PLACE_3, 1, 2),
        (Stage.SEMIFINAL, Bracket.PLACE_5_8, 2, 3),
        (Stage.FINAL, Bracket.PLACE_5, 1, 3),
        (Stage.FINAL, Bracket.PLACE_7, 1, 4),
    ):
        placements += column(stage, bracket, by.get((stage, bracket), []), count, first)
    return BracketPicture(
        quarterfinal_title=stage_title(Stage.QUARTERFINAL),
        semifinal_title=stage_title(Stage.SEMIFINAL),
        final_title=stage_title(Stage.FINAL),
        quarterfinals=column(Stage.QUARTERFINAL, Bracket.MAIN, ordered, 4, 1),
        semifinals=column(Stage.SEMIFINAL, Bracket.MAIN, semi, 2, 1),
        final=column(Stage.FINAL, Bracket.MAIN, final, 1, 1)[0],
        placements=placements,
    )


def _reached_text(row, stage_of: dict[int, str]) -> str:
    reached = row.round_reached
    if reached not in stage_of:
        # a round not shown (a draft, on the public list): the entry is in play
        shown = [n for n in stage_of if n < reached]
        if not shown:
            return ""
        reached = max(shown)
        row_alive = True
    else:
        row_alive = row.alive
    stage = stage_of[reached]
    if stage == Stage.MAIN:
        text = pgettext("printing", "Round %(n)d") % {"n": reached}
    else:
        text = stage_title(stage)
    if row_alive:
        return pgettext("printing", "%(round)s, in play") % {"round": text}
    if row.won:
        return pgettext("printing", "%(round)s, won") % {"round": text}
    if row.how == "walkover":
        return pgettext("printing", "%(round)s, walkover") % {"round": text}
    if row.how == "surrendered":
        return pgettext("printing", "%(round)s, surrendered") % {"round": text}
    if row.lost_score:
        return f"{text}, {row.lost_score[1]}:{row.lost_score[0]}"
    return text


def results_data(tournament: Tournament, *, public: bool = False) -> ResultsData:
    """The standings (``standings.compute_standings``), the prizes and the bracket.
    ``public`` leaves out what draft rounds would tell and names players as public
    surfaces do (at his request a player's place without his name)."""

    standings = compute_standings(tournament, public=public)
    rounds = tournament.rounds.all()
    if public:
        rounds = rounds.filter(status=Round.Status.RELEASED)
    stage_of = dict(rounds.values_list("number", "stage"))
    prize_of_entry = {}
    prizes = []
    for prize in standings.prizes:
        text = _prize_text(prize.description, prize.amount)
        winner = ""
        if prize.entry is not None:
            winner = f"{prize.player.name} (#{prize.entry.number})"
            prize_of_entry[prize.entry.pk] = f"{prize.place}. " + text if text else str(prize.place)
        prizes.append(
            PrizeLine(place=prize.place, prize=text or "–", winner=winner, reason=prize.reason)
        )
    categories = []
    for cs in standings.categories:
        lines_ = []
        for prize in cs.prizes:
            text = _prize_text(prize.description, prize.amount)
            winner = f"{prize.player.name} (#{prize.entry.number})" if prize.entry else ""
            if prize.entry is not None:
                own = f"{cs.category.name} {prize.place}." + (f" {text}" if text else "")
                prize_of_entry[prize.entry.pk] = " · ".join(
                    x for x in (prize_of_entry.get(prize.entry.pk, ""), own) if x
                )
            lines_.append(PrizeLine(place=prize.place, prize=text or "–", winner=winner))
        if lines_:
            categories.append(CategoryPrizes(title=cs.category.name, prizes=lines_))

    def category_text(row) -> str:
        return ", ".join(f"{c.name} {p}." for c, p in row.categories if p is not None)

    columns: tuple[str, ...] = ()
    if standings.is_danish:
        columns = (
            pgettext("printing", "Pts"),
            pgettext("printing", "+/–"),
            pgettext("printing", "GP"),
        ) + ((pgettext("printing", "BH"),) if standings.buchholz else ())

    def figures(row) -> tuple[str, ...]:
        line = row.danish
        if line is None:
            return ()
        diff = line.bummerl_difference
        values = (
            str(line.match_points),
            f"+{diff}" if diff > 0 else str(diff),
            str(line.game_points),
        )
        return values + ((str(line.buchholz),) if standings.buchholz else ())

    def place_text(row) -> str:
        if row.place is not None:
            return f"{row.place}."
        if row.pending is not None:  # out, its round still played: shared places
            first, last = row.pending
            return f"{first}.–{last}." if first != last else f"{first}."
        return "–"  # in play

    lines = [
        StandingLine(
            place=place_text(row),
            player=row.player.name,
            entry=row.number,
            reached="" if row.danish is not None else _reached_text(row, stage_of),
            prize=prize_of_entry.get(row.entry.pk, "") or category_text(row),
            figures=figures(row),
        )
        for row in standings.entries
    ]
    if tournament_phase(tournament) == "finished":
        status = pgettext("printing", "Final results")
    else:
        now = timezone.localtime()
        status = pgettext("printing", "As of %(date)s, %(time)s") % {
            "date": date_text(now),
            "time": time_text(now),
        }
    header = document_header(tournament)
    return ResultsData(
        # the header's date says what it is: the day of the tournament, not of the list
        header=replace(
            header,
            date_text=pgettext("printing", "Tournament on %(date)s") % {"date": header.date_text},
        ),
        status_text=status,
        prizes=prizes,
        bracket=bracket_picture(tournament, released_only=public, public=public)
        if tournament.format_rules.prize_stage
        else None,
        standings=lines,
        categories=categories,
        columns=columns,
        labels=ResultsLabels(
            title=pgettext("printing", "Results"),
            prizes=pgettext("printing", "Prizes"),
            place=pgettext("printing", "Place"),
            prize=pgettext("printing", "Prize"),
            winner=pgettext("printing", "Winner"),
            bracket=pgettext("printing", "Prize stage"),
            standings=pgettext("printing", "Standings"),
            player=pgettext("printing", "Player"),
            entry=pgettext("printing", "Entry"),
            reached=pgettext("printing", "Reached"),
            no_prizes=pgettext("printing", "No prizes are set."),
            no_standings=pgettext("printing", "No entries yet."),
            open=pgettext("printing", "open"),
            category_prizes=pgettext("printing", "Category prizes"),
        ),
    )


# ----------------------------------------------------------------------------- one entry point


@dataclass(frozen=True)
class Document:
    filename: str
    content: bytes


def render(
    document: str,
    tournament: Tournament,
    *,
    round_number: int | None = None,
    public_url: str = "",
    public: bool = False,
    base_url: str = "",
) -> Document:
    """Build ``document`` (one of DOCUMENTS) for the tournament in the active language.

    ``public_url`` goes into the entry cards' QR code; ``public`` makes the result
    list show released rounds only, and both the draw sheet and the result list name
    players as public surfaces do (``public_names``); ``base_url`` (the site's address) puts the players'
    private links of running browser matches on the score sheets. Raises PrintError (translated) when the round
    does not exist or the document is unknown."""
    slug = slugify(tournament.name) or f"tournament-{tournament.pk}"
    if document in ROUND_DOCUMENTS:
        rnd = get_round(tournament, round_number)
        rnd.tournament = tournament
        if document == "draw":
            pdf = build_draw_sheet(draw_sheet_data(rnd, public=public))
        else:
            pdf = build_score_sheets(score_sheets_data(rnd, base_url=base_url))
        return Document(f"{slug}-{document}-round-{rnd.number}.pdf", pdf)
    if document == "entries":
        return Document(
            f"{slug}-entries.pdf", build_entry_cards(entry_cards_data(tournament, public_url))
        )
    if document == "results":
        return Document(
            f"{slug}-results.pdf", build_results(results_data(tournament, public=public))
        )
    raise PrintError(
        pgettext("printing", "Unknown document %(doc)s; choose one of: %(choices)s.")
        % {"doc": document, "choices": ", ".join(DOCUMENTS)}
    )
