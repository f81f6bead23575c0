from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class VenueConfig(AppConfig):
    name = "venue"
    verbose_name = _("Venue")

    def ready(self):
        # Django's place to connect an app to the apps below it: the models are loaded
        from tournaments import write_guard

        from . import services

        write_guard.register(services.refusal)
