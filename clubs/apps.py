from django.apps import AppConfig
from django.contrib.admin.apps import AdminConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = _("Clubs and staff")

    def ready(self):
        # the audit entry of a login locked by the limit of failed logins (axes' signal)
        from . import login_limit

        login_limit.connect()


class SiteAdminConfig(AdminConfig):
    """Django's admin, for site administrators only (``clubs.admin_site.SiteAdmin``)."""

    default_site = "clubs.admin_site.SiteAdmin"
