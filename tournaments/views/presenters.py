"""Turn models and service results into what the templates show (no rules here)."""

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.danish import DanishError
from tournaments.draw import DrawError
from tournaments.models import Bracket, Entry, Outcome, Pairing, Rematches, Round, Side
from tournaments.public_names import hidden, public_holder, public_members
from tournaments.services import holder_names, round_draws
from tournaments.services.pairing import PROTOCOL_KEY, round_protocol
from tournaments.services.reports import report_text, reports_by_pairing, side_player
from tournaments.standings import compute_standings


def entry_label(entry: Entry | None, *, public: bool = False) -> str:
    """ "#12 Resi Huber"; ``public``: as public pages name him (``public_names``)."""
    if entry is None:
        return _("bye")
    return f"#{entry.number} {holder_of(entry, public=public).name}"


def holder_of(entry: Entry, *, public: bool = False):
    """``Entry.holder``, or on public surfaces the holder as they name him."""
    return public_holder(entry) if public else entry.holder


def member_names(entry: Entry | None, *, public: bool = False) -> tuple[str, ...]:
    """The names under which a player looks his entry up: a team's two players (on public
    pages those whose names are published)."""
    if entry is None or entry.team_id is None:
        return ()
    if public:
        return public_members(entry)
    return (entry.team.first.name, entry.team.second.name)


def index_names(entry: Entry | None, *, public: bool = False) -> tuple[str, ...]:
    """The names the list by player finds the entry under: a team's players, else the
    player; on public pages none of a player who asked to be left out."""
    if entry is None:
        return ()
    if entry.team_id is not None:
        return member_names(entry, public=public)
    if public and hidden(entry.player):
        return ()
    return (str(entry.holder),)


@dataclass
class PairingRow:
    pk: int
    number: int
    bracket: str
    bracket_label: str  # the prize-stage match's name ("Finale"), "" before the prize stage
    left: str
    right: str
    left_player: str
    right_player: str
    table: int | None
    status: str
    status_label: str
    winner: str
    score: str
    version: int
    available: bool | None = None
    decided: bool = False
    enterable: bool = False
    correctable: bool = False
    unconfirmed: bool = False
    can_confirm: bool = False
    started: bool = False
    title: str = ""  # "Paarung 2 · Spiel um Platz 3"
    extra: dict = field(default_factory=dict)
    reports: list = field(default_factory=list)  # ``ReportView``: players' reports
    disputed: bool = False  # two reports disagree, or the opponent contradicted one
    # a team's two players, under whose names each finds the team (empty for a player)
    left_members: tuple = ()
    right_members: tuple = ()
    # the names the list by player finds each side under (``index_names``)
    left_index: tuple = ()
    right_index: tuple = ()


@dataclass
class ReportView:
    """A player's reported result as staff see it: who, what, when and how it stands."""

    pk: int
    by: str
    text: str
    at: object
    status: str
    status_label: str
    open: bool
    note: str = ""


def report_views(pairing: Pairing, reports) -> list[ReportView]:
    return [
        ReportView(
            pk=r.pk,
            by=side_player(pairing, r.side),
            text=report_text(r, pairing),
            at=r.created_at,
            status=r.status,
            status_label=str(r.get_status_display()),
            open=r.is_open,
        )
        for r in reports
    ]


STATUS_LABELS = {
    "open": lambda: _("open"),
    "busy": lambda: _("being played"),
    "decided": lambda: _("decided"),
    "bye": lambda: _("bye"),
    "surrender": lambda: _("surrendered"),
}


def pairing_status(pairing: Pairing) -> str:
    if pairing.outcome == Outcome.BYE:
        return "bye"
    if pairing.outcome == Outcome.SURRENDER:
        return "surrender"
    if pairing.outcome:
        return "decided"
    return "busy" if pairing.started_at else "open"


def score_text(pairing: Pairing) -> str:
    if pairing.outcome == Outcome.WALKOVER:
        return _("walkover")
    if pairing.outcome == Outcome.BYE:
        return _("bye")
    if pairing.outcome == Outcome.SURRENDER:
        return _("surrendered")
    if pairing.outcome == Outcome.PLAYED and pairing.winner_bummerl is not None:
        won, lost = pairing.winner_bummerl, pairing.loser_bummerl
        return f"{won}:{lost}" if pairing.winner == Side.LEFT else f"{lost}:{won}"
    return ""


