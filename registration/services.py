"""Every change of the registration app: the organiser's terms, a player's
registration (the waiting list, his changes and cancellation), the release of the places
not taken up, the desk's taking up of a registration and the check-in of an entry.

Every change locks the tournament's row first (as ``tournaments.services`` do): the
field's count is consistent under parallel registrations."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.errors import UserError
from tournaments import services as tournament_services
from tournaments.formats import format_of
from tournaments.models import AuditLog, Entry, Tournament
from tournaments.services import TournamentError

from . import rules
from .models import ACTIVE, CheckIn, Registration, RegistrationTerms, Status


class RegistrationError(UserError):
    """A registration or check-in refused, with a translated message."""


# --------------------------------------------------------------------------- reading


def terms_of(tournament) -> RegistrationTerms | None:
    return RegistrationTerms.objects.filter(tournament=tournament).first()


def is_open(terms: RegistrationTerms | None, now=None) -> bool:
    now = now or timezone.now()
    return bool(terms and terms.open and now < terms.closes_at)


def released(terms: RegistrationTerms | None, now=None) -> bool:
    """Is the time past at which the places not taken up are free for others?"""
    now = now or timezone.now()
    return bool(terms and terms.release_at and now >= terms.release_at)


def reserved(tournament, now=None) -> int:
    """The places held by registrations (not yet taken up, not released)."""
    if released(terms_of(tournament), now):
        return 0
    held = Registration.objects.filter(tournament=tournament, status=Status.REGISTERED).aggregate(
        n=Sum("count")
    )["n"]
    return held or 0


def sold(tournament) -> int:
    return Entry.objects.filter(tournament=tournament, cancelled_at__isnull=True).count()


def taken(tournament, now=None) -> int:
    """Sold entries and the places of registrations: what the field holds."""
    return sold(tournament) + reserved(tournament, now)


def limit_of(tournament) -> int:
    return format_of(tournament).entries_per_player(tournament)


def waiting_position(registration: Registration) -> int | None:
    if registration.status != Status.WAITING:
        return None
    return (
        Registration.objects.filter(
            tournament_id=registration.tournament_id,
            status=Status.WAITING,
            created_at__lt=registration.created_at,
        ).count()
        + 1
    )


# --------------------------------------------------------------------------- helpers


def _lock(tournament) -> Tournament:
    pk = tournament.pk if isinstance(tournament, Tournament) else tournament
    try:
        return Tournament.objects.select_for_update().get(pk=pk)
    except Tournament.DoesNotExist:
        raise RegistrationError(_("This tournament does not exist."), "not_found") from None


def _audit(tournament, actor, action, target, before=None, after=None) -> None:
    user = actor if getattr(actor, "is_authenticated", False) else None
    AuditLog.objects.create(
        tournament=tournament,
        user=user,
        action=action,
        target=str(target)[:200],
        before=before,
        after=after,
    )


def _state(r: Registration) -> dict:
    return {"name": r.name, "town": r.town, "count": r.count, "status": r.status}


def _refuse_if_drawn(t: Tournament) -> None:
    if t.rounds.exists():
        raise RegistrationError(_("The first round is drawn: registrations are closed."), "drawn")


# --------------------------------------------------------------------------- the organiser


def save_terms(tournament, *, open, closes_at, release_at=None, actor=None) -> RegistrationTerms:
    """Switch registration on or off with its closing and release times."""
    with transaction.atomic():
        t = _lock(tournament)
        if open and t.for_teams:
            raise RegistrationError(
                _("Registration before the day is for tournaments of single players."),
                "teams",
            )
        if closes_at is None:
            raise RegistrationError(_("Give the time registration closes."), "closes")
        if release_at is not None and release_at < closes_at:
            raise RegistrationError(
                _("The places are released after registration closes, not before."),
                "release",
            )
        terms = RegistrationTerms.objects.filter(tournament=t).first()
        before = _terms_state(terms) if terms else None
        terms = terms or RegistrationTerms(tournament=t)
        terms.open, terms.closes_at, terms.release_at = bool(open), closes_at, release_at
        terms.save()
        _audit(t, actor, "registration_terms", t.name, before, _terms_state(terms))
    return terms


def _terms_state(terms: RegistrationTerms) -> dict:
    return {
        "open": terms.open,
        "closes_at": terms.closes_at.isoformat(),
        "release_at": terms.release_at.isoformat() if terms.release_at else None,
    }


# --------------------------------------------------------------------------- the player


def _check_person(t, name, town, count, contact) -> tuple[str, str, str]:
    name, town, contact = rules.clean(name), rules.clean(town), rules.clean(contact)
    if not name:
        raise RegistrationError(_("Give your name."), "name")
    if len(name) > 200 or len(town) > 200 or len(contact) > 200:
        raise RegistrationError(_("Name, town and contact are at most 200 characters."), "long")
    limit = limit_of(t)
    if not isinstance(count, int) or count < 1:
        raise RegistrationError(_("Register at least one entry."), "count")
    if count > limit:
        raise RegistrationError(
            ngettext(
                "A player may buy at most %(max)d entry.",
                "A player may buy at most %(max)d entries.",
                limit,
            )
            % {"max": limit},
            "limit",
        )
    return name, town, contact


def register(
    tournament, *, name, town="", count=1, contact="", consent=False, now=None
) -> Registration:
    """A player's registration: a place when the field has room, else the waiting list."""
    now = now or timezone.now()
    with transaction.atomic():
        t = _lock(tournament)
        terms = terms_of(t)
        if not (terms and terms.open):
            raise RegistrationError(
                _("This tournament takes no registrations before the day."), "off"
            )
        if not is_open(terms, now):
            raise RegistrationError(_("Registration for this tournament is closed."), "closed")
        _refuse_if_drawn(t)
        if not consent:
            raise RegistrationError(
                _("Agree that the club keeps your details for this tournament."), "consent"
            )
        name, town, contact = _check_person(t, name, town, count, contact)
        key = rules.fold(name, town)
        if Registration.objects.filter(tournament=t, key=key, status__in=ACTIVE).exists():
            raise RegistrationError(
                _(
                    "%(name)s is already registered for this tournament: change or cancel "
                    "that registration with the link of its confirmation."
                )
                % {"name": name},
                "double",
            )
        place = rules.gets_place(t.field_size, taken(t, now), count)
        try:
            with transaction.atomic():
                r = Registration.objects.create(
                    tournament=t,
                    token=secrets.token_urlsafe(24),
                    name=name,
                    town=town,
                    key=key,
                    count=count,
                    contact=contact,
                    consent_at=now,
                    status=Status.REGISTERED if place else Status.WAITING,
                )
        except IntegrityError:  # the constraint; the lock makes this rare
            raise RegistrationError(
                _("%(name)s is already registered for this tournament.") % {"name": name},
                "double",
            ) from None
        _audit(t, None, "registration", r, None, _state(r))
    return r


