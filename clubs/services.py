"""Clubs and their staff: making clubs, giving and taking roles, invitations.

Every change writes an audit log row of the club (through ``signals.club_changed``) (who, in which role, before and
after) and raises ``ClubError`` with a translated message for a refused request.
"""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from core.errors import UserError
from core.numbers import is_digits, parse_id

from . import permissions
from .models import Club, Invitation, Membership, Role, hash_token, new_invitation_token
from .signals import club_changed

INVITATION_DAYS = 7
MAX_INVITATION_DAYS = 60


class ClubError(UserError):
    """A request about clubs or staff was refused."""


def audit_club(club, actor, action: str, target: str = "", before=None, after=None) -> None:
    """Tell the audit log of a change to the club (``signals.club_changed``)."""
    club_changed.send(
        sender=Club,
        club=club,
        actor=actor,
        action=action,
        target=str(target),
        before=before,
        after=after,
    )


def _unique_slug(name: str) -> str:
    base = slugify(name)[:50] or "verein"
    slug, n = base, 1
    while Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def create_club(name: str, *, slug: str = "", actor=None) -> Club:
    name = " ".join(str(name or "").split())
    if not name:
        raise ClubError(_("The club needs a name."), "name")
    if len(name) > 200:
        raise ClubError(_("A club's name is at most 200 characters."), "name")
    slug = slugify(slug)[:60] if slug else _unique_slug(name)
    if not slug:
        raise ClubError(_("The short name may use letters, digits and hyphens."), "slug")
    with transaction.atomic():
        if Club.objects.filter(name__iexact=name).exists():
            raise ClubError(_("There is a club named “%(name)s” already.") % {"name": name})
        if Club.objects.filter(slug=slug).exists():
            raise ClubError(_("The short name “%(slug)s” is taken.") % {"slug": slug}, "slug")
        club = Club.objects.create(name=name, slug=slug)
        audit_club(club, actor, "create_club", club.name, None, {"name": club.name, "slug": slug})
    return club


def club_for_name(name: str = "") -> Club:
    """The club of this name (made if there is none), or the default club for no name."""
    name = " ".join(str(name or "").split())[:200]
    if not name:
        return Club.objects.default()
    club = Club.objects.filter(name__iexact=name).first()
    if club is None:
        try:
            with transaction.atomic():
                club = Club.objects.create(name=name, slug=_unique_slug(name))
        except IntegrityError:  # made at the same moment by another request
            club = Club.objects.get(name__iexact=name)
    return club


def find_club(key) -> Club:
    """A club by id, short name or exact name (for the command line)."""
    key = str(key).strip()
    club = (
        Club.objects.filter(pk=parse_id(key)).first() if is_digits(key) else None
    ) or Club.objects.filter(slug=key).first() or Club.objects.filter(name__iexact=key).first()
    if club is None:
        raise ClubError(_("There is no club “%(club)s”.") % {"club": key}, "not_found")
    return club


def _role(role) -> str:
    if role not in Role.values:
        raise ClubError(
            _("Unknown role “%(role)s”; choose one of: %(roles)s.")
            % {"role": role, "roles": ", ".join(Role.values)},
            "role",
        )
    return role


def _organisers(club) -> int:
    return Membership.objects.filter(club=club, role=Role.ORGANISER, user__is_active=True).count()


def grant_role(club: Club, user, role: str, *, actor=None) -> Membership:
    """Give ``user`` the ``role`` in ``club`` (nothing happens if he holds it already)."""
    role = _role(role)
    with transaction.atomic():
        membership, created = Membership.objects.get_or_create(
            club=club,
            user=user,
            role=role,
            defaults={"created_by": actor if getattr(actor, "is_authenticated", False) else None},
        )
        if created:
            audit_club(
                club, actor, "grant_role", user.get_username(), None,
                {"user": user.get_username(), "role": role},
            )
    permissions.forget(user)
    return membership


def take_role(club: Club, user, role: str, *, actor=None) -> None:
    """Take the ``role`` in ``club`` from ``user``; a club keeps at least one organiser."""
    role = _role(role)
    with transaction.atomic():
        Club.objects.select_for_update().get(pk=club.pk)  # one change of the staff at a time
        membership = Membership.objects.filter(club=club, user=user, role=role).first()
        if membership is None:
            raise ClubError(_("%(user)s does not hold this role.") % {"user": user}, "no_role")
        if role == Role.ORGANISER and _organisers(club) <= 1:
            raise ClubError(
                _("A club needs an organiser: make someone else organiser first."),
                "last_organiser",
            )
        membership.delete()
        audit_club(
            club, actor, "take_role", user.get_username(),
            {"user": user.get_username(), "role": role}, None,
        )
    permissions.forget(user)


