"""Club pages: the user's clubs; for organisers the staff, invitations, the logo and the
club's audit log (``tournaments.views.club_audit``, where the log is); and the invitee's page behind an invitation link (no login needed)."""

from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from clubs.permissions import staff_required
from core.http import posted

from . import permissions, services
from .forms import InviteeAccountForm, InviteForm, LogoForm, RoleForm
from .models import Club, Invitation, Membership, Role

SESSION_LINK = "clubs:new_invitation"


@staff_required
def club_list(request):
    clubs = permissions.clubs_for(request.user).order_by("name")
    rows = []
    for club in clubs:
        rows.append(
            {
                "club": club,
                "roles": permissions.role_text(
                    ",".join(sorted(permissions.roles_in(request.user, club)))
                ),
            }
        )
    return render(request, "clubs/list.html", {"rows": rows})


def _club(slug) -> Club:
    return get_object_or_404(Club, slug=slug)


def _staff_rows(club):
    by_user: dict[int, dict] = {}
    for m in Membership.objects.filter(club=club).select_related("user").order_by(
        "user__username", "role"
    ):
        row = by_user.setdefault(m.user_id, {"user": m.user, "roles": []})
        row["roles"].append(m.role)
    return [
        {
            **row,
            "role_labels": [(r, Role(r).label) for r in row["roles"]],
            "missing": [(r, label) for r, label in Role.choices if r not in row["roles"]],
        }
        for row in by_user.values()
    ]


@staff_required
def club_detail(request, slug):
    club = _club(slug)
    invitations = Invitation.objects.filter(club=club).select_related("created_by", "used_by")
    return render(
        request,
        "clubs/detail.html",
        {
            "club": club,
            "staff": _staff_rows(club),
            "invitations": [i for i in invitations[:50]],
            "invite_form": InviteForm(),
            "logo_form": LogoForm(),
            "new_link": request.session.pop(SESSION_LINK, None),
            "roles": Role.choices,
        },
    )


@require_POST
@staff_required
def club_invite(request, slug):
    club = _club(slug)
    form = InviteForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect("staff:club", slug)
    try:
        invitation, token = services.invite(
            club,
            form.cleaned_data["role"],
            days=form.cleaned_data["days"],
            note=form.cleaned_data["note"],
            actor=request.user,
        )
    except services.ClubError as error:
        messages.error(request, error.message)
        return redirect("staff:club", slug)
    link = request.build_absolute_uri(reverse("clubs:invite", args=[token]))
    request.session[SESSION_LINK] = {
        "url": link,
        "role": invitation.get_role_display(),
        "note": invitation.note,
    }
    return redirect("staff:club", slug)


@require_POST
@staff_required
def club_invitation_withdraw(request, slug, invitation_pk):
    club = _club(slug)
    invitation = get_object_or_404(Invitation, pk=invitation_pk, club=club)
    try:
        services.withdraw_invitation(invitation, actor=request.user)
    except services.ClubError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The invitation was withdrawn; its link no longer works."))
    return redirect("staff:club", slug)


@require_POST
@staff_required
def club_role(request, slug):
    club = _club(slug)
    form = RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The request was incomplete; nothing was changed."))
        return redirect("staff:club", slug)
    # only people of this club's staff: an organiser brings new people in by invitation
    user = get_object_or_404(
        get_user_model().objects.filter(club_roles__club=club).distinct(),
        pk=form.cleaned_data["user"],
    )
    role, do = form.cleaned_data["role"], form.cleaned_data["do"]
    try:
        if do == "grant":
            services.grant_role(club, user, role, actor=request.user)
            messages.success(
                request,
                _("%(user)s is now also %(role)s.") % {"user": user, "role": Role(role).label},
            )
        else:
            services.take_role(club, user, role, actor=request.user)
            messages.success(
                request,
                _("%(user)s is no longer %(role)s.") % {"user": user, "role": Role(role).label},
            )
    except services.ClubError as error:
        messages.error(request, error.message)
    return redirect("staff:club", slug)


@require_POST
@staff_required
def club_logo(request, slug):
    club = _club(slug)
    form = LogoForm(request.POST, request.FILES)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect("staff:club", slug)
    services.set_logo(
        club, None if form.cleaned_data["remove"] else form.cleaned_data["logo"], actor=request.user
    )
    messages.success(request, _("The logo was saved; the next printouts carry it."))
    return redirect("staff:club", slug)


# --------------------------------------------------------------------------- the invitee


@require_http_methods(["GET", "POST"])
def invitation(request, token):
    """The page behind an invitation link: join with the signed-in account, or make one."""
    invitation = services.invitation_for(token)
    if invitation is None:
        return render(
            request,
            "clubs/invitation.html",
            {"error": _("This invitation link is not valid.")},
            status=404,
        )
    state = invitation.state
    if state != "open":
        return render(
            request,
            "clubs/invitation.html",
            {"invitation": invitation, "error": services.INVITATION_STATE_MESSAGES[state]()},
            status=410,
        )
    form = InviteeAccountForm(posted(request) if request.POST.get("do") == "register" else None)
    if request.method == "POST":
        try:
            if request.POST.get("do") == "accept" and request.user.is_authenticated:
                services.accept_invitation(token, request.user)
                user = request.user
            elif request.POST.get("do") == "register" and not request.user.is_authenticated:
                if not form.is_valid():
                    raise _FormInvalid
                user = services.register_and_accept(
                    token,
                    username=form.cleaned_data["username"],
                    password=form.cleaned_data["password1"],
                )
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            else:
                messages.error(request, _("The request was incomplete; nothing was changed."))
                return redirect("clubs:invite", token)
        except _FormInvalid:
            pass
        except services.ClubError as error:
            messages.error(request, error.message)
            return redirect("clubs:invite", token)
        else:
            messages.success(
                request,
                _("Welcome: you are %(role)s of %(club)s.")
                % {"role": invitation.get_role_display(), "club": invitation.club},
            )
            return redirect("staff:home")
    return render(
        request,
        "clubs/invitation.html",
        {
            "invitation": invitation,
            "form": form,
            "login_url": reverse("login") + "?next=" + request.path,
        },
        status=400 if form.is_bound and form.errors else 200,
    )


class _FormInvalid(Exception):
    pass
