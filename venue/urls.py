from django.urls import path

from . import views

app_name = "venue"

urlpatterns = [
    path("t/<id:pk>/checkout", views.checkout, name="checkout"),
    path("t/<id:pk>/checkin", views.checkin, name="checkin"),
]