def by_token(token) -> Registration | None:
    if not isinstance(token, str) or not (20 <= len(token) <= 64):
        return None
    return Registration.objects.select_related("tournament").filter(token=token).first()


def change(registration, *, count, contact=None, now=None) -> Registration:
    """The player changes his number of entries (and contact) through his link."""
    now = now or timezone.now()
    with transaction.atomic():
        t = _lock(registration.tournament_id)
        r = Registration.objects.select_for_update().get(pk=registration.pk)
        if r.status not in ACTIVE:
            raise RegistrationError(_("This registration is no longer open."), "ended")
        if not is_open(terms_of(t), now):
            raise RegistrationError(_("Registration for this tournament is closed."), "closed")
        _refuse_if_drawn(t)
        _n, _t, new_contact = _check_person(t, r.name, r.town, count, contact or "")
        before = _state(r)
        if r.status == Status.REGISTERED and count > r.count:
            others = taken(t, now) - r.count
            if not rules.gets_place(t.field_size, others, count):
                free = max(0, t.field_size - others)
                raise RegistrationError(
                    ngettext(
                        "Only %(free)d place is free: keep your registration or ask for fewer.",
                        "Only %(free)d places are free: keep your registration or ask for fewer.",
                        free,
                    )
                    % {"free": free},
                    "full",
                )
        r.count = count
        if contact is not None:
            r.contact = new_contact
        r.save(update_fields=["count", "contact"])
        _audit(t, None, "registration_change", r, before, _state(r))
        _move_up(t, now)
    return r


