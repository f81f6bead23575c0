"""Staff pages of a tournament. Thin: every rule is in ``tournaments.services``."""

from django.contrib import messages
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from clubs import permissions
from core import tables
from core.numbers import parse_int
from core.text import search_text
from tournaments import once, services
from tournaments.models import (
    HOLDER,
    PAIRING_HOLDERS,
    Entry,
    Outcome,
    Round,
    Tournament,
)
from tournaments.services import TournamentError
from tournaments.signals import desk_sections, sections

from . import audit_log, confirmations, exports, presenters
from .access import posted as _posted
from .access import safe_next, staff_required
from .forms import (
    DrawForm,
    SellEntriesForm,
    TournamentForm,
    TranscribeForm,
)
from .tables import (
    AuditTable,
    EntryExportTable,
    TournamentTable,
    audit_action,
    standings_export_table,
)


def _fail(request, error: TournamentError) -> None:
    messages.error(request, error.message)


def _tournament(pk) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("club"), pk=pk)


def _context(tournament: Tournament, section: str, **extra) -> dict:
    return {"tournament": tournament, "section": section, **extra}


# --- tournaments -------------------------------------------------------------------------


@staff_required
def home(request):
    table = TournamentTable(
        permissions.narrow(Tournament.objects.select_related("club"), request.user)
    )
    tables.configure(request, table, per_page=25)
    return render(request, "staff/home.html", {"table": table})


@staff_required
def tournament_create(request):
    clubs = permissions.clubs_for(request.user, permissions.Action.TERMS)
    form = TournamentForm(_posted(request), clubs=clubs)
    if request.method == "POST" and form.is_valid():
        data = {name: form.cleaned_data[name] for name in TournamentForm.Meta.fields}
        data["club"] = form.club()
        is_public = data.pop("is_public")
        try:
            with transaction.atomic():
                once.claim(request.POST, "tournament", request.user)
                tournament = services.create_tournament(
                    **data, prizes=form.prizes(), actor=request.user
                )
        except (TournamentError, once.MissingToken) as error:
            form.add_error(None, error.message)
        except once.AlreadyDone:
            messages.warning(
                request,
                _("This tournament was already created (the form was sent twice)."),
            )
            return redirect("staff:home")
        else:
            if tournament.is_public != is_public:
                tournament.is_public = is_public
                tournament.save(update_fields=["is_public"])
            messages.success(request, _("The tournament was created."))
            return redirect("staff:dashboard", tournament.pk)
    return render(request, "staff/tournament_form.html", {"form": form, "tournament": None})


@staff_required
def tournament_edit(request, pk):
    tournament = _tournament(pk)
    locked = tournament.rounds.exists()
    form = TournamentForm(_posted(request), instance=tournament, field_size_locked=locked)
    if request.method == "POST" and form.is_valid():
        terms = {name: form.cleaned_data[name] for name in TournamentForm.Meta.fields}
        if locked:
            terms.pop("field_size")
        try:
            with transaction.atomic():
                services.update_tournament(tournament, actor=request.user, **terms)
                services.set_prizes(tournament, form.prizes(), actor=request.user)
        except TournamentError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("The tournament terms were saved."))
            return redirect("staff:dashboard", tournament.pk)
    return render(
        request,
        "staff/tournament_form.html",
        _context(tournament, "edit", form=form),
    )


@staff_required
def dashboard(request, pk):
    tournament = _tournament(pk)
    step = services.next_step(tournament)
    rounds = list(tournament.rounds.order_by("number"))
    offer = None
    if not rounds:
        offer = services.smaller_field_offer(tournament)
    return render(
        request,
        "staff/dashboard.html",
        _context(
            tournament,
            "dashboard",
            step=step,
            rounds=rounds,
            offer=offer,
            phase=services.tournament_phase(tournament),
        ),
    )


@require_POST
@staff_required
def shrink(request, pk):
    tournament = _tournament(pk)
    size = parse_int(request.POST.get("field_size"), min=0)
    if size is None:
        messages.error(request, _("The field size must be a number."))
        return redirect("staff:dashboard", pk)
    try:
        services.shrink_field(tournament, size, actor=request.user)
    except TournamentError as error:
        _fail(request, error)
    else:
        messages.success(request, _("The field is now %(size)s entries.") % {"size": size})
    return redirect("staff:dashboard", pk)


