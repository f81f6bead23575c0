"""The shared player register as a club's staff see it: search as you type, add, edit
(the shared part only where no other club is touched; the club's own contact data), CSV
import. The rules are ``services.register``."""

from django.contrib import messages
from django.db import transaction
from django.db.models import Count, Prefetch, Q
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET

from clubs import permissions
from clubs.models import Club
from core import tables
from core.text import search_text
from tournaments import once, services
from tournaments.models import Player, PlayerContact
from tournaments.services import TournamentError
from tournaments.services.register import club_names, others_concerned

from .. import player_csv
from . import exports
from .access import posted as _posted
from .access import staff_required
from .forms import PlayerForm, PlayerImportConfirmForm, PlayerImportForm
from .tables import PlayerTable

SEARCH_LIMIT = 20


def search_players(query: str):
    players = Player.objects.current()
    for word in query.split()[:5]:
        players = players.filter(Q(name__icontains=word) | Q(town__icontains=word))
    return players


def acting(user, action=permissions.Action.PLAYERS) -> set[int] | None:
    """The ids of the clubs ``user`` acts for in the register (None: a site administrator,
    who acts for every club)."""
    if permissions.is_site_admin(user):
        return None
    return set(permissions.clubs_for(user, action).values_list("pk", flat=True))


def own_contacts(allowed: set[int] | None) -> Prefetch:
    """The contact data of the clubs ``allowed`` (None: every club's), as
    ``player.own_contacts``: no other club's contact data reaches a page or a file."""
    contacts = PlayerContact.objects.select_related("club").order_by("club__name", "pk")
    if allowed is not None:
        contacts = contacts.filter(club_id__in=allowed)
    return Prefetch("contacts", queryset=contacts, to_attr="own_contacts")


@staff_required
def player_list(request):
    query = search_text(request.GET.get("q"))
    allowed = acting(request.user)
    # entries in the user's clubs' tournaments only: another club's (non-public) evenings
    # are not counted here; explicit order: Meta.ordering does not apply with GROUP BY
    counted = Q() if allowed is None else Q(entries__tournament__club_id__in=allowed)
    players = (
        search_players(query)
        .annotate(entry_count=Count("entries", filter=counted))
        .prefetch_related(own_contacts(allowed))
        .order_by("name", "town", "pk")
    )
    table = PlayerTable(players)
    if export_format := exports.wanted(request):
        return exports.response(table, export_format, _("players"), title=_("Players"))
    tables.configure(request, table, per_page=50)
    template = "staff/_player_table.html" if request.GET.get("partial") else "staff/players.html"
    return render(
        request, template, {"table": table, "query": query, "exports": exports.links(request)}
    )


@require_GET
@staff_required
def player_search(request):
    """JSON suggestions for the search boxes (players page, entry desk): the shared part of
    the register only (name and town)."""
    query = search_text(request.GET.get("q"))
    if not query:
        return JsonResponse({"players": []})
    players = search_players(query)[:SEARCH_LIMIT]
    return JsonResponse(
        {
            "players": [
                {"id": p.pk, "name": p.name, "town": p.town, "label": str(p)} for p in players
            ]
        }
    )


def _contact_club(user, player, clubs):
    """The club whose contact data the form shows first: one of ``clubs`` with a stake in
    ``player``, else the first of them (None: no club at all)."""
    stake = services.stake_clubs(player) if player else set()
    listed = list(clubs)
    return next((c for c in listed if c.pk in stake), listed[0] if listed else None)


@staff_required
def player_edit(request, pk=None):
    player = get_object_or_404(Player.objects.current(), pk=pk) if pk is not None else None
    allowed = acting(request.user)
    clubs = permissions.clubs_for(request.user, permissions.Action.PLAYERS).order_by("name")
    first_club = _contact_club(request.user, player, clubs)
    concerned = services.stake_clubs(player) if player else set()
    others = club_names(others_concerned(concerned, allowed), [player]) if player else ""
    initial = {"club": first_club, "name_public": True}
    if player is not None:
        initial.update(
            name=player.name,
            town=player.town,
            name_public=player.name_public,
            contact=PlayerContact.objects.filter(player=player, club=first_club)
            .values_list("contact", flat=True)
            .first()
            or "",
        )
    form = PlayerForm(_posted(request), initial=initial, clubs=clubs, shared_locked=bool(others))
    context = {
        "form": form,
        "player": player,
        "others": others,
        # the clubs with a stake the user may know of (his own, and by public tournaments)
        "stake": club_names(list(Club.objects.filter(pk__in=concerned).order_by("name")), [player])
        if player
        else "",
        "contacts": list(
            PlayerContact.objects.filter(player=player, club__in=clubs).select_related("club")
        )
        if player
        else [],
        "privacy": player is not None
        and permissions.can_anywhere(request.user, permissions.Action.PRIVACY),
    }
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        club = data.get("club") or first_club
        try:
            with transaction.atomic():
                if player is None:  # adding twice would register the player twice
                    once.claim(request.POST, "player", request.user)
                    saved = services.register_player(
                        data["name"],
                        town=data["town"],
                        contact=data["contact"],
                        club=club,
                        actor=request.user,
                    )
                    if not data["name_public"]:
                        services.update_player(
                            saved,
                            name=saved.name,
                            town=saved.town,
                            name_public=False,
                            actor=request.user,
                            allowed=allowed,
                        )
                else:
                    if not others:
                        services.update_player(
                            player,
                            name=data["name"],
                            town=data["town"],
                            name_public=data["name_public"],
                            actor=request.user,
                            allowed=allowed,
                        )
                    services.set_contact(player, club, data["contact"], actor=request.user)
                    saved = Player.objects.get(pk=player.pk)
        except once.MissingToken as error:
            form.add_error(None, error.message)
            return render(request, "staff/player_form.html", context)
        except once.AlreadyDone:
            messages.warning(request, _("This player was already added (the form was sent twice)."))
            return redirect("staff:players")
        except TournamentError as error:
            form.add_error(None, error.message)
            return render(request, "staff/player_form.html", context, status=400)
        if player is None:
            messages.success(request, _("%(player)s was added.") % {"player": saved})
        else:
            messages.success(request, _("%(player)s was saved.") % {"player": saved})
        return redirect("staff:players")
    return render(request, "staff/player_form.html", context)


