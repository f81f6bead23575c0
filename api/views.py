"""The staff page of a club's API tokens (organisers): make one (its secret shown once),
see the list, revoke one."""

from django import forms
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club, Role
from clubs.permissions import staff_required
from core.numbers import parse_id

from .models import TOKEN_NAME_LENGTH, ApiToken
from .tokens import TokenError, create_token, revoke_token

SESSION_SECRET = "api-token-secret"


class TokenForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("name"),
        max_length=TOKEN_NAME_LENGTH,
        help_text=gettext_lazy("Which program uses it, e.g. “Ergebnisprogramm Kassa 1”."),
    )
    role = forms.ChoiceField(label=gettext_lazy("role"), choices=Role.choices, initial=Role.TABLE)


@staff_required
def club_tokens(request, slug):
    club = get_object_or_404(Club, slug=slug)
    form = TokenForm(request.POST if request.POST.get("do") == "create" else None)
    if request.method == "POST":
        if request.POST.get("do") == "revoke":
            token_pk = parse_id(request.POST.get("token"))
            token = ApiToken.objects.filter(club=club, pk=token_pk).first() if token_pk else None
            if token is None:
                messages.error(request, _("The request was incomplete; nothing was changed."))
            else:
                try:
                    revoke_token(token, actor=request.user)
                except TokenError as error:
                    messages.error(request, error.message)
                else:
                    messages.success(
                        request,
                        _("The token “%(name)s” is revoked; it no longer works.")
                        % {"name": token.name},
                    )
            return redirect("staff:club_tokens", slug)
        if form.is_valid():
            try:
                token, secret = create_token(
                    club, form.cleaned_data["role"], form.cleaned_data["name"], actor=request.user
                )
            except TokenError as error:
                form.add_error(None, error.message)
            else:
                request.session[SESSION_SECRET] = {
                    "secret": secret,
                    "name": token.name,
                    "role": token.get_role_display(),
                }
                return redirect("staff:club_tokens", slug)
        elif request.POST.get("do") != "create":
            messages.error(request, _("The request was incomplete; nothing was changed."))
            return redirect("staff:club_tokens", slug)
    return render(
        request,
        "api/tokens.html",
        {
            "club": club,
            "form": form,
            "tokens": list(ApiToken.objects.filter(club=club).select_related("created_by")[:100]),
            "new_token": request.session.pop(SESSION_SECRET, None),
            "api_url": request.build_absolute_uri(reverse("api:index")),
        },
    )