# --- entries -----------------------------------------------------------------------------


@staff_required
def entries(request, pk):
    tournament = _tournament(pk)
    teams = tournament.for_teams and not services.teams.partner_draw_pending(tournament)
    form = SellEntriesForm(
        _posted(request), initial={"count": 1, "paid": True}, tournament=tournament, teams=teams
    )
    if request.method == "POST" and form.is_valid():
        player = form.cleaned_data["player"]
        partner = form.cleaned_data["partner"] if teams else None
        try:
            with transaction.atomic():
                once.claim(request.POST, "sell", request.user)
                if player is None:
                    player = services.find_or_register_player(
                        " ".join(form.cleaned_data["name"].split()),
                        town=" ".join(form.cleaned_data["town"].split()),
                        club=tournament.club,
                    )
                if teams and partner is None:
                    partner = services.find_or_register_player(
                        " ".join(form.cleaned_data["partner_name"].split()),
                        town=" ".join(form.cleaned_data["partner_town"].split()),
                        club=tournament.club,
                    )
                sold = services.sell_entries(
                    tournament,
                    player,
                    form.cleaned_data["count"],
                    partner=partner,
                    paid=form.cleaned_data["paid"],
                    categories=form.cleaned_data["categories"],
                    actor=request.user,
                )
        except TournamentError as error:
            form.add_error(None, error.message)
        except once.MissingToken as error:
            form.add_error(None, error.message)
        except once.AlreadyDone:
            messages.warning(
                request,
                _("This sale was already done (the form was sent twice); nothing more was sold."),
            )
            return redirect("staff:entries", pk)
        else:
            numbers = ", ".join(str(e.number) for e in sold)
            messages.success(
                request,
                ngettext(
                    "%(player)s: entry %(numbers)s sold.",
                    "%(player)s: entries %(numbers)s sold.",
                    len(sold),
                )
                % {"player": sold[0].team if sold[0].team_id else player, "numbers": numbers},
            )
            return redirect("staff:entries", pk)
    query = search_text(request.GET.get("q"))
    sold = (
        tournament.entries.select_related(*HOLDER)
        .prefetch_related("categories")
        .order_by("-number")
    )
    if query:
        condition = (
            Q(player__name__icontains=query)
            | Q(player__town__icontains=query)
            | Q(team__second__name__icontains=query)  # a team is found by either player
        )
        if (number := parse_int(query, min=0)) is not None:
            condition |= Q(number=number)
        sold = sold.filter(condition)
    if export_format := exports.wanted(request):
        return _export_entries(tournament, sold, export_format)
    page = Paginator(sold, 100).get_page(request.GET.get("page"))
    template = "staff/_entry_table.html" if request.GET.get("partial") else "staff/entries.html"
    # the sections the apps above add (the registration app: registrations, check-in)
    desk = (
        []
        if request.GET.get("partial")
        else sections(desk_sections, request=request, tournament=tournament)
    )
    return render(
        request,
        template,
        _context(
            tournament,
            "entries",
            form=form,
            page=page,
            query=query,
            drawn=tournament.rounds.exists(),
            step=services.next_step(tournament),
            disputed=presenters.disputed_list(services.disputed_pairings(tournament)),
            teams=teams,
            categories=list(tournament.categories.all()),
            exports=exports.links(request),
            desk_sections=desk,
        ),
    )


def _export_entries(tournament, sold, export_format):
    """The entries with their payment, and the takings as the last row."""
    rows = list(sold.order_by("number"))
    fee = tournament.entry_fee
    paid = [e for e in rows if e.paid and not e.cancelled]
    table = EntryExportTable(rows, fee=fee)
    takings = ["", _("Takings"), "", len(paid), "", fee * len(paid)]
    return exports.response(
        table,
        export_format,
        f"{tournament.name} {_('entries')}",
        title=_("Entries"),
        footer=[takings],
    )


def _entry(tournament_pk, entry_pk) -> Entry:
    return get_object_or_404(
        Entry.objects.select_related("player", "tournament"),
        pk=entry_pk,
        tournament_id=tournament_pk,
    )


