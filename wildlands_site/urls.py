"""Top-level URL configuration."""
from django.contrib import admin
from django.urls import include, path

from wildlands_site.views import healthz

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("games.urls")),
]
