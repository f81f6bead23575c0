from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from api.api import api

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("staff/", include("tournaments.urls.staff")),
    path("api/v1/", api.urls),
    path("", include("api.urls")),
    path("games/", include("games.urls")),
    path("series/", include("series.urls")),
    path("", include("clubs.urls")),
    path("", include("tournaments.urls.public")),
]