@require_POST
@staff_required
def entry_paid(request, pk, entry_pk):
    entry = _entry(pk, entry_pk)
    paid = request.POST.get("paid")
    if paid not in ("0", "1"):
        messages.error(request, _("The request was incomplete; nothing was changed."))
    else:
        try:
            services.set_paid(entry, paid == "1", actor=request.user)
        except TournamentError as error:
            _fail(request, error)
    return redirect(safe_next(request, reverse("staff:entries", args=[pk])))


CONFIRMED = "yes"


def _confirmed(request) -> bool:
    """A destructive action runs only from its confirmation (page or dialog)."""
    return request.method == "POST" and request.POST.get("confirm") == CONFIRMED


@staff_required
def entry_cancel(request, pk, entry_pk):
    """Cancel an entry: a confirmation page first (a dialog with JavaScript)."""
    entry = _entry(pk, entry_pk)
    back = safe_next(request, reverse("staff:entries", args=[pk]))
    if not _confirmed(request):
        return render(
            request,
            "staff/confirm.html",
            _context(
                entry.tournament,
                "entries",
                confirm=confirmations.cancel_entry_confirmation(entry),
                back=back,
            ),
        )
    try:
        services.cancel_entry(entry, actor=request.user)
    except TournamentError as error:
        _fail(request, error)
    else:
        messages.success(request, _("Entry %(number)s was cancelled.") % {"number": entry.number})
    return redirect(safe_next(request, reverse("staff:entries", args=[pk])))


# --- draw --------------------------------------------------------------------------------


def _latest_round(tournament) -> Round | None:
    return tournament.rounds.order_by("-number").first()


@staff_required
def draw(request, pk):
    tournament = _tournament(pk)
    form = DrawForm(_posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            drawn = services.draw_next_round(
                tournament, seed=form.cleaned_data["seed"], actor=request.user
            )
        except TournamentError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                _("Round %(number)s was drawn as a draft. Check it, then release it.")
                % {"number": drawn.number},
            )
            return redirect("staff:round", pk, drawn.number)
    latest = _latest_round(tournament)
    step = services.next_step(tournament)
    return render(
        request,
        "staff/draw.html",
        _context(
            tournament,
            "draw",
            form=form,
            draw_button=tournament.format_rules.draw_button(step.round or 1),
            latest=latest,
            rounds=tournament.rounds.order_by("number"),
            step=step,
            offer=None if latest else services.smaller_field_offer(tournament),
        ),
    )


@staff_required
def draw_partners(request, pk):
    """The partner draw by lot on its own, before the first draw (else the first draw
    does it): the teams can then be announced, printed and checked first."""
    tournament = _tournament(pk)
    if request.method != "POST":
        return redirect("staff:draw", pk)
    form = DrawForm(request.POST)
    seed = form.cleaned_data["seed"] if form.is_valid() else None
    if not form.is_valid():
        messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
        return redirect("staff:draw", pk)
    try:
        teams = services.draw_partners(tournament, seed=seed, actor=request.user)
    except TournamentError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            ngettext(
                "The partners are drawn: %(count)d team. Announce the teams, then draw round 1.",
                "The partners are drawn: %(count)d teams. Announce the teams, then draw round 1.",
                len(teams),
            )
            % {"count": len(teams)},
        )
    return redirect(reverse("staff:draw", args=[pk]) + "#partner-draw")


