"""Match pages: friendly start, the player's page and its JSON, spectator, replay, staff;
the tables of three and four."""

from django.urls import path

from core import converters  # noqa: F401 - registers <id:…>

from . import pairing_views, player_reports, table_views, views

app_name = "games"
urlpatterns = [
    path("", views.index, name="index"),
    path("table/", table_views.start, name="table_start"),
    path("<id:pk>/t/<str:token>/", table_views.table, name="table"),
    path("<id:pk>/t/<str:token>/state", table_views.table_state, name="table_state"),
    path("<id:pk>/t/<str:token>/act", table_views.table_act, name="table_act"),
    path("<id:pk>/t/<str:token>/record.json", table_views.table_record, name="table_record"),
    path("<id:pk>/t/<str:token>/again", table_views.table_again, name="table_again"),
    path("bauern-sheet/", table_views.sheet, name="bauern_sheet"),
    path("<id:pk>/p/<str:token>/", views.play, name="play"),
    path("<id:pk>/p/<str:token>/state", views.state, name="state"),
    path("<id:pk>/p/<str:token>/act", views.act, name="act"),
    path("<id:pk>/p/<str:token>/record", player_reports.player_record, name="player_record"),
    path("<id:pk>/watch/", views.watch, name="watch"),
    path("<id:pk>/watch/state", views.watch_state, name="watch_state"),
    path("<id:pk>/replay/", views.replay, name="replay"),
    path("<id:pk>/replay/<id:game>/analysis.json", views.analysis, name="analysis"),
    path("<id:pk>/record.json", views.record_json, name="record_json"),
    path("pairing/<id:pairing_pk>/", pairing_views.pairing, name="pairing"),
    path("round/<id:round_pk>/start/", pairing_views.round_start, name="round_start"),
]
