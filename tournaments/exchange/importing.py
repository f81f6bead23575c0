"""Import a tournament from its JSON document exactly, every field checked; a
bad document is refused in words and changes nothing (``tournaments.exchange``)."""

from __future__ import annotations

import datetime
from decimal import Decimal, InvalidOperation

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from clubs.services import club_for_name

from ..danish import DanishError, DanishRound
from ..draw import DrawError, DrawResult
from ..models import (
    BRACKET_ORDER,
    FIELD_SIZES,
    AuditLog,
    Bracket,
    ByeScore,
    Catalogue,
    Category,
    CategoryPrize,
    Entry,
    Game,
    LastTiebreak,
    Outcome,
    Pairing,
    Player,
    PlayerContact,
    Prize,
    Rematches,
    Round,
    RuleProfile,
    Side,
    Stage,
    Team,
    Tournament,
    TournamentFormat,
)
from ..services import TournamentError, _audit
from ..signals import pairing_imported
from .common import DANISH_KEYS, FORMAT, IMPORT_ACTION, VERSION, _map_partner_draw, _map_protocol


class _Bad(Exception):
    pass


def _games(value, number: int) -> list[list[list[int]]]:
    """A pairing's games as exported: per Bummerl, [winner's seat, game points]."""
    try:
        sheet = [[[int(seat), int(points)] for seat, points in bummerl] for bummerl in value]
    except (TypeError, ValueError):
        raise _Bad(_("the games of a pairing of round %(n)d are damaged") % {"n": number}) from None
    if any(seat not in (0, 1) or not 0 <= points <= 3 for b in sheet for seat, points in b):
        raise _Bad(_("the games of a pairing of round %(n)d are damaged") % {"n": number})
    return sheet


def _danish_protocol(key: str, value, number: int):
    """A Danish round's protocol (``services.pairing``) or its list of absent entries,
    checked: entry numbers throughout."""
    if key == "absent":
        if not isinstance(value, list) or not all(
            isinstance(n, int) and not isinstance(n, bool) for n in value
        ):
            raise _Bad(_("the draw protocol of round %(n)d is damaged") % {"n": number})
        return list(value)
    try:
        return DanishRound.from_protocol(value).to_protocol()
    except DanishError:
        raise _Bad(_("the draw protocol of round %(n)d is damaged") % {"n": number}) from None


