import re

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import AuditLog, Entry, Outcome, Pairing, Player, Round, Tournament
from tournaments.once import new_token
from tournaments.views.forms import STALE_RESULT_FORM

from .conftest import make_tournament

pytestmark = pytest.mark.django_db


def tournament_data(**changes):
    data = {
        "name": "Preisschnapsen Krems",
        "date": "2026-12-05",
        "venue": "Gasthaus Zur Linde",
        "club_name": "SC Herz-Ass",
        "field_size": "32",
        "max_entries_per_player": "3",
        "entry_fee": "10.00",
        "rule_profile": "weich",
        "match_bummerl": "2",
        "is_public": "on",
        "prize_1_description": "Geschenkkorb",
        "prize_1_amount": "100",
        "prize_2_amount": "50",
    }
    data["once"] = new_token()  # the form's one-time token
    data.update(changes)
    return data


def test_create_a_tournament_with_prizes(staff_client):
    response = staff_client.post(reverse("staff:tournament_create"), tournament_data())
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("staff:dashboard", args=[tournament.pk])
    assert tournament.field_size == 32 and tournament.is_public
    assert [(p.place, p.description, p.amount) for p in tournament.prizes.all()] == [
        (1, "Geschenkkorb", 100),
        (2, "", 50),
    ]
    assert AuditLog.objects.filter(tournament=tournament, action="create_tournament").exists()


@pytest.mark.parametrize("size", ["17", "8", "2048", "100", "abc", ""])
def test_field_size_must_be_a_power_of_two(staff_client, size):
    response = staff_client.post(
        reverse("staff:tournament_create"), tournament_data(field_size=size)
    )
    assert response.status_code == 200
    errors = response.context["form"].errors["field_size"]
    assert errors
    if size.isdigit():
        assert "16" in errors[0] and "1024" in errors[0] and size in errors[0]
    assert not Tournament.objects.exists()


def test_bad_terms_are_named(staff_client):
    response = staff_client.post(
        reverse("staff:tournament_create"),
        tournament_data(entry_fee="-5", max_entries_per_player="99", name=""),
    )
    form = response.context["form"]
    assert set(form.errors) >= {"entry_fee", "max_entries_per_player", "name"}
    assert not Tournament.objects.exists()


