"""Match pages: friendly start, the player's page and its JSON, spectator, replay, staff."""

from django.urls import path

from schnapsen_site import converters  # noqa: F401 - registers <id:…>

from . import views

app_name = "games"
urlpatterns = [
    path("", views.index, name="index"),
    path("<id:pk>/p/<str:token>/", views.play, name="play"),
    path("<id:pk>/p/<str:token>/state", views.state, name="state"),
    path("<id:pk>/p/<str:token>/act", views.act, name="act"),
    path("<id:pk>/p/<str:token>/record", views.player_record, name="player_record"),
    path("<id:pk>/watch/", views.watch, name="watch"),
    path("<id:pk>/watch/state", views.watch_state, name="watch_state"),
    path("<id:pk>/replay/", views.replay, name="replay"),
    path("<id:pk>/replay/<id:game>/analysis.json", views.analysis, name="analysis"),
    path("<id:pk>/record.json", views.record_json, name="record_json"),
    path("pairing/<id:pairing_pk>/", views.pairing, name="pairing"),
    path("round/<id:round_pk>/start/", views.round_start, name="round_start"),
]
