"""PDF downloads: every document for the staff, and the draw sheet and result list
of released rounds of public tournaments for everybody."""

from __future__ import annotations

from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.utils.http import urlencode
from django.utils.translation import pgettext, pgettext_lazy

from clubs.permissions import staff_required
from core.numbers import parse_id, parse_int

from .. import tasks
from ..models import PrintJob, Round, Tournament
from ..printing.adapters import DOCUMENTS, Document, PrintError, public_path, render

PUBLIC_DOCUMENTS = ("draw", "results")


def _round_param(request) -> int | None | HttpResponse:
    raw = request.GET.get("round", "").strip()
    if not raw:
        return None
    number = parse_int(raw, min=1)
    if number is None:
        return HttpResponseBadRequest(
            pgettext("printing", "The round must be a whole number of 1 or more, not %(value)s.")
            % {"value": raw[:20]},
            content_type="text/plain; charset=utf-8",
        )
    return number


def _unknown(document: str, choices) -> HttpResponse:
    return HttpResponseBadRequest(
        pgettext("printing", "Unknown document %(doc)s; choose one of: %(choices)s.")
        % {"doc": document[:40], "choices": ", ".join(choices)},
        content_type="text/plain; charset=utf-8",
    )


def _pdf(document) -> HttpResponse:
    response = HttpResponse(document.content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{document.filename}"'
    response["X-Robots-Tag"] = "noindex"
    return response


@staff_required
def staff_document(request, pk: int, document: str):
    """``/staff/t/<pk>/print/<document>.pdf[?round=N]`` for every document."""
    tournament = get_object_or_404(Tournament, pk=pk)
    if document not in DOCUMENTS:
        return _unknown(document, DOCUMENTS)
    number = _round_param(request)
    if isinstance(number, HttpResponse):
        return number
    url = request.build_absolute_uri(public_path(tournament))
    base = request.build_absolute_uri("/").rstrip("/")  # the players' links on score sheets
    if tasks.in_background(tournament):
        return _background(request, tournament, document, number, url, base)
    try:
        return _pdf(
            render(document, tournament, round_number=number, public_url=url, base_url=base)
        )
    except PrintError as exc:
        raise Http404(str(exc)) from None


def _background(request, tournament, document, number, url, base) -> HttpResponse:
    """A large document: made by the task worker; this page reloads itself (``?job=``
    keeps to the job asked for, even while results change the tournament) and shows the
    PDF once it is ready."""
    job = None
    job_pk = parse_id(request.GET.get("job"))
    if job_pk:
        job = (
            PrintJob.objects.filter(pk=job_pk, tournament=tournament, document=document)
            .defer("content")
            .first()
        )
    if job is None:
        job = tasks.request_job(
            tournament, document, round_number=number, public_url=url, base_url=base,
            user=request.user,
        )
    if job.status == PrintJob.Status.DONE:
        content = PrintJob.objects.values_list("content", flat=True).get(pk=job.pk)
        return _pdf(Document(job.filename, bytes(content)))
    params = {"job": job.pk} | ({"round": number} if number else {})
    failed = job.status == PrintJob.Status.FAILED
    return TemplateResponse(
        request,
        "staff/print_job.html",
        {
            "tournament": tournament,
            "job": job,
            "failed": failed,
            "document_name": DOCUMENT_NAMES.get(document, document),
            "refresh_url": f"{request.path}?{urlencode(params)}",
            "again_url": request.path + (f"?{urlencode({'round': number})}" if number else ""),
            "entries": tournament.entries.count(),
        },
        status=404 if failed else 200,
    )


DOCUMENT_NAMES = {
    "draw": pgettext_lazy("printing", "The draw sheet"),
    "scoresheets": pgettext_lazy("printing", "The score sheets"),
    "entries": pgettext_lazy("printing", "The entry cards"),
    "results": pgettext_lazy("printing", "The result list"),
}


def public_document(request, pk: int, document: str):
    """``/t/<pk>/print/<draw|results>.pdf[?round=N]``: released rounds of public tournaments,
    players named as public surfaces name them (``public_names``; the staff's copies name
    everybody)."""
    tournament = get_object_or_404(Tournament, pk=pk, is_public=True)
    if document not in PUBLIC_DOCUMENTS:
        return _unknown(document, PUBLIC_DOCUMENTS)
    number = _round_param(request)
    if isinstance(number, HttpResponse):
        return number
    if document == "draw":
        released = tournament.rounds.filter(status=Round.Status.RELEASED)
        rnd = released.filter(number=number).first() if number else released.last()
        if rnd is None:
            raise Http404(pgettext("printing", "This round is not released."))
        return _pdf(render("draw", tournament, round_number=rnd.number, public=True))
    return _pdf(render("results", tournament, public=True))
