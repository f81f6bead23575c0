"""The register of players, shared by every tournament of the service."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class PlayerQuerySet(models.QuerySet):
    def current(self):
        """The register as staff see it: without entries merged into another."""
        return self.filter(merged_into__isnull=True)


class Player(models.Model):
    """A person in the register, which all clubs share (a player plays everywhere).

    Two entries of the register that are the same person are merged
    (``services.merge_players``): the entries move to the kept player, the other row stays,
    marked ``merged_into`` the kept one, so that history and the audit log still resolve.
    """

    name = models.CharField(_("name"), max_length=200, db_index=True)
    town = models.CharField(_("town or club"), max_length=200, blank=True)
    contact = models.CharField(_("contact"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    merged_into = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="merged_from",
        verbose_name=_("merged into"),
    )
    merged_at = models.DateTimeField(_("merged"), null=True, blank=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name", "town", "pk"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return f"{self.name} ({self.town})" if self.town else self.name