def set_logo(club: Club, upload, *, actor=None) -> Club:
    """Replace the club's logo (None removes it)."""
    with transaction.atomic():
        before = club.logo.name or ""
        if upload is None:
            club.logo = ""
        else:
            club.logo.save(upload.name, upload, save=False)
        club.save(update_fields=["logo"])
        audit_club(club, actor, "set_logo", club.name, {"logo": before}, {"logo": club.logo.name or ""})
    return club


# --------------------------------------------------------------------------- invitations


def invite(
    club: Club, role: str, *, days: int = INVITATION_DAYS, note: str = "", actor=None
) -> tuple[Invitation, str]:
    """A new invitation and its one-time token (shown once: only its hash is stored)."""
    role = _role(role)
    if not isinstance(days, int) or not 1 <= days <= MAX_INVITATION_DAYS:
        raise ClubError(
            _("An invitation is valid for 1 to %(max)d days.") % {"max": MAX_INVITATION_DAYS},
            "days",
        )
    note = " ".join(str(note or "").split())[:200]
    token = new_invitation_token()
    with transaction.atomic():
        invitation = Invitation.objects.create(
            club=club,
            role=role,
            note=note,
            token_hash=hash_token(token),
            created_by=actor if getattr(actor, "is_authenticated", False) else None,
            expires_at=timezone.now() + datetime.timedelta(days=days),
        )
        audit_club(
            club, actor, "invite", note or role, None,
            {"role": role, "days": days, "invitation": invitation.pk},
        )
    return invitation, token


def invitation_for(token: str) -> Invitation | None:
    """The invitation of a token, whatever its state (None for an unknown token)."""
    if not token or len(token) > 100:
        return None
    return Invitation.objects.select_related("club").filter(token_hash=hash_token(token)).first()


INVITATION_STATE_MESSAGES = {
    "used": lambda: _("This invitation was used already. Ask the organiser for a new link."),
    "withdrawn": lambda: _("This invitation was withdrawn. Ask the organiser for a new link."),
    "expired": lambda: _("This invitation has expired. Ask the organiser for a new link."),
}


def _open_invitation(token: str) -> Invitation:
    invitation = invitation_for(token)
    if invitation is None:
        raise ClubError(_("This invitation link is not valid."), "not_found")
    invitation = Invitation.objects.select_for_update().select_related("club").get(
        pk=invitation.pk
    )
    state = invitation.state
    if state != "open":
        raise ClubError(INVITATION_STATE_MESSAGES[state](), state)
    return invitation


def accept_invitation(token: str, user) -> Membership:
    """``user`` (signed in, or just registered) takes the invitation's role."""
    with transaction.atomic():
        invitation = _open_invitation(token)
        membership, _created = Membership.objects.get_or_create(
            club=invitation.club,
            user=user,
            role=invitation.role,
            defaults={"created_by": invitation.created_by},
        )
        invitation.used_at = timezone.now()
        invitation.used_by = user
        invitation.save(update_fields=["used_at", "used_by"])
        audit_club(
            invitation.club, user, "accept_invitation", user.get_username(), None,
            {"user": user.get_username(), "role": invitation.role, "invitation": invitation.pk},
        )
    permissions.forget(user)
    return membership


def register_and_accept(token: str, *, username: str, password: str):
    """A new account for the invitee, with the invitation's role (all or nothing)."""
    User = get_user_model()
    with transaction.atomic():
        _open_invitation(token)  # refuse before making the account
        if User.objects.filter(username__iexact=username).exists():
            raise ClubError(
                _("The user name “%(name)s” is taken; choose another or sign in.")
                % {"name": username},
                "username",
            )
        user = User.objects.create_user(username, password=password)
        accept_invitation(token, user)
    return user


def withdraw_invitation(invitation: Invitation, *, actor=None) -> Invitation:
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
        if invitation.state != "open":
            raise ClubError(_("This invitation is no longer open."), invitation.state)
        invitation.withdrawn_at = timezone.now()
        invitation.save(update_fields=["withdrawn_at"])
        audit_club(
            invitation.club, actor, "withdraw_invitation", invitation.note or invitation.role,
            {"invitation": invitation.pk, "role": invitation.role}, None,
        )
    return invitation
