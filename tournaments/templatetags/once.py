"""``{% once_field %}``: the hidden one-time token of a form (see ``tournaments.once``)."""

from django import template
from django.utils.html import format_html

from tournaments import once

register = template.Library()


@register.simple_tag
def once_field():
    return format_html('<input type="hidden" name="{}" value="{}">', once.FIELD, once.new_token())
