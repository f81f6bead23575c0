"""The tournaments' work that does not belong in a request (Django's tasks framework):
large printed documents, queued by ``printing.jobs``. ``python manage.py db_worker``
works them off."""

import logging

from django.tasks import task
from django.utils import timezone, translation
from django.utils.translation import pgettext

from .models import PrintJob
from .printing.adapters import PrintError, render

log = logging.getLogger(__name__)


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
