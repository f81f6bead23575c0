"""The register of players, which all clubs share, and the contact data each club owns.

A player's name and town are shared (he plays everywhere); his contact data belongs to the
club that recorded it (``PlayerContact``) and is shown and exported only to that club's
staff. Which clubs have a stake in a register entry, and what each may change, is
``services.register``; the data protection functions (export, erase, retention) are
``services.privacy``.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class PlayerQuerySet(models.QuerySet):
    def current(self):
        """The register as staff see it: without entries merged into another or erased."""
        return self.filter(merged_into__isnull=True, erased_at__isnull=True)


class Player(models.Model):
    """A person in the register, which all clubs share (a player plays everywhere).

    Two entries of the register that are the same person are merged
    (``services.merge_players``): the entries move to the kept player, the other row stays,
    marked ``merged_into`` the kept one, so that history and the audit log still resolve.
    An erased player (GDPR art. 17, ``services.privacy.erase_player``) keeps his row, with a
    placeholder name, so that finished tournaments keep their places and prizes.
    """

    name = models.CharField(_("name"), max_length=200, db_index=True)
    town = models.CharField(_("town or club"), max_length=200, blank=True)
    name_public = models.BooleanField(
        _("name on public pages"),
        default=True,
        help_text=_(
            "Off at the player's request: public pages, documents and the open API show his "
            "place without his name."
        ),
    )
    recorded_by = models.ForeignKey(
        "clubs.Club",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("recorded by"),
    )
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
    erased_at = models.DateTimeField(_("erased"), null=True, blank=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name", "town", "pk"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return f"{self.name} ({self.town})" if self.town else self.name

    @property
    def public_name(self) -> str:
        """The name public surfaces show: his name, or a placeholder at his request."""
        if self.name_public:
            return self.name
        return str(_("(name not published)"))

    @property
    def public_label(self) -> str:
        """``str(player)`` for public surfaces: without name and town at his request."""
        return str(self) if self.name_public else self.public_name


class PlayerContact(models.Model):
    """A player's contact data (telephone, e-mail, address) as one club recorded it: that
    club's staff see, change and export it; no other club does. ``club`` is empty for
    contact data recorded before clubs owned it and not attributable to one (site
    administrators only)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="contacts")
    club = models.ForeignKey(
        "clubs.Club", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    contact = models.CharField(_("contact"), max_length=200)
    updated_at = models.DateTimeField(_("changed"), auto_now=True)

    class Meta:
        verbose_name = _("contact data")
        verbose_name_plural = _("contact data")
        constraints = [
            models.UniqueConstraint(fields=["player", "club"], name="one_contact_per_club"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.contact}"
