"""What the registration app stores: a tournament's registration terms, the
registrations (with the waiting list), and the desk's check-ins."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Entry, Player, Tournament


class RegistrationTerms(models.Model):
    """The organiser's terms of registration for one tournament."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="registration_terms"
    )
    open = models.BooleanField(_("registration open"), default=False)
    closes_at = models.DateTimeField(_("registration closes"))
    release_at = models.DateTimeField(
        _("registrations released"),
        null=True,
        blank=True,
        help_text=_("Places of registrations not taken up by then are free for others."),
    )

    class Meta:
        verbose_name = _("registration terms")
        verbose_name_plural = _("registration terms")

    def __str__(self) -> str:
        return f"{self.tournament_id}: {'open' if self.open else 'off'}"


class Status(models.TextChoices):
    REGISTERED = "registered", _("registered")
    WAITING = "waiting", _("waiting list")
    TAKEN_UP = "taken_up", _("taken up")
    CANCELLED = "cancelled", _("cancelled")
    RELEASED = "released", _("released")


#: the statuses of a registration that still holds (or waits for) a place
ACTIVE = (Status.REGISTERED, Status.WAITING)


class Registration(models.Model):
    """A player's registration for a tournament before the day.

    The contact is kept here until the registration is taken up at the desk (then it
    becomes the club's contact data of the player, ``PlayerContact``); a cancelled or
    released registration's contact is deleted at once."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    token = models.CharField(max_length=43, unique=True)
    name = models.CharField(_("name"), max_length=200)
    town = models.CharField(_("town"), max_length=200, blank=True)
    key = models.CharField(max_length=420)  # name and town folded: one registration each
    count = models.PositiveSmallIntegerField(_("entries"), default=1)
    contact = models.CharField(_("contact"), max_length=200, blank=True)
    consent_at = models.DateTimeField(_("consent given"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.REGISTERED
    )
    created_at = models.DateTimeField(_("registered"), auto_now_add=True)
    moved_up_at = models.DateTimeField(_("moved up from the waiting list"), null=True, blank=True)
    ended_at = models.DateTimeField(_("ended"), null=True, blank=True)
    player = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entries = models.ManyToManyField(Entry, blank=True, related_name="registrations")

    class Meta:
        ordering = ["tournament", "created_at", "pk"]
        constraints = [
            # one active registration per name and town in a tournament: no double entry
            models.UniqueConstraint(
                fields=["tournament", "key"],
                condition=models.Q(status__in=["registered", "waiting"]),
                name="one_active_registration",
            )
        ]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")

    def __str__(self) -> str:
        return f"{self.name} ({self.town})" if self.town else self.name


class CheckIn(models.Model):
    """An entry present at the venue (checked in at the desk, by scanning or by hand)."""

    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="check_in")
    at = models.DateTimeField(_("checked in"), auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = _("check-in")
        verbose_name_plural = _("check-ins")

    def __str__(self) -> str:
        return f"{self.entry_id} @ {self.at:%H:%M}"
