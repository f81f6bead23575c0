"""The Django admin is the site administrators' tool (Django superusers): they manage the
clubs, their staff and anything that needs a correction. Club staff work on the staff
pages, where ``clubs.permissions`` confines them to their clubs; the admin would show
every club's data, so for anybody else signed in it answers 403 (and sends visitors who
are not signed in to its login)."""

from functools import update_wrapper

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext_lazy as _


class SiteAdmin(admin.AdminSite):
    site_header = _("Preisschnapsen: site administration")
    site_title = _("Preisschnapsen")

    def has_permission(self, request):
        user = request.user
        return bool(user.is_active and user.is_superuser)

    def admin_view(self, view, cacheable=False):
        inner = super().admin_view(view, cacheable)

        def wrapper(request, *args, **kwargs):
            if request.user.is_authenticated and not self.has_permission(request):
                raise PermissionDenied
            return inner(request, *args, **kwargs)

        return update_wrapper(wrapper, inner)

    def login(self, request, extra_context=None):
        if request.user.is_authenticated and not self.has_permission(request):
            raise PermissionDenied
        return super().login(request, extra_context)
