"""Top-level URL configuration.

The error pages are templates/403.html, 404.html and 500.html, rendered by Django's own
handlers (`PermissionDenied`, `Http404`, an unhandled error), so no handler is set here.
"""
from django.contrib import admin
from django.urls import include, path

from wildlands_site.views import favicon, healthz

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    path("favicon.ico", favicon, name="favicon"),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("games.urls")),
]