def cancel(registration, *, actor=None, now=None) -> list[Registration]:
    """Cancel a registration (the player through his link, or the staff): its contact is
    deleted; the first waiting move up. Returns those who moved up."""
    now = now or timezone.now()
    with transaction.atomic():
        t = _lock(registration.tournament_id)
        r = Registration.objects.select_for_update().get(pk=registration.pk)
        if r.status not in ACTIVE:
            raise RegistrationError(_("This registration is no longer open."), "ended")
        before = _state(r)
        r.status, r.contact, r.ended_at = Status.CANCELLED, "", now
        r.save(update_fields=["status", "contact", "ended_at"])
        _audit(t, actor, "registration_cancel", r, before, _state(r))
        return _move_up(t, now)


def _move_up(t: Tournament, now) -> list[Registration]:
    """The waiting move up in order while they fit; each an audit entry (the organiser
    sees them on the desk's page and the registration page)."""
    if t.rounds.exists() or released(terms_of(t), now):
        return []
    waiting = list(
        Registration.objects.select_for_update()
        .filter(tournament=t, status=Status.WAITING)
        .order_by("created_at", "pk")
    )
    n = rules.moving_up(t.field_size, taken(t, now), [w.count for w in waiting])
    for w in waiting[:n]:
        w.status, w.moved_up_at = Status.REGISTERED, now
        w.save(update_fields=["status", "moved_up_at"])
        _audit(t, None, "registration_moved_up", w, {"status": "waiting"}, _state(w))
    return waiting[:n]


def release_due(tournament, now=None) -> int:
    """Past the release time: the registrations not taken up (and the waiting list) are
    released, their contacts deleted. Returns how many."""
    now = now or timezone.now()
    if not released(terms_of(tournament), now):
        return 0
    with transaction.atomic():
        t = _lock(tournament)
        due = list(Registration.objects.select_for_update().filter(tournament=t, status__in=ACTIVE))
        for r in due:
            r.status, r.contact, r.ended_at = Status.RELEASED, "", now
            r.save(update_fields=["status", "contact", "ended_at"])
        if due:
            _audit(t, None, "registration_release", t.name, None, {"released": len(due)})
    return len(due)


# --------------------------------------------------------------------------- the desk


def take_up(registration, *, paid=False, actor=None, now=None) -> list[Entry]:
    """Sell the registration's entries (``tournaments.services.sell_entries``); its
    contact becomes the club's contact data of the player (``PlayerContact``) and is
    deleted from the registration."""
    now = now or timezone.now()
    with transaction.atomic():
        t = _lock(registration.tournament_id)
        r = Registration.objects.select_for_update().get(pk=registration.pk)
        if r.status == Status.TAKEN_UP:
            raise RegistrationError(
                _("%(name)s's registration is already taken up.") % {"name": r.name}, "taken"
            )
        if r.status not in ACTIVE:
            raise RegistrationError(
                _("%(name)s's registration is cancelled.") % {"name": r.name}, "cancelled"
            )
        if r.status == Status.WAITING and not rules.gets_place(
            t.field_size, taken(t, now), r.count
        ):
            raise RegistrationError(
                _("%(name)s is on the waiting list and the field is full.") % {"name": r.name},
                "waiting",
            )
        # its own places are no longer held for it while they are sold (a failed sale
        # rolls this back with the rest)
        Registration.objects.filter(pk=r.pk).update(status=Status.TAKEN_UP)
        try:
            player = tournament_services.find_or_register_player(r.name, town=r.town, club=t.club)
            if r.contact:
                tournament_services.set_contact(player, t.club, r.contact, actor=actor)
            entries = tournament_services.sell_entries(t, player, r.count, paid=paid, actor=actor)
        except TournamentError as error:
            raise RegistrationError(error.message, error.code) from None
        before = _state(r)
        r.status, r.player, r.contact, r.ended_at = Status.TAKEN_UP, player, "", now
        r.save(update_fields=["status", "player", "contact", "ended_at"])
        r.entries.set(entries)
        _audit(t, actor, "registration_take_up", r, before, _state(r))
    return entries


@dataclass
class Scan:
    """The answer to a scanned or typed code: ``ok``, a sentence, and the entries."""

    ok: bool
    message: str
    code: str = "ok"
    numbers: list[int] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {"ok": self.ok, "message": self.message, "code": self.code, "numbers": self.numbers}


