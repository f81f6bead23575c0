"""Match pages: friendly start, the player's page and its JSON, spectator, replay, staff."""

from django.urls import path

from . import table_views, views

app_name = "games"
urlpatterns = [
    path("", views.index, name="index"),
    path("table/", table_views.start, name="table_start"),
    path("<int:pk>/t/<str:token>/", table_views.table, name="table"),
    path("<int:pk>/t/<str:token>/state", table_views.table_state, name="table_state"),
    path("<int:pk>/t/<str:token>/act", table_views.table_act, name="table_act"),
    path("<int:pk>/t/<str:token>/record.json", table_views.table_record, name="table_record"),
    path("<int:pk>/t/<str:token>/again", table_views.table_again, name="table_again"),
    path("bauern-sheet/", table_views.sheet, name="bauern_sheet"),
    path("<int:pk>/p/<str:token>/", views.play, name="play"),
    path("<int:pk>/p/<str:token>/state", views.state, name="state"),
    path("<int:pk>/p/<str:token>/act", views.act, name="act"),
    path("<int:pk>/p/<str:token>/record", views.player_record, name="player_record"),
    path("<int:pk>/watch/", views.watch, name="watch"),
    path("<int:pk>/watch/state", views.watch_state, name="watch_state"),
    path("<int:pk>/replay/", views.replay, name="replay"),
    path("<int:pk>/replay/<int:game>/analysis.json", views.analysis, name="analysis"),
    path("<int:pk>/record.json", views.record_json, name="record_json"),
    path("pairing/<int:pairing_pk>/", views.pairing, name="pairing"),
    path("round/<int:round_pk>/start/", views.round_start, name="round_start"),
]
