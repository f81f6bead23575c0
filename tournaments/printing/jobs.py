"""Large documents as tasks (Django's tasks framework): no request waits for the score
sheets of a 1024-entry round. A document of a tournament with more entries than
``settings.PRINT_IN_BACKGROUND_ENTRIES`` is made by the task worker
(:func:`tournaments.tasks.make_print_job`, which renders it); the staff's request gets
a page that reloads itself until the PDF is ready, then the PDF at the same address."""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation

from .. import live_version
from ..models import PrintJob, Tournament
from ..tasks import make_print_job

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
