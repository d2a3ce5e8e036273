"""The site's own account pages; logout and passwords are Django's auth URLs, mounted
beside these under /accounts/ in wildlands_site/urls.py. Sign-in is Django's view with the
throttled form (accounts.throttle): included first, it answers /accounts/login/."""
from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.SignInView.as_view(), name="login"),  # before Django's own, same URL
    path("profile/", views.profile, name="profile"),
]
