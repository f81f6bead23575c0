"""Categories of a tournament (Wertungen: Damen, Senioren, …) and who belongs to them.

A category has a name and up to eight prizes; the desk sets per entry which categories
it belongs to. Places and prizes within a category are computed by
``prizes.category_results``."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from ..models import Category, CategoryPrize, Entry
from .common import TournamentError, _audit, _lock
from .terms import _prize_rows

MAX_CATEGORIES = 12


def _clean_name(name) -> str:
    name = " ".join(str(name or "").split())
    if not name:
        raise TournamentError(_("Please name the category."), "name")
    if len(name) > 60:
        raise TournamentError(_("A category's name is at most 60 characters."), "name")
    return name


def _prize_state(category: Category) -> list:
    return [[p.place, p.description, str(p.amount)] for p in category.prizes.all()]


def _set_prizes(category: Category, prizes) -> None:
    category.prizes.all().delete()
    CategoryPrize.objects.bulk_create(
        CategoryPrize(category=category, place=place, description=d, amount=a)
        for place, d, a in _prize_rows(prizes)
    )


def add_category(
    tournament, name, prizes: Sequence[tuple[str, Decimal | None]] = (), *, actor=None
) -> Category:
    """A new category with its prizes (1st place first: ``(text, amount)``)."""
    name = _clean_name(name)
    with transaction.atomic():
        t = _lock(tournament)
        if t.categories.count() >= MAX_CATEGORIES:
            raise TournamentError(
                _("A tournament has at most %(n)d categories.") % {"n": MAX_CATEGORIES}
            )
        if t.categories.filter(name__iexact=name).exists():
            raise TournamentError(
                _("There is a category “%(name)s” already.") % {"name": name}, "name"
            )
        position = (t.categories.order_by("-position").values_list("position", flat=True).first() or 0) + 1
        try:
            with transaction.atomic():
                category = Category.objects.create(tournament=t, name=name, position=position)
        except IntegrityError:
            raise TournamentError(
                _("There is a category “%(name)s” already.") % {"name": name}, "name"
            ) from None
        _set_prizes(category, prizes)
        _audit(t, actor, "add_category", name, None, {"name": name, "prizes": _prize_state(category)})
    return category


def update_category(
    category: Category, name, prizes: Sequence[tuple[str, Decimal | None]], *, actor=None
) -> Category:
    name = _clean_name(name)
    with transaction.atomic():
        t = _lock(category.tournament_id)
        c = Category.objects.select_for_update().get(pk=category.pk, tournament=t)
        if t.categories.filter(name__iexact=name).exclude(pk=c.pk).exists():
            raise TournamentError(
                _("There is a category “%(name)s” already.") % {"name": name}, "name"
            )
        before = {"name": c.name, "prizes": _prize_state(c)}
        c.name = name
        c.save(update_fields=["name"])
        _set_prizes(c, prizes)
        _audit(t, actor, "update_category", name, before, {"name": name, "prizes": _prize_state(c)})
    return c


def delete_category(category: Category, *, actor=None) -> None:
    """Remove a category (its entries simply no longer belong to it)."""
    with transaction.atomic():
        t = _lock(category.tournament_id)
        c = Category.objects.get(pk=category.pk, tournament=t)
        members = sorted(c.entries.values_list("number", flat=True))
        before = {"name": c.name, "entries": members}
        c.delete()
        _audit(t, actor, "delete_category", before["name"], before, None)


def set_entry_categories(entry: Entry, categories, *, actor=None) -> Entry:
    """The categories ``entry`` belongs to (all of its tournament)."""
    with transaction.atomic():
        t = _lock(entry.tournament_id)
        e = Entry.objects.select_for_update().get(pk=entry.pk)
        wanted = list(categories)
        if any(c.tournament_id != t.pk for c in wanted):
            raise TournamentError(_("This category is not one of this tournament."), "category")
        before = sorted(c.name for c in e.categories.all())
        e.categories.set(wanted)
        after = sorted(c.name for c in wanted)
        if before != after:
            _audit(
                t, actor, "set_categories", f"entry {e.number}",
                {"categories": before}, {"categories": after},
            )
    return e