def problem_message(problem: player_csv.Problem) -> str:
    texts = {
        "empty": _("The file is empty."),
        "no_header": _("The first row must name the columns."),
        "unknown_column": _("Unknown column “%(detail)s” (use Name, Ort/Verein, Kontakt)."),
        "duplicate_column": _("The column “%(detail)s” appears twice."),
        "no_name_column": _("No name column: the first row must contain “Name”."),
        "too_many_rows": _("More than %(detail)s rows; split the file."),
        "too_many_cells": _("More cells (%(detail)s) than the header has columns."),
        "no_name": _("The name is missing."),
        "too_long": _("A value is longer than 200 characters (%(detail)s)."),
        "duplicate_row": _("The same player as in line %(detail)s."),
        "malformed": _("The line cannot be read as CSV (%(detail)s)."),
        "no_rows": _("The file has no player rows."),
        "encoding": _("The file is neither UTF-8 nor Windows-1252 text."),
    }
    text = texts.get(problem.code, problem.code) % {"detail": problem.detail}
    if problem.line:
        return _("Line %(line)s: %(reason)s") % {"line": problem.line, "reason": text}
    return text


def _preview(content: str):
    parsed = player_csv.parse_players(content)
    existing = set()
    if parsed.rows:
        names = {row.name for row in parsed.rows}
        existing = {
            (p.name.casefold(), p.town.casefold())
            for p in Player.objects.current().filter(name__in=names).only("name", "town")
        }
    rows = [
        {"row": row, "known": (row.name.casefold(), row.town.casefold()) in existing}
        for row in parsed.rows
    ]
    return parsed, rows


@staff_required
def player_import(request):
    context = {"form": PlayerImportForm()}
    if request.method == "POST" and "content" in request.POST:
        confirm = PlayerImportConfirmForm(request.POST)
        if not confirm.is_valid():
            messages.error(
                request, _("The import form was incomplete; please upload the file again.")
            )
            return redirect("staff:player_import")
        parsed, rows = _preview(confirm.cleaned_data["content"])
        if not parsed.clean:
            messages.error(request, _("The file has errors; nothing was imported."))
            context.update(problems=[problem_message(p) for p in parsed.problems], rows=rows)
            return render(request, "staff/player_import.html", context, status=400)
        created = 0
        clubs = permissions.clubs_for(request.user, permissions.Action.PLAYERS).order_by("name")
        club = clubs.first()  # the contact data are the importing club's
        try:
            with transaction.atomic():
                once.claim(request.POST, "player_import", request.user)
                for item in rows:
                    if item["known"]:
                        continue
                    row = item["row"]
                    services.register_player(
                        row.name, town=row.town, contact=row.contact, club=club, actor=request.user
                    )
                    created += 1
        except once.MissingToken as error:
            messages.error(request, error.message)
            return redirect("staff:player_import")
        except once.AlreadyDone:
            messages.warning(
                request, _("These players were already imported (the form was sent twice).")
            )
            return redirect("staff:players")
        skipped = len(rows) - created
        messages.success(
            request,
            ngettext("%(count)s player imported.", "%(count)s players imported.", created)
            % {"count": created}
            + (
                " "
                + ngettext(
                    "%(count)s was already in the register.",
                    "%(count)s were already in the register.",
                    skipped,
                )
                % {"count": skipped}
                if skipped
                else ""
            ),
        )
        return redirect("staff:players")
    if request.method == "POST":
        form = PlayerImportForm(request.POST, request.FILES)
        context["form"] = form
        if form.is_valid():
            content = player_csv.decode(form.cleaned_data["file"].read())
            if content is None:
                context["problems"] = [problem_message(player_csv.Problem(0, "encoding"))]
            else:
                parsed, rows = _preview(content)
                context.update(
                    rows=rows,
                    problems=[problem_message(p) for p in parsed.problems],
                    clean=parsed.clean,
                    confirm=PlayerImportConfirmForm(initial={"content": content}),
                    new_count=sum(1 for r in rows if not r["known"]),
                )
    status = 400 if context.get("problems") else 200
    return render(request, "staff/player_import.html", context, status=status)
