"""The public rating pages (``ratings:*``)."""

from django.urls import path

from core import converters  # noqa: F401 - registers <id:…>

from . import views

app_name = "ratings"
urlpatterns = [
    path("rating/", views.ranking, name="ranking"),
    path("players/<id:pk>/", views.player, name="player"),
]