@staff_required
def transcribe(request, pk):
    tournament = _tournament(pk)
    form = TranscribeForm(_posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            drawn = services.transcribe_next_round(
                tournament, form.cleaned_data["lines"], actor=request.user
            )
        except TournamentError as error:
            lines = getattr(error, "lines", None)
            form.add_error("lines" if lines else None, lines or error.message)
        else:
            messages.success(
                request,
                _("Round %(number)s was transcribed as a draft.") % {"number": drawn.number},
            )
            return redirect("staff:round", pk, drawn.number)
    return render(
        request,
        "staff/transcribe.html",
        _context(tournament, "draw", form=form, holders=services.transcript_holders(tournament)),
    )


def _round(tournament, number) -> Round:
    return get_object_or_404(Round, tournament=tournament, number=number)


@staff_required
def round_detail(request, pk, number):
    tournament = _tournament(pk)
    drawn = _round(tournament, number)
    pairings = list(drawn.pairings.select_related(*PAIRING_HOLDERS).order_by("number"))
    return render(
        request,
        "staff/round.html",
        _context(
            tournament,
            "draw",
            round=drawn,
            pairings=[presenters.pairing_row(p) for p in pairings],
            protocols=presenters.protocols(drawn),
            is_latest=_latest_round(tournament) == drawn,
            has_results=any(p.outcome in (Outcome.PLAYED, Outcome.WALKOVER) for p in pairings),
        ),
    )


@require_POST
@staff_required
def round_release(request, pk, number):
    tournament = _tournament(pk)
    drawn = _round(tournament, number)
    try:
        services.release_round(drawn, actor=request.user)
    except TournamentError as error:
        _fail(request, error)
        return redirect("staff:round", pk, number)
    messages.success(request, _("Round %(number)s is released.") % {"number": number})
    return redirect("staff:results", pk)


@staff_required
def round_withdraw(request, pk, number):
    """Withdraw the latest round, after a confirmation page that says what happens and
    offers to draw the round again with the same seed."""
    tournament = _tournament(pk)
    drawn = _round(tournament, number)
    if not _confirmed(request):
        return render(
            request,
            "staff/confirm.html",
            _context(
                tournament,
                "draw",
                confirm=confirmations.withdraw_round_confirmation(drawn),
                back=reverse("staff:round", args=[pk, number]),
            ),
        )
    redraw = request.POST.get("then") == "redraw" and drawn.seed is not None
    seed = drawn.seed
    try:
        with transaction.atomic():  # the draw again fails: the round stays as it was
            services.withdraw_round(drawn, actor=request.user)
            again = (
                services.draw_next_round(tournament, seed=seed, actor=request.user)
                if redraw
                else None
            )
    except TournamentError as error:
        _fail(request, error)
        return redirect("staff:round", pk, number)
    if again is not None:
        messages.success(
            request,
            _(
                "Round %(number)s was withdrawn and drawn again with the same seed %(seed)s "
                "as a draft. Check it, then release it."
            )
            % {"number": number, "seed": seed},
        )
        return redirect("staff:round", pk, again.number)
    messages.success(request, _("Round %(number)s was withdrawn.") % {"number": number})
    return redirect("staff:draw", pk)


# --- standings, ceremony, audit log ---------------------------------------------------------


@staff_required
def standings(request, pk):
    tournament = _tournament(pk)
    context = presenters.standings_context(tournament)
    if export_format := exports.wanted(request):
        return exports.response(
            standings_export_table(context["standings"]),
            export_format,
            f"{tournament.name} {_('standings')}",
            title=_("Standings"),
        )
    return render(
        request,
        "staff/standings.html",
        _context(tournament, "standings", exports=exports.links(request), **context),
    )


@require_POST
@staff_required
def ceremony(request, pk):
    """Start (again) or stop the prize ceremony on the projector."""
    tournament = _tournament(pk)
    running = request.POST.get("running")
    if running not in ("0", "1"):
        messages.error(request, _("The request was incomplete; nothing was changed."))
    else:
        services.set_ceremony(tournament, running=running == "1", actor=request.user)
        messages.success(
            request,
            _("The prize ceremony runs on the projector, from the last prize on.")
            if running == "1"
            else _("The prize ceremony is stopped; the projector shows the draw again."),
        )
    return redirect(safe_next(request, reverse("staff:standings", args=[pk])))


AUDIT_PER_PAGE = 25


@staff_required
def audit(request, pk):
    """The audit log, filtered (round, pairing, player, user, kind) and paginated."""
    tournament = _tournament(pk)
    form = audit_log.AuditFilterForm(
        request.GET or None, tournament=tournament, action_labels=audit_action
    )
    log = tournament.audit_log.select_related("user")
    if form.is_bound and form.is_valid():
        log = audit_log.filter_log(log, tournament, form.cleaned_data)
    table = AuditTable(log)
    tables.configure(request, table, per_page=AUDIT_PER_PAGE)
    table.pairings = audit_log.pairing_lookup(
        tournament, [row.record for row in table.page.object_list]
    )
    return render(
        request,
        "staff/audit.html",
        _context(tournament, "audit", table=table, form=form, filtered=form.is_bound),
    )
