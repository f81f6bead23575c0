"""The registration forms: the player's (with the checks that cost a bot: a honeypot and
a minimum time to fill it in) and the organiser's terms."""

from __future__ import annotations

import time

from django import forms
from django.core import signing
from django.utils.translation import gettext_lazy as _

#: the fewest seconds a person needs to fill in the form
MIN_FILL_SECONDS = 3
_SALT = "registration.form-started"


def started_stamp() -> str:
    return signing.dumps(time.time(), salt=_SALT)


def seconds_since(stamp: str) -> float | None:
    try:
        return time.time() - float(signing.loads(stamp, salt=_SALT, max_age=24 * 3600))
    except (signing.BadSignature, TypeError, ValueError):
        return None


class RegistrationForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    town = forms.CharField(label=_("Town or club"), max_length=200, required=False)
    count = forms.IntegerField(label=_("Entries (Teilnahmekarten)"), min_value=1, initial=1)
    contact = forms.CharField(
        label=_("Phone or e-mail (optional)"),
        max_length=200,
        required=False,
        help_text=_("Only the organising club sees it, to reach you about this tournament."),
    )
    consent = forms.BooleanField(
        label=_(
            "I agree that the club keeps these details for this tournament; a cancelled "
            "registration's contact is deleted at once."
        ),
        required=False,
    )
    # a field people do not see (hidden by the style sheet): a bot fills it in
    website = forms.CharField(required=False, label=_("Leave this field empty"))
    started = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, limit: int = 1, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["count"].max_value = limit
        self.fields["count"].widget.attrs.update({"max": limit, "inputmode": "numeric"})
        self.fields["name"].widget.attrs.update({"autocomplete": "name"})
        self.fields["contact"].widget.attrs.update({"autocomplete": "tel"})
        self.fields["website"].widget.attrs.update({"tabindex": "-1", "autocomplete": "off"})

    def bot_reason(self) -> str:
        """Why this looks like a bot ("" for a person)."""
        if self.data.get("website"):
            return "honeypot"
        elapsed = seconds_since(self.data.get("started", ""))
        if elapsed is None or elapsed < MIN_FILL_SECONDS:
            return "fast"
        return ""


class ChangeForm(forms.Form):
    count = forms.IntegerField(label=_("Entries (Teilnahmekarten)"), min_value=1)
    contact = forms.CharField(label=_("Phone or e-mail (optional)"), max_length=200, required=False)

    def __init__(self, *args, limit: int = 1, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["count"].max_value = limit
        self.fields["count"].widget.attrs.update({"max": limit, "inputmode": "numeric"})


class TermsForm(forms.Form):
    open = forms.BooleanField(label=_("Take registrations before the day"), required=False)
    closes_at = forms.DateTimeField(
        label=_("Registration closes"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    release_at = forms.DateTimeField(
        label=_("Places not taken up are released at"),
        required=False,
        help_text=_(
            "Before the draw: registered players who have not come by then lose their place."
        ),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
