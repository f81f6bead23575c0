"""The club's own audit log (``staff:club_audit``): changes of no one tournament, such as
the staff's roles, invitations, the logo, API tokens and merged players. It lives here
with the audit log; the club pages (``clubs.views``) link to it."""

from django.shortcuts import get_object_or_404, render

from clubs.models import Club
from clubs.permissions import staff_required
from core import tables

from ..models import AuditLog
from .tables import AuditTable


@staff_required
def club_audit(request, slug):
    club = get_object_or_404(Club, slug=slug)
    rows = AuditLog.objects.filter(club=club, tournament__isnull=True).select_related("user")
    table = AuditTable(rows)
    tables.configure(request, table, per_page=100)
    return render(request, "clubs/audit.html", {"club": club, "table": table})