def _req(data, key, kind):
    if not isinstance(data, dict) or key not in data:
        raise _Bad(_("“%(key)s” is missing") % {"key": key})
    value = data[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise _Bad(_("“%(key)s” must be a whole number") % {"key": key})
    if kind is str and not isinstance(value, str):
        raise _Bad(_("“%(key)s” must be a text") % {"key": key})
    if kind is bool and not isinstance(value, bool):
        raise _Bad(_("“%(key)s” must be true or false") % {"key": key})
    if kind is list and not isinstance(value, list):
        raise _Bad(_("“%(key)s” must be a list") % {"key": key})
    if kind is dict and not isinstance(value, dict):
        raise _Bad(_("“%(key)s” must be an object") % {"key": key})
    return value


def _opt_int(data, key):
    value = data.get(key)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise _Bad(_("“%(key)s” must be a whole number") % {"key": key})
    return value


def _when(value, key):
    if value is None:
        return None
    parsed = parse_datetime(value) if isinstance(value, str) else None
    if parsed is None:
        raise _Bad(_("“%(key)s” is not a date and time") % {"key": key})
    return parsed


def _decimal(value, key):
    if value is None:
        return None
    try:
        return Decimal(str(value))
    except (InvalidOperation, ValueError):
        raise _Bad(_("“%(key)s” is not a number") % {"key": key}) from None


def _choice(value, choices, key):
    if value not in choices:
        raise _Bad(_("“%(key)s” has an unknown value %(value)r") % {"key": key, "value": value})
    return value


def import_tournament(data, *, club=None, actor=None) -> Tournament:
    """Restore a tournament from ``export_tournament`` output, into ``club`` (default:
    the club named in the file, made if there is none; the default club for none).

    Players are matched in the register by exact name and town (else created).
    Raises TournamentError, writing nothing, when the document is not valid.
    """
    try:
        with transaction.atomic():
            return _import(data, actor, club)
    except _Bad as exc:
        raise TournamentError(
            _("The file is not a valid tournament export: %(error)s.") % {"error": exc}, "import"
        ) from None


def _import(data, actor, club=None) -> Tournament:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _Bad(_("it is not a Preisschnapsen tournament file"))
    if data.get("version") != VERSION:
        raise _Bad(_("version %(v)r is not supported") % {"v": data.get("version")})
    td = _req(data, "tournament", dict)
    users = {u.get_username(): u for u in get_user_model().objects.all()}

    def user(name):
        return users.get(name) if name else None

    try:
        date = datetime.date.fromisoformat(_req(td, "date", str))
    except ValueError:
        raise _Bad(_("“date” is not a date")) from None
    t = Tournament.objects.create(
        name=_req(td, "name", str)[:200],
        date=date,
        venue=_req(td, "venue", str),
        club=club or club_for_name(td.get("club") or _req(td, "club_name", str)),
        field_size=_choice(_req(td, "field_size", int), FIELD_SIZES, "field_size"),
        max_entries_per_player=_req(td, "max_entries_per_player", int),
        entry_fee=_decimal(_req(td, "entry_fee", str), "entry_fee"),
        rule_profile=_choice(_req(td, "rule_profile", str), RuleProfile.values, "rule_profile"),
        match_bummerl=_choice(_req(td, "match_bummerl", int), (1, 2, 3), "match_bummerl"),
        one_prize_per_player=_req(td, "one_prize_per_player", bool),
        confirm_results=_req(td, "confirm_results", bool),
        category_prize_with_main=bool(td.get("category_prize_with_main", False)),
        is_public=_req(td, "is_public", bool),
        seed=_req(td, "seed", int),
        # files of before the Danish system are Preisschnapsen
        format=_choice(
            td.get("format", TournamentFormat.PREISSCHNAPSEN), TournamentFormat.values, "format"
        ),
        danish_rounds=_choice(td.get("danish_rounds", 5), range(1, 31), "danish_rounds"),
        danish_rematches=_choice(
            td.get("danish_rematches", Rematches.ALLOWED), Rematches.values, "danish_rematches"
        ),
        danish_bye_score=_choice(
            td.get("danish_bye_score", ByeScore.MATCH_WON), ByeScore.values, "danish_bye_score"
        ),
        danish_last_tiebreak=_choice(
            td.get("danish_last_tiebreak", LastTiebreak.BUCHHOLZ),
            LastTiebreak.values,
            "danish_last_tiebreak",
        ),
        # files of before the team tournaments are Schnapsen
        game=_choice(td.get("game", Game.SCHNAPSEN), Game.values, "game"),
        draw_partners=bool(td.get("draw_partners", False)),
        # files of before the catalogue term played the usual special games
        catalogue=_choice(td.get("catalogue", Catalogue.UEBLICH), Catalogue.values, "catalogue"),
    )
    created = _when(td.get("created_at"), "created_at")
    if created:
        Tournament.objects.filter(pk=t.pk).update(created_at=created)
    for pd in _req(data, "prizes", list):
        Prize.objects.create(
            tournament=t,
            place=_choice(_req(pd, "place", int), range(1, 9), "place"),
            description=_req(pd, "description", str),
            amount=_decimal(pd.get("amount"), "amount"),
        )
    category_of: dict[str, Category] = {}
    for position, cd in enumerate(data.get("categories", []) or []):
        name = str(_req(cd, "name", str)).strip()[:60]
        if not name or name in category_of:
            raise _Bad(_("a category is unnamed or listed twice"))
        category_of[name] = Category.objects.create(tournament=t, name=name, position=position)
        for pd in cd.get("prizes", []) or []:
            CategoryPrize.objects.create(
                category=category_of[name],
                place=_choice(_req(pd, "place", int), range(1, 9), "place"),
                description=_req(pd, "description", str),
                amount=_decimal(pd.get("amount"), "amount"),
            )
    player_of: dict[int, Player] = {}
    for pd in _req(data, "players", list):
        name, town = _req(pd, "name", str), _req(pd, "town", str)
        contact = _req(pd, "contact", str)
        if len(name) > 200 or len(town) > 200 or len(contact) > 200:
            raise _Bad(_("a player's name, town or contact is longer than 200 characters"))
        player = Player.objects.current().filter(name=name, town=town).order_by("pk").first()
        if player is None:
            player = Player.objects.create(
                name=name,
                town=town,
                recorded_by_id=t.club_id,
                name_public=bool(pd.get("name_public", True)),
            )
        if (
            contact.strip()
            and not PlayerContact.objects.filter(player=player, club_id=t.club_id).exists()
        ):
            PlayerContact.objects.create(player=player, club_id=t.club_id, contact=contact.strip())
        key = _req(pd, "key", int)
        if key in player_of:
            raise _Bad(_("player %(key)d is listed twice") % {"key": key})
        player_of[key] = player
    team_of: dict[int, Team] = {}
    for td_ in data.get("teams", []) or []:
        key, first, second = (_req(td_, k, int) for k in ("key", "first", "second"))
        if key in team_of or first not in player_of or second not in player_of or first == second:
            raise _Bad(_("team %(key)d is listed twice or names unknown players") % {"key": key})
        team_of[key] = Team.objects.create(
            tournament=t,
            first=player_of[first],
            second=player_of[second],
            drawn=bool(td_.get("drawn", False)),
        )
    if td.get("partner_draw"):

        def partner(k):
            if k not in player_of:
                raise _Bad(_("the partner draw names an unknown player %(k)r") % {"k": k})
            return player_of[k].pk

        try:
            t.partner_draw = _map_partner_draw(td["partner_draw"], partner)
        except (KeyError, TypeError, AttributeError):
            raise _Bad(_("the partner draw is not readable")) from None
        t.save(update_fields=["partner_draw"])
    entry_of: dict[int, Entry] = {}
    for ed in _req(data, "entries", list):
        number = _req(ed, "number", int)
        key = _req(ed, "player", int)
        if key not in player_of:
            raise _Bad(_("entry %(n)d names an unknown player") % {"n": number})
        team_key_ = ed.get("team")
        if team_key_ is not None and team_key_ not in team_of:
            raise _Bad(_("entry %(n)d names an unknown team") % {"n": number})
        if number in entry_of or number < 1:
            raise _Bad(_("entry number %(n)d is listed twice or invalid") % {"n": number})
        e = Entry.objects.create(
            tournament=t,
            player=player_of[key],
            team=team_of.get(team_key_) if team_key_ is not None else None,
            number=number,
            paid=_req(ed, "paid", bool),
            cancelled_at=_when(ed.get("cancelled_at"), "cancelled_at"),
            playoff_rank=_opt_int(ed, "playoff_rank"),
            absent=bool(ed.get("absent", False)),
        )
        sold = _when(ed.get("sold_at"), "sold_at")
        if sold:
            Entry.objects.filter(pk=e.pk).update(sold_at=sold)
        names = ed.get("categories", []) or []
        if any(n not in category_of for n in names):
            raise _Bad(_("entry %(n)d names an unknown category") % {"n": number})
        e.categories.set([category_of[n] for n in names])
        entry_of[number] = e
    player_pk = {key: p.pk for key, p in player_of.items()}
    entry_pk = {n: e.pk for n, e in entry_of.items()}

    def pkey(k):
        if k not in player_pk:
            raise _Bad(_("a draw protocol names an unknown player %(k)r") % {"k": k})
        return player_pk[k]

    def ekey(n):
        if n not in entry_pk:
            raise _Bad(_("entry number %(n)r is not in the file") % {"n": n})
        return entry_pk[n]

    seen_rounds = set()
    for rd in _req(data, "rounds", list):
        number = _req(rd, "number", int)
        if number in seen_rounds:
            raise _Bad(_("round %(n)d is listed twice") % {"n": number})
        seen_rounds.add(number)
        protocol = {}
        for key, value in _req(rd, "protocol", dict).items():
            if key in DANISH_KEYS:
                protocol[key] = _danish_protocol(key, value, number)
                continue
            if key not in ("main", "place5_8"):
                raise _Bad(_("round %(n)d has an unknown draw %(key)r") % {"n": number, "key": key})
            try:
                protocol[key] = _map_protocol(value, pkey, ekey)
                DrawResult.from_protocol(protocol[key])
            except (KeyError, TypeError, AttributeError, DrawError):
                raise _Bad(
                    _("the draw protocol of round %(n)d is damaged") % {"n": number}
                ) from None
        rnd = Round.objects.create(
            tournament=t,
            number=number,
            stage=_choice(_req(rd, "stage", str), Stage.values, "stage"),
            status=_choice(_req(rd, "status", str), Round.Status.values, "status"),
            method=_choice(_req(rd, "method", str), Round.Method.values, "method"),
            seed=_opt_int(rd, "seed"),
            protocol=protocol,
            created_by=user(rd.get("created_by")),
            released_at=_when(rd.get("released_at"), "released_at"),
        )
        created = _when(rd.get("created_at"), "created_at")
        if created:
            Round.objects.filter(pk=rnd.pk).update(created_at=created)
        rows = []
        games_of: dict[int, list] = {}
        for pd in _req(rd, "pairings", list):
            right = pd.get("right")
            if pd.get("games") is not None:
                games_of[len(rows)] = _games(pd["games"], number)
            rows.append(
                Pairing(
                    round=rnd,
                    bracket=_choice(_req(pd, "bracket", str), Bracket.values, "bracket"),
                    number=_req(pd, "number", int),
                    left_id=ekey(_req(pd, "left", int)),
                    right_id=ekey(right) if right is not None else None,
                    table=_opt_int(pd, "table"),
                    started_at=_when(pd.get("started_at"), "started_at"),
                    outcome=_choice(_req(pd, "outcome", str), Outcome.values, "outcome"),
                    winner=_choice(_req(pd, "winner", str), [*Side.values, ""], "winner"),
                    winner_bummerl=_opt_int(pd, "winner_bummerl"),
                    loser_bummerl=_opt_int(pd, "loser_bummerl"),
                    decided_at=_when(pd.get("decided_at"), "decided_at"),
                    decided_by=user(pd.get("decided_by")),
                    confirmed_at=_when(pd.get("confirmed_at"), "confirmed_at"),
                    confirmed_by=user(pd.get("confirmed_by")),
                    version=_req(pd, "version", int),
                )
            )
        keys = [(p.bracket, p.number) for p in rows]
        if len(set(keys)) != len(keys):
            raise _Bad(_("round %(n)d lists a pairing twice") % {"n": number})
        if len({p.number for p in rows}) != len(rows):
            # a file written before pairing numbers were unique in a round: the
            # placement matches were numbered 1, 2 per bracket; number them after the main
            # draw, as the draw does today
            rows.sort(key=lambda p: (BRACKET_ORDER.index(p.bracket), p.number))
            for n, p in enumerate(rows, start=1):
                p.number = n
        Pairing.objects.bulk_create(rows)
        for index, sheet in games_of.items():
            pairing_imported.send(sender=None, tournament=t, pairing=rows[index], sheet=sheet)
    for ad in data.get("audit_log", []) or []:
        a = AuditLog.objects.create(
            tournament=t,
            user=user(ad.get("user")),
            action=str(_req(ad, "action", str))[:64],
            target=str(ad.get("target", ""))[:200],
            before=ad.get("before"),
            after=ad.get("after"),
        )
        at = _when(ad.get("at"), "at")
        # the time and the role of then, not the user's role today
        AuditLog.objects.filter(pk=a.pk).update(
            role=str(ad.get("role") or "")[:60], **({"at": at} if at else {})
        )
    _audit(t, actor, IMPORT_ACTION, t.name, None, {"rounds": len(seen_rounds)})
    return Tournament.objects.get(pk=t.pk)
