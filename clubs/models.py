"""Clubs, their staff and the invitations that bring staff in.

A club owns its tournaments (``Tournament.club``), its logo and its staff. A person's
part in a club is a ``Membership`` with one role; a person may hold several roles in a
club and roles in several clubs. What each role may do is data in
``clubs.permissions``, the one place of those rules.
"""

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Role(models.TextChoices):
    """A person's part in a club's staff (Turnierleitung); the rights are in
    ``clubs.permissions.ROLE_ACTIONS``."""

    ORGANISER = "organiser", _("organiser")
    DESK = "desk", _("desk")
    TABLE = "table", _("table staff")
    REFEREE = "referee", _("referee")


#: The name given to the default club: tournaments that named no club belong to it.
DEFAULT_CLUB_NAME = "Standardverein"
DEFAULT_CLUB_SLUG = "standard"


class ClubQuerySet(models.QuerySet):
    def default(self) -> "Club":
        """The default club (created on first use): tournaments that name no club."""
        club = self.filter(is_default=True).first()
        if club is None:
            club, _created = self.get_or_create(
                slug=DEFAULT_CLUB_SLUG,
                defaults={"name": DEFAULT_CLUB_NAME, "is_default": True},
            )
        return club


class Club(models.Model):
    """A card club (Verein): owns its tournaments, its logo and its staff."""

    name = models.CharField(_("name"), max_length=200, unique=True)
    slug = models.SlugField(_("short name"), max_length=60, unique=True)
    logo = models.FileField(_("logo"), upload_to="logos/", blank=True)
    is_default = models.BooleanField(
        _("default club"),
        default=False,
        help_text=_(
            "Tournaments that name no club belong to the default club; its name is not "
            "printed on the sheets."
        ),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    objects = ClubQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["is_default"], condition=Q(is_default=True), name="one_default_club"
            )
        ]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name

    @property
    def printed_name(self) -> str:
        """The club's name on printouts and public pages ("" for the default club, as
        the tournaments that named no club were printed before clubs existed)."""
        return "" if self.is_default else self.name


def default_club_pk() -> int:
    """The default of ``Tournament.club``: a tournament made without a club belongs to the
    default club."""
    return Club.objects.default().pk


class Membership(models.Model):
    """One role of one person in one club."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_roles"
    )
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=12, choices=Role.choices)
    created_at = models.DateTimeField(_("since"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["club", "user__username", "role"]
        constraints = [
            models.UniqueConstraint(fields=["user", "club", "role"], name="unique_club_role")
        ]
        verbose_name = _("role in a club")
        verbose_name_plural = _("roles in clubs")

    def __str__(self) -> str:
        return f"{self.user} – {self.club}: {self.get_role_display()}"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_invitation_token() -> str:
    return secrets.token_urlsafe(24)


class Invitation(models.Model):
    """A one-time, expiring link that gives its holder a role in a club.

    Only the token's hash is stored: the link is shown once, to the organiser who made it.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(_("role"), max_length=12, choices=Role.choices)
    note = models.CharField(
        _("for whom"), max_length=200, blank=True, help_text=_("A name or remark, for the list.")
    )
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    expires_at = models.DateTimeField(_("valid until"))
    used_at = models.DateTimeField(_("used"), null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    withdrawn_at = models.DateTimeField(_("withdrawn"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self) -> str:
        return f"{self.club}: {self.get_role_display()} ({self.note or self.pk})"

    @property
    def state(self) -> str:
        """ "open", "used", "withdrawn" or "expired"."""
        if self.used_at is not None:
            return "used"
        if self.withdrawn_at is not None:
            return "withdrawn"
        if self.expires_at <= timezone.now():
            return "expired"
        return "open"
