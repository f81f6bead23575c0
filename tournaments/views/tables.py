"""django-tables2 tables of the staff pages."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from tournaments.models import AuditLog, Player, Tournament


class PlayerTable(tables.Table):
    name = tables.LinkColumn("staff:player_edit", args=[tables.A("pk")], verbose_name=_("name"))
    entry_count = tables.Column(
        verbose_name=_("Entries (all tournaments)"),
        orderable=False,
        attrs={"td": {"class": "num"}, "th": {"class": "num"}},
    )

    class Meta:
        model = Player
        fields = ["name", "town", "contact", "entry_count"]
        attrs = {"class": "players"}
        empty_text = _("No players found.")


class TournamentTable(tables.Table):
    name = tables.LinkColumn("staff:dashboard", args=[tables.A("pk")], verbose_name=_("name"))
    date = tables.DateColumn(format="d.m.Y", verbose_name=_("date"))

    class Meta:
        model = Tournament
        fields = ["name", "date", "venue", "field_size"]
        empty_text = _("No tournaments yet.")


class AuditTable(tables.Table):
    at = tables.DateTimeColumn(format="d.m.Y H:i:s", verbose_name=_("when"))
    user = tables.Column(verbose_name=_("who"), default="–")
    before = tables.JSONColumn(verbose_name=_("before"), orderable=False)
    after = tables.JSONColumn(verbose_name=_("after"), orderable=False)

    class Meta:
        model = AuditLog
        fields = ["at", "user", "action", "target", "before", "after"]
        empty_text = _("Nothing recorded yet.")


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
