from django.apps import AppConfig
from django.contrib.admin.apps import AdminConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = _("Clubs and staff")


class SiteAdminConfig(AdminConfig):
    """Django's admin, for site administrators only (``clubs.admin_site.SiteAdmin``)."""

    default_site = "clubs.admin_site.SiteAdmin"
