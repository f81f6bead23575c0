"""Django admin: matches are read-only here (they change through the games services,
which apply the rules, keep the action log and decide the pairing)."""

from django.contrib import admin

from core.admin import ReadOnlyAdmin

from .models import Match


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = [
        "pk",
        "game_kind",
        "name0",
        "name1",
        "pairing",
        "mode",
        "status",
        "winner",
        "created_at",
    ]
    list_filter = ["game_kind", "status", "mode", "rule_profile"]
    search_fields = ["name0", "name1"]
    list_select_related = ["pairing__round__tournament", "pairing__left__player"]
    date_hierarchy = "created_at"
    exclude = ["token0", "token1"]  # the players' private links stay private
