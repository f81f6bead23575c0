"""The staff pages' first check, before anything of the page runs.

``staff_required`` sends an anonymous visitor to the login page, but a page's own
decorators outside it run first: ``require_POST`` answered a GET of a staff URL with 405,
telling an anonymous visitor that the page exists and which method it takes. This
middleware looks at the view a URL resolves to before it is called: a staff view (marked
by ``staff_required``; the mark is kept by the decorators around it) sends an anonymous
visitor to log in, whatever the method.
"""

from django.contrib.auth.views import redirect_to_login
from django.utils.deprecation import MiddlewareMixin


class StaffLoginMiddleware(MiddlewareMixin):
    """Anonymous visitors of any staff URL go to the login page (after
    ``AuthenticationMiddleware``)."""

    def process_view(self, request, view_func, view_args, view_kwargs):
        if getattr(view_func, "staff_view", False) and not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return None
