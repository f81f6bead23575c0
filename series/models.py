"""A season series (Cup, Jahreswertung): tournaments of one or several clubs, scored by
a points table; the standings are computed by ``series.scoring`` (pure code)."""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from . import scoring


class Scheme(models.TextChoices):
    PLACES = scoring.PLACES, _("points per final place")
    ROUNDS = scoring.ROUNDS, _("points per round reached")


def default_points() -> list[int]:
    return list(scoring.DEFAULT_PLACE_POINTS)


class Series(models.Model):
    """A season series. ``club`` is the club whose organisers manage it (empty: only the
    site administrators, e.g. for a federation's cup); its tournaments may be of any club."""

    name = models.CharField(_("name"), max_length=200)
    season = models.CharField(_("season"), max_length=40, blank=True, help_text=_("e.g. 2026"))
    club = models.ForeignKey(
        "clubs.Club",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="series",
        verbose_name=_("managed by"),
    )
    scheme = models.CharField(
        _("scoring"), max_length=10, choices=Scheme.choices, default=Scheme.PLACES
    )
    points = models.JSONField(
        _("points table"),
        default=default_points,
        help_text=_(
            "Points for 1st, 2nd, 3rd … place (or for round 1, 2, 3 … reached), best first."
        ),
    )
    rest_points = models.PositiveSmallIntegerField(
        _("points below the table"),
        default=0,
        validators=[MaxValueValidator(1000)],
        help_text=_("For every other player placed (e.g. 1 for taking part)."),
    )
    best_of = models.PositiveSmallIntegerField(
        _("results that count"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(100)],
        help_text=_("Each player's best N results count; empty: all."),
    )
    is_public = models.BooleanField(_("public"), default=True)
    tournaments = models.ManyToManyField(
        "tournaments.Tournament",
        through="SeriesTournament",
        related_name="series",
        blank=True,
        verbose_name=_("tournaments"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["-season", "name", "pk"]
        verbose_name = _("season series")
        verbose_name_plural = _("season series")

    def __str__(self) -> str:
        return f"{self.name} {self.season}".strip()

    @property
    def rule(self) -> scoring.PointsRule:
        return scoring.PointsRule(
            kind=self.scheme,
            points=tuple(int(p) for p in self.points or ()),
            rest=self.rest_points,
            best_of=self.best_of,
        )


class Consent(models.TextChoices):
    """The answer of a tournament's club to a series of another club that counts it."""

    ACCEPTED = "accepted", _("agreed")
    REQUESTED = "requested", _("asked, waiting for the tournament's club")
    REFUSED = "refused", _("refused by the tournament's club")
    WITHDRAWN = "withdrawn", _("withdrawn by the tournament's club")


class SeriesTournament(models.Model):
    """A tournament in a series. A tournament of the series' own club is counted at once;
    one of another club only with that club's consent (``consent``: it agreed to the
    request, or lets every series count it, ``OpenTournament``) and while it is public
    (``services.series_tournaments``)."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="members")
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="series_members"
    )
    consent = models.CharField(
        _("consent of the tournament's club"),
        max_length=10,
        choices=Consent.choices,
        default=Consent.ACCEPTED,
    )
    added_at = models.DateTimeField(_("added"), auto_now_add=True)

    class Meta:
        ordering = ["series", "tournament__date", "tournament__pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["series", "tournament"], name="unique_series_tournament"
            )
        ]
        verbose_name = _("tournament of a series")
        verbose_name_plural = _("tournaments of a series")

    def __str__(self) -> str:
        return f"{self.series}: {self.tournament}"


class OpenTournament(models.Model):
    """A tournament whose club lets the series of other clubs count it without asking
    ("may be counted in other clubs' series"); the club may take it back, and withdraw
    the tournament from any series, at any time."""

    tournament = models.OneToOneField(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="open_to_series",
    )
    opened_at = models.DateTimeField(_("since"), auto_now_add=True)

    class Meta:
        verbose_name = _("tournament open to other clubs' series")
        verbose_name_plural = _("tournaments open to other clubs' series")

    def __str__(self) -> str:
        return str(self.tournament)
