"""WebSocket routes (``asgi.py``): pushed updates of the live pages and of matches."""

from channels.auth import AuthMiddlewareStack
from django.urls import path

from games.consumers import MatchConsumer
from tournaments.consumers import LiveConsumer

websocket_urlpatterns = [
    path("ws/t/<int:pk>/", AuthMiddlewareStack(LiveConsumer.as_asgi())),
    path("ws/games/<int:pk>/p/<str:token>/", MatchConsumer.as_asgi()),
    path("ws/games/<int:pk>/t/<str:token>/", MatchConsumer.as_asgi()),
    path("ws/games/<int:pk>/watch/", AuthMiddlewareStack(MatchConsumer.as_asgi())),
]
