"""WSGI entry point. The site is served over ASGI (see asgi.py); this exists for tools
that expect a WSGI callable. It has no websockets."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildlands_site.settings")

application = get_wsgi_application()
