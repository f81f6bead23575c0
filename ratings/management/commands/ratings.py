"""``manage.py ratings recompute``: every rating from scratch; ``manage.py ratings
update``: only from the stale tournaments on (what the pages do before they show)."""

from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from ratings import services
from ratings.models import Snapshot, Stale


class Command(BaseCommand):
    help = "Recompute the players' ratings from the stored results."

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["recompute", "update"])

    def handle(self, *args, action, **options):
        if action == "recompute":
            Stale.objects.all().delete()
            rated = services.recompute()
        else:
            services.ensure_current()
            rated = None
        count = Snapshot.objects.count()
        if rated is not None:
            self.stdout.write(
                _("%(tournaments)d tournaments rated, %(ratings)d ratings stored.")
                % {"tournaments": rated, "ratings": count}
            )
        else:
            self.stdout.write(_("%(ratings)d ratings stored.") % {"ratings": count})
