from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Partien")

    def ready(self):
        # Django's place to connect an app to the apps below it: the models are loaded
        from . import receivers

        receivers.connect()
