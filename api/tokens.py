"""Making, revoking and checking staff API tokens (``api.models.ApiToken``).

A token acts as one role of one club: the write endpoint asks ``clubs.permissions`` for
the role's rights (``ROLE_ACTIONS``) in the tournament's club, as the staff pages ask it
for a user's. What it does is in the audit log under the token's name
(``TokenActor.audit_role``: "token:table:Vereinsseite"), written by the same services.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Club, Role, hash_token
from clubs.permissions import ROLE_ACTIONS, Action
from clubs.services import audit_club
from core.errors import UserError

from .models import TOKEN_NAME_LENGTH, ApiToken

TOKEN_PREFIX = "sch_"


class TokenError(UserError):
    """A token request was refused."""


def create_token(club: Club, role: str, name: str, *, actor=None) -> tuple[ApiToken, str]:
    """A new token and its secret (shown once: only its hash is stored)."""
    if role not in Role.values:
        raise TokenError(_("Unknown role “%(role)s”.") % {"role": role}, "role")
    name = " ".join(str(name or "").split())
    if not name:
        raise TokenError(_("Give the token a name (who uses it)."), "name")
    if len(name) > TOKEN_NAME_LENGTH:
        raise TokenError(
            _("A token's name is at most %(n)d characters.") % {"n": TOKEN_NAME_LENGTH}, "name"
        )
    secret = TOKEN_PREFIX + secrets.token_urlsafe(30)
    with transaction.atomic():
        token = ApiToken.objects.create(
            club=club,
            role=role,
            name=name,
            token_hash=hash_token(secret),
            prefix=secret[: len(TOKEN_PREFIX) + 4],
            created_by=actor if getattr(actor, "is_authenticated", False) else None,
        )
        audit_club(club, actor, "create_api_token", name, after={"role": role, "token": token.pk})
    return token, secret


def revoke_token(token: ApiToken, *, actor=None) -> ApiToken:
    with transaction.atomic():
        token = ApiToken.objects.select_for_update().get(pk=token.pk)
        if token.revoked_at is not None:
            raise TokenError(_("This token is already revoked."), "revoked")
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
        audit_club(token.club, actor, "revoke_api_token", token.name, after={"token": token.pk})
    return token


def token_for(secret: str) -> ApiToken | None:
    """The active token of a secret, or None (unknown, revoked, malformed)."""
    if not secret or len(secret) > 200 or not secret.startswith(TOKEN_PREFIX):
        return None
    token = (
        ApiToken.objects.select_related("club")
        .filter(token_hash=hash_token(secret), revoked_at__isnull=True)
        .first()
    )
    if token is not None:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
    return token


@dataclass(frozen=True)
class TokenActor:
    """The actor the services see for a request made with a token: no user (nothing of a
    person's is changed), its role named in the audit log."""

    token: ApiToken
    is_authenticated = False
    pk = None

    @property
    def audit_role(self) -> str:
        return f"token:{self.token.role}:{self.token.name}"[:60]

    def can(self, action: Action, club_id: int) -> bool:
        return club_id == self.token.club_id and action in ROLE_ACTIONS.get(
            self.token.role, frozenset()
        )
