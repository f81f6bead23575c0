"""The tournaments' staff pages (login as staff required). ``staff_patterns`` join the
staff namespace with the other apps' staff pages in ``schnapsen_site.urls``."""

from django.urls import path

from core import converters  # noqa: F401 - registers <id:…>
from tournaments.views import (
    absence,
    categories,
    club_audit,
    documents,
    merge,
    players,
    privacy,
    reports,
    results,
    staff,
    teams,
)

staff_patterns: list = [
    path("", staff.home, name="home"),
    path("players/", players.player_list, name="players"),
    path("players/search/", players.player_search, name="player_search"),
    path("players/add/", players.player_edit, name="player_add"),
    path("players/<id:pk>/", players.player_edit, name="player_edit"),
    path("players/import/", players.player_import, name="player_import"),
    path("players/merge/", merge.player_merge, name="player_merge"),
    path("players/<id:pk>/data/", privacy.player_export, name="player_export"),
    path("players/<id:pk>/erase/", privacy.player_erase, name="player_erase"),
    path("tournaments/new/", staff.tournament_create, name="tournament_create"),
    path("t/<id:pk>/", staff.dashboard, name="dashboard"),
    path("t/<id:pk>/edit/", staff.tournament_edit, name="tournament_edit"),
    path("t/<id:pk>/shrink/", staff.shrink, name="shrink"),
    path("t/<id:pk>/entries/", staff.entries, name="entries"),
    path("t/<id:pk>/entries/import-teams/", teams.team_import, name="team_import"),
    path("t/<id:pk>/entries/<id:entry_pk>/paid/", staff.entry_paid, name="entry_paid"),
    path("t/<id:pk>/entries/<id:entry_pk>/cancel/", staff.entry_cancel, name="entry_cancel"),
    path(
        "t/<id:pk>/entries/<id:entry_pk>/categories/",
        categories.entry_categories,
        name="entry_categories",
    ),
    path("t/<id:pk>/categories/", categories.categories, name="categories"),
    path("t/<id:pk>/draw/", staff.draw, name="draw"),
    path("t/<id:pk>/absent/", absence.absence, name="absence"),
    path("t/<id:pk>/draw/transcribe/", staff.transcribe, name="transcribe"),
    path("t/<id:pk>/draw/partners/", staff.draw_partners, name="partners"),
    path("t/<id:pk>/rounds/<id:number>/", staff.round_detail, name="round"),
    path("t/<id:pk>/rounds/<id:number>/release/", staff.round_release, name="round_release"),
    path("t/<id:pk>/rounds/<id:number>/withdraw/", staff.round_withdraw, name="round_withdraw"),
    path("t/<id:pk>/results/", results.results, name="results"),
    path("t/<id:pk>/results/version", results.results_version, name="results_version"),
    path(
        "t/<id:pk>/pairings/<id:pairing_pk>/result/", results.pairing_result, name="pairing_result"
    ),
    path(
        "t/<id:pk>/pairings/<id:pairing_pk>/confirm/",
        results.pairing_confirm,
        name="pairing_confirm",
    ),
    path("t/<id:pk>/pairings/<id:pairing_pk>/start/", results.pairing_start, name="pairing_start"),
    path(
        "t/<id:pk>/reports/<id:report_pk>/confirm/",
        reports.report_confirm,
        name="report_confirm",
    ),
    path("t/<id:pk>/standings/", staff.standings, name="standings"),
    path("t/<id:pk>/ceremony/", staff.ceremony, name="ceremony"),
    path("t/<id:pk>/audit/", staff.audit, name="audit"),
    path("t/<id:pk>/print/<slug:document>.pdf", documents.staff_document, name="print"),
    path("clubs/<slug:slug>/audit/", club_audit.club_audit, name="club_audit"),
]
