"""What is kept beside the play: the audit log, single-use form tokens, print jobs."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.permissions import audit_role, role_text

from .tournament import Tournament


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
            self.role = audit_role(self.user, self.club_id)
        super().save(*args, **kwargs)

    @property
    def role_text(self) -> str:
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
        Tournament,
        on_delete=models.CASCADE,
        related_name="print_jobs",
        verbose_name=_("tournament"),
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
