"""The registration's public pages (``registration:``) and its staff pages, which join
the staff namespace (``staff_patterns``, gathered in ``schnapsen_site.urls``)."""

from django.urls import path

from core import converters  # noqa: F401 - registers <id:…>

from . import views

app_name = "registration"

urlpatterns = [
    path("anmeldung/t/<id:pk>/", views.register, name="register"),
    path("anmeldung/r/<str:token>/", views.manage, name="manage"),
]

staff_patterns = [
    path("t/<id:pk>/registration/", views.terms, name="registration"),
    path(
        "t/<id:pk>/registration/<id:registration_pk>/take-up/",
        views.take_up,
        name="registration_take_up",
    ),
    path("t/<id:pk>/check-in/", views.scan, name="registration_scan"),
]
