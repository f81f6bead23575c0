"""The fingerprint the staff's results page polls: it changes with everything the page
shows (reports, results and corrections, matches started) and only then."""

import pytest

from tournaments import services

pytestmark = pytest.mark.django_db


def test_the_results_version_changes_with_what_the_results_page_shows():
    from games import services as games
    from tests.games.helpers import open_pairings

    t, pairings = open_pairings(name="Version")
    seen = [services.results_version(t)]

    def changed():
        now = services.results_version(t)
        assert now not in seen
        seen.append(now)

    assert services.results_version(t) == seen[0]  # nothing happened: the same
    services.report_result(pairings[0], side="left", winner="left", score=(2, 1))
    changed()
    services.report_result(pairings[0], side="right", winner="right", score=(2, 0))
    changed()  # the reports disagree now
    services.record_result(pairings[1], winner="left", score=(2, 0))
    changed()
    services.correct_result(pairings[1], winner="right", score=(2, 1))
    changed()
    games.start_match_for_pairing(pairings[2])
    changed()
