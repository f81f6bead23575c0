"""The tournament terms (Turnierausschreibung) and the eight prizes."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.db.models import Count
from django.utils.translation import gettext as _

from clubs.services import club_for_name

from ..formats import format_of, game_of
from ..models import (
    FIELD_SIZES,
    PRIZE_PLACES,
    ByeScore,
    Catalogue,
    Game,
    LastTiebreak,
    Pairing,
    Prize,
    Rematches,
    RuleProfile,
    Tournament,
    TournamentFormat,
    new_seed,
)
from .common import (
    TournamentError,
    _audit,
    _lock,
    active_entries,
)

DANISH_TERMS = ("danish_rounds", "danish_rematches", "danish_bye_score", "danish_last_tiebreak")


def _validate_format(
    *,
    format,
    danish_rounds,
    danish_rematches,
    danish_bye_score,
    danish_last_tiebreak,
    **_others,
) -> None:
    if format not in TournamentFormat.values:
        raise TournamentError(
            _("Unknown tournament format “%(format)s”.") % {"format": format}, "format"
        )
    if (
        isinstance(danish_rounds, bool)
        or not isinstance(danish_rounds, int)
        or not 1 <= danish_rounds <= 30
    ):
        raise TournamentError(_("A Danish tournament has 1 to 30 rounds."), "danish_rounds")
    for value, choices, code in (
        (danish_rematches, Rematches, "danish_rematches"),
        (danish_bye_score, ByeScore, "danish_bye_score"),
        (danish_last_tiebreak, LastTiebreak, "danish_last_tiebreak"),
    ):
        if value not in choices.values:
            raise TournamentError(
                _("Unknown value “%(value)s” of a Danish term.") % {"value": value}, code
            )


def _validate_catalogue(catalogue) -> None:
    if catalogue not in Catalogue.values:
        raise TournamentError(
            _("Unknown special games “%(value)s” (ueblich, alles, ohne_bettler, keine).")
            % {"value": str(catalogue)[:30]},
            "catalogue",
        )


def _validate_game(*, game, format, match_bummerl, draw_partners=False, **_others) -> None:
    """The game and what it allows: Bauernschnapsen (teams) as a Preisschnapsen only, its
    match to 1, 2 or 3 Bummerl; drawn partners only for teams."""
    if game not in Game.values:
        raise TournamentError(_("Unknown game “%(game)s”.") % {"game": game}, "game")
    rules = game_of(game)
    if format not in rules.formats:
        raise TournamentError(
            _("%(game)s is played as a Preisschnapsen (the Danish system is for Schnapsen).")
            % {"game": rules.label()},
            "format",
        )
    if match_bummerl not in rules.match_lengths:
        raise TournamentError(
            _("A match of %(game)s is played to %(lengths)s Bummerl.")
            % {
                "game": rules.label(),
                "lengths": _(" or ").join(str(n) for n in rules.match_lengths),
            },
            "match_bummerl",
        )
    if draw_partners and not rules.teams:
        raise TournamentError(
            _("Partners are drawn only in a team tournament (Bauernschnapsen)."), "draw_partners"
        )


def _validate_terms(
    *, name, field_size, max_entries_per_player, entry_fee, rule_profile, match_bummerl
) -> Decimal:
    if not str(name or "").strip():
        raise TournamentError(_("The tournament needs a name."), "name")
    if field_size not in FIELD_SIZES:
        raise TournamentError(
            _("The field size must be one of %(sizes)s.")
            % {"sizes": ", ".join(str(n) for n in FIELD_SIZES)},
            "field_size",
        )
    if not isinstance(max_entries_per_player, int) or not 1 <= max_entries_per_player <= 16:
        raise TournamentError(
            _("A player may buy between 1 and 16 entries."), "max_entries_per_player"
        )
    try:
        fee = Decimal(str(entry_fee))
    except (InvalidOperation, ValueError):
        raise TournamentError(_("The entry fee is not a number."), "entry_fee") from None
    if fee < 0 or fee >= Decimal("1000000"):
        raise TournamentError(_("The entry fee must be between 0 and 999999.99."), "entry_fee")
    if rule_profile not in RuleProfile.values:
        raise TournamentError(
            _("Unknown rule profile “%(profile)s”.") % {"profile": rule_profile}, "rule_profile"
        )
    if match_bummerl not in (1, 2, 3):
        raise TournamentError(_("A match is played to 1, 2 or 3 Bummerl."), "match_bummerl")
    return fee


def _prize_rows(prizes) -> list[tuple[int, str, Decimal | None]]:
    prizes = list(prizes or ())
    if len(prizes) > PRIZE_PLACES:
        raise TournamentError(_("There are at most %(n)d prizes.") % {"n": PRIZE_PLACES}, "prizes")
    rows = []
    for place, item in enumerate(prizes, start=1):
        if isinstance(item, str):
            description, amount = item, None
        else:
            description, amount = item
        description = (description or "").strip()
        if amount is not None and amount != "":
            try:
                amount = Decimal(str(amount))
            except (InvalidOperation, ValueError):
                raise TournamentError(
                    _("The amount of prize %(place)d is not a number.") % {"place": place},
                    "prizes",
                ) from None
            if amount < 0:
                raise TournamentError(
                    _("The amount of prize %(place)d is negative.") % {"place": place}, "prizes"
                )
        else:
            amount = None
        if description or amount is not None:
            if len(description) > 200:
                raise TournamentError(_("A prize text is at most 200 characters."), "prizes")
            rows.append((place, description, amount))
    return rows


def create_tournament(
    *,
    name,
    date,
    field_size,
    venue="",
    club=None,
    club_name="",
    max_entries_per_player=3,
    entry_fee=0,
    rule_profile="weich",
    match_bummerl=2,
    one_prize_per_player=False,
    confirm_results=False,
    category_prize_with_main=False,
    prizes: Sequence[tuple[str, Decimal | None]] = (),
    seed: int | None = None,
    format=TournamentFormat.PREISSCHNAPSEN,
    danish_rounds=5,
    danish_rematches=Rematches.ALLOWED,
    danish_bye_score=ByeScore.MATCH_WON,
    danish_last_tiebreak=LastTiebreak.BUCHHOLZ,
    game=Game.SCHNAPSEN,
    draw_partners=False,
    catalogue=Catalogue.UEBLICH,
    actor=None,
) -> Tournament:
    """Create a tournament with its terms and up to eight prizes (text and/or amount).

    ``club`` owns it; without one, the club named ``club_name`` (made if there is none,
    as the command line names clubs), and without either the default club.
    ``prizes`` lists the prizes from 1st place down: ``(description, amount)``.
    ``format`` is "preisschnapsen" or "danish" with the Danish terms (``danish.py``); in
    the Danish system a player holds one entry (``max_entries_per_player`` is 1) and the
    field size is the most players the tournament takes. ``game`` "bauernschnapsen" makes
    a team tournament (entries held by teams of two; ``draw_partners``: players register
    alone and the partners are drawn by lot before the first draw, each holding one
    registration; ``catalogue`` the special games its tables play).
    """
    format_terms = {
        "format": format,
        "danish_rounds": danish_rounds,
        "danish_rematches": danish_rematches,
        "danish_bye_score": danish_bye_score,
        "danish_last_tiebreak": danish_last_tiebreak,
    }
    _validate_format(**format_terms)
    _validate_game(
        game=game, format=format, match_bummerl=match_bummerl, draw_partners=draw_partners
    )
    _validate_catalogue(catalogue)
    if not format_of(format).several_entries or draw_partners:
        max_entries_per_player = 1
    if club is None:
        club = club_for_name(club_name)
    fee = _validate_terms(
        name=name,
        field_size=field_size,
        max_entries_per_player=max_entries_per_player,
        entry_fee=entry_fee,
        rule_profile=rule_profile,
        match_bummerl=match_bummerl,
    )
    rows = _prize_rows(prizes)
    with transaction.atomic():
        t = Tournament.objects.create(
            name=str(name).strip()[:200],
            date=date,
            venue=(venue or "").strip()[:200],
            club=club,
            field_size=field_size,
            max_entries_per_player=max_entries_per_player,
            entry_fee=fee,
            rule_profile=rule_profile,
            match_bummerl=match_bummerl,
            one_prize_per_player=bool(one_prize_per_player),
            confirm_results=bool(confirm_results),
            category_prize_with_main=bool(category_prize_with_main),
            seed=seed if seed is not None else new_seed(),
            game=game,
            draw_partners=bool(draw_partners),
            catalogue=catalogue,
            **format_terms,
        )
        Prize.objects.bulk_create(
            Prize(tournament=t, place=place, description=d, amount=a) for place, d, a in rows
        )
        _audit(
            t,
            actor,
            "create_tournament",
            t.name,
            None,
            {"field_size": field_size, "format": format}
            | ({"rounds": danish_rounds} if format == TournamentFormat.DANISH else {})
            | (
                {"game": game, "draw_partners": bool(draw_partners), "catalogue": catalogue}
                if game != Game.SCHNAPSEN
                else {}
            ),
        )
    return t


# The tournament terms (Turnierausschreibung) staff may set; the form edits the same.
TERMS_FIELDS = (
    "name",
    "date",
    "venue",
    "field_size",
    "max_entries_per_player",
    "entry_fee",
    "rule_profile",
    "match_bummerl",
    "one_prize_per_player",
    "confirm_results",
    "category_prize_with_main",
    "is_public",
    "format",
    *DANISH_TERMS,
    "game",
    "draw_partners",
    "catalogue",
)
# what cannot change once the first round is drawn
FIXED_AFTER_DRAW = (
    "field_size",
    "max_entries_per_player",
    "match_bummerl",
    "format",
    *DANISH_TERMS,
    "game",
    "draw_partners",
    "catalogue",
)


def update_tournament(tournament, *, actor=None, **terms) -> Tournament:
    """Change the tournament terms. Field size and entries per player only before the draw."""
    unknown = set(terms) - set(TERMS_FIELDS)
    if unknown:
        raise TournamentError(
            _("Unknown tournament terms: %(names)s") % {"names": ", ".join(sorted(unknown))}
        )
    with transaction.atomic():
        t = _lock(tournament)
        drawn = t.rounds.exists()
        before = {k: str(getattr(t, k)) for k in terms}
        if drawn:
            for key in FIXED_AFTER_DRAW:
                if key in terms and terms[key] != getattr(t, key):
                    raise TournamentError(
                        _(
                            "The field size, entries per player, match length, format, "
                            "game, special games and the Danish terms cannot change after "
                            "the first draw."
                        ),
                        "drawn",
                    )
        _validate_format(**{k: terms.get(k, getattr(t, k)) for k in ("format", *DANISH_TERMS)})
        game_terms = {
            k: terms.get(k, getattr(t, k))
            for k in ("game", "format", "match_bummerl", "draw_partners")
        }
        _validate_game(**game_terms)
        if "catalogue" in terms:
            _validate_catalogue(terms["catalogue"])
        if game_terms["game"] != t.game or game_terms["draw_partners"] != t.draw_partners:
            # who holds the entries (players, teams, lone registrations) changes with these
            if active_entries(t).exists():
                raise TournamentError(
                    _(
                        "The game and the partner draw cannot change once entries are sold. "
                        "Cancel them first."
                    ),
                    "game",
                )
        if game_terms["draw_partners"]:
            terms["max_entries_per_player"] = 1
        if not format_of(terms.get("format", t.format)).several_entries:
            terms["max_entries_per_player"] = 1
            if (
                active_entries(t).values("player").annotate(n=Count("pk")).filter(n__gt=1)
            ).exists():
                raise TournamentError(
                    _(
                        "In the Danish system each player holds one entry; some players "
                        "hold several. Cancel the extra entries first."
                    ),
                    "format",
                )
        merged = {
            k: terms.get(k, getattr(t, k))
            for k in (
                "name",
                "field_size",
                "max_entries_per_player",
                "entry_fee",
                "rule_profile",
                "match_bummerl",
            )
        }
        terms["entry_fee"] = _validate_terms(**merged)
        count = active_entries(t).count()
        if merged["field_size"] < count:
            raise TournamentError(
                _("%(sold)d entries are sold; the field cannot be smaller.") % {"sold": count},
                "field_size",
            )
        for key, value in terms.items():
            setattr(t, key, value.strip() if isinstance(value, str) else value)
        t.save()
        _audit(
            t, actor, "update_tournament", t.name, before, {k: str(getattr(t, k)) for k in terms}
        )
    if isinstance(tournament, Tournament):
        for key in terms:  # the caller's instance is current too
            setattr(tournament, key, getattr(t, key))
    return t


def delete_tournament(tournament, *, actor=None) -> None:
    """Delete a tournament with its rounds and entries (players stay in the register)."""
    with transaction.atomic():
        t = _lock(tournament)
        name = t.name
        Pairing.objects.filter(round__tournament=t).delete()
        t.delete()
        _audit(None, actor, "delete_tournament", name, {"tournament": tournament.pk}, None)


def set_prizes(tournament, prizes: Sequence[tuple[str, Decimal | None]], *, actor=None):
    """Replace the prize list (1st place first)."""
    rows = _prize_rows(prizes)
    with transaction.atomic():
        t = _lock(tournament)
        before = [[p.place, p.description, str(p.amount)] for p in t.prizes.all()]
        t.prizes.all().delete()
        Prize.objects.bulk_create(
            Prize(tournament=t, place=place, description=d, amount=a) for place, d, a in rows
        )
        _audit(t, actor, "set_prizes", t.name, before, [[p, d, str(a)] for p, d, a in rows])
    return list(Prize.objects.filter(tournament=t))
