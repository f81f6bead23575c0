from django.contrib import admin

from core.admin import ReadOnlyAdmin

from .models import Snapshot


@admin.register(Snapshot)
class SnapshotAdmin(ReadOnlyAdmin):
    """The ratings are computed (``manage.py ratings recompute``), never edited."""

    list_display = ["player", "tournament", "date", "rating", "deviation", "won", "lost"]
    list_select_related = ["player", "tournament"]
    search_fields = ["player__name"]
    date_hierarchy = "date"
