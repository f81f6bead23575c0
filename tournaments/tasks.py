"""The tournaments' work that does not belong in a request (Django's tasks framework):
large printed documents. No request waits for the score sheets of a 1024-entry round: a
document of a tournament with more entries than ``settings.PRINT_IN_BACKGROUND_ENTRIES``
is a print job (``request_job``), made by the task worker (``make_print_job``;
``python manage.py db_worker`` works them off); the staff's request gets a page that
reloads itself until the PDF is ready, then the PDF at the same address."""

from __future__ import annotations

import datetime
import logging

from django.conf import settings
from django.db import transaction
from django.tasks import task
from django.utils import timezone, translation
from django.utils.translation import pgettext

from . import live_version
from .models import PrintJob, Tournament
from .printing.adapters import PrintError, render

log = logging.getLogger(__name__)

KEEP = datetime.timedelta(days=1)


def in_background(tournament: Tournament) -> bool:
    """Whether the tournament's documents are made by the task worker."""
    limit = getattr(settings, "PRINT_IN_BACKGROUND_ENTRIES", 256)
    return tournament.entries.count() > limit


def request_job(
    tournament: Tournament,
    document: str,
    *,
    round_number: int | None,
    public_url: str,
    base_url: str,
    user=None,
) -> PrintJob:
    """The job for this document at the tournament's current live version: the one
    already asked for (queued, being made or ready), else a new one, queued."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    version = live_version.load(tournament)[0]
    same = PrintJob.objects.filter(
        tournament=tournament,
        document=document,
        round_number=round_number,
        language=language,
        base_url=base_url,
        version=version,
    ).exclude(status=PrintJob.Status.FAILED)
    job = same.defer("content").order_by("-pk").first()
    if job is not None:
        return job
    PrintJob.objects.filter(created_at__lt=timezone.now() - KEEP).delete()
    job = PrintJob.objects.create(
        tournament=tournament,
        document=document,
        round_number=round_number,
        language=language,
        public_url=public_url,
        base_url=base_url,
        version=version,
        requested_by=user if user is not None and user.is_authenticated else None,
    )
    transaction.on_commit(lambda: make_print_job.enqueue(job.pk))
    if transaction.get_autocommit():  # on_commit ran already: the job may be done
        job.refresh_from_db()
    return job


@task()
def make_print_job(job_pk: int) -> bool:
    """Render a queued print job's document and store it on the job. False when the job
    is gone or was taken by another worker."""
    claimed = PrintJob.objects.filter(pk=job_pk, status=PrintJob.Status.QUEUED).update(
        status=PrintJob.Status.RUNNING
    )
    if not claimed:
        return False
    job = PrintJob.objects.select_related("tournament").get(pk=job_pk)
    fields = ["status", "finished_at", "filename", "content", "error"]
    try:
        with translation.override(job.language):
            document = render(
                job.document,
                job.tournament,
                round_number=job.round_number,
                public_url=job.public_url,
                base_url=job.base_url,
            )
    except PrintError as exc:
        job.status, job.error = PrintJob.Status.FAILED, str(exc)
    except Exception:  # a fault of ours: say so in the page, keep the trace in the log
        log.exception("print job %s failed", job_pk)
        job.status = PrintJob.Status.FAILED
        with translation.override(job.language):
            job.error = pgettext(
                "printing",
                "The document could not be made. Please try again; if it fails again, "
                "tell the site's administrator.",
            )
    else:
        job.status, job.filename, job.content = PrintJob.Status.DONE, document.filename, document.content
    job.finished_at = timezone.now()
    job.save(update_fields=fields)
    return job.status == PrintJob.Status.DONE