def disputed_list(pairings) -> list[dict]:
    """The pairings whose reports disagree, with their reports, for the staff's list."""
    reports = reports_by_pairing(p.pk for p in pairings)
    return [
        {
            "pairing": p,
            "round": p.round.number,
            "reports": [r for r in report_views(p, reports.get(p.pk, [])) if r.open],
        }
        for p in pairings
    ]


def pairing_row(
    pairing: Pairing,
    *,
    availability=None,
    user=None,
    correctable=False,
    confirm=False,
    reports=(),
    public=False,
) -> PairingRow:
    """A pairing as the pages show it; ``public``: named as public pages name players
    (``public_names``: a player who asked is left out, his entry and result shown)."""
    status = pairing_status(pairing)
    right = pairing.right if pairing.right_id else None
    played = pairing.outcome in (Outcome.PLAYED, Outcome.WALKOVER)
    unconfirmed = confirm and played and pairing.confirmed_at is None
    return PairingRow(
        pk=pairing.pk,
        number=pairing.number,
        bracket=pairing.bracket,
        bracket_label=pairing.match_name,
        left=entry_label(pairing.left, public=public),
        right=entry_label(right, public=public),
        left_player=str(holder_of(pairing.left, public=public)),
        right_player=str(holder_of(right, public=public)) if right else "",
        left_members=member_names(pairing.left, public=public),
        right_members=member_names(right, public=public),
        left_index=index_names(pairing.left, public=public),
        right_index=index_names(right, public=public),
        table=pairing.table,
        status=status,
        status_label=STATUS_LABELS[status](),
        winner=pairing.winner,
        score=score_text(pairing),
        version=pairing.version,
        available=None if availability is None else availability.get(pairing.pk),
        decided=pairing.decided,
        enterable=status in ("open", "busy"),
        correctable=correctable and played,
        unconfirmed=unconfirmed,
        # a result from a player's link or a browser match has no staff author: any
        # staff member may confirm it; a staff member's own entry needs somebody else
        can_confirm=unconfirmed and user is not None and pairing.decided_by_id != user.pk,
        started=pairing.started_at is not None,
        title=pairing.title,
        reports=report_views(pairing, reports),
        disputed=pairing.outcome == Outcome.OPEN
        and any(r.status == "disputed" for r in reports),
    )


@dataclass
class ProtocolView:
    title: str
    seed: int | None
    method: str
    pot_size: int
    steps: list[dict]
    byes: list[str]
    error: str = ""


@dataclass
class DanishProtocolView:
    """A Danish round's pairing protocol: the seed, the order it paired in (the lot in
    round 1, the standings after), the pairings by table, the bye, repeats and absences."""

    title: str
    seed: int | None
    rule: str  # the rematch term in words
    order: list[str]
    pairings: list[dict]
    bye: str
    absent: list[str]
    rematches: int
    by_lot: bool
    kind: str = "danish"
    error: str = ""


def danish_protocol(drawn: Round) -> DanishProtocolView:

    title = _("Pairing by the Danish system")
    try:
        paired = round_protocol(drawn)
    except DanishError:
        paired = None
    if paired is None:
        return DanishProtocolView(
            title, None, "", [], [], "", [], 0, False, error=_("The protocol is unreadable.")
        )
    numbers = set(paired.order) | set((drawn.protocol or {}).get("absent") or [])
    names = dict(
        Entry.objects.filter(tournament_id=drawn.tournament_id, number__in=numbers).values_list(
            "number", "player__name"
        )
    )

    def label(number) -> str:
        return f"#{number} {names.get(number, '?')}"

    repeats = {frozenset(p) for p in paired.rematches}
    return DanishProtocolView(
        title=title,
        seed=paired.seed,
        rule=str(Rematches(paired.rematch_rule).label)
        if paired.rematch_rule in Rematches.values
        else paired.rematch_rule,
        order=[label(n) for n in paired.order],
        pairings=[
            {
                "table": i,
                "left": label(a),
                "right": label(b),
                "rematch": frozenset((a, b)) in repeats,
            }
            for i, (a, b) in enumerate(paired.pairings, start=1)
        ],
        bye=label(paired.bye) if paired.bye is not None else "",
        absent=[label(n) for n in (drawn.protocol or {}).get("absent") or []],
        rematches=len(paired.rematches),
        by_lot=drawn.number == 1,
    )


