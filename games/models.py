"""Matches (Partien) on the rules engine: of a tournament pairing, or friendly.

A played match stores its games (deals: the exact deck order and the dealer) and every
action as one row with a sequence number; the live state is always rebuilt from them by
the engine (``games.services.live_state``), so a reload or a restart resumes exactly.
A recorded match stores the Bummerl score or the score sheet it was recorded from.
"""

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models import Pairing, RuleProfile, new_seed


def new_token() -> str:
    return secrets.token_urlsafe(18)


class Mode(models.TextChoices):
    PLAYED = "played", _("played in the browser")
    RECORDED = "recorded", _("recorded from the table")


class Status(models.TextChoices):
    PLAYING = "playing", _("being played")
    FINISHED = "finished", _("finished")
    CANCELLED = "cancelled", _("cancelled")


class BotLevel(models.TextChoices):
    EASY = "easy", _("easy")
    MEDIUM = "medium", _("medium")
    STRONG = "strong", _("strong")
    MASTER = "master", _("master")  # two players only: "Meister", about 2 s a move


#: The levels a table of three or four offers (no ``master`` there).
TABLE_LEVELS = [(v, label) for v, label in BotLevel.choices if v != BotLevel.MASTER]


class GameKind(models.TextChoices):
    SCHNAPSEN = "schnapsen", pgettext_lazy("table", "Schnapsen (two players)")
    BAUERNSCHNAPSEN = (
        "bauernschnapsen",
        pgettext_lazy("table", "Bauernschnapsen (four players, two teams)"),
    )
    TALONSCHNAPSEN = "talonschnapsen", pgettext_lazy("table", "Talonschnapsen (three players)")


class DeckStyle(models.TextChoices):
    FRENCH = "french", _("French cards (Herz, Karo, Pik, Kreuz)")
    GERMAN = "german", _("doppeldeutsch (Herz, Schelle, Laub, Eichel)")


class Match(models.Model):
    """A match (Partie) to 2 or 3 Bummerl. Seat 0 is the pairing's left entry."""

    game_kind = models.CharField(
        pgettext_lazy("table", "game"),
        max_length=16,
        choices=GameKind.choices,
        default=GameKind.SCHNAPSEN,
    )
    pairing = models.ForeignKey(
        Pairing,
        on_delete=models.PROTECT,
        related_name="matches",
        null=True,
        blank=True,
        verbose_name=_("pairing"),
    )
    mode = models.CharField(_("mode"), max_length=10, choices=Mode.choices, default=Mode.PLAYED)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PLAYING
    )
    rule_profile = models.CharField(
        _("rule profile"), max_length=16, choices=RuleProfile.choices, default=RuleProfile.WEICH
    )
    rules = models.JSONField(_("rule options"), default=dict, blank=True)
    bummerl_to_win = models.PositiveSmallIntegerField(
        _("match length"),
        choices=[
            (1, pgettext_lazy("table", "one Bummerl")),
            (2, _("first to 2 Bummerl")),
            (3, _("first to 3 Bummerl")),
        ],
        help_text="Two players: Bummerl to win the match; a table of three or four: "
        "Bummerl to play.",
        default=2,
    )
    deck_style = models.CharField(
        _("cards"), max_length=8, choices=DeckStyle.choices, default=DeckStyle.FRENCH
    )
    seed = models.BigIntegerField(_("seed"), default=new_seed)
    name0 = models.CharField(_("player 1"), max_length=200, blank=True)
    name1 = models.CharField(_("player 2"), max_length=200, blank=True)
    token0 = models.CharField(max_length=40, default=new_token, editable=False)
    token1 = models.CharField(max_length=40, default=new_token, editable=False)
    bot_seat = models.PositiveSmallIntegerField(_("computer's seat"), null=True, blank=True)
    bot_level = models.CharField(
        _("computer's strength"), max_length=10, choices=BotLevel.choices, blank=True
    )
    next_seq = models.PositiveIntegerField(
        default=0, help_text="Sequence number of the next action."
    )
    winner = models.PositiveSmallIntegerField(_("winner"), null=True, blank=True)
    bummerl = models.JSONField(_("Bummerl won"), default=list, blank=True)
    score_sheet = models.JSONField(_("score sheet"), null=True, blank=True)
    result_note = models.CharField(_("note"), max_length=300, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    follow_up = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=pgettext_lazy("table", "next table"),
        help_text="A table of three or four: the table its players started after it, "
        "with the same seats.",
    )

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self) -> str:
        return f"{self.name0 or '?'} – {self.name1 or '?'}"

    def name(self, seat: int) -> str:
        return self.name1 if seat == 1 else self.name0

    def token(self, seat: int) -> str:
        return self.token1 if seat == 1 else self.token0

    @property
    def is_table(self) -> bool:
        """A table of three or four (Bauernschnapsen, Talonschnapsen): its seats are rows
        of :class:`Seat`; the two-player fields name0/token0/bot_seat stay unused."""
        return self.game_kind != GameKind.SCHNAPSEN


