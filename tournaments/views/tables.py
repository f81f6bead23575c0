"""django-tables2 tables of the staff pages."""

import re

import django_tables2 as tables
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from clubs.permissions import role_text
from tournaments.models import AuditLog, Player, Tournament
from tournaments.money import euro

from .audit import change_lines

# The audit log stores short codes (stable, for exports); the page shows them in words.
AUDIT_ACTIONS = {
    "create_tournament": _("tournament created"),
    "update_tournament": _("tournament terms changed"),
    "delete_tournament": _("tournament deleted"),
    "import_tournament": _("tournament imported"),
    "set_prizes": _("prizes set"),
    "sell_entries": _("entries sold"),
    "set_paid": _("payment changed"),
    "cancel_entry": _("entry cancelled"),
    "record_playoff": _("play-off recorded"),
    "shrink_field": _("field made smaller"),
    "draw_round": _("round drawn"),
    "transcribe_round": _("round transcribed"),
    "release_round": _("round released"),
    "withdraw_round": _("round withdrawn"),
    "start_pairing": _("pairing started"),
    "stop_pairing": _("pairing stopped"),
    "assign_table": _("table assigned"),
    "record_result": _("result entered"),
    "correct_result": _("result corrected"),
    "confirm_result": _("result confirmed"),
    "report_result": _("result reported by a player"),
    "confirm_report": _("reported result confirmed"),
    "dispute_report": _("reported result contradicted"),
    "revoke": _("revoke (Renonce) recorded"),
    "table_seat": _("a table's seat handed to the computer or back"),
    "add_category": _("category added"),
    "update_category": _("category changed"),
    "delete_category": _("category removed"),
    "set_categories": _("categories of an entry set"),
    "merge_players": _("players merged"),
    "create_club": _("club created"),
    "grant_role": _("role given"),
    "take_role": _("role taken"),
    "set_logo": _("logo changed"),
    "invite": _("invitation made"),
    "accept_invitation": _("invitation accepted"),
    "withdraw_invitation": _("invitation withdrawn"),
    "create_series": _("series created"),
    "update_series": _("series changed"),
    "add_to_series": _("tournament added to the series"),
    "remove_from_series": _("tournament taken out of the series"),
    "request_series": _("another club's series asked to count the tournament"),
    "accept_series": _("another club's series may count the tournament"),
    "refuse_series": _("another club's series may not count the tournament"),
    "withdraw_from_series": _("tournament withdrawn from another club's series"),
    "open_to_series": _("tournament may be counted in other clubs' series"),
    "close_to_series": _("other clubs' series must ask before counting the tournament"),
    "login_locked": _("login blocked after failed logins"),
    "set_absent": _("player marked absent"),
    "set_present": _("player back (no longer absent)"),
    "create_api_token": _("API token made"),
    "revoke_api_token": _("API token revoked"),
    "start_ceremony": _("prize ceremony started"),
    "stop_ceremony": _("prize ceremony stopped"),
}
PAIRING_TARGET = re.compile(r"^round (\d+) (\w+) #(\d+)$")
ROUND_TARGET = re.compile(r"^round (\d+)$")
ENTRY_TARGET = re.compile(r"^entry (\d+)$")


def audit_action(code: str) -> str:
    return str(AUDIT_ACTIONS.get(code, code))


def audit_target(target: str) -> str:
    """The stored target ("round 2 main #8", "entry 5") in the page's language."""
    if m := PAIRING_TARGET.match(target):
        # the match's name ("Spiel um Platz 3") comes from the pairing (see AuditTable)
        return _("round %(round)s, pairing %(number)s") % {
            "round": m.group(1),
            "number": m.group(3),
        }
    if m := ROUND_TARGET.match(target):
        return _("round %(round)s") % {"round": m.group(1)}
    if m := ENTRY_TARGET.match(target):
        return _("entry %(number)s") % {"number": m.group(1)}
    return target


class PlayerTable(tables.Table):
    """The register: name and town (shared), the contact data of the viewer's clubs
    (``player.own_contacts``, ``views.players.own_contacts``) and his entries there."""

    name = tables.LinkColumn("staff:player_edit", args=[tables.A("pk")], verbose_name=_("name"))
    contact = tables.Column(
        verbose_name=_("contact"), accessor="pk", orderable=False, empty_values=()
    )
    entry_count = tables.Column(
        verbose_name=_("Entries (your club's tournaments)"),
        orderable=False,
        attrs={"td": {"class": "num"}, "th": {"class": "num"}},
    )

    class Meta:
        model = Player
        fields = ["name", "town", "contact", "entry_count"]
        attrs = {"class": "players"}
        empty_text = _("No players found.")

    def render_contact(self, record):
        return " · ".join(c.contact for c in getattr(record, "own_contacts", []))

    value_contact = render_contact


class TournamentTable(tables.Table):
    name = tables.LinkColumn("staff:dashboard", args=[tables.A("pk")], verbose_name=_("name"))
    date = tables.DateColumn(format="d.m.Y", verbose_name=_("date"))

    club = tables.Column(verbose_name=_("club"), accessor="club__name")

    class Meta:
        model = Tournament
        fields = ["name", "date", "club", "venue", "field_size"]
        empty_text = _("No tournaments yet.")


