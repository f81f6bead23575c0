"""Admin of clubs and their staff, for the site administrators (``admin_site``).
Invitations are read-only here: an organiser makes them on the club's staff page
(the link is shown once), or ``manage.py club invite``."""

from django.contrib import admin

from tournaments.admin import ReadOnlyAdmin

from .models import Club, Invitation, Membership


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]
    fields = ["user", "role", "created_at", "created_by"]
    readonly_fields = ["created_at", "created_by"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "is_default", "created_at"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role", "created_at", "created_by"]
    list_filter = ["club", "role"]
    search_fields = ["user__username", "club__name"]
    autocomplete_fields = ["user"]
    readonly_fields = ["created_by"]

    def save_model(self, request, obj, form, change):
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)


@admin.register(Invitation)
class InvitationAdmin(ReadOnlyAdmin):
    list_display = ["club", "role", "note", "created_by", "created_at", "expires_at", "used_by"]
    list_filter = ["club", "role"]
    exclude = ["token_hash"]

    def has_delete_permission(self, request, obj=None):
        return True  # withdrawing a link by deleting it is harmless
