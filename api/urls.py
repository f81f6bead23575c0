"""The open API (``/api/v1/``, django-ninja), the widget, the script and the calendar
feeds (namespace ``embed``), and the staff page of the API tokens (``staff_patterns``,
joined into the staff namespace by ``schnapsen_site.urls``)."""

from django.urls import path

from core import converters  # noqa: F401 - registers <id:…>

from . import embed, views

staff_patterns = [
    path("clubs/<slug:slug>/tokens/", views.club_tokens, name="club_tokens"),
]

app_name = "embed"
urlpatterns = [
    path("embed/t/<id:pk>/standings/", embed.widget, name="widget"),
    path("embed.js", embed.script, name="script"),
    path("calendar.ics", embed.calendar, name="calendar"),
    path("clubs/<slug:slug>/calendar.ics", embed.club_calendar, name="club_calendar"),
]
