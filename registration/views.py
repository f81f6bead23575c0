"""The registration's pages: the public form, the player's private link (change,
cancel), and the staff's pages (the terms; the desk's taking up and check-in)."""

from __future__ import annotations

import json
import time

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import permissions
from clubs.permissions import staff_required
from tournaments.models import Tournament
from tournaments.printing.qr import qr_modules

from . import services
from .forms import ChangeForm, RegistrationForm, TermsForm, started_stamp
from .models import Registration, Status


def _over_limit(request) -> bool:
    """Registrations sent per address and hour (``REGISTRATIONS_PER_HOUR``, the count in
    the shared cache, as the friendly games' limit); the club's staff have none."""
    if permissions.is_staff(request.user):
        return False
    address = request.META.get("REMOTE_ADDR") or "unknown"
    key = f"registration:{address}:{int(time.time() // 3600)}"
    cache.add(key, 0, 3700)
    try:
        count = cache.incr(key)
    except ValueError:  # expired in between
        cache.set(key, 1, 3700)
        count = 1
    return count > getattr(settings, "REGISTRATIONS_PER_HOUR", 10)


def _public_tournament(pk) -> Tournament:
    t = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    if not t.is_public:
        raise Http404
    return t


def register(request, pk):
    tournament = _public_tournament(pk)
    terms = services.terms_of(tournament)
    limit = services.limit_of(tournament)
    data = request.POST if request.method == "POST" else None
    form = RegistrationForm(data, limit=limit, initial={"count": 1, "started": started_stamp()})
    if request.method == "POST":
        if form.bot_reason():
            form = RegistrationForm(data, limit=limit)
            form.is_valid()
            form.add_error(
                None,
                _(
                    "The form was sent too quickly or incompletely. Please check it and send it again."
                ),
            )
        elif _over_limit(request):
            form.is_valid()
            form.add_error(
                None, _("Too many registrations from this address: try again in an hour.")
            )
        elif form.is_valid():
            try:
                r = services.register(
                    tournament,
                    name=form.cleaned_data["name"],
                    town=form.cleaned_data["town"],
                    count=form.cleaned_data["count"],
                    contact=form.cleaned_data["contact"],
                    consent=form.cleaned_data["consent"],
                )
            except services.RegistrationError as error:
                form.add_error(None, error.message)
            else:
                return redirect(reverse("registration:manage", args=[r.token]) + "?new=1")
        # a new start time for the next try (the person has filled it in once)
        form.data = form.data.copy()
        form.data["started"] = started_stamp()
    return render(
        request,
        "registration/register.html",
        {
            "tournament": tournament,
            "terms": terms,
            "open": services.is_open(terms),
            "form": form,
            "limit": limit,
            "free": max(0, tournament.field_size - services.taken(tournament)),
        },
    )


def _qr_svg(text: str) -> str:
    """The QR code as an SVG path (drawn in the page; no image request)."""
    rows = qr_modules(text)
    size = len(rows) + 8
    path = "".join(
        f"M{x + 4} {y + 4}h1v1h-1z"
        for y, row in enumerate(rows)
        for x, dark in enumerate(row)
        if dark
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'width="200" height="200" role="img" aria-label="QR"><rect width="100%" height="100%" '
        f'fill="#fff"/><path d="{path}" fill="#000"/></svg>'
    )


def manage(request, token):
    r = services.by_token(token)
    if r is None:
        raise Http404
    limit = services.limit_of(r.tournament)
    form = ChangeForm(
        request.POST if request.method == "POST" and "change" in request.POST else None,
        limit=limit,
        initial={"count": r.count, "contact": r.contact},
    )
    if request.method == "POST":
        try:
            if "cancel" in request.POST:
                services.cancel(r)
                messages.success(request, _("Your registration is cancelled."))
                return redirect("registration:manage", token)
            if form.is_valid():
                services.change(
                    r, count=form.cleaned_data["count"], contact=form.cleaned_data["contact"]
                )
                messages.success(request, _("Your registration is changed."))
                return redirect("registration:manage", token)
        except services.RegistrationError as error:
            form.add_error(None, error.message)
        r.refresh_from_db()
    link = request.build_absolute_uri(reverse("registration:manage", args=[token]))
    return render(
        request,
        "registration/manage.html",
        {
            "r": r,
            "tournament": r.tournament,
            "form": form,
            "link": link,
            "qr": _qr_svg(link) if r.status in (Status.REGISTERED, Status.WAITING) else "",
            "position": services.waiting_position(r),
            "new": request.GET.get("new") == "1",
            "active": r.status in (Status.REGISTERED, Status.WAITING),
            "Status": Status,
        },
    )


# --------------------------------------------------------------------------- staff


@staff_required
def terms(request, pk):
    tournament = get_object_or_404(Tournament, pk=pk)
    current = services.terms_of(tournament)
    initial = (
        {
            "open": current.open,
            "closes_at": timezone.localtime(current.closes_at),
            "release_at": current.release_at and timezone.localtime(current.release_at),
        }
        if current
        else {}
    )
    form = TermsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.save_terms(tournament, actor=request.user, **form.cleaned_data)
        except services.RegistrationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("The registration terms are saved."))
            return redirect("staff:registration", pk)
    services.release_due(tournament)
    registrations = list(
        Registration.objects.filter(tournament=tournament).order_by("created_at", "pk")
    )
    return render(
        request,
        "registration/terms.html",
        {
            "tournament": tournament,
            "section": "entries",
            "form": form,
            "terms": current,
            "registrations": registrations,
            "moved_up": [
                r for r in registrations if r.moved_up_at and r.status == Status.REGISTERED
            ],
            "link": request.build_absolute_uri(reverse("registration:register", args=[pk])),
            "reserved": services.reserved(tournament),
            "sold": services.sold(tournament),
        },
    )


@staff_required
@require_POST
def take_up(request, pk, registration_pk):
    r = get_object_or_404(Registration, pk=registration_pk, tournament_id=pk)
    paid = request.POST.get("paid") == "1"
    if paid and not permissions.can(request.user, permissions.Action.PAY, r.tournament):
        raise permissions.PermissionDenied
    try:
        entries = services.take_up(r, paid=paid, actor=request.user)
    except services.RegistrationError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("%(name)s: entries %(numbers)s sold.")
            % {"name": r.name, "numbers": ", ".join(str(e.number) for e in entries)},
        )
    return redirect("staff:entries", pk)


@staff_required
@require_POST
def scan(request, pk):
    """A scanned or typed code: JSON for the desk's script (a form post without it)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    if not permissions.can(request.user, permissions.Action.PAY, tournament):
        raise permissions.PermissionDenied  # a check-in marks the entry paid
    try:
        body = (
            json.loads(request.body or b"{}")
            if request.content_type == "application/json"
            else request.POST
        )
        text = str(body.get("code", ""))[:500]
    except (ValueError, AttributeError):
        text = ""
    result = services.check_in(tournament, text, actor=request.user)
    if request.content_type == "application/json":
        return JsonResponse(result.as_dict())
    (messages.success if result.ok else messages.error)(request, result.message)
    return redirect("staff:entries", pk)
