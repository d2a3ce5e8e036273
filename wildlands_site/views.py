"""Site-level views that belong to no game app."""
from django.contrib.staticfiles import finders
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

FAVICON = "games/favicon.ico"


@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness for load balancers and container health checks: the process answers and
    the database accepts a query. Any failure becomes a 500, which is the point."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return HttpResponse("ok", content_type="text/plain")


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, which browsers and feed readers ask for whatever a page links: the
    site's icon (games/static/games/favicon.ico) served directly from the app's static
    folder, which ships with the code (no collectstatic needed)."""
    found = finders.find(FAVICON)
    if not found:
        raise Http404("no favicon")
    with open(found, "rb") as icon:  # a few hundred bytes: sent whole, not streamed
        response = HttpResponse(icon.read(), content_type="image/x-icon")
    response["Cache-Control"] = "public, max-age=86400"
    return response
