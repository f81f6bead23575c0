"""``{{ amount|euro }}``: "€ 150,00" with a no-break space (see ``tournaments.money``)."""

from django import template

from tournaments.money import euro as format_euro

register = template.Library()


@register.filter
def euro(amount) -> str:
    return format_euro(amount)
