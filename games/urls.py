"""Match pages: friendly start, the player's page and its JSON, spectator, replay, staff."""

from django.urls import path

from . import player_reports, views

app_name = "games"
urlpatterns = [
    path("", views.index, name="index"),
    path("<int:pk>/p/<str:token>/", views.play, name="play"),
    path("<int:pk>/p/<str:token>/state", views.state, name="state"),
    path("<int:pk>/p/<str:token>/act", views.act, name="act"),
    path("<int:pk>/p/<str:token>/record", player_reports.player_record, name="player_record"),
    path("<int:pk>/watch/", views.watch, name="watch"),
    path("<int:pk>/watch/state", views.watch_state, name="watch_state"),
    path("<int:pk>/replay/", views.replay, name="replay"),
    path("<int:pk>/replay/<int:game>/analysis.json", views.analysis, name="analysis"),
    path("<int:pk>/record.json", views.record_json, name="record_json"),
    path("pairing/<int:pairing_pk>/", views.pairing, name="pairing"),
    path("round/<int:round_pk>/start/", views.round_start, name="round_start"),
]