def check_in(tournament, text, *, actor=None, now=None) -> Scan:
    """Check in what a code names: an entry card (marked present and paid) or a
    registration (taken up, paid, present). Never raises for bad input: the answer says
    what is wrong."""
    code = rules.parse_code(text)
    if code is None:
        return Scan(False, _("This code is neither an entry card nor a registration."), "unknown")
    try:
        with transaction.atomic():
            t = _lock(tournament)
            if code.kind == "entry":
                return _check_in_entry(t, code, actor)
            return _check_in_registration(t, code, actor, now)
    except (RegistrationError, TournamentError) as error:
        return Scan(False, error.message, error.code)


def _other(t: Tournament, other_pk: int) -> Scan:
    other = Tournament.objects.filter(pk=other_pk).values_list("name", flat=True).first()
    return Scan(
        False,
        _("Card of another tournament (%(name)s).") % {"name": other or "?"}
        if other
        else _("Card of another tournament."),
        "other",
    )


def _present(entries, actor) -> list[int]:
    """Mark the entries paid and present; the numbers of those newly checked in."""
    done = []
    for e in entries:
        if CheckIn.objects.filter(entry=e).exists():
            continue
        if not e.paid:
            tournament_services.set_paid(e, True, actor=actor)
        CheckIn.objects.create(entry=e, by=actor if getattr(actor, "is_authenticated", 0) else None)
        done.append(e.number)
    return done


def _already(entry: Entry) -> str:
    at = CheckIn.objects.filter(entry=entry).values_list("at", flat=True).first()
    return _("Entry %(number)d (%(name)s) is already checked in (%(time)s).") % {
        "number": entry.number,
        "name": entry.holder_name,
        "time": time_format(timezone.localtime(at), "H:i") if at else "",
    }


def _check_in_entry(t: Tournament, code: rules.Code, actor) -> Scan:
    if code.tournament is not None and code.tournament != t.pk:
        return _other(t, code.tournament)
    entry = Entry.objects.filter(tournament=t, number=code.number).first()
    if entry is None:
        return Scan(
            False,
            _("There is no entry no. %(number)d in this tournament.") % {"number": code.number},
            "missing",
        )
    if entry.cancelled_at is not None:
        return Scan(
            False,
            _("Entry %(number)d (%(name)s) is cancelled.")
            % {"number": entry.number, "name": entry.holder_name},
            "cancelled",
        )
    if CheckIn.objects.filter(entry=entry).exists():
        return Scan(False, _already(entry), "already", [entry.number])
    was_paid = entry.paid
    _present([entry], actor)
    message = (
        _("Entry %(number)d (%(name)s): present.")
        if was_paid
        else _("Entry %(number)d (%(name)s): present and now paid.")
    )
    _audit(t, actor, "check_in", f"entry {entry.number}", None, {"paid": True})
    return Scan(
        True, message % {"number": entry.number, "name": entry.holder_name}, "ok", [entry.number]
    )


def _check_in_registration(t: Tournament, code: rules.Code, actor, now) -> Scan:
    r = Registration.objects.select_for_update().filter(token=code.token).first()
    if r is None:
        return Scan(False, _("No registration has this code."), "missing")
    if r.tournament_id != t.pk:
        return _other(t, r.tournament_id)
    if r.status in (Status.CANCELLED, Status.RELEASED):
        return Scan(
            False,
            _("%(name)s's registration is cancelled.") % {"name": r.name}
            if r.status == Status.CANCELLED
            else _("%(name)s's registration was released (not taken up in time).")
            % {"name": r.name},
            "cancelled",
        )
    if r.status == Status.TAKEN_UP:
        entries = list(r.entries.filter(cancelled_at__isnull=True).order_by("number"))
        done = _present(entries, actor)
        if not done:
            if not entries:
                return Scan(
                    False, _("%(name)s's entries are cancelled.") % {"name": r.name}, "cancelled"
                )
            return Scan(False, _already(entries[0]), "already", [e.number for e in entries])
    else:
        entries = take_up(r, paid=True, actor=actor, now=now)
        done = _present(entries, actor)
    numbers = ", ".join(str(n) for n in done)
    _audit(t, actor, "check_in", str(r), None, {"entries": done})
    return Scan(
        True,
        ngettext(
            "%(name)s: entry %(numbers)s, present and paid.",
            "%(name)s: entries %(numbers)s, present and paid.",
            len(done),
        )
        % {"name": r.name, "numbers": numbers},
        "ok",
        done,
    )
