"""The audit log shows before/after as lines "field: old → new" in the page's language."""

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments import services
from tournaments.models import Outcome
from tournaments.views.audit import change_lines

pytestmark = pytest.mark.django_db


# --- 6. the audit log in words --------------------------------------------------------------


def test_audit_log_shows_changes_as_lines(staff_client, staff_user, running):
    pairing = running.rounds.get().pairings.filter(outcome=Outcome.OPEN).first()
    services.record_result(pairing, winner="left", score=(2, 1), actor=staff_user)
    pairing.refresh_from_db()
    services.correct_result(pairing, winner="right", score=(2, 0), actor=staff_user)
    with translation.override("en"):
        row = running.audit_log.get(action="correct_result")
        lines = change_lines(row.action, row.before, row.after)
        assert "winner: left → right" in lines and "Bummerl: 2:1 → 2:0" in lines
        # only what a person understands: no version counter, nothing that stayed as it was
        assert not any(line.startswith(("version", "outcome", "confirmed")) for line in lines)
        entry = running.entries.first()
        services.set_paid(entry, False, actor=staff_user)
        row = running.audit_log.get(action="set_paid")
        assert "paid: yes → no" in change_lines(row.action, row.before, row.after)
        assert f"player: {entry.player.name}" in change_lines(row.action, row.before, row.after)
    body = staff_client.get(
        reverse("staff:audit", args=[running.pk]), headers={"accept-language": "de-at"}
    ).content.decode()
    left, right = f"#{pairing.left.number} {pairing.left.player.name}", f"#{pairing.right.number}"
    assert f"Sieger: {left} → {right}" in body and "bezahlt: ja → nein" in body
    assert "Version" not in body
    assert '{"' not in body and "&quot;" not in body  # no raw JSON