class Seat(models.Model):
    """One seat of a table of three or four: a person with a private link, or the
    computer at a level. Seats 0..N-1 clockwise; in Bauernschnapsen 0 and 2 are team A."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField(pgettext_lazy("table", "seat"))
    name = models.CharField(pgettext_lazy("table", "name"), max_length=200, blank=True)
    token = models.CharField(max_length=40, default=new_token, editable=False)
    bot_level = models.CharField(
        pgettext_lazy("table", "computer's strength"),
        max_length=10,
        choices=BotLevel.choices,
        blank=True,
    )

    class Meta:
        ordering = ["match", "index"]
        constraints = [models.UniqueConstraint(fields=["match", "index"], name="unique_seat_index")]
        verbose_name = pgettext_lazy("table", "seat")
        verbose_name_plural = pgettext_lazy("table", "seats")

    def __str__(self) -> str:
        return f"{self.match_id}/{self.index}: {self.name}"

    @property
    def is_computer(self) -> bool:
        return bool(self.bot_level)


class Game(models.Model):
    """One game (Spiel, a deal) of a played match: the exact deck order and the dealer."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    index = models.PositiveIntegerField(_("game"))
    bummerl_index = models.PositiveSmallIntegerField(_("Bummerl"), default=0)
    deck = models.CharField(_("deck order"), max_length=80)
    dealer = models.PositiveSmallIntegerField(_("dealer"))
    winner = models.PositiveSmallIntegerField(_("winner"), null=True, blank=True)
    game_points = models.PositiveSmallIntegerField(_("game points"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=32, blank=True)
    result = models.JSONField(_("result"), null=True, blank=True)
    analysis = models.JSONField(
        _("analysis"),
        null=True,
        blank=True,
        help_text="The solver's verdict at each decision, computed once on demand "
        "(games.services.game_analysis): seed, budget and moves.",
    )

    class Meta:
        ordering = ["match", "index"]
        constraints = [models.UniqueConstraint(fields=["match", "index"], name="unique_game_index")]
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __str__(self) -> str:
        return f"{self.match_id}/{self.index + 1}"


class MatchAction(models.Model):
    """One action of the action log, in the engine's notation (``play:QH``)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    game_index = models.PositiveIntegerField(_("game"))
    seq = models.PositiveIntegerField(_("sequence number"))
    seat = models.PositiveSmallIntegerField(pgettext_lazy("table", "seat"))
    action = models.CharField(_("action"), max_length=40)
    created_at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [models.UniqueConstraint(fields=["match", "seq"], name="unique_action_seq")]
        verbose_name = _("action")
        verbose_name_plural = _("actions")

    def __str__(self) -> str:
        return f"{self.match_id}#{self.seq} {self.seat}:{self.action}"
