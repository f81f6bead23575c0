from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeriesConfig(AppConfig):
    name = "series"
    verbose_name = _("Season series")
