"""Staff API tokens: other software (a club's own results program) enters results with
the rights of one role in one club.

Only the token's hash is stored; the token is shown once, to the organiser who made it.
A revoked token is kept (the audit log names it) and refused.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Role

#: a token's name is written into the audit log's role (60 characters there)
TOKEN_NAME_LENGTH = 40


class ApiToken(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="api_tokens")
    role = models.CharField(_("role"), max_length=12, choices=Role.choices)
    name = models.CharField(
        _("name"),
        max_length=TOKEN_NAME_LENGTH,
        help_text=_("Which program or person uses it, e.g. “Vereinsseite”; in the audit log."),
    )
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(_("begins with"), max_length=12, editable=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return f"{self.club}: {self.name} ({self.get_role_display()})"

    @property
    def active(self) -> bool:
        return self.revoked_at is None
