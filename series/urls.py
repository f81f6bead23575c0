"""Series pages. ``staff_patterns`` join the staff namespace (``schnapsen_site.urls``);
the public pages are ``series:*``."""

from django.urls import path

from core import converters  # noqa: F401 - registers <id:…>

from . import views

staff_patterns = [
    path("series/", views.series_list, name="series_list"),
    path("series/new/", views.series_create, name="series_create"),
    path("series/<id:pk>/", views.series_edit, name="series_edit"),
    path("series/<id:pk>/tournaments/", views.series_tournaments, name="series_tournaments"),
    # a tournament's consent to other clubs' series (its club's organisers)
    path("t/<id:pk>/series/", views.tournament_series, name="tournament_series"),
]

app_name = "series"
urlpatterns = [
    path("", views.index, name="index"),
    path("<id:pk>/", views.detail, name="detail"),
    path("<id:pk>/standings.pdf", views.pdf, name="pdf"),
]
