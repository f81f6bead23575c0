"""A draw done with real pots, typed in as the organiser has it on the table: entry numbers
of this tournament (the Teilnahmekarten) or names, never a player of another tournament,
and every bad line named at once with its line number and what to do."""

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments import services
from tournaments.models import Player, Round
from tournaments.services import TournamentError

from .conftest import make_tournament

pytestmark = pytest.mark.django_db


def _other_tournament():
    """Another club day whose players hold the register's first numbers (on PostgreSQL
    the ids go on from earlier tests: its players get the low ids explicitly)."""
    other = make_tournament(32, [1] * 16, name="Anderes Turnier")
    for pk in range(1, 17):
        if not Player.objects.filter(pk=pk).exists():
            player = Player.objects.create(pk=pk, name=f"Ybbser {pk:03d}")
            services.sell_entries(other, player, 1, paid=True)
    Player.objects.filter(entries__tournament=other).update(town="Ybbs")
    return other


def _steps(t, seed=11):
    """The draws of a computed round (then withdrawn): (player id, pot, number)."""
    computed = services.draw_next_round(t, seed=seed)
    steps = [(s.player, s.pot, s.number) for s in services.round_draws(computed)["main"].steps]
    services.withdraw_round(computed)
    return steps


def _line(who, pot, number):
    return f"{who} {'L' if pot == 'left' else 'R'} {number}"


