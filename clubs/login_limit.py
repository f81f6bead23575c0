"""Failed logins are limited per account and per address (django-axes).

Every login (the staff login, the admin's) goes through ``authenticate`` with its
request; axes' backend, the first of ``AUTHENTICATION_BACKENDS``, refuses it before the
password is tried once ``AXES_FAILURE_LIMIT`` logins failed within
``AXES_COOLOFF_TIME`` for the account asked for, or from the address asked from
(``AXES_LOCKOUT_PARAMETERS``); the right password is refused too until the time is over.
The failures are kept in the database (axes' ``AccessAttempt``, shown to site
administrators in the admin; ``manage.py axes_reset_username NAME`` lifts a lock).

Here: the answer to a locked login (the login page again, with the message, 429), and
the audit entry of a lock: in the audit log of each club where the account has a role
(through ``club_changed``), or in the log of no club for an account of none or a name
that is no account.
"""

from __future__ import annotations

from axes.signals import user_locked_out
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm
from django.shortcuts import render

from .models import Club
from .signals import club_changed

LOCKED_ACTION = "login_locked"


def lockout_minutes() -> int:
    return max(1, int(settings.AXES_COOLOFF_TIME.total_seconds() // 60))


def locked_out(request, original_response=None, credentials=None):
    """The answer to a login refused by the limit (``AXES_LOCKOUT_CALLABLE``): the login
    page with the message and an empty form, status 429."""
    return render(
        request,
        "registration/login.html",
        {
            "form": AuthenticationForm(request),
            "locked_out": True,
            "lockout_minutes": lockout_minutes(),
            "next": request.POST.get("next", "") if request.method == "POST" else "",
        },
        status=429,
    )


def _record_lock(sender, request=None, username=None, ip_address=None, **kwargs):
    """One audit entry when a lock begins: axes counts the failure that reaches the limit
    (``axes_failures_since_start`` is set), not the refused tries during the lock."""
    failures = getattr(request, "axes_failures_since_start", None)
    if failures is None:
        return
    name = str(username or "")[:150]
    user = get_user_model().objects.filter(username=name).first() if name else None
    clubs = list(Club.objects.filter(memberships__user=user).distinct()) if user else []
    after = {"account": name, "address": ip_address or "", "failures": failures,
             "minutes": lockout_minutes()}
    for club in clubs or [None]:
        club_changed.send(
            sender=__name__, club=club, actor=None, action=LOCKED_ACTION,
            target=name or str(ip_address or ""), before=None, after=after,
        )


def connect() -> None:
    user_locked_out.connect(_record_lock, dispatch_uid="clubs.login_limit")


def username_of(request, credentials=None) -> str:
    """The account a login asks for, as axes counts it (``AXES_USERNAME_CALLABLE``): the
    form's user name cut to a user name's length (150), so that a name of any length is
    counted without overflowing axes' own column (255) on PostgreSQL."""
    name = (credentials or {}).get("username")
    if name is None and request is not None:
        name = request.POST.get("username", "")
    return str(name or "")[:150]
