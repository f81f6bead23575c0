from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class VenueConfig(AppConfig):
    name = "venue"
    verbose_name = _("Venue")