def test_entry_numbers_of_this_tournament_never_a_player_of_another():
    other = _other_tournament()
    t = make_tournament(16, [2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    first = {}
    for e in t.entries.order_by("-number"):
        first[e.player_id] = e.number  # each player's lowest entry number
    steps = _steps(t)
    # the numbers typed are entry numbers of t; as register numbers they would name
    # players of the other tournament (made first: they hold the register's low ids)
    assert set(first.values()) & set(
        Player.objects.filter(entries__tournament=other).values_list("pk", flat=True)
    )
    text = "\n".join(_line(first[p], pot, n) for p, pot, n in steps)
    rnd = services.transcribe_next_round(t, services.parse_transcript(text))
    assert rnd.method == Round.Method.TRANSCRIBED
    in_round = {p.left.tournament_id for p in rnd.pairings.select_related("left")}
    in_round |= {p.right.tournament_id for p in rnd.pairings.exclude(right=None)}
    assert in_round == {t.pk}


def test_names_and_entry_numbers_give_the_computed_pairings():
    t = make_tournament(16, [2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    computed = services.draw_next_round(t, seed=5)
    expected = sorted(computed.pairings.values_list("number", "left__number", "right__number"))
    steps = [(s.player, s.pot, s.number) for s in services.round_draws(computed)["main"].steps]
    services.withdraw_round(computed)
    names = dict(Player.objects.values_list("pk", "name"))
    last = {}
    for e in t.entries.order_by("number"):
        last[e.player_id] = e.number  # any of his entries names him
    lines = [
        _line(names[p].upper() if i % 3 == 0 else f"#{last[p]}", pot, n)
        for i, (p, pot, n) in enumerate(steps)
    ]
    rnd = services.transcribe_next_round(t, services.parse_transcript("\n\n".join(lines)))
    got = sorted(rnd.pairings.values_list("number", "left__number", "right__number"))
    assert got == expected


def test_every_bad_line_is_named_at_once():
    _other_tournament()
    t = make_tournament(16, [1] * 12)
    Player.objects.filter(name="Spieler 001").exclude(entries__tournament=t).update(name="X")
    services.cancel_entry(t.entries.get(number=12))
    text = "\n".join(
        [
            "1 L 1",  # fine
            "99 L 2",  # no such entry in this tournament
            "Niemand Bekannter R 3",  # nobody of that name
            "2 X 4",  # no pot
            "3 L ²",  # no number
            "12 L 5",  # cancelled
            "4 L 40",  # not in the pots
            "nur zwei",  # too short
            "Spieler 005 R 1",  # fine (by name)
        ]
    )
    with translation.override("en"), pytest.raises(TournamentError) as info:
        services.transcribe_next_round(t, services.parse_transcript(text))
    lines = info.value.lines
    assert [m.split(":")[0] for m in lines] == [f"Line {n}" for n in (2, 3, 4, 5, 6, 7, 8)]
    assert "no entry number 99" in lines[0] and "Teilnahmekarte" in lines[0]
    assert "nobody called “Niemand Bekannter”" in lines[1]
    assert "“X” is not a pot" in lines[2] and "L (left) or R (right)" in lines[2]
    assert "“²” is not a number" in lines[3]
    assert "entry 12 (Spieler 012) was cancelled" in lines[4]
    assert "number 40 is not in the pots (1 to 8)" in lines[5]
    assert "e.g. “17 L 5”" in lines[6]
    assert not t.rounds.exists()


def test_two_players_of_one_name_are_told_apart_by_entry_number():
    t = make_tournament(16, [1] * 12)
    Player.objects.filter(entries__tournament=t, name="Spieler 002").update(town="Melk")
    twin = services.find_or_register_player("Spieler 002", town="Tulln")
    services.sell_entries(t, twin, 1)
    with translation.override("en"), pytest.raises(TournamentError) as info:
        services.transcribe_next_round(t, services.parse_transcript("spieler 002 L 1"))
    assert info.value.lines == [
        "Line 1: several players are called “spieler 002” (entries 2, 13); write the "
        "entry number instead."
    ]


def test_an_entry_that_is_out_is_named_in_round_two():
    import random

    from tests.tournaments.helpers import play_open

    t = make_tournament(16, [1] * 16)
    rnd = services.release_round(services.draw_next_round(t, seed=3))
    play_open(rnd, random.Random(1))
    lost = rnd.pairings.exclude(right=None).first()
    loser = lost.right if lost.winner == "left" else lost.left
    with translation.override("en"), pytest.raises(TournamentError) as info:
        services.transcribe_next_round(t, services.parse_transcript(f"{loser.number} L 1"))
    assert info.value.lines == [
        f"Line 1: entry {loser.number} ({loser.player.name}) is not in this draw (it is out); "
        "write the number of a Teilnahmekarte still in play."
    ]


def test_the_page_shows_entry_numbers_and_names_each_bad_line(staff_client):
    _other_tournament()
    t = make_tournament(16, [2, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    url = reverse("staff:transcribe", args=[t.pk])
    page = staff_client.get(url, headers={"accept-language": "de"}).content.decode()
    assert "Wer zieht" in page or "Who draws" in page
    holder = t.entries.get(number=1).player
    assert f"<td>{holder.name}" in page and "1, 2</td>" in page  # his two Teilnahmekarten
    response = staff_client.post(url, {"lines": "1 L 1\n\n77 L 2\nWer Auch Immer R 1\n3 Q 2"})
    assert response.status_code == 200
    errors = response.context["form"].errors["lines"]
    assert [e.split(":")[0] for e in errors] == ["Zeile 3", "Zeile 4", "Zeile 5"]
    body = response.content.decode()
    assert all(e in body for e in ("Zeile 3", "Zeile 4", "Zeile 5"))
    assert not t.rounds.exists()
    # the pot rules are checked once every line names somebody: its text line is named
    steps = _steps(t)
    first = {}
    for e in t.entries.order_by("-number"):
        first[e.player_id] = e.number
    lines = [_line(first[p], pot, n) for p, pot, n in steps]
    lines.insert(0, "")
    lines[2] = lines[1]  # the same draw twice: the second is refused
    response = staff_client.post(url, {"lines": "\n".join(lines)})
    assert response.status_code == 200
    assert "Zeile 3" in " ".join(response.context["form"].non_field_errors())
    assert not t.rounds.filter(status=Round.Status.DRAFT).exists()
