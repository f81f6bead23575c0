"""``{% venue_address tournament %}``: on the staff's dashboard, the address the printed
QR codes and links give the players' phones, a test QR code of it, and a hint when the
phones cannot reach it (the laptop's own 127.0.0.1, or a server listening on it only).
See ``core.public_url``."""

from django import template
from django.urls import reverse
from django.utils.translation import gettext as _

from core.public_url import configured, is_loopback, lan_address, server_listens_on_loopback
from tournaments.views.public import qr_svg

register = template.Library()


@register.inclusion_tag("staff/_venue_address.html", takes_context=True)
def venue_address(context, tournament):
    request = context["request"]
    url = request.build_absolute_uri(reverse("public:tournament", args=[tournament.pk]))
    link_loopback = is_loopback(url)
    listens_loopback = server_listens_on_loopback(request)
    lan = lan_address() if (link_loopback or listens_loopback) else None
    return {
        "public_url": url,
        "qr": qr_svg(request, tournament),
        "configured": configured(),
        "link_loopback": link_loopback,
        "listens_loopback": listens_loopback,
        "lan_url": f"http://{lan}:{request.META.get('SERVER_PORT') or 8000}" if lan else "",
        "qr_title": _("Test QR code"),
    }
