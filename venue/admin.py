"""Site administrators see the checkouts and break a lost laptop's lock."""

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from core.admin import ReadOnlyAdmin

from . import services
from .models import Checkout


@admin.register(Checkout)
class CheckoutAdmin(ReadOnlyAdmin):
    list_display = [
        "tournament",
        "holder",
        "checked_out_at",
        "last_version",
        "last_received_at",
        "ended_at",
        "ended_how",
    ]
    list_filter = ["ended_how"]
    actions = ["break_lock"]

    @admin.action(description=_("Break the lock (the laptop is lost)"))
    def break_lock(self, request, queryset):
        for checkout in queryset:
            try:
                services.break_lock(checkout.pk, request.user, reason="admin")
            except services.VenueError as exc:
                self.message_user(request, exc.message, messages.WARNING)
            else:
                self.message_user(
                    request,
                    _(
                        "The lock of “%(holder)s” is broken; the tournament can be changed here again."
                    )
                    % {"holder": checkout.holder},
                )
