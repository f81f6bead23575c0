"""Where a tournament stands: the next step for the staff, with the desk's counters,
and its phase."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..formats import format_of
from ..models import (
    Outcome,
    Pairing,
    Round,
)
from .common import (
    _latest_round,
    _round_complete,
    active_entries,
    field_entries,
)
from .entries import smaller_field_offer
from .teams import folded_entries


@dataclass
class NextStep:
    """What the staff should do next, with the counters of the tournament desk."""

    code: str  # "sell", "shrink", "draw", "release", "results", "confirm", "finished"
    message: str
    round: int | None = None
    # the staff page of the step (URL name, its arguments, a query string): the hint links
    # to it where the user may open it (``clubs.permissions.staff_url``), else names who may
    view: str = ""
    view_args: tuple = ()
    query: str = ""
    players: int = 0
    entries_sold: int = 0
    entries_paid: int = 0
    fees_taken: Decimal = Decimal("0")
    byes: int = 0
    open_pairings: int = 0
    unconfirmed: int = 0
    field_offer: int | None = None


#: code -> the staff page of the step and its query string ("shrink": the form that
#: makes the field smaller is on the overview itself)
STEP_PAGES = {
    "sell": ("staff:entries", ""),
    "draw": ("staff:draw", ""),
    "release": ("staff:round", ""),
    "results": ("staff:results", "?status=open"),
    "confirm": ("staff:results", "?status=unconfirmed"),
    "finished": ("staff:standings", ""),
}


def _with_page(step: NextStep, tournament) -> NextStep:
    page = STEP_PAGES.get(step.code)
    if page is not None:
        step.view, step.query = page
        step.view_args = (
            (tournament.pk, step.round) if step.code == "release" else (tournament.pk,)
        )
    return step


def next_step(tournament) -> NextStep:
    """The next thing to do, as a translated message and a code, with counters and the
    staff page where it is done."""
    return _with_page(_next_step(tournament), tournament)


def _next_step(tournament) -> NextStep:
    t = tournament

    entries = list(active_entries(t).values_list("player_id", "team__second_id", "paid"))
    sold = len(entries)
    paid = sum(1 for _p, _s, is_paid in entries if is_paid)
    # registrations the partner draw folded into a team's entry were paid for too
    folded_paid = folded_entries(t).filter(paid=True).count() if t.draw_partners else 0
    people = {p for p, _s, _paid in entries} | {s for _p, s, _paid in entries if s}
    step = NextStep(
        code="",
        message="",
        players=len(people),
        entries_sold=sold,
        entries_paid=paid,
        fees_taken=(t.entry_fee or Decimal("0")) * (paid + folded_paid),
    )
    sold = field_entries(t)  # the field's entries (teams to come where partners are drawn)
    rounds = list(t.rounds.order_by("number"))
    form = format_of(t)
    if rounds:
        # the Freilose of the draw (round 1); in the Danish system the current round's bye
        counted = rounds[0] if form.fills_field else rounds[-1]
        step.byes = Pairing.objects.filter(round=counted, outcome=Outcome.BYE).count()
    else:
        step.byes = max(t.field_size - sold, 0) if form.fills_field else sold % 2
    if not rounds:
        enough = sold * 2 >= t.field_size if form.fills_field else sold >= 2
        if enough:
            step.code, step.round = "draw", 1
            step.message = form.draw_message(1)
        else:
            step.field_offer = smaller_field_offer(t)
            if not form.fills_field:
                step.code = "sell"
                step.message = _("Sell entries: at least 2 players are needed")
            elif step.field_offer:
                step.code = "shrink"
                step.message = _(
                    "Only %(sold)d of %(size)d entries sold: sell more or make the field "
                    "%(offer)d entries"
                ) % {"sold": sold, "size": t.field_size, "offer": step.field_offer}
            else:
                step.code = "sell"
                step.message = _("Sell entries (%(sold)d of %(size)d sold)") % {
                    "sold": sold,
                    "size": t.field_size,
                }
        return step
    last = rounds[-1]
    step.round = last.number
    pairings = list(last.pairings.all())
    step.open_pairings = sum(1 for p in pairings if p.outcome == Outcome.OPEN)
    step.unconfirmed = (
        sum(
            1
            for p in pairings
            if p.outcome in (Outcome.PLAYED, Outcome.WALKOVER) and p.confirmed_at is None
        )
        if t.confirm_results
        else 0
    )
    if last.status == Round.Status.DRAFT:
        step.code = "release"
        step.message = _("Release round %(n)d") % {"n": last.number}
    elif step.open_pairings:
        step.code = "results"
        step.message = ngettext(
            "%(count)d open pairing", "%(count)d open pairings", step.open_pairings
        ) % {"count": step.open_pairings}
    elif step.unconfirmed:
        step.code = "confirm"
        step.message = ngettext(
            "%(count)d result to confirm", "%(count)d results to confirm", step.unconfirmed
        ) % {"count": step.unconfirmed}
    elif form.is_last_round(t, last):
        step.code = "finished"
        step.message = _("The tournament is finished")
    else:
        step.code, step.round = "draw", last.number + 1
        step.message = form.draw_message(last.number + 1)
    return step


def tournament_phase(tournament) -> str:
    """ "registration" before the first draw, "finished" once the last round (the final;
    the Danish system's last round) is decided, else "running"."""
    last = _latest_round(tournament)
    if last is None:
        return "registration"
    if format_of(tournament).is_last_round(tournament, last) and (
        last.status == Round.Status.RELEASED
    ):
        pairings = list(last.pairings.all())
        if _round_complete(last, pairings, tournament.confirm_results):
            return "finished"
    return "running"
