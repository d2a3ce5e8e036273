"""The site's own account pages; login, logout and passwords are Django's auth URLs,
mounted beside these under /accounts/ in wildlands_site/urls.py."""
from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("profile/", views.profile, name="profile"),
]
