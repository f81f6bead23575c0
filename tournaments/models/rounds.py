"""Rounds, their pairings, and the results players report for them."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ..choices import MAIN_PAIRINGS, Bracket, Outcome, Side, Stage
from .entries import Entry
from .tournament import Tournament


class Round(models.Model):
    """A drawn round; its protocol records how the pots were drawn."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        RELEASED = "released", _("released")

    class Method(models.TextChoices):
        COMPUTED = "computed", _("drawn by the computer")
        TRANSCRIBED = "transcribed", _("transcribed from the pots at the venue")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    stage = models.CharField(_("stage"), max_length=16, choices=Stage.choices, default=Stage.MAIN)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    method = models.CharField(
        _("draw method"), max_length=12, choices=Method.choices, default=Method.COMPUTED
    )
    seed = models.BigIntegerField(_("seed"), null=True, blank=True)
    protocol = models.JSONField(_("draw protocol"), default=dict, blank=True)
    created_at = models.DateTimeField(_("drawn"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    released_at = models.DateTimeField(_("released"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_round_number")
        ]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self) -> str:
        return f"{self.tournament.name}: {self.get_stage_display()} {self.number}"


def match_name(stage: str, bracket: str, number: int, main_count: int) -> str:
    """The name of a prize-stage match ("Finale", "Spiel um Platz 3", "Semifinale 2",
    "Platzierungsspiel 5–8 (1)", "Viertelfinale 3"); "" in the rounds before.

    ``number`` is the pairing's number in its round, ``main_count`` how many pairings the
    round's main draw has (placement pairings are numbered after them).
    """
    if bracket == Bracket.PLACE_3:
        return str(_("Match for 3rd place"))
    if bracket == Bracket.PLACE_5:
        return str(_("Match for 5th place"))
    if bracket == Bracket.PLACE_7:
        return str(_("Match for 7th place"))
    if bracket == Bracket.PLACE_5_8:
        return str(_("Placement match 5–8 (%(n)d)") % {"n": number - main_count})
    if stage == Stage.FINAL:
        return str(_("Final"))
    if stage == Stage.SEMIFINAL:
        return str(_("Semifinal %(n)d") % {"n": number})
    if stage == Stage.QUARTERFINAL:
        return str(_("Quarterfinal %(n)d") % {"n": number})
    return ""


class Pairing(models.Model):
    """Two entries that drew the same number (left and right pot), or a bye.

    ``number`` is unique within the round: the main draw's pairings carry their draw
    numbers, the placement matches of the prize stage follow them (see ``BRACKET_ORDER``).
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    bracket = models.CharField(
        _("bracket"), max_length=10, choices=Bracket.choices, default=Bracket.MAIN
    )
    number = models.PositiveIntegerField(_("pairing number"))
    left = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="pairings_left")
    right = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="pairings_right", null=True, blank=True
    )
    table = models.PositiveIntegerField(_("table"), null=True, blank=True)
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    outcome = models.CharField(
        _("outcome"), max_length=10, choices=Outcome.choices, default=Outcome.OPEN, blank=True
    )
    winner = models.CharField(_("winner"), max_length=5, choices=Side.choices, blank=True)
    winner_bummerl = models.PositiveSmallIntegerField(null=True, blank=True)
    loser_bummerl = models.PositiveSmallIntegerField(null=True, blank=True)
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(_("confirmed"), null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    version = models.PositiveIntegerField(
        default=0, help_text="Bumped on every change of the result."
    )

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="unique_pairing_number")
        ]
        verbose_name = _("pairing")
        verbose_name_plural = _("pairings")

    def __str__(self) -> str:
        right = self.right if self.right_id else _("bye")
        return f"{self.number}: {self.left} – {right}"

    @property
    def decided(self) -> bool:
        return self.outcome != Outcome.OPEN

    @property
    def match_name(self) -> str:
        """The prize-stage name of this match ("Finale", "Spiel um Platz 3", ...), else ""."""
        stage = self.round.stage
        return match_name(stage, self.bracket, self.number, MAIN_PAIRINGS.get(stage, 0))

    @property
    def title(self) -> str:
        """How the match is named to people: "Paarung 17", or "Paarung 2 · Spiel um Platz 3"."""
        base = str(_("Pairing %(n)d") % {"n": self.number})
        name = self.match_name
        return f"{base} · {name}" if name else base


class ResultReport(models.Model):
    """A result that a player reported through his private link (``games`` views): it
    decides the pairing only when the opponent confirms it (from his link, or by reporting
    the same result) or staff do (``services.reports``). Two different reports, or a
    report the opponent contradicts, are a disagreement for staff to settle.

    The report is kept after it is settled: who reported what and when, and how it ended.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for confirmation")
        DISPUTED = "disputed", _("contradicted")
        CONFIRMED = "confirmed", _("confirmed")
        SET_ASIDE = "set_aside", _("set aside")

    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="reports")
    side = models.CharField(_("reported by"), max_length=5, choices=Side.choices)
    winner = models.CharField(_("winner"), max_length=5, choices=Side.choices)
    winner_bummerl = models.PositiveSmallIntegerField(_("Bummerl of the winner"))
    loser_bummerl = models.PositiveSmallIntegerField(_("Bummerl of the loser"))
    score_sheet = models.JSONField(
        _("score sheet"), null=True, blank=True, help_text="[[[seat, game points], ...], ...]"
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    created_at = models.DateTimeField(_("reported"), auto_now_add=True)
    closed_at = models.DateTimeField(_("settled"), null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    note = models.CharField(_("note"), max_length=200, blank=True)

    OPEN = (Status.PENDING, Status.DISPUTED)

    class Meta:
        ordering = ["pairing", "created_at", "pk"]
        verbose_name = _("reported result")
        verbose_name_plural = _("reported results")

    def __str__(self) -> str:
        return f"{self.pairing_id} {self.side}: {self.winner} {self.winner_bummerl}:{self.loser_bummerl}"

    @property
    def is_open(self) -> bool:
        return self.status in self.OPEN

    @property
    def tournament_id(self) -> int | None:
        """For the live version (``live_version.tournament_of``)."""
        return (
            Round.objects.filter(pairings__pk=self.pairing_id)
            .values_list("tournament_id", flat=True)
            .first()
        )

    def same_result(self, other: "ResultReport") -> bool:
        return (self.winner, self.winner_bummerl, self.loser_bummerl) == (
            other.winner,
            other.winner_bummerl,
            other.loser_bummerl,
        )
