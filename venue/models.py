"""A tournament taken to a venue laptop (``Checkout``): one owner at a time."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Checkout(models.Model):
    """While ``ended_at`` is empty the tournament is checked out: the venue laptop that
    holds the token plays it, and this server's copy is read-only for the staff."""

    class Ended(models.TextChoices):
        CHECKED_IN = "checked_in", _("checked in")
        BROKEN = "broken", _("lock broken by a site administrator")

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="venue_checkouts"
    )
    token = models.ForeignKey(
        "api.ApiToken", on_delete=models.SET_NULL, null=True, related_name="+"
    )
    holder = models.CharField(_("venue laptop"), max_length=200)
    checked_out_at = models.DateTimeField(_("checked out"), auto_now_add=True)
    last_version = models.PositiveIntegerField(_("last version received"), default=0)
    last_received_at = models.DateTimeField(_("last update"), null=True, blank=True)
    ended_at = models.DateTimeField(_("ended"), null=True, blank=True)
    ended_how = models.CharField(
        _("how it ended"), max_length=12, choices=Ended.choices, blank=True
    )
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = _("checkout to a venue")
        verbose_name_plural = _("checkouts to a venue")
        ordering = ["-checked_out_at"]
        constraints = [
            # one owner at a time: a second checkout of a tournament fails in the database too
            models.UniqueConstraint(
                fields=["tournament"],
                condition=Q(ended_at__isnull=True),
                name="venue_one_open_checkout",
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id} → {self.holder}"
