"""WebSocket routes (``asgi.py``): pushed updates of the live pages and of matches."""

from channels.auth import AuthMiddlewareStack
from django.urls import path

from core import converters  # noqa: F401 - registers <id:…>
from games.consumers import MatchConsumer
from tournaments.consumers import LiveConsumer

websocket_urlpatterns = [
    path("ws/t/<id:pk>/", AuthMiddlewareStack(LiveConsumer.as_asgi())),
    path("ws/games/<id:pk>/p/<str:token>/", MatchConsumer.as_asgi()),
    path("ws/games/<id:pk>/t/<str:token>/", MatchConsumer.as_asgi()),
    path("ws/games/<id:pk>/watch/", AuthMiddlewareStack(MatchConsumer.as_asgi())),
]
