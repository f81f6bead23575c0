"""The site's URLconf: it only assembles the apps' pages. The staff namespace gathers
the staff pages of every app (``staff_patterns``); the other apps bring their own."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from api.api import api
from api.urls import staff_patterns as api_staff
from clubs.urls import staff_patterns as club_staff
from core import push_relay
from registration.urls import staff_patterns as registration_staff
from series.urls import staff_patterns as series_staff
from tournaments.urls.staff import staff_patterns as tournament_staff

staff_patterns = tournament_staff + club_staff + series_staff + api_staff + registration_staff

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("internal/push-relay", push_relay.receive, name=push_relay.URL_NAME),
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("staff/", include((staff_patterns, "staff"))),
    path("api/v1/", api.urls),
    path("venue/v1/", include("venue.urls")),  # the venue laptop's checkout (``venue``)
    path("", include("api.urls")),
    path("games/", include("games.urls")),
    path("series/", include("series.urls")),
    path("", include("ratings.urls")),  # /rating/ and /players/<id>/ (``ratings``)
    path("", include("registration.urls")),  # registration before the day (Voranmeldung)
    path("", include("clubs.urls")),
    path("", include("tournaments.urls.public")),
]