def protocols(drawn: Round) -> list:
    """The round's draw protocol(s), with player names and entry numbers."""

    if PROTOCOL_KEY in (drawn.protocol or {}):
        return [danish_protocol(drawn)]
    results = []
    for key, part in (drawn.protocol or {}).items():
        title = Bracket(key).label if key in Bracket.values else key
        try:
            results.append((title, round_draws(Round(protocol={key: part}))[key]))
        except (DrawError, KeyError, TypeError, ValueError):
            results.append((title, None))
    player_ids = {s.player for _title, r in results if r for s in r.steps}
    entry_ids = {s.entry for _title, r in results if r for s in r.steps if s.entry}
    entry_ids |= {p.left for _title, r in results if r for p in r.pairings}

    players = holder_names(drawn.tournament, player_ids)
    entries = dict(Entry.objects.filter(pk__in=entry_ids).values_list("pk", "number"))
    views = []
    for title, result in results:
        if result is None:
            views.append(ProtocolView(title, None, "", 0, [], [], _("The protocol is unreadable.")))
            continue
        steps = [
            {
                "seq": s.seq,
                "player": players.get(s.player, f"? {s.player}"),
                "pot": _("left") if s.pot == "left" else _("right"),
                "number": s.number,
                "kept": s.kept,
                "entry": entries.get(s.entry) if s.entry else None,
            }
            for s in result.steps
        ]
        byes = [
            f"{p.number}: #{entries.get(p.left, '?')}" for p in result.pairings if p.right is None
        ]
        views.append(ProtocolView(title, result.seed, result.method, result.pot_size, steps, byes))
    return views


STAGE_COLUMNS = ("quarterfinal", "semifinal", "final")


@dataclass
class StandingRow:
    """A player's line of the standings as the pages show it (``standings_groups``)."""

    standing: object  # ``standings.PlayerStanding``
    state: str  # "won", "in_play", "pending" (its round still played), "placed"
    place: str  # "1.", "17.–32." (shared while the round is played), "" in play
    also: str = ""  # "auch Platz 49": the places of his other entries


@dataclass
class StandingGroup:
    heading: str  # "Im Spiel – Runde 3", "Ausgeschieden"; "" when all are placed
    rows: list[StandingRow]
    in_play: bool = False


def _place_range(pending) -> str:
    first, last = pending
    return f"{first}.–{last}." if first != last else f"{first}."


def standing_row(ps) -> StandingRow:
    others = ps.other_places
    also = ""
    if others:
        also = ngettext(
            "also place %(places)s", "also places %(places)s", len(others)
        ) % {"places": ", ".join(str(p) for p in others)}
    if ps.won:
        return StandingRow(ps, "won", f"{ps.best_place}.", also)
    if ps.in_play:
        return StandingRow(ps, "in_play", "", also)
    if ps.pending is not None:
        return StandingRow(ps, "pending", _place_range(ps.pending), also)
    return StandingRow(ps, "placed", f"{ps.best_place}." if ps.best_place else "–", also)


def standings_groups(standings, shown_round: int | None = None) -> list[StandingGroup]:
    """The players of a Preisschnapsen best first, in two groups while it is played:
    those still in play (no place yet: how many entries, which round) and those out
    (their places as decided, or the places they share while their round is played).
    ``shown_round`` caps the round named (the latest released: a draft is not told)."""
    rows = [standing_row(ps) for ps in standings.players]
    playing = [r for r in rows if r.state == "in_play"]
    if not playing:
        return [StandingGroup("", rows)] if rows else []
    rounds = [r.standing.round for r in playing if r.standing.round]
    number = max(rounds, default=0)
    if shown_round is not None:
        number = min(number, shown_round)
    heading = (
        _("In play – round %(round)s") % {"round": number} if number else _("In play")
    )
    groups = [StandingGroup(heading, playing, in_play=True)]
    out = [r for r in rows if r.state != "in_play"]
    if out:
        groups.append(StandingGroup(_("Out"), out))
    return groups


