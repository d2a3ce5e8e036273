"""ASGI entry point: plain HTTP goes to Django, websockets to the Channels consumers.

Django is set up (get_asgi_application) before anything that imports models, which is
why the Channels imports come after it.
"""
import os
import sys

from django.core.asgi import get_asgi_application

# A web process has two busy threads: the event loop (sockets) and the database thread
# every command waits on. A thread coming back from PostgreSQL waits for the GIL up to the
# switch interval, several times per command; at the default 5 ms that queue, not the work,
# set the pace under load (load_bench, 200 games: p50 312 ms at 5 ms, 102 ms at 0.5 ms).
sys.setswitchinterval(0.0005)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildlands_site.settings")

django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from games.routing import websocket_urlpatterns  # noqa: E402
from wildlands_site.socket_auth import SocketAuthMiddlewareStack  # noqa: E402
from wildlands_site.socket_origin import SameOriginValidator  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(
            SocketAuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)

from wildlands_site.gc_tuning import settle_after_startup  # noqa: E402

settle_after_startup()  # after everything above is imported (see the module)
