"""Forms of the club pages: invitations, roles, the logo, and the invitee's account."""

from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.utils.translation import gettext_lazy as _

from .models import Role
from .services import INVITATION_DAYS, MAX_INVITATION_DAYS

MAX_LOGO_BYTES = 1024 * 1024


class InviteForm(forms.Form):
    role = forms.ChoiceField(label=_("role"), choices=Role.choices, initial=Role.DESK)
    note = forms.CharField(
        label=_("for whom"), max_length=200, required=False, help_text=_("e.g. the name")
    )
    days = forms.IntegerField(
        label=_("valid for (days)"),
        min_value=1,
        max_value=MAX_INVITATION_DAYS,
        initial=INVITATION_DAYS,
    )


class RoleForm(forms.Form):
    user = forms.IntegerField(widget=forms.HiddenInput)
    role = forms.ChoiceField(choices=Role.choices)
    do = forms.ChoiceField(choices=[("grant", "grant"), ("take", "take")])


class LogoForm(forms.Form):
    logo = forms.FileField(label=_("logo (PNG or JPEG)"), required=False)
    remove = forms.BooleanField(label=_("remove the logo"), required=False)

    def clean_logo(self):
        upload = self.cleaned_data.get("logo")
        if upload is None:
            return None
        if upload.size > MAX_LOGO_BYTES:
            raise forms.ValidationError(_("The logo is larger than 1 MB."))
        head = upload.read(8)
        upload.seek(0)
        if not (head.startswith(b"\x89PNG") or head.startswith(b"\xff\xd8")):
            raise forms.ValidationError(_("The logo must be a PNG or JPEG picture."))
        return upload

    def clean(self):
        data = super().clean()
        if not data.get("logo") and not data.get("remove"):
            raise forms.ValidationError(_("Choose a picture, or tick “remove the logo”."))
        return data


class InviteeAccountForm(forms.Form):
    """A new account for an invitee: user name and a password, twice."""

    username = forms.CharField(label=_("User name"), max_length=150)
    password1 = forms.CharField(label=_("Password"), widget=forms.PasswordInput, strip=False)
    password2 = forms.CharField(
        label=_("Password again"), widget=forms.PasswordInput, strip=False
    )

    def clean_username(self):
        name = self.cleaned_data["username"].strip()
        field = get_user_model()._meta.get_field("username")
        for validator in field.validators:
            validator(name)
        if get_user_model().objects.filter(username__iexact=name).exists():
            raise forms.ValidationError(
                _("This user name is taken; choose another, or sign in with your account.")
            )
        return name

    def clean(self):
        data = super().clean()
        one, two = data.get("password1"), data.get("password2")
        if one and two and one != two:
            self.add_error("password2", _("The two passwords differ."))
        elif one:
            user = get_user_model()(username=data.get("username", ""))
            try:
                password_validation.validate_password(one, user)
            except forms.ValidationError as error:
                self.add_error("password1", error)
        return data
