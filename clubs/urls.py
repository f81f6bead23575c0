"""Club pages. ``staff_patterns`` join the staff namespace (``schnapsen_site.urls``);
the invitation link is public (``clubs:invite``)."""

from django.urls import path

from core import converters  # noqa: F401 - registers <id:…>

from . import views

staff_patterns = [
    path("clubs/", views.club_list, name="clubs"),
    path("clubs/<slug:slug>/", views.club_detail, name="club"),
    path("clubs/<slug:slug>/invite/", views.club_invite, name="club_invite"),
    path(
        "clubs/<slug:slug>/invitations/<id:invitation_pk>/withdraw/",
        views.club_invitation_withdraw,
        name="club_invitation_withdraw",
    ),
    path("clubs/<slug:slug>/roles/", views.club_role, name="club_role"),
    path("clubs/<slug:slug>/logo/", views.club_logo, name="club_logo"),
]

app_name = "clubs"
urlpatterns = [
    path("invite/<str:token>/", views.invitation, name="invite"),
]
