"""The staff pages' links, buttons and next steps, from the rules that guard the views
(``clubs.permissions.staff_url``): a page offers only what the user may open.

    {% load staff_links %}
    {% allowed_url "staff:draw" tournament.pk as draw_url %}
    {% if draw_url %}<a href="{{ draw_url }}">…</a>{% endif %}

    {# a form: its method, and the field that chooses its action #}
    {% allowed_url "games:pairing" pairing.pk method="post" do="revoke" as revoke_url %}

    {# the URL's arguments as one sequence (a next step names its page and arguments) #}
    {% allowed_url step.view args=step.view_args as step_url %}

``club=tournament`` saves looking up the club of the URL's object where the template
knows it (every row of a tournament's table). Any other keyword is a field of the form.
The URL comes out empty when the user may not open it, and when the name does not
resolve (an app left out of the URLconf), as with ``{% url … as name %}``.
"""

from django import template

from clubs.models import Role
from clubs.permissions import roles_allowed, staff_url

register = template.Library()


def _user(context):
    request = context.get("request")
    return getattr(request, "user", None) or context.get("user")


@register.simple_tag(takes_context=True)
def allowed_url(context, view_name, *positional, method="GET", args=None, club=None, **data):
    if not view_name:
        return ""
    return staff_url(
        _user(context),
        str(view_name),
        args=tuple(args) if args is not None else positional,
        method=str(method),
        data={key: str(value) for key, value in data.items()},
        club=club,
    )


@register.simple_tag
def roles_for(view_name, *positional, method="GET", args=None, **data):
    """The roles that may open the page, in words ("Organisator"; "Kassa, Organisator"):
    who takes a next step that the user may not take himself."""
    if not view_name:
        return ""
    labels = dict(Role.choices)
    codes = roles_allowed(
        str(view_name),
        tuple(args) if args is not None else positional,
        method=str(method),
        data={key: str(value) for key, value in data.items()},
    )
    return ", ".join(str(labels[code]) for code in codes)
