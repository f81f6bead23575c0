"""Admin of clubs and their staff, for the site administrators (``admin_site``).
Invitations are read-only here: an organiser makes them on the club's staff page
(the link is shown once), or ``manage.py club invite``."""

from django.contrib import admin

from core.admin import ReadOnlyAdmin

from .models import Club, Invitation, Membership
from .services import audit_club


class MembershipInline(admin.TabularInline):
    """The club's staff, read here; roles are changed in "roles in clubs" (audited)."""

    model = Membership
    extra = 0
    fields = ["user", "role", "created_at", "created_by"]
    readonly_fields = ["user", "role", "created_at", "created_by"]
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


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
        before = None
        if change:
            old = Membership.objects.get(pk=obj.pk)
            before = {"user": old.user.get_username(), "club": old.club_id, "role": old.role}
        else:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)
        audit_club(
            obj.club, request.user, "grant_role", obj.user.get_username(), before,
            {"user": obj.user.get_username(), "role": obj.role},
        )

    def delete_model(self, request, obj):
        state = {"user": obj.user.get_username(), "role": obj.role}
        club = obj.club
        super().delete_model(request, obj)
        audit_club(club, request.user, "take_role", state["user"], state, None)

    def delete_queryset(self, request, queryset):
        for obj in queryset.select_related("club", "user"):
            self.delete_model(request, obj)


@admin.register(Invitation)
class InvitationAdmin(ReadOnlyAdmin):
    list_display = ["club", "role", "note", "created_by", "created_at", "expires_at", "used_by"]
    list_filter = ["club", "role"]
    exclude = ["token_hash"]

    def has_delete_permission(self, request, obj=None):
        return True  # withdrawing a link by deleting it is harmless
