"""Django admin: the register and tournament terms are editable; entries, rounds,
results and the audit log are read-only here (they change through the services,
which check the rules and write the audit log)."""

from django.contrib import admin

from core.admin import ReadOnlyAdmin

from .models import (
    AuditLog,
    Category,
    CategoryPrize,
    Entry,
    Pairing,
    Player,
    PlayerContact,
    Prize,
    Round,
    Tournament,
)


class PrizeInline(admin.TabularInline):
    model = Prize
    extra = 0
    max_num = 8


class CategoryInline(admin.TabularInline):
    model = Category
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = [
        "name",
        "date",
        "club",
        "venue",
        "field_size",
        "max_entries_per_player",
        "is_public",
    ]
    list_filter = ["club", "is_public", "rule_profile"]
    search_fields = ["name", "venue", "club__name"]
    list_select_related = ["club"]
    date_hierarchy = "date"
    inlines = [PrizeInline, CategoryInline]
    readonly_fields = ["seed", "created_at", "updated_at"]

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None and obj.rounds.exists():
            fields += ["field_size", "max_entries_per_player", "match_bummerl"]
        return fields

    def has_delete_permission(self, request, obj=None):
        # entries are protected by their pairings; use services.delete_tournament
        return obj is None or not obj.rounds.exists()


class PlayerContactInline(admin.TabularInline):
    """Each club's contact data of the player (the site administrator sees every club's)."""

    model = PlayerContact
    extra = 0
    fields = ["club", "contact", "updated_at"]
    readonly_fields = ["updated_at"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    inlines = [PlayerContactInline]
    list_display = [
        "name",
        "town",
        "name_public",
        "recorded_by",
        "created_at",
        "merged_into",
        "erased_at",
    ]
    list_filter = [("merged_into", admin.EmptyFieldListFilter)]
    search_fields = ["name", "town", "contacts__contact"]
    # a merge moves entries and is audited: through services.merge_players only
    readonly_fields = ["merged_into", "merged_at", "erased_at"]


class CategoryPrizeInline(admin.TabularInline):
    model = CategoryPrize
    extra = 0
    max_num = 8


@admin.register(Category)
class CategoryAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "position"]
    list_select_related = ["tournament"]
    inlines = [CategoryPrizeInline]


@admin.register(Entry)
class EntryAdmin(ReadOnlyAdmin):
    list_display = ["number", "player", "tournament", "paid", "cancelled_at", "playoff_rank"]
    list_filter = ["paid", "tournament"]
    search_fields = ["player__name"]
    list_select_related = ["player", "tournament"]


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["tournament", "number", "stage", "status", "method", "seed", "created_at"]
    list_filter = ["stage", "status", "method"]


@admin.register(Pairing)
class PairingAdmin(ReadOnlyAdmin):
    list_display = ["round", "bracket", "number", "left", "right", "outcome", "winner", "version"]
    list_filter = ["bracket", "outcome"]
    list_select_related = ["round__tournament", "left__player", "right__player"]

    def get_queryset(self, request):
        return super().get_queryset(request).defer("round__protocol")


@admin.register(AuditLog)
class AuditLogAdmin(ReadOnlyAdmin):
    list_display = ["at", "club", "tournament", "user", "role", "action", "target"]
    list_filter = ["club", "role", "action"]
    search_fields = ["target", "action", "user__username"]
    list_select_related = ["club", "tournament", "user"]
