"""Large documents are made by the task worker: the staff's page waits for the job and
then shows the PDF at the same address; a job is reused while the tournament is
unchanged, and a failure is said in words."""

import re

import pytest
from django.test import override_settings

from tournaments import services
from tournaments.models import PrintJob
from tournaments.tasks import make_print_job

from .pdftext import page_text
from .test_views_cli import staff_client, staff_url  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db

QUEUE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def refresh_url(response) -> str:
    found = re.search(r'http-equiv="refresh" content="2; url=([^"]+)"', response.text)
    assert found, response.text[:500]
    return found.group(1).replace("&amp;", "&")


@override_settings(PRINT_IN_BACKGROUND_ENTRIES=4, TASKS=QUEUE)
def test_a_large_document_waits_for_the_worker_then_shows(
    staff_client,  # noqa: F811
    small_tournament,
    django_capture_on_commit_callbacks,
):
    t = small_tournament
    with django_capture_on_commit_callbacks(execute=True):
        first = staff_client.get(staff_url(t, "scoresheets", round=1))
    assert first.status_code == 200 and first["Content-Type"].startswith("text/html")
    assert "Bei 16 Nennungen wird das Dokument im Hintergrund erstellt." in first.text
    assert "in der Warteschlange" in first.text
    job = PrintJob.objects.get()
    assert (job.document, job.round_number, job.status) == ("scoresheets", 1, "queued")
    url = refresh_url(first)
    assert f"job={job.pk}" in url and "round=1" in url
    # asked again before it is made: the same job, not a second one
    with django_capture_on_commit_callbacks(execute=True):
        again = staff_client.get(staff_url(t, "scoresheets", round=1))
    assert PrintJob.objects.count() == 1 and refresh_url(again) == url
    # queued in the database for the worker, which makes it (as ``db_worker`` does)
    from django_tasks_db.models import DBTaskResult

    (queued,) = DBTaskResult.objects.all()
    assert queued.task_path == "tournaments.tasks.make_print_job"
    assert queued.args_kwargs["args"] == [job.pk]
    assert make_print_job.call(job.pk) is True
    job.refresh_from_db()
    assert job.status == "done" and job.finished_at is not None
    done = staff_client.get(url)
    assert done["Content-Type"] == "application/pdf"
    assert "Preisschnapsen Größenwörth" in page_text(done.content, 0)
    # once made, the plain address shows the PDF too, until the tournament changes
    plain = staff_client.get(staff_url(t, "scoresheets", round=1))
    assert plain["Content-Type"] == "application/pdf"
    services.record_result(
        t.rounds.get(number=1).pairings.filter(outcome="").first(), winner="left", score=(2, 0)
    )
    with django_capture_on_commit_callbacks(execute=True):
        changed = staff_client.get(staff_url(t, "scoresheets", round=1))
    assert changed["Content-Type"].startswith("text/html") and PrintJob.objects.count() == 2
    # the job asked for is followed, even though the tournament changed since
    assert staff_client.get(url)["Content-Type"] == "application/pdf"


@override_settings(PRINT_IN_BACKGROUND_ENTRIES=4)
@pytest.mark.django_db(transaction=True)
def test_with_the_immediate_backend_the_pdf_comes_at_once_in_the_staff_language(
    staff_client,  # noqa: F811
    small_tournament,
):
    # the request commits (autocommit, as in production): the job runs at once
    staff_client.cookies["django_language"] = "en"
    response = staff_client.get(staff_url(small_tournament, "draw"))
    assert response["Content-Type"] == "application/pdf"
    assert "Draw: Round 1" in page_text(response.content, 0)
    assert PrintJob.objects.get().language == "en"


@override_settings(PRINT_IN_BACKGROUND_ENTRIES=4)
@pytest.mark.django_db(transaction=True)
def test_a_job_that_cannot_be_made_says_why(staff_client, small_tournament):  # noqa: F811
    response = staff_client.get(staff_url(small_tournament, "scoresheets", round=5))
    assert response.status_code == 404
    assert "Runde 5" in response.text
    assert PrintJob.objects.get().status == "failed"
    assert "5" in PrintJob.objects.get().error
