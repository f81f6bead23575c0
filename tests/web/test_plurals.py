"""Counted messages take the plural form of their own number (de-AT: one / other)."""

import pytest
from django.utils import translation

from games.presenters import points_text
from tournaments import services
from tournaments.services import TournamentError

from .conftest import make_tournament

pytestmark = pytest.mark.django_db


# --- 4. plural forms ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "held,limit,german,english",
    [
        (
            1,
            1,
            "Rosa Eder hat 1 Teilnahmekarte. Ein Spieler darf höchstens 1 Teilnahmekarte kaufen.",
            "Rosa Eder holds 1 entry. A player may buy at most 1 entry.",
        ),
        (
            2,
            2,
            "Rosa Eder hat 2 Teilnahmekarten. Ein Spieler darf höchstens 2 Teilnahmekarten kaufen.",
            "Rosa Eder holds 2 entries. A player may buy at most 2 entries.",
        ),
        (
            1,
            3,
            "Rosa Eder hat 1 Teilnahmekarte. Ein Spieler darf höchstens 3 Teilnahmekarten kaufen.",
            "Rosa Eder holds 1 entry. A player may buy at most 3 entries.",
        ),
    ],
)
def test_the_per_player_limit_message_counts_each_number(held, limit, german, english):
    tournament = make_tournament(16, max_entries_per_player=limit)
    player = services.find_or_register_player("Rosa Eder")
    services.sell_entries(tournament, player, held)
    for language, expected in (("de-at", german), ("en", english)):
        with translation.override(language), pytest.raises(TournamentError) as refused:
            services.sell_entries(tournament, player, limit - held + 1)
        assert refused.value.message == expected


@pytest.mark.parametrize(
    "sold,german",
    [
        (1, "Erst 1 Teilnahmekarte ist verkauft"),
        (0, "Erst 0 Teilnahmekarten sind verkauft"),
        (3, "Erst 3 Teilnahmekarten sind verkauft"),
    ],
)
def test_a_draw_with_too_few_entries_counts_them(sold, german):
    tournament = make_tournament(16, [1] * sold)
    with translation.override("de-at"), pytest.raises(TournamentError) as refused:
        services.draw_next_round(tournament, seed=1)
    assert refused.value.message.startswith(german)


def test_game_points_singular_and_plural():
    with translation.override("de-at"):
        assert points_text(1, True) == "1 Punkt" and points_text(-3, True) == "3 Punkte"
    with translation.override("en"):
        assert points_text(1, True) == "1 game point" and points_text(2, True) == "2 game points"
