from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeriesConfig(AppConfig):
    name = "series"
    verbose_name = _("Season series")

    def ready(self):
        # Django's place to connect an app to the apps below it: the models are loaded
        from . import club_scopes, receivers

        club_scopes.register()
        receivers.connect()
