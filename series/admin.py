from django.contrib import admin

from .models import Series, SeriesTournament


class SeriesTournamentInline(admin.TabularInline):
    model = SeriesTournament
    extra = 0
    autocomplete_fields = ["tournament"]


@admin.register(Series)
class SeriesAdmin(admin.ModelAdmin):
    list_display = ["name", "season", "club", "scheme", "best_of", "is_public"]
    list_filter = ["club", "scheme", "is_public"]
    search_fields = ["name", "season"]
    inlines = [SeriesTournamentInline]
