"""Dates, times and money as printed (and as any page may show them), in the active
language: dates that no Austrian reader can misread ("14.03.2026" in German,
"14 Mar 2026" in English, never the US "03/14/2026"), the 24-hour clock, and the
euro sign before the amount ("€ 10,00" / "€ 10.00")."""

from __future__ import annotations

import datetime

from django.utils import formats, timezone
from django.utils.translation import pgettext


def date_text(value: datetime.date) -> str:
    """The date: "14.03.2026" in German, "14 Mar 2026" in English."""
    # A Django date format (https://docs.djangoproject.com/en/stable/ref/templates/builtins/#date),
    # translated per language: the month's name where digits would be ambiguous.
    return formats.date_format(value, pgettext("printing date format", "j M Y"))


def time_text(value: datetime.datetime | datetime.time) -> str:
    """The time of day on the 24-hour clock: "19:05"."""
    return formats.time_format(value, "H:i")


def local(value: datetime.datetime) -> datetime.datetime:
    return timezone.localtime(value) if timezone.is_aware(value) else value


def money(amount) -> str:
    """"€ 10,00" in German, "€ 10.00" in English."""
    return "€ " + formats.number_format(amount, decimal_pos=2, use_l10n=True)
