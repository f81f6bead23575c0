"""The winner mark (a CSS check mark) is a word for screen readers."""

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Outcome

pytestmark = pytest.mark.django_db


# --- 5. the winner mark ---------------------------------------------------------------------


def test_the_winner_mark_is_a_word_for_screen_readers(client, staff_client, running):
    running.is_public = True
    running.save()
    pairing = running.rounds.get().pairings.filter(outcome=Outcome.OPEN).first()
    services.record_result(pairing, winner="right", score=(2, 1))
    hidden = '<span class="visually-hidden">, {}</span>'
    public = client.get(
        reverse("public:tournament", args=[running.pk]), headers={"accept-language": "de-at"}
    ).content.decode()
    assert public.count(hidden.format("Sieger")) >= 1
    assert "winner" not in public.replace('class="winner"', "")  # German page: no English
    staff = staff_client.get(
        reverse("staff:results", args=[running.pk]), headers={"accept-language": "en"}
    ).content.decode()
    assert staff.count(hidden.format("winner")) == 1  # one decided pairing, one winner
    projector = client.get(reverse("public:projector", args=[running.pk])).content.decode()
    assert projector.count(hidden.format("Sieger")) == 1
