"""Staff pages (login as staff required). Other helpers append their own patterns below."""

from django.urls import path

from api.urls import staff_patterns as api_patterns
from clubs.urls import staff_patterns as club_patterns
from series.urls import staff_patterns as series_patterns
from tournaments.printing import views as printing_views
from tournaments.views import absence, categories, merge, players, staff, teams

app_name = "staff"
urlpatterns: list = [
    path("", staff.home, name="home"),
    path("players/", players.player_list, name="players"),
    path("players/search/", players.player_search, name="player_search"),
    path("players/add/", players.player_edit, name="player_add"),
    path("players/<int:pk>/", players.player_edit, name="player_edit"),
    path("players/import/", players.player_import, name="player_import"),
    path("players/merge/", merge.player_merge, name="player_merge"),
    path("tournaments/new/", staff.tournament_create, name="tournament_create"),
    path("t/<int:pk>/", staff.dashboard, name="dashboard"),
    path("t/<int:pk>/edit/", staff.tournament_edit, name="tournament_edit"),
    path("t/<int:pk>/shrink/", staff.shrink, name="shrink"),
    path("t/<int:pk>/entries/", staff.entries, name="entries"),
    path("t/<int:pk>/entries/import-teams/", teams.team_import, name="team_import"),
    path("t/<int:pk>/entries/<int:entry_pk>/paid/", staff.entry_paid, name="entry_paid"),
    path("t/<int:pk>/entries/<int:entry_pk>/cancel/", staff.entry_cancel, name="entry_cancel"),
    path(
        "t/<int:pk>/entries/<int:entry_pk>/categories/",
        categories.entry_categories,
        name="entry_categories",
    ),
    path("t/<int:pk>/categories/", categories.categories, name="categories"),
    path("t/<int:pk>/draw/", staff.draw, name="draw"),
    path("t/<int:pk>/absent/", absence.absence, name="absence"),
    path("t/<int:pk>/draw/transcribe/", staff.transcribe, name="transcribe"),
    path("t/<int:pk>/rounds/<int:number>/", staff.round_detail, name="round"),
    path("t/<int:pk>/rounds/<int:number>/release/", staff.round_release, name="round_release"),
    path("t/<int:pk>/rounds/<int:number>/withdraw/", staff.round_withdraw, name="round_withdraw"),
    path("t/<int:pk>/results/", staff.results, name="results"),
    path(
        "t/<int:pk>/pairings/<int:pairing_pk>/result/", staff.pairing_result, name="pairing_result"
    ),
    path(
        "t/<int:pk>/pairings/<int:pairing_pk>/confirm/",
        staff.pairing_confirm,
        name="pairing_confirm",
    ),
    path("t/<int:pk>/pairings/<int:pairing_pk>/start/", staff.pairing_start, name="pairing_start"),
    path("t/<int:pk>/standings/", staff.standings, name="standings"),
    path("t/<int:pk>/ceremony/", staff.ceremony, name="ceremony"),
    path("t/<int:pk>/audit/", staff.audit, name="audit"),
    path("t/<int:pk>/print/<slug:document>.pdf", printing_views.staff_document, name="print"),
]
urlpatterns += club_patterns + series_patterns + api_patterns
