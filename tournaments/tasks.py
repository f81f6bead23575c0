"""The tournaments' work that does not belong in a request (Django's tasks framework):
large printed documents. ``python manage.py db_worker`` works them off."""

from django.tasks import task


@task()
def make_print_job(job_pk: int) -> bool:
    """Render a queued print job's document and store it on the job."""
    from tournaments.printing.jobs import make

    return make(job_pk)
