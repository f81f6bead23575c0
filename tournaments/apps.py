from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Preisschnapsen")

    def ready(self):
        # Django's place to connect an app to the apps below it: the models are loaded
        from . import club_scopes, live_version, receivers

        live_version.connect()
        club_scopes.register()
        receivers.connect()