def standings_notes(groups: list[StandingGroup]) -> list[str]:
    """What the standings' numbers mean, where the list shows it: shared places, the
    numbers missing from the place column, how places from 9 on are counted."""
    rows = [r for g in groups for r in g.rows]
    notes = []
    if any(r.state == "pending" for r in rows):
        notes.append(
            _(
                "A place like 17.–32. is shared: these entries are out, and each gets "
                "its own place once their round is complete (in the prize stage: by the "
                "placement matches)."
            )
        )
    if any(r.also for r in rows):
        notes.append(
            _(
                "A player with several entries is listed once, at his best one; the "
                "places of his other entries are given under his name, so those numbers "
                "are missing from the place column."
            )
        )
    places = [
        p
        for r in rows
        for p in ([r.standing.best_place] if r.standing.best_place else [])
        + r.standing.other_places
    ]
    if any(p > 8 for p in places) or any(r.state == "pending" for r in rows):
        notes.append(
            _(
                "Places from 9 on: going out in a later round is better; within a round "
                "the Bummerl won in the lost match count, then a play-off, then the lot."
            )
        )
    return notes


def standings_context(tournament, *, public: bool = False) -> dict:
    """The standings, prizes and ceremony; ``public``: as public pages name players."""
    standings = compute_standings(tournament, public=public)
    context = {
        "standings": standings,
        "prize_list": [p for p in standings.prizes],
        "prizes_awarded": any(p.entry is not None for p in standings.prizes),
        "ceremony": ceremony(tournament, standings.prizes),
    }
    if not standings.is_danish:
        shown = (
            tournament.rounds.filter(status=Round.Status.RELEASED)
            .order_by("-number")
            .values_list("number", flat=True)
            .first()
        )
        groups = standings_groups(standings, shown or 0)
        context["standing_groups"] = groups
        context["standing_notes"] = standings_notes(groups)
    return context


def ceremony(tournament, prizes) -> dict:
    """The prize ceremony of the projector: every prize decided, from the last to the 1st.

    ``ready`` once every prize has its winner; ``running`` unless staff stopped it;
    ``run`` changes with every start, so a projector shows the places again from the last.
    """
    ready = bool(prizes) and all(p.entry is not None for p in prizes)
    started = tournament.ceremony_started_at
    return {
        "ready": ready,
        "running": ready and not tournament.ceremony_stopped,
        "run": f"{started.timestamp():.0f}" if started else "auto",
        "prizes": list(reversed(prizes)),
    }


def bracket_columns(
    rounds: list[Round], pairings_by_round: dict[int, list[Pairing]], *, public: bool = False
) -> list[dict]:
    """The prize stage as columns of matches: quarterfinal, semifinal, final (with placements)."""
    columns = []
    for drawn in rounds:
        if drawn.stage not in STAGE_COLUMNS:
            continue
        matches = []
        for pairing in pairings_by_round.get(drawn.pk, []):
            row = pairing_row(pairing, public=public)
            title = row.bracket_label
            matches.append({"title": title, "row": row})
        columns.append({"title": drawn.get_stage_display(), "matches": matches})
    return columns


def by_player(rows: list[PairingRow]) -> list[dict]:
    """Each player's draw numbers, alphabetically (a player looks up his own name)."""
    lookup: dict[str, list[dict]] = {}
    for row in rows:
        # with the opponent, so that a player finds whom he plays next at a glance
        # a team is found under each of its two players' names
        for name in row.left_index:
            lookup.setdefault(name, []).append(
                {
                    "number": row.number,
                    "side": "left",
                    "entry": row.left,
                    "row": row,
                    "opponent": row.right if row.right_player else "",
                }
            )
        for name in row.right_index:
            lookup.setdefault(name, []).append(
                {
                    "number": row.number,
                    "side": "right",
                    "entry": row.right,
                    "row": row,
                    "opponent": row.left,
                }
            )
    return [
        {"name": name, "items": sorted(items, key=lambda i: i["number"])}
        for name, items in sorted(lookup.items(), key=lambda kv: kv[0].casefold())
    ]
