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

from clubs.models import default_club_pk

FIELD_SIZES = (16, 32, 64, 128, 256, 512, 1024)
PRIZE_PLACES = 8


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**53)


class RuleProfile(models.TextChoices):
    """The rules engine's presets (``games.engine.rules``)."""

    WEICH = "weich", _("weich (soft rules)")
    SCHARF = "scharf", _("scharf (strict rules)")
    TURNIER = "turnier", _("Turnierschnapsen (tournament rules)")


class TournamentFormat(models.TextChoices):
    """The two tournament forms of 000: the Preisschnapsen (knock-out with entries and the
    pot draw) and, "seltener", the Danish system (every player plays every round)."""

    PREISSCHNAPSEN = "preisschnapsen", _("Preisschnapsen (knock-out, two-pot draw)")
    DANISH = "danish", _("Danish system (every round, paired by the standings)")


class Game(models.TextChoices):
    """The game a tournament is played in (``tournaments.formats``, ``GAMES``): Schnapsen
    (two players at a table, entries held by players) or Bauernschnapsen (two teams of two
    at a table of four, entries held by teams; the Preis-Bauernschnapsen)."""

    SCHNAPSEN = "schnapsen", _("Schnapsen (players)")
    BAUERNSCHNAPSEN = "bauernschnapsen", _("Bauernschnapsen (teams of two, tables of four)")


class Rematches(models.TextChoices):
    """``tournaments.danish``: may the standings pair two players a second time?"""

    ALLOWED = "allowed", _("allowed (the Danish system proper)")
    AVOIDED = "avoided", _("avoided where possible (as in the Swiss system)")


class ByeScore(models.TextChoices):
    """``tournaments.danish``: what a bye (odd field) counts."""

    MATCH_WON = "match_won", _("a match won to nil (2:0 or 3:0)")
    WIN_ONLY = "win_only", _("a won match without Bummerl")


class LastTiebreak(models.TextChoices):
    """``tournaments.danish``: the tie-break after game points."""

    BUCHHOLZ = "buchholz", _("Buchholz (the opponents' match points), then lot")
    LOT = "lot", _("lot")


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
            (2, _("best of 2 Bummerl")),
            (3, _("best of 3 Bummerl")),
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
    game = models.CharField(
        _("game"), max_length=16, choices=Game.choices, default=Game.SCHNAPSEN
    )
    draw_partners = models.BooleanField(
        _("partners drawn by lot"),
        default=False,
        help_text=_(
            "Bauernschnapsen: players register alone; the partners are drawn by lot before "
            "the first draw."
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

    @property
    def is_danish(self) -> bool:
        return self.format == TournamentFormat.DANISH

    @property
    def game_rules(self):
        """What the tournament's game decides (``tournaments.formats``)."""
        from .formats import game_of

        return game_of(self)

    @property
    def for_teams(self) -> bool:
        """Entries are held by teams of two (Bauernschnapsen)."""
        return self.game == Game.BAUERNSCHNAPSEN

    @property
    def format_rules(self):
        """What the tournament's format decides (``tournaments.formats``)."""
        from .formats import format_of

        return format_of(self)

    @property
    def club_name(self) -> str:
        """The club's name as printed (empty for the default club)."""
        return self.club.printed_name

    @club_name.setter
    def club_name(self, name: str) -> None:
        # the field of old: naming a club puts the tournament in it (made if new)
        from clubs.services import club_for_name

        self.club = club_for_name(name)

    @property
    def printed_logo(self):
        """The tournament's own logo, else its club's (a FieldFile; may be empty)."""
        return self.logo if self.logo else self.club.logo


class Category(models.Model):
    """A ranking within the field (Wertung), e.g. Damen or Senioren: who belongs is set
    per entry at the desk; it has its own places and prizes, given in addition to the
    eight prizes (``prizes.category_results``)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="categories"
    )
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
        """"Resi Huber / Franz Huber": the one way a team is named."""
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
        """"Resi Huber" or "Resi Huber / Franz Huber"."""
        return self.holder.name

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
        """For the live version (``live_version._tournament_of``)."""
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


class AuditLog(models.Model):
    """Who changed what and when, in which role: entries, draws, results, the club's
    staff and the register. ``club`` is the tournament's club, or the club a change of no
    one tournament was made for (an invitation, a merge of two players)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="audit_log", null=True, blank=True
    )
    club = models.ForeignKey(
        "clubs.Club",
        on_delete=models.SET_NULL,
        related_name="audit_log",
        null=True,
        blank=True,
        verbose_name=_("club"),
    )
    at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    role = models.CharField(
        _("role"),
        max_length=60,
        blank=True,
        help_text="The actor's roles in the club when he acted (clubs.permissions.audit_role).",
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

    def save(self, *args, **kwargs):
        # Every writer (the services, the games app) gets the club and the actor's role
        # recorded, without passing them: they follow from the tournament and the user.
        if self.club_id is None and self.tournament_id is not None:
            self.club_id = (
                Tournament.objects.filter(pk=self.tournament_id)
                .values_list("club_id", flat=True)
                .first()
            )
        if not self.role and self.user_id is not None:
            from clubs.permissions import audit_role

            self.role = audit_role(self.user, self.club_id)
        super().save(*args, **kwargs)

    @property
    def role_text(self) -> str:
        from clubs.permissions import role_text

        return role_text(self.role)


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


class PrintJob(models.Model):
    """A large document made by the task worker instead of in the request (the score
    sheets of a 1024-entry round): the staff's page waits for it and then shows the PDF.
    Kept in the database, so every app server can serve it; a job is reused for the same
    document at the same live version of the tournament, and removed after a day."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("being made")
        DONE = "done", _("ready")
        FAILED = "failed", _("failed")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="print_jobs", verbose_name=_("tournament")
    )
    document = models.CharField(_("document"), max_length=20)
    round_number = models.PositiveIntegerField(_("round"), null=True, blank=True)
    language = models.CharField(_("language"), max_length=10)
    public_url = models.CharField(max_length=500, blank=True)
    base_url = models.CharField(max_length=500, blank=True)
    version = models.CharField(_("version"), max_length=40)
    status = models.CharField(_("status"), max_length=10, choices=Status, default=Status.QUEUED)
    filename = models.CharField(max_length=200, blank=True)
    content = models.BinaryField(null=True, blank=True)
    error = models.TextField(blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("requested"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("print job")
        verbose_name_plural = _("print jobs")
        indexes = [models.Index(fields=["tournament", "document", "version"])]

    def __str__(self) -> str:
        return f"{self.document} {self.round_number or ''} ({self.status})"
