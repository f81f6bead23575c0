"""Destructive one-click actions ask first: cancelling an entry, withdrawing a round."""

from decimal import Decimal

from django.urls import reverse

from tournaments import services
from tournaments.models import AuditLog, Entry

from .conftest import make_tournament


def test_cancel_entry_shows_what_happens_before_it_is_done(staff_client):
    tournament = make_tournament(16, [2], entry_fee=Decimal("10"))
    first, second = tournament.entries.order_by("number")
    url = reverse("staff:entry_cancel", args=[tournament.pk, second.pk])
    # a plain click (the form without the confirmation) and the address alone only ask
    for response in (staff_client.post(url), staff_client.get(url)):
        assert response.status_code == 200
        page = response.content.decode()
        assert "Teilnahmekarte 2 von Spieler 001 stornieren?" in page
        assert "Freilos" in page and "€\u00a010,00" in page and "1 weitere" in page
        second.refresh_from_db()
        assert not second.cancelled
    assert not AuditLog.objects.filter(action="cancel_entry").exists()
    # the confirmation page's button does it, and returns to the desk
    response = staff_client.post(url, {"confirm": "yes", "next": "/staff/?x=1"})
    assert response.status_code == 302 and response["Location"] == "/staff/?x=1"
    second.refresh_from_db()
    assert second.cancelled and not Entry.objects.get(pk=first.pk).cancelled


def test_the_entries_table_asks_in_a_dialog_with_javascript(staff_client):
    tournament = make_tournament(16, [1])
    page = staff_client.get(reverse("staff:entries", args=[tournament.pk])).content.decode()
    assert 'data-confirm="Teilnahmekarte 1 von Spieler 001 stornieren?' in page


def test_withdraw_confirmation_offers_the_same_seed_again(staff_client, running):
    url = reverse("staff:round_withdraw", args=[running.pk, 1])
    round_page = staff_client.get(reverse("staff:round", args=[running.pk, 1])).content.decode()
    assert f'href="{url}"' in round_page  # a link to the confirmation, not a one-click form
    page = staff_client.get(url).content.decode()
    assert "Runde 1 zurückziehen?" in page and "8 Paarungen" in page
    assert "freigegeben" in page and "Zufallszahl (7)" in page
    assert 'value="redraw"' in page
    assert running.rounds.count() == 1


def test_withdraw_and_draw_again_with_the_same_seed(staff_client, running):
    before = list(
        running.rounds.get().pairings.order_by("number").values_list("left_id", "right_id")
    )
    url = reverse("staff:round_withdraw", args=[running.pk, 1])
    response = staff_client.post(url, {"confirm": "yes", "then": "redraw"}, follow=True)
    again = running.rounds.get()
    assert again.seed == 7 and again.status == "draft"
    after = list(again.pairings.order_by("number").values_list("left_id", "right_id"))
    assert after == before
    assert response.redirect_chain[-1][0] == reverse("staff:round", args=[running.pk, 1])
    assert "mit derselben Zufallszahl 7" in response.content.decode()
    actions = list(AuditLog.objects.filter(tournament=running).values_list("action", flat=True))
    assert actions[:2] == ["draw_round", "withdraw_round"]


def test_a_transcribed_round_offers_no_seed(staff_client):
    tournament = make_tournament(16, [1] * 16)
    rnd = services.draw_next_round(tournament, seed=3)
    rnd.seed = None
    rnd.method = "transcribed"
    rnd.save()
    page = staff_client.get(reverse("staff:round_withdraw", args=[tournament.pk, 1]))
    assert 'value="redraw"' not in page.content.decode()
    assert "freigegeben" not in page.content.decode()  # a draft was never public