class AuditTable(tables.Table):
    """The audit log in words; ``pairings`` names the matches (``audit_log.pairing_lookup``)."""

    at = tables.DateTimeColumn(format="d.m.Y H:i:s", verbose_name=_("when"))
    user = tables.Column(verbose_name=_("who"), default="–")
    role = tables.Column(verbose_name=_("as"), default="–")
    change = tables.Column(
        verbose_name=_("change"), empty_values=(), orderable=False, accessor="pk"
    )

    class Meta:
        model = AuditLog
        fields = ["at", "user", "role", "action", "target", "change"]
        empty_text = _("Nothing recorded yet.")

    def __init__(self, *args, pairings=None, **kwargs):
        self.pairings = pairings if pairings is not None else {}
        super().__init__(*args, **kwargs)

    def render_change(self, record):
        sides = self.pairings.get(record.target, {}).get("sides")
        lines = change_lines(record.action, record.before, record.after, sides=sides)
        if not lines:
            return "–"
        return format_html_join(mark_safe("<br>"), "{}", ((line,) for line in lines))

    def render_action(self, value):
        return audit_action(value)

    def render_role(self, value):
        return role_text(value) or "–"

    def render_target(self, value):
        text = audit_target(value)
        match = self.pairings.get(value)
        if not match:
            return text
        if match["name"]:
            text = f"{text} · {match['name']}"
        if match["players"]:
            return format_html("{}<br><small>{}</small>", text, match["players"])
        return text


class PairingTable(tables.Table):
    """A round's pairings; rows are ``presenters.PairingRow``."""

    number = tables.Column(
        verbose_name=_("No."), attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    left = tables.TemplateColumn(
        template_name="staff/cells/left.html", verbose_name=_("left"), order_by=("left_player",)
    )
    right = tables.TemplateColumn(
        template_name="staff/cells/right.html", verbose_name=_("right"), order_by=("right_player",)
    )
    state = tables.TemplateColumn(
        template_name="staff/cells/state.html", verbose_name=_("status"), order_by=("status",)
    )
    result = tables.TemplateColumn(
        template_name="staff/cells/result.html", verbose_name=_("result"), orderable=False
    )

    class Meta:
        attrs = {"class": "pairings", "id": "pairings"}
        row_attrs = {
            "id": lambda record: f"pairing-{record.pk}",
            "data-status": lambda record: record.status,
        }
        empty_text = _("No pairings match.")


def _yes_no(value) -> str:
    return str(_("yes") if value else _("no"))


class EntryExportTable(tables.Table):
    """A tournament's entries for the books: who paid, and what was taken."""

    number = tables.Column(verbose_name=_("No."))
    player = tables.Column(accessor="holder__name", verbose_name=_("Player"))
    town = tables.Column(accessor="holder__town", verbose_name=_("town or club"), default="")
    paid = tables.Column(verbose_name=_("paid"))
    state = tables.Column(verbose_name=_("status"), empty_values=(), accessor="pk")
    amount = tables.Column(verbose_name=_("amount paid"), empty_values=(), accessor="pk")

    def __init__(self, data, *, fee, **kwargs):
        self.fee = fee
        super().__init__(data, **kwargs)

    def value_paid(self, record):
        return _yes_no(record.paid and not record.cancelled)

    def value_state(self, record):
        return str(_("cancelled") if record.cancelled else _("valid"))

    def value_amount(self, record):
        return self.fee if record.paid and not record.cancelled else 0

    class Meta:
        orderable = False


class StandingsExportTable(tables.Table):
    """The standings by player (``standings.PlayerStanding`` rows), best first."""

    best_place = tables.Column(verbose_name=_("Place"), default="")
    player = tables.Column(accessor="player__name", verbose_name=_("Player"))
    town = tables.Column(accessor="player__town", verbose_name=_("town or club"), default="")
    entries_bought = tables.Column(verbose_name=_("Entries bought"))
    entries_alive = tables.Column(verbose_name=_("Entries in play"))
    prizes = tables.Column(verbose_name=_("Prizes"), empty_values=(), accessor="pk")

    def value_prizes(self, record):
        texts = []
        for prize in record.prizes:
            what = [prize.description] if prize.description else []
            if prize.amount is not None:
                what.append(euro(prize.amount))
            name = str(_("Prize %(place)s") % {"place": prize.place})
            texts.append(f"{name}: {', '.join(what)}" if what else name)
        return "; ".join(texts)

    class Meta:
        orderable = False


class DanishStandingsExportTable(tables.Table):
    """The Danish standings (``standings.EntryStanding`` rows with their Danish line)."""

    place = tables.Column(verbose_name=_("Place"), default="")
    player = tables.Column(accessor="player__name", verbose_name=_("Player"))
    town = tables.Column(accessor="player__town", verbose_name=_("town or club"), default="")
    number = tables.Column(verbose_name=_("entry number"))
    match_points = tables.Column(accessor="danish__match_points", verbose_name=_("Match points"))
    won = tables.Column(accessor="danish__won", verbose_name=_("won"))
    lost = tables.Column(accessor="danish__lost", verbose_name=_("lost"))
    byes = tables.Column(accessor="danish__byes", verbose_name=_("Byes"))
    bummerl_won = tables.Column(accessor="danish__bummerl_won", verbose_name=_("Bummerl won"))
    bummerl_lost = tables.Column(accessor="danish__bummerl_lost", verbose_name=_("Bummerl lost"))
    bummerl_difference = tables.Column(
        accessor="danish__bummerl_difference", verbose_name=_("Bummerl difference")
    )
    game_points = tables.Column(accessor="danish__game_points", verbose_name=_("Game points"))
    buchholz = tables.Column(accessor="danish__buchholz", verbose_name=_("Buchholz"))

    class Meta:
        orderable = False


def standings_export_table(standings) -> tables.Table:
    """The export of the standings page: by player, or the Danish table."""
    if standings.is_danish:
        return DanishStandingsExportTable(standings.entries)
    return StandingsExportTable(standings.players)
