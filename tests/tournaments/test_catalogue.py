"""The special games of a Preis-Bauernschnapsen (its Spielekatalog, a term): the tables
of its team pairings play them, its score sheets may name only them; fixed once the
first round is drawn; exported, imported, in the API and on the command line."""

import json

import pytest
from django.core.management import call_command
from django.test import Client

from games.services import GameError, record_score_sheet, team_tables
from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.exchange import export_tournament, import_tournament
from tournaments.models import Catalogue, Outcome, Tournament

pytestmark = pytest.mark.django_db


def _teams(catalogue, **terms):
    t = make_tournament(16, entries=[1] * 16, game="bauernschnapsen", catalogue=catalogue, **terms)
    rnd = services.release_round(services.draw_next_round(t, seed=3))
    return t, list(rnd.pairings.filter(outcome=Outcome.OPEN).exclude(right=None).order_by("number"))


@pytest.mark.parametrize("catalogue", ["alles", "keine"])
def test_the_tables_of_a_team_pairing_play_the_tournaments_special_games(catalogue):
    t, pairings = _teams(catalogue)
    m = team_tables.start_table_for_pairing(pairings[0])
    assert m.rules["name"] == catalogue


def test_a_score_sheet_may_name_only_the_tournaments_special_games():
    t, pairings = _teams(Catalogue.KEINE, match_bummerl=1)
    with pytest.raises(GameError, match="Zeile 2: Gangl ist nicht im Spielekatalog"):
        record_score_sheet(pairings[0], "B normal 1\nA gangl\n")
    pairings[0].refresh_from_db()
    assert pairings[0].outcome == Outcome.OPEN
    # the usual catalogue has the Gangl: the same sheet's first lines are accepted there
    u, others = _teams(Catalogue.UEBLICH, match_bummerl=1)
    with pytest.raises(GameError) as err:  # only not finished: the Bummerl is still open
        record_score_sheet(others[0], "B normal 1\nA gangl\n")
    assert "Spielekatalog" not in err.value.message and "Bummerl endet" in err.value.message


def test_the_term_is_checked_and_fixed_after_the_first_draw():
    with pytest.raises(services.TournamentError, match="Unbekannte Sonderspiele"):
        make_tournament(16, game="bauernschnapsen", catalogue="bettler_only")
    t = make_tournament(16, entries=[1] * 16, game="bauernschnapsen")
    assert t.catalogue == Catalogue.UEBLICH
    services.update_tournament(t, catalogue=Catalogue.ALLES)
    t.refresh_from_db()
    assert t.catalogue == Catalogue.ALLES
    services.release_round(services.draw_next_round(t, seed=1))
    with pytest.raises(services.TournamentError, match="Sonderspiele"):
        services.update_tournament(t, catalogue=Catalogue.KEINE)


def test_export_import_api_and_command_line_carry_it():
    t, _pairings = _teams(Catalogue.OHNE_BETTLER)
    data = json.loads(json.dumps(export_tournament(t)))
    assert data["tournament"]["catalogue"] == "ohne_bettler"
    assert import_tournament(data).catalogue == "ohne_bettler"
    del data["tournament"]["catalogue"]  # a file of before the term: the usual games
    assert import_tournament(data).catalogue == "ueblich"
    Tournament.objects.filter(pk=t.pk).update(is_public=True)
    assert Client().get(f"/api/v1/tournaments/{t.pk}").json()["catalogue"] == "ohne_bettler"
    from io import StringIO

    out = StringIO()
    call_command(
        "tournament", "create", "--name", "Katalog", "--game", "bauernschnapsen",
        "--bummerl", "1", "--catalogue", "alles", stdout=out,
    )  # fmt: skip
    assert Tournament.objects.get(pk=int(out.getvalue())).catalogue == "alles"
