"""Starting matches: friendly ones from /games/, one per pairing or a whole round, and
the players' private links."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from core.numbers import parse_int
from engine import RuleSet
from tournaments import services as tournament_services
from tournaments.models import Outcome, Pairing, Round, Tournament

from ..models import BotLevel, DeckStyle, Match, Mode, Status
from .common import (
    GameError,
    _first_dealer,
    _new_game,
    live_state,
    seat_for_token,
)
from .pairings import active_match, pairing_names
from .play import _after_move
from .team_tables import start_table_for_pairing

__all__ = ["seat_for_token"]

# --------------------------------------------------------------------------- starting


def _clean_name(name, fallback: str) -> str:
    name = (name or "").strip()[:200]
    return name or fallback


def create_friendly_match(
    *,
    name0: str = "",
    name1: str = "",
    bot_level: str | None = None,
    rule_profile: str = "weich",
    bummerl_to_win: int = 2,
    deck_style: str = DeckStyle.FRENCH,
    auto_declare: bool = False,
    seed: int | None = None,
    actor=None,
) -> Match:
    """A friendly match outside any tournament: against the computer (``bot_level``;
    the computer takes seat 1) or against a friend who opens seat 1's link."""
    if rule_profile not in RuleSet.PRESETS:
        raise GameError(_("Unknown rule profile “%(p)s”.") % {"p": rule_profile}, "rules")
    bummerl_to_win = parse_int(bummerl_to_win)
    if bummerl_to_win not in (2, 3):
        raise GameError(_("A match goes to 2 or 3 Bummerl."), "length")
    if bot_level and bot_level not in BotLevel.values:
        raise GameError(_("Unknown strength “%(l)s”.") % {"l": bot_level}, "bot")
    if deck_style not in DeckStyle.values:
        deck_style = DeckStyle.FRENCH
    with transaction.atomic():
        kwargs = {"seed": seed} if seed is not None else {}
        m = Match.objects.create(
            mode=Mode.PLAYED,
            rule_profile=rule_profile,
            rules={"auto_declare": True} if auto_declare else {},
            bummerl_to_win=bummerl_to_win,
            deck_style=deck_style,
            name0=_clean_name(name0, _("Player 1")),
            name1=_("Computer") if bot_level else _clean_name(name1, _("Player 2")),
            bot_seat=1 if bot_level else None,
            bot_level=bot_level or "",
            created_by=actor if getattr(actor, "is_authenticated", False) else None,
            **kwargs,
        )
        _new_game(m, 0, 0, _first_dealer(m))
    _after_move(m, live_state(m))  # the computer may lead first: its task is queued
    m.refresh_from_db()
    return m


def start_match_for_pairing(pairing: Pairing, *, actor=None, seed: int | None = None) -> Match:
    """Staff start a played match for an open pairing (marks the pairing started through
    the tournament core); returns the running match if there is one already."""
    if pairing.round.tournament.for_teams:  # a table of four (Bauernschnapsen)
        return start_table_for_pairing(pairing, actor=actor, seed=seed)
    with transaction.atomic():
        # Lock in the tournament core's order (tournament, then pairing): no deadlock.
        Tournament.objects.select_for_update().get(pk=pairing.round.tournament_id)
        p = (
            Pairing.objects.select_for_update(of=("self",))
            .select_related("round__tournament", "left__player", "right__player")
            .get(pk=pairing.pk)
        )
        running = active_match(p)
        if running is not None:
            return running
        if p.right_id is None:
            raise GameError(_("A bye is not played."), "bye")
        if p.outcome != Outcome.OPEN:
            raise GameError(_("This pairing is already decided."), "decided")
        if p.started_at is None:
            try:
                tournament_services.start_pairing(p, actor=actor)
            except tournament_services.TournamentError as exc:
                raise GameError(exc.message, exc.code) from None
        t = p.round.tournament
        name0, name1 = pairing_names(p)
        kwargs = {"seed": seed} if seed is not None else {}
        m = Match.objects.create(
            pairing=p,
            mode=Mode.PLAYED,
            rule_profile=t.rule_profile,
            bummerl_to_win=t.match_bummerl,
            name0=name0,
            name1=name1,
            created_by=actor if getattr(actor, "is_authenticated", False) else None,
            **kwargs,
        )
        _new_game(m, 0, 0, _first_dealer(m))
    return m


@dataclass
class RoundStart:
    """What :func:`start_matches_for_round` did, pairing by pairing."""

    started: list[Match] = field(default_factory=list)
    kept: list[Match] = field(default_factory=list)  # already running: left as they are
    refused: list[tuple[Pairing, str]] = field(default_factory=list)  # with the reason


def start_matches_for_round(rnd: Round, *, actor=None) -> RoundStart:
    """Start a browser match for every open pairing of a released round. Idempotent: a
    pairing with a running match keeps it; byes, walkovers, self-meetings and decided
    pairings get none. A pairing that cannot start now (a player with several entries is
    busy in another pairing) is reported with the reason and the others still start."""
    rnd = Round.objects.get(pk=rnd.pk)  # its status as stored now
    if rnd.status != Round.Status.RELEASED:
        raise GameError(_("The round is not released yet."), "not_released")
    out = RoundStart()
    pairings = (
        rnd.pairings.filter(outcome=Outcome.OPEN, right__isnull=False)
        .select_related("round__tournament", "left__player", "right__player")
        .order_by("number")
    )
    for p in pairings:
        running = active_match(p)
        if running is not None:
            out.kept.append(running)
            continue
        try:
            out.started.append(start_match_for_pairing(p, actor=actor))
        except GameError as exc:
            out.refused.append((p, exc.message))
    return out


def play_url(match: Match, seat: int, base_url: str = "") -> str:
    """The private link of a seat: a path, or an absolute address with ``base_url``."""
    return base_url.rstrip("/") + reverse("games:play", args=[match.pk, match.token(seat)])


def table_url(match: Match, seat, base_url: str = "") -> str:
    """The private link of a seat (a :class:`~games.models.Seat`) of a table of four."""
    return base_url.rstrip("/") + reverse("games:table", args=[match.pk, seat.token])


def round_play_links(rnd: Round, base_url: str) -> dict[int, tuple[str, ...]]:
    """Pairing id -> the players' absolute private links, for the round's pairings that
    have a running browser match (two queries): the two players' of a match, or a
    table's four in seat order (team A 1, team B 1, team A 2, team B 2; "" for a seat
    the computer plays)."""
    matches = (
        Match.objects.filter(pairing__round=rnd, status=Status.PLAYING, mode=Mode.PLAYED)
        .prefetch_related("seats")
        .order_by("pk")  # the newest running match of a pairing wins
    )
    links: dict[int, tuple[str, ...]] = {}
    for m in matches:
        if m.is_table:
            links[m.pairing_id] = tuple(
                "" if s.is_computer else table_url(m, s, base_url)
                for s in sorted(m.seats.all(), key=lambda s: s.index)
            )
        else:
            links[m.pairing_id] = (play_url(m, 0, base_url), play_url(m, 1, base_url))
    return links
