"""Pages of the games app."""
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The landing page: what the game is and the ways to play it."""
    return render(request, "home.html")
