"""Categories of a tournament (organisers) and an entry's categories (the desk)."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.numbers import parse_id
from tournaments import services
from tournaments.models import Category, Entry, Tournament
from tournaments.services import TournamentError

from .access import posted, safe_next, staff_required
from .forms import CategoryForm, EntryCategoriesForm


def _prize_text(category: Category) -> str:
    lines = []
    for p in category.prizes.all():
        amount = f" = {p.amount}" if p.amount is not None else ""
        lines.append(f"{p.description}{amount}".strip())
    return "\n".join(lines)


@staff_required
def categories(request, pk):
    """List, add, rename and remove categories, each with its prizes."""
    tournament = get_object_or_404(Tournament, pk=pk)
    form = CategoryForm(posted(request) if request.POST.get("do") == "add" else None)
    if request.method == "POST":
        do = request.POST.get("do")
        try:
            if do == "add":
                if form.is_valid():
                    services.add_category(
                        tournament,
                        form.cleaned_data["name"],
                        form.cleaned_data["prizes"],
                        actor=request.user,
                    )
                    messages.success(request, _("The category was added."))
                    return redirect("staff:categories", pk)
            elif do in ("save", "delete"):
                category = get_object_or_404(
                    Category, pk=parse_id(request.POST.get("category")), tournament=tournament
                )
                if do == "delete":
                    services.delete_category(category, actor=request.user)
                    messages.success(request, _("The category was removed."))
                    return redirect("staff:categories", pk)
                edit = CategoryForm(request.POST)
                if edit.is_valid():
                    services.update_category(
                        category,
                        edit.cleaned_data["name"],
                        edit.cleaned_data["prizes"],
                        actor=request.user,
                    )
                    messages.success(request, _("The category was saved."))
                    return redirect("staff:categories", pk)
                for errors in edit.errors.values():
                    for error in errors:
                        messages.error(request, error)
                return redirect("staff:categories", pk)
            else:
                messages.error(request, _("Unknown request."))
                return redirect("staff:categories", pk)
        except TournamentError as error:
            form.add_error(None, error.message)
    rows = [
        {"category": c, "prizes": _prize_text(c), "members": c.entries.count()}
        for c in tournament.categories.prefetch_related("prizes")
    ]
    return render(
        request,
        "staff/categories.html",
        {"tournament": tournament, "section": "categories", "form": form, "rows": rows},
        status=400 if form.is_bound and form.errors else 200,
    )


@require_POST
@staff_required
def entry_categories(request, pk, entry_pk):
    entry = get_object_or_404(Entry.objects.select_related("tournament"), pk=entry_pk, tournament_id=pk)
    form = EntryCategoriesForm(request.POST, tournament=entry.tournament)
    back = safe_next(request, reverse("staff:entries", args=[pk]))
    if not form.is_valid():
        messages.error(request, _("This category is not one of this tournament."))
        return redirect(back)
    try:
        services.set_entry_categories(entry, form.cleaned_data["categories"], actor=request.user)
    except TournamentError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request, _("Entry %(number)s: categories saved.") % {"number": entry.number}
        )
    return redirect(back)
