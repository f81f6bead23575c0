"""The confirmations of destructive staff actions (cancel an entry, withdraw a round):
what the action does, in words, and the buttons to do it (no rules here)."""

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Entry, Round
from tournaments.money import euro
from tournaments.signals import gathered, withdrawing_round


@dataclass
class Confirmation:
    """A destructive action's confirmation: what it does, and the buttons to do it."""

    title: str
    lines: list[str]
    action: str  # the URL the buttons post to
    buttons: list[dict]  # {"label", "name", "value", "primary", "id"}
    dialog: str = ""  # the same in one sentence, for the JavaScript dialog


def cancel_entry_confirmation(entry: Entry) -> Confirmation:
    t = entry.tournament
    number, player = entry.number, entry.holder_name
    lines = [
        _(
            "Entry %(number)s of %(player)s is cancelled: it no longer takes part, and "
            "its place in the field becomes a bye at the draw."
        )
        % {"number": number, "player": player}
    ]
    if entry.paid and t.entry_fee:
        lines.append(
            _("It is marked paid: give back %(amount)s; the takings go down by that.")
            % {"amount": euro(t.entry_fee)}
        )
    others = t.entries.filter(player=entry.player, cancelled_at__isnull=True).exclude(pk=entry.pk)
    count = others.count()
    if count:
        lines.append(
            ngettext(
                "%(player)s keeps %(count)d other entry.",
                "%(player)s keeps %(count)d other entries.",
                count,
            )
            % {"player": player, "count": count}
        )
    else:
        lines.append(_("%(player)s then holds no entry.") % {"player": player})
    lines.append(_("The cancellation is recorded in the audit log; it cannot be undone."))
    return Confirmation(
        title=_("Cancel entry %(number)s of %(player)s?") % {"number": number, "player": player},
        lines=lines,
        action=reverse("staff:entry_cancel", args=[t.pk, entry.pk]),
        buttons=[
            {
                "label": _("Yes, cancel entry %(number)s") % {"number": number},
                "name": "",
                "value": "",
                "primary": True,
                "id": "confirm-cancel",
            }
        ],
        dialog=" ".join(str(line) for line in lines),
    )


def withdraw_round_confirmation(drawn: Round) -> Confirmation:
    number = drawn.number
    pairings = drawn.pairings.count()
    lines = [
        ngettext(
            "Round %(number)s is withdrawn: its %(count)d pairing and its draw protocol "
            "are deleted.",
            "Round %(number)s is withdrawn: its %(count)d pairings and its draw protocol "
            "are deleted.",
            pairings,
        )
        % {"number": number, "count": pairings}
    ]
    if drawn.status == Round.Status.RELEASED:
        lines.append(
            _(
                "It is released: the public pages and the projector stop showing it, and "
                "printed draw sheets and score sheets of it are void."
            )
        )
    started = drawn.pairings.filter(started_at__isnull=False).count()
    if started:
        lines.append(
            ngettext(
                "%(count)d pairing of it has started; its players must be told.",
                "%(count)d pairings of it have started; their players must be told.",
                started,
            )
            % {"count": started}
        )
    ended = gathered(withdrawing_round, round=drawn, actor=None, dry_run=True)
    running = len(ended.get("matches", []))
    if running:
        lines.append(
            ngettext(
                "%(count)d browser match of it is being played: it is ended and kept as "
                "cancelled, and its players' pages say that the round was withdrawn. A "
                "new draw starts new matches.",
                "%(count)d browser matches of it are being played: they are ended and kept "
                "as cancelled, and their players' pages say that the round was withdrawn. "
                "A new draw starts new matches.",
                running,
            )
            % {"count": running}
        )
    buttons = [
        {
            "label": _("Withdraw round %(number)s") % {"number": number},
            "name": "then",
            "value": "",
            "primary": drawn.seed is None,
            "id": "confirm-withdraw",
        }
    ]
    if drawn.seed is not None:
        lines.append(
            _(
                "Drawing again with the same seed (%(seed)s) gives the same pairings as long "
                "as the previous round's results are unchanged; after a correction it "
                "draws the new field."
            )
            % {"seed": drawn.seed}
        )
        buttons.insert(
            0,
            {
                "label": _("Withdraw and draw again with the same seed"),
                "name": "then",
                "value": "redraw",
                "primary": True,
                "id": "confirm-redraw",
            },
        )
    lines.append(_("The withdrawal is recorded in the audit log."))
    return Confirmation(
        title=_("Withdraw round %(number)s?") % {"number": number},
        lines=lines,
        action=reverse("staff:round_withdraw", args=[drawn.tournament_id, number]),
        buttons=buttons,
    )