def test_edit_terms_and_prizes(staff_client):
    tournament = make_tournament(32)
    url = reverse("staff:tournament_edit", args=[tournament.pk])
    assert staff_client.get(url).status_code == 200
    response = staff_client.post(
        url, tournament_data(name="Neuer Name", field_size="64", prize_3_description="Schinken")
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.name == "Neuer Name" and tournament.field_size == 64
    assert tournament.prizes.get(place=3).description == "Schinken"


def test_field_size_is_fixed_after_the_draw(staff_client, running):
    url = reverse("staff:tournament_edit", args=[running.pk])
    staff_client.post(url, tournament_data(field_size="64", max_entries_per_player="1"))
    running.refresh_from_db()
    assert running.field_size == 16


def test_dashboard_shows_next_step_and_counters(staff_client):
    tournament = make_tournament(16, [2, 1, 1])
    body = staff_client.get(reverse("staff:dashboard", args=[tournament.pk])).content.decode()
    assert "Teilnahmekarten verkaufen" in body or "Sell entries" in body
    assert 'id="count-sold">4 / 16' in body
    assert 'id="count-players">3<' in body


def test_sell_entries_in_two_clicks_and_enforce_the_limit(staff_client):
    tournament = make_tournament(16, max_entries_per_player=16)
    url = reverse("staff:entries", args=[tournament.pk])
    response = staff_client.post(
        url,
        {
            "name": "Jürgen Größinger",
            "town": "Krems",
            "count": "16",
            "paid": "on",
            "once": new_token(),
        },
    )
    assert response.status_code == 302
    player = Entry.objects.filter(tournament=tournament).first().player
    assert Entry.objects.filter(tournament=tournament, player=player, paid=True).count() == 16
    response = staff_client.post(url, {"player": str(player.pk), "count": "1", "once": new_token()})
    assert response.status_code == 200
    assert response.context["form"].non_field_errors()
    assert Entry.objects.filter(tournament=tournament).count() == 16


def test_sell_to_a_registered_player_and_mark_paid_and_cancel(staff_client):
    tournament = make_tournament(16)
    player = services.find_or_register_player("Rosa Eder", town="Tulln")
    url = reverse("staff:entries", args=[tournament.pk])
    staff_client.post(url, {"player": str(player.pk), "count": "2", "once": new_token()})
    first, second = Entry.objects.filter(player=player).order_by("number")
    assert not first.paid
    staff_client.post(reverse("staff:entry_paid", args=[tournament.pk, first.pk]), {"paid": "1"})
    staff_client.post(
        reverse("staff:entry_cancel", args=[tournament.pk, second.pk]), {"confirm": "yes"}
    )
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.paid and second.cancelled
    actions = set(AuditLog.objects.filter(tournament=tournament).values_list("action", flat=True))
    assert {"sell_entries", "set_paid", "cancel_entry"} <= actions
    body = staff_client.get(reverse("staff:audit", args=[tournament.pk])).content.decode()
    assert "Zahlung geändert" in body and "anna" in body


def test_sell_with_a_tampered_player_id(staff_client):
    tournament = make_tournament(16)
    response = staff_client.post(
        reverse("staff:entries", args=[tournament.pk]), {"player": "99999", "count": "1"}
    )
    assert response.status_code == 200
    assert response.context["form"].errors
    assert not Entry.objects.exists()


def test_entry_of_another_tournament_is_404(staff_client):
    one = make_tournament(16, [1])
    other = make_tournament(16)
    entry = one.entries.get()
    url = reverse("staff:entry_paid", args=[other.pk, entry.pk])
    assert staff_client.post(url, {"paid": "0"}).status_code == 404
    assert staff_client.get(url).status_code == 405


def test_draw_release_and_enter_results(staff_client):
    tournament = make_tournament(16, [1] * 12)
    response = staff_client.post(reverse("staff:draw", args=[tournament.pk]), {"seed": "42"})
    rnd = Round.objects.get(tournament=tournament)
    assert response["Location"] == reverse("staff:round", args=[tournament.pk, 1])
    assert rnd.seed == 42 and rnd.status == Round.Status.DRAFT
    page = staff_client.get(reverse("staff:round", args=[tournament.pk, 1])).content.decode()
    assert "release-button" in page
    assert f"/staff/t/{tournament.pk}/print/draw.pdf?round=1" in page
    assert rnd.pairings.filter(outcome=Outcome.BYE).count() == 4  # 16 - 12 unsold entries
    assert page.count('<span class="badge bye">') == 8  # marked in the right column and status
    assert "public:tournament" not in page
    public = staff_client.get(reverse("public:tournament", args=[tournament.pk])).content.decode()
    assert 'id="p-' not in public  # a draft is never public
    staff_client.post(reverse("staff:round_release", args=[tournament.pk, 1]))
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.RELEASED
    results = staff_client.get(reverse("staff:results", args=[tournament.pk]))
    assert results.status_code == 200
    pairing = rnd.pairings.filter(outcome=Outcome.OPEN).first()
    assert reverse("games:pairing", args=[pairing.pk]) in results.content.decode()
    pairing = rnd.pairings.filter(outcome=Outcome.OPEN).first()
    url = reverse("staff:pairing_result", args=[tournament.pk, pairing.pk])
    staff_client.post(url, {"result": "right:2:1", "version": pairing.version})
    pairing.refresh_from_db()
    assert (pairing.winner, pairing.winner_bummerl, pairing.loser_bummerl) == ("right", 2, 1)
    # a second submission from the old page is refused with a message, not applied
    response = staff_client.post(url, {"result": "left:2:0", "version": "0"}, follow=True)
    pairing.refresh_from_db()
    assert pairing.winner == "right"
    assert any(m.level_tag == "error" for m in response.context["messages"])
    # the correction from the current page is applied
    staff_client.post(url, {"result": "left:wo", "version": pairing.version})
    pairing.refresh_from_db()
    assert (pairing.winner, pairing.outcome) == ("left", Outcome.WALKOVER)


@pytest.mark.parametrize(
    "value", ["left:2:2", "left:3:0", "middle:2:0", "left:x:y", "", "right:1:2"]
)
def test_impossible_results_change_nothing(staff_client, running, value):
    pairing = Pairing.objects.filter(round__tournament=running, outcome=Outcome.OPEN).first()
    url = reverse("staff:pairing_result", args=[running.pk, pairing.pk])
    response = staff_client.post(url, {"result": value, "version": "0"}, follow=True)
    pairing.refresh_from_db()
    assert pairing.outcome == Outcome.OPEN and pairing.version == 0
    assert any(m.level_tag == "error" for m in response.context["messages"])


@pytest.mark.parametrize("version", [None, "", "x", "-1"])
def test_result_post_without_the_rendered_version_is_refused(staff_client, running, version):
    """A tampered POST (no version, or no number) neither records nor corrects a result."""
    pairing = Pairing.objects.filter(round__tournament=running, outcome=Outcome.OPEN).first()
    url = reverse("staff:pairing_result", args=[running.pk, pairing.pk])
    data = {"result": "left:2:0"} if version is None else {"result": "left:2:0", "version": version}
    response = staff_client.post(url, data, follow=True)
    pairing.refresh_from_db()
    assert pairing.outcome == Outcome.OPEN and pairing.version == 0
    errors = [str(m) for m in response.context["messages"] if m.level_tag == "error"]
    assert errors == [str(STALE_RESULT_FORM)]
    # a decided pairing is not corrected by such a POST either
    staff_client.post(url, {"result": "left:2:0", "version": "0"})
    pairing.refresh_from_db()
    assert (pairing.winner, pairing.version) == ("left", 1)
    staff_client.post(
        url,
        {"result": "right:wo"} if version is None else {"result": "right:wo", "version": version},
    )
    pairing.refresh_from_db()
    assert (pairing.winner, pairing.version) == ("left", 1)


def test_every_result_form_sends_its_version(staff_client, running):
    pairing = Pairing.objects.filter(round__tournament=running, outcome=Outcome.OPEN).first()
    services.record_result(pairing, winner="left", score=(2, 0))
    html = staff_client.get(reverse("staff:results", args=[running.pk])).content.decode()
    forms = re.findall(r'<form method="post" action="[^"]*/result/"[^>]*>.*?</form>', html, re.S)
    assert (
        len(forms)
        == Pairing.objects.filter(round__tournament=running)
        .exclude(outcome__in=[Outcome.BYE])
        .exclude(right=None)
        .count()
    )
    for form in forms:
        assert re.search(r'name="version" value="\d+"', form)


def test_draw_while_pairings_are_open_is_refused(staff_client, running):
    response = staff_client.post(reverse("staff:draw", args=[running.pk]), {})
    assert response.status_code == 200
    assert response.context["form"].non_field_errors()
    assert running.rounds.count() == 1


def test_withdraw_a_released_round_without_results(staff_client, running):
    staff_client.post(reverse("staff:round_withdraw", args=[running.pk, 1]), {"confirm": "yes"})
    assert not running.rounds.exists()


def test_withdraw_is_refused_after_a_result(staff_client, running):
    pairing = Pairing.objects.filter(round__tournament=running, outcome=Outcome.OPEN).first()
    services.record_result(pairing, winner="left", score=(2, 0))
    response = staff_client.post(
        reverse("staff:round_withdraw", args=[running.pk, 1]), {"confirm": "yes"}, follow=True
    )
    assert running.rounds.count() == 1
    assert any(m.level_tag == "error" for m in response.context["messages"])


def test_results_filters_and_search(staff_client, running):
    rnd = running.rounds.get()
    first, second = list(rnd.pairings.filter(outcome=Outcome.OPEN)[:2])
    services.record_result(first, winner="left", score=(2, 0))
    services.start_pairing(second)
    url = reverse("staff:results", args=[running.pk])
    decided = staff_client.get(url, {"status": "decided"}).content.decode()
    assert f'id="pairing-{first.pk}"' in decided and f'id="pairing-{second.pk}"' not in decided
    busy = staff_client.get(url, {"status": "busy"}).content.decode()
    assert f'id="pairing-{second.pk}"' in busy and f'id="pairing-{first.pk}"' not in busy
    name = second.left.player.name
    found = staff_client.get(url, {"q": name}).content.decode()
    assert f'id="pairing-{second.pk}"' in found and f'id="pairing-{first.pk}"' not in found
    by_number = staff_client.get(url, {"q": str(first.left.number)}).content.decode()
    assert f'id="pairing-{first.pk}"' in by_number
    assert staff_client.get(url, {"round": "9"}).status_code == 404
    assert staff_client.get(url, {"round": "x"}).status_code == 404


def test_second_person_confirms(client, staff_user, second_staff_user):
    tournament = make_tournament(16, [1] * 16, confirm_results=True)
    rnd = services.draw_next_round(tournament, seed=3)
    services.release_round(rnd)
    pairing = rnd.pairings.filter(outcome=Outcome.OPEN).first()
    client.force_login(staff_user)
    client.post(
        reverse("staff:pairing_result", args=[tournament.pk, pairing.pk]),
        {"result": "left:2:1", "version": pairing.version},
    )
    page = client.get(reverse("staff:results", args=[tournament.pk])).content.decode()
    assert "badge unconfirmed" in page
    response = client.post(
        reverse("staff:pairing_confirm", args=[tournament.pk, pairing.pk]), follow=True
    )
    pairing.refresh_from_db()
    assert pairing.confirmed_at is None
    assert any(m.level_tag == "error" for m in response.context["messages"])
    client.force_login(second_staff_user)
    client.post(reverse("staff:pairing_confirm", args=[tournament.pk, pairing.pk]))
    pairing.refresh_from_db()
    assert pairing.confirmed_by == second_staff_user


@pytest.mark.parametrize(
    "name,args",
    [
        ("staff:dashboard", [999]),
        ("staff:entries", [999]),
        ("staff:round", [999, 1]),
        ("staff:results", [999]),
        ("staff:audit", [999]),
        ("staff:standings", [999]),
        ("staff:tournament_edit", [999]),
        ("public:tournament", [999]),
        ("public:projector", [999]),
        ("public:live", [999]),
    ],
)
def test_missing_objects_are_404(staff_client, name, args):
    assert staff_client.get(reverse(name, args=args)).status_code == 404


def test_missing_pairing_and_round_are_404(staff_client, running):
    assert staff_client.get(reverse("staff:round", args=[running.pk, 5])).status_code == 404
    url = reverse("staff:pairing_result", args=[running.pk, 99999])
    assert staff_client.post(url, {"result": "left:2:0"}).status_code == 404


def test_foreign_post_without_csrf_token_is_refused(client, staff_user, running):
    from django.test import Client

    csrf_client = Client(enforce_csrf_checks=True)
    csrf_client.force_login(staff_user)
    pairing = Pairing.objects.filter(round__tournament=running, outcome=Outcome.OPEN).first()
    response = csrf_client.post(
        reverse("staff:pairing_result", args=[running.pk, pairing.pk]), {"result": "left:2:0"}
    )
    assert response.status_code == 403
    pairing.refresh_from_db()
    assert pairing.outcome == Outcome.OPEN


def test_transcribe_a_draw_from_real_pots(staff_client):
    tournament = make_tournament(16, [2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    computed = services.draw_next_round(tournament, seed=99)
    steps = services.round_draws(computed)["main"].steps
    expected = sorted(
        (p.number, p.left.number, p.right.number if p.right_id else None)
        for p in computed.pairings.select_related("left", "right")
    )
    services.withdraw_round(computed)
    url = reverse("staff:transcribe", args=[tournament.pk])
    # who drew as the organiser has it on the table: a name, or an entry number
    names = dict(Player.objects.values_list("pk", "name"))
    numbers = {}
    for e in tournament.entries.order_by("-number"):
        numbers[e.player_id] = e.number
    lines = "\n".join(
        f"{names[s.player] if i % 2 else numbers[s.player]} {'L' if s.pot == 'left' else 'R'} "
        f"{s.number}"
        for i, s in enumerate(steps)
    )
    response = staff_client.post(url, {"lines": lines})
    assert response.status_code == 302
    rnd = tournament.rounds.get()
    assert rnd.method == Round.Method.TRANSCRIBED and rnd.status == Round.Status.DRAFT
    got = sorted(
        (p.number, p.left.number, p.right.number if p.right_id else None)
        for p in rnd.pairings.select_related("left", "right")
    )
    assert got == expected


@pytest.mark.parametrize(
    "lines",
    ["17 X 5", "1 L", "a b c", "", "1 L 1\n1 L 1"],
)
def test_bad_transcripts_are_named_and_change_nothing(staff_client, lines):
    tournament = make_tournament(16, [1] * 16)
    response = staff_client.post(
        reverse("staff:transcribe", args=[tournament.pk]), {"lines": lines}
    )
    assert response.status_code == 200
    assert response.context["form"].errors
    assert not tournament.rounds.exists()
