"""The ASGI application: Django's pages over HTTP, pushed updates over WebSockets.

Serve it with uvicorn (``uvicorn schnapsen_site.asgi:application``); ``--workers N``
or several servers behind a proxy share the pushes through the Redis channel layer.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "schnapsen_site.settings")
django_application = get_asgi_application()  # sets Django up before the routes import models

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from schnapsen_site.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_application,
        "websocket": AllowedHostsOriginValidator(URLRouter(websocket_urlpatterns)),
    }
)
