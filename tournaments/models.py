"""The Preisschnapsen data model.

The rules of the format live in plain modules without Django (``draw.py``,
``prizes.py``); the service layer (``services.py``) applies them to these
models. Nothing here stores what can be derived: an entry's fate (round reached,
place) follows from the pairings it played.
"""

import random

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

FIELD_SIZES = (16, 32, 64, 128, 256, 512, 1024)
PRIZE_PLACES = 8


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**53)


class RuleProfile(models.TextChoices):
    """The rules engine's presets (``games.engine.rules``)."""

    WEICH = "weich", _("weich (soft rules)")
    SCHARF = "scharf", _("scharf (strict rules)")
    TURNIER = "turnier", _("Turnierschnapsen (tournament rules)")


class Player(models.Model):
    """A person in the club-wide register, reused across tournaments."""

    name = models.CharField(_("name"), max_length=200, db_index=True)
    town = models.CharField(_("town or club"), max_length=200, blank=True)
    contact = models.CharField(_("contact"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["name", "town", "pk"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return f"{self.name} ({self.town})" if self.town else self.name


class Tournament(models.Model):
    """A Preisschnapsen; its fields are the tournament terms (Turnierausschreibung)."""

    name = models.CharField(_("name"), max_length=200)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    club_name = models.CharField(_("club"), max_length=200, blank=True)
    logo = models.FileField(_("logo"), upload_to="logos/", blank=True)
    field_size = models.PositiveIntegerField(
        _("field size"),
        choices=[(n, str(n)) for n in FIELD_SIZES],
        default=64,
        help_text=_("Number of entries laid out; a power of two. Unsold entries are byes."),
    )
    max_entries_per_player = models.PositiveSmallIntegerField(
        _("entries per player at most"),
        default=3,
        validators=[MinValueValidator(1), MaxValueValidator(16)],
    )
    entry_fee = models.DecimalField(_("entry fee"), max_digits=8, decimal_places=2, default=0)
    rule_profile = models.CharField(
        _("rule profile"), max_length=16, choices=RuleProfile.choices, default=RuleProfile.WEICH
    )
    match_bummerl = models.PositiveSmallIntegerField(
        _("match length"),
        choices=[(2, _("best of 2 Bummerl")), (3, _("best of 3 Bummerl"))],
        default=2,
        help_text=_("A match is won by the first player to win this many Bummerl."),
    )
    one_prize_per_player = models.BooleanField(
        _("one prize per player"),
        default=False,
        help_text=_("A player keeps only his best prize; the others pass down the standings."),
    )
    confirm_results = models.BooleanField(
        _("results need a second confirmation"),
        default=False,
        help_text=_("A second staff member confirms each result."),
    )
    is_public = models.BooleanField(_("public"), default=True)
    seed = models.BigIntegerField(
        _("seed"), default=new_seed, help_text=_("Seed for lots that are not part of a draw.")
    )
    # The prize ceremony on the projector: it runs once the prizes are decided unless
    # staff stopped it; every start (again) shows the places from the 8th on.
    ceremony_stopped = models.BooleanField(_("prize ceremony stopped"), default=False)
    ceremony_started_at = models.DateTimeField(
        _("prize ceremony started"), null=True, blank=True
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["-date", "-pk"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d.%m.%Y})"


class Prize(models.Model):
    """One of the eight prizes: a text, an amount, or both."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="prizes")
    place = models.PositiveSmallIntegerField(
        _("place"), validators=[MinValueValidator(1), MaxValueValidator(PRIZE_PLACES)]
    )
    description = models.CharField(_("prize"), max_length=200, blank=True)
    amount = models.DecimalField(
        _("amount"), max_digits=10, decimal_places=2, null=True, blank=True
    )

    class Meta:
        ordering = ["tournament", "place"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "place"], name="unique_prize_place")
        ]
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")

    def __str__(self) -> str:
        return f"{self.place}. {self.description or self.amount or ''}".strip()


class Entry(models.Model):
    """A Teilnahmekarte ("life"): a player may hold several in one tournament."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
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

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_entry_number")
        ]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")

    def __str__(self) -> str:
        return f"#{self.number} {self.player.name}"

    @property
    def cancelled(self) -> bool:
        return self.cancelled_at is not None


class Stage(models.TextChoices):
    MAIN = "main", _("Round")
    QUARTERFINAL = "quarterfinal", _("Quarterfinal")
    SEMIFINAL = "semifinal", _("Semifinal")
    FINAL = "final", _("Final")


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


class Bracket(models.TextChoices):
    """Which competition inside a round a pairing belongs to."""

    MAIN = "main", _("main draw")
    PLACE_3 = "place3", _("match for 3rd place")
    PLACE_5_8 = "place5_8", _("placement match, quarterfinal losers")
    PLACE_5 = "place5", _("match for 5th place")
    PLACE_7 = "place7", _("match for 7th place")


class Side(models.TextChoices):
    LEFT = "left", _("left")
    RIGHT = "right", _("right")


class Outcome(models.TextChoices):
    OPEN = "", _("open")
    PLAYED = "played", _("played")
    WALKOVER = "walkover", _("walkover")
    BYE = "bye", _("bye")
    SURRENDER = "surrender", _("surrendered (player met himself)")


# The order of the brackets within a round: pairings are numbered in this order, the
# main draw first (its pairings keep their draw numbers), so a number is unique in a round.
BRACKET_ORDER = (
    Bracket.MAIN,
    Bracket.PLACE_3,
    Bracket.PLACE_5_8,
    Bracket.PLACE_5,
    Bracket.PLACE_7,
)


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


# how many pairings the main draw of a prize-stage round has
MAIN_PAIRINGS = {Stage.QUARTERFINAL: 4, Stage.SEMIFINAL: 2, Stage.FINAL: 1}


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


class AuditLog(models.Model):
    """Who changed what and when: entries, draws and results."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="audit_log", null=True, blank=True
    )
    at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    action = models.CharField(_("action"), max_length=64)
    target = models.CharField(_("object"), max_length=200, blank=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = _("audit log entry")
        verbose_name_plural = _("audit log")

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.target}"


class SubmissionToken(models.Model):
    """A one-time token of a staff form that must not be applied twice (a sale at the desk,
    a new tournament, a new player, a player import): stored in the same transaction as
    the change it guards, so its unique index refuses the second of two identical POSTs,
    even when both arrive at once (see ``tournaments.once``)."""

    token = models.CharField(_("token"), max_length=64, unique=True)
    purpose = models.CharField(_("purpose"), max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    used_at = models.DateTimeField(_("used"), auto_now_add=True)

    class Meta:
        verbose_name = _("form submission")
        verbose_name_plural = _("form submissions")

    def __str__(self) -> str:
        return f"{self.purpose} {self.token}"
