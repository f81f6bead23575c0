from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Preisschnapsen")

    def ready(self):
        from . import live_version

        live_version.connect()
