"""Public pages (no login). Other helpers append their own patterns below."""

from django.urls import path

from core import converters  # noqa: F401 - registers <id:…>
from tournaments.views import api, documents, public

app_name = "public"
urlpatterns: list = [
    path("", public.home, name="home"),
    path("t/<id:pk>/", public.tournament, name="tournament"),
    path("t/<id:pk>/live.json", api.live, name="live"),
    path("t/<id:pk>/projector/", public.projector, name="projector"),
    path("healthz", api.health, name="health"),
    path("t/<id:pk>/print/<slug:document>.pdf", documents.public_document, name="print"),
]
