from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RegistrationConfig(AppConfig):
    name = "registration"
    verbose_name = _("Registration")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Django's place to connect an app to the apps below it: the models are loaded
        from . import receivers

        receivers.connect()
