"""A tournament, its terms, its categories and its prizes."""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import default_club_pk
from clubs.services import club_for_name

from ..choices import (
    FIELD_SIZES,
    PRIZE_PLACES,
    ByeScore,
    Catalogue,
    Game,
    LastTiebreak,
    Rematches,
    RuleProfile,
    TournamentFormat,
    new_seed,
)
from ..formats import format_of, game_of


class Tournament(models.Model):
    """A Preisschnapsen; its fields are the tournament terms (Turnierausschreibung)."""

    name = models.CharField(_("name"), max_length=200)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    club = models.ForeignKey(
        "clubs.Club",
        on_delete=models.PROTECT,
        related_name="tournaments",
        verbose_name=_("club"),
        default=default_club_pk,
    )
    logo = models.FileField(
        _("own logo"),
        upload_to="logos/",
        blank=True,
        help_text=_("Printed instead of the club's logo; usually left empty."),
    )
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
        choices=[
            (1, _("one Bummerl (Bauernschnapsen)")),
            (2, _("first to 2 Bummerl")),
            (3, _("first to 3 Bummerl")),
        ],
        default=2,
        help_text=_("A match is won by the first player (team) to win this many Bummerl."),
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
    category_prize_with_main = models.BooleanField(
        _("category prize as well as a main prize"),
        default=False,
        help_text=_(
            "A player may take a category prize (e.g. the ladies' prize) as well as one of "
            "the eight prizes. If not, the category prize passes to the next player of the "
            "category."
        ),
    )
    is_public = models.BooleanField(_("public"), default=True)
    # the format and the Danish system's terms (``tournaments.formats``, ``danish.py``)
    format = models.CharField(
        _("tournament format"),
        max_length=16,
        choices=TournamentFormat.choices,
        default=TournamentFormat.PREISSCHNAPSEN,
    )
    danish_rounds = models.PositiveSmallIntegerField(
        _("rounds (Danish system)"),
        default=5,
        validators=[MinValueValidator(1), MaxValueValidator(30)],
        help_text=_("Every player plays every round; nobody is knocked out."),
    )
    danish_rematches = models.CharField(
        _("meeting twice (Danish system)"),
        max_length=10,
        choices=Rematches.choices,
        default=Rematches.ALLOWED,
    )
    danish_bye_score = models.CharField(
        _("a bye counts (Danish system)"),
        max_length=10,
        choices=ByeScore.choices,
        default=ByeScore.MATCH_WON,
    )
    danish_last_tiebreak = models.CharField(
        _("last tie-break (Danish system)"),
        max_length=10,
        choices=LastTiebreak.choices,
        default=LastTiebreak.BUCHHOLZ,
    )
    # the game (``formats.GAMES``): Bauernschnapsen is played by teams of two
    game = models.CharField(_("game"), max_length=16, choices=Game.choices, default=Game.SCHNAPSEN)
    draw_partners = models.BooleanField(
        _("partners drawn by lot"),
        default=False,
        help_text=_(
            "Bauernschnapsen: players register alone; the partners are drawn by lot before "
            "the first draw."
        ),
    )
    catalogue = models.CharField(
        _("special games"),
        max_length=16,
        choices=Catalogue.choices,
        default=Catalogue.UEBLICH,
        help_text=_(
            "Bauernschnapsen: the special games played besides the normal game (the "
            "Spielekatalog); the tables and the score sheets follow it."
        ),
    )
    # the partner draw once done: its seed and the teams it made (``services.teams``)
    partner_draw = models.JSONField(_("partner draw"), default=dict, blank=True)
    seed = models.BigIntegerField(
        _("seed"), default=new_seed, help_text=_("Seed for lots that are not part of a draw.")
    )
    # The prize ceremony on the projector: it runs once the prizes are decided unless
    # staff stopped it; every start (again) shows the places from the 8th on.
    ceremony_stopped = models.BooleanField(_("prize ceremony stopped"), default=False)
    ceremony_started_at = models.DateTimeField(_("prize ceremony started"), null=True, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["-date", "-pk"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d.%m.%Y})"

    @property
    def is_danish(self) -> bool:
        return self.format == TournamentFormat.DANISH

    @property
    def game_rules(self):
        """What the tournament's game decides (``tournaments.formats``)."""
        return game_of(self)

    @property
    def for_teams(self) -> bool:
        """Entries are held by teams of two (Bauernschnapsen)."""
        return self.game == Game.BAUERNSCHNAPSEN

    @property
    def format_rules(self):
        """What the tournament's format decides (``tournaments.formats``)."""
        return format_of(self)

    @property
    def club_name(self) -> str:
        """The club's name as printed (empty for the default club)."""
        return self.club.printed_name

    @club_name.setter
    def club_name(self, name: str) -> None:
        # the field of old: naming a club puts the tournament in it (made if new)
        self.club = club_for_name(name)

    @property
    def printed_logo(self):
        """The tournament's own logo, else its club's (a FieldFile; may be empty)."""
        return self.logo if self.logo else self.club.logo


class Category(models.Model):
    """A ranking within the field (Wertung), e.g. Damen or Senioren: who belongs is set
    per entry at the desk; it has its own places and prizes, given in addition to the
    eight prizes (``prizes.category_results``)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="categories")
    name = models.CharField(_("name"), max_length=60)
    position = models.PositiveSmallIntegerField(_("order"), default=0)

    class Meta:
        ordering = ["tournament", "position", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="unique_category_name")
        ]
        verbose_name = _("category")
        verbose_name_plural = _("categories")

    def __str__(self) -> str:
        return self.name


class CategoryPrize(models.Model):
    """A prize of a category: a text, an amount, or both."""

    category = models.ForeignKey(Category, on_delete=models.CASCADE, related_name="prizes")
    place = models.PositiveSmallIntegerField(
        _("place"), validators=[MinValueValidator(1), MaxValueValidator(PRIZE_PLACES)]
    )
    description = models.CharField(_("prize"), max_length=200, blank=True)
    amount = models.DecimalField(
        _("amount"), max_digits=10, decimal_places=2, null=True, blank=True
    )

    class Meta:
        ordering = ["category", "place"]
        constraints = [
            models.UniqueConstraint(fields=["category", "place"], name="unique_category_prize")
        ]
        verbose_name = _("category prize")
        verbose_name_plural = _("category prizes")

    def __str__(self) -> str:
        return f"{self.category}: {self.place}. {self.description or self.amount or ''}".strip()


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
