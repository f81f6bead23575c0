"""Entries (Teilnahmekarten) and the teams that hold them in a team tournament."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from .register import Player
from .tournament import Category, Tournament


class Team(models.Model):
    """Two players of the register who play together in one tournament (Bauernschnapsen).

    A player plays in one team per tournament (``services.teams`` checks it). The team's
    entries are held by its first player as well (``Entry.player`` is ``first``), so that
    everything that counts by player (the draw's self-meeting rule, the per-entry limit, the
    one-prize rule) counts by team; ``Entry.holder`` names the team.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    first = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="teams_first", verbose_name=_("player 1")
    )
    second = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="teams_second", verbose_name=_("player 2")
    )
    drawn = models.BooleanField(_("partners drawn by lot"), default=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "first"], name="unique_team_first"),
            models.UniqueConstraint(fields=["tournament", "second"], name="unique_team_second"),
            models.CheckConstraint(
                condition=~models.Q(first=models.F("second")), name="team_two_players"
            ),
        ]
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        """ "Resi Huber / Franz Huber": the one way a team is named."""
        return team_name(self.first.name, self.second.name)

    @property
    def town(self) -> str:
        towns = [t for t in (self.first.town, self.second.town) if t]
        return " / ".join(dict.fromkeys(towns))

    def as_holder(self) -> Player:
        """The team as the holder of its entries: an unsaved Player with the first player's
        key and the team's name, for the pages and documents that name holders."""
        return Player(pk=self.first_id, name=self.name, town=self.town)


def team_name(first: str, second: str) -> str:
    return f"{first} / {second}"


#: what ``Entry.holder`` reads: ``select_related(*HOLDER)`` (``left__`` + ... for pairings)
HOLDER = ("player", "team__first", "team__second")


def holder_related(prefix: str = "") -> list[str]:
    """``select_related`` paths that name an entry's holder without more queries."""
    return [prefix + path for path in HOLDER]


#: ``select_related`` paths that name both holders of a pairing
PAIRING_HOLDERS = (*holder_related("left__"), *holder_related("right__"))


class Entry(models.Model):
    """A Teilnahmekarte ("life"): a player (or a team) may hold several in one tournament.

    In a team tournament ``team`` is set and ``player`` is the team's first player."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    team = models.ForeignKey(
        Team,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="entries",
        verbose_name=_("team"),
    )
    number = models.PositiveIntegerField(_("entry number"))
    paid = models.BooleanField(_("paid"), default=False)
    sold_at = models.DateTimeField(_("sold"), auto_now_add=True)
    cancelled_at = models.DateTimeField(_("cancelled"), null=True, blank=True)
    playoff_rank = models.PositiveSmallIntegerField(
        _("play-off rank"),
        null=True,
        blank=True,
        help_text=_("Order within a tie for places 9 and below, from a play-off (1 = best)."),
    )
    categories = models.ManyToManyField(
        Category, blank=True, related_name="entries", verbose_name=_("categories")
    )
    # the Danish system: a player absent from the rounds still to be paired (he comes
    # back when staff clear it); the rounds he missed count nothing for him
    absent = models.BooleanField(
        _("absent"), default=False, help_text=_("Not paired in the next rounds (Danish system).")
    )

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_entry_number")
        ]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")

    def __str__(self) -> str:
        return f"#{self.number} {self.holder_name}"

    @property
    def holder(self) -> Player:
        """Who holds the entry, as pages and documents name him: the player, or the team
        (``Team.as_holder``: the first player's key, the team's name)."""
        if self.team_id is None:
            return self.player
        return self.team.as_holder()

    @property
    def holder_name(self) -> str:
        """ "Resi Huber" or "Resi Huber / Franz Huber"."""
        return self.holder.name

    @property
    def cancelled(self) -> bool:
        return self.cancelled_at is not None
