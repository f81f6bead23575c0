"""The rating of every player after each tournament he played (``Snapshot``), and the
tournaments whose results changed since the ratings were computed (``Stale``)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Player, Tournament


class Snapshot(models.Model):
    """A player's Glicko-2 rating after one tournament (one rating period) he played in.

    ``date`` is the tournament's date when it was rated (a tournament moved to another
    date makes the ratings from the earlier of both dates stale)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    date = models.DateField(_("date"))
    rating = models.FloatField(_("rating"))
    deviation = models.FloatField(_("deviation"))
    volatility = models.FloatField(_("volatility"))
    won = models.PositiveIntegerField(_("won"), default=0)
    lost = models.PositiveIntegerField(_("lost"), default=0)
    total_won = models.PositiveIntegerField(default=0)
    total_lost = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["date", "tournament_id", "player_id"]
        constraints = [
            models.UniqueConstraint(fields=["player", "tournament"], name="one_rating_per_period")
        ]
        indexes = [
            models.Index(fields=["player", "date", "tournament"], name="rating_history"),
            models.Index(fields=["date", "tournament"], name="rating_order"),
        ]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")

    def __str__(self) -> str:
        return f"{self.player_id} @ {self.tournament_id}: {self.rating:.0f} ± {self.deviation:.0f}"

    @property
    def matches(self) -> int:
        return self.total_won + self.total_lost


class Stale(models.Model):
    """The ratings from this tournament on (in the order date, id) are to be recomputed.
    Not a foreign key: a deleted tournament leaves its mark."""

    date = models.DateField()
    tournament_id = models.BigIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["date", "tournament_id"]

    def __str__(self) -> str:
        return f"stale from {self.date} #{self.tournament_id}"
