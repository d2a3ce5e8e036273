"""Sign up, sign in (Django's view with the throttled form) and the profile page."""
from django import forms
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from accounts import throttle
from accounts.forms import SignUpForm, ThrottledAuthenticationForm
from games import selectors
from wildlands_site.next_link import local_next


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and sign in at once; `?next=` (an invite link) is honoured."""
    next_url = local_next(request, request.POST.get("next") or request.GET.get("next"))
    if request.user.is_authenticated:
        return redirect(next_url or "accounts:profile")
    form = SignUpForm(request.POST or None)
    if request.method == "POST":
        refusal = throttle.signup_refusal(request)
        if refusal is None and form.is_valid():
            refusal = throttle.take_signup(request)
            if refusal is None:
                user = form.save()
                login(request, user, backend="accounts.throttle.ThrottledModelBackend")
                return redirect(next_url or "accounts:profile")
        if refusal is not None:  # 429, so scripts see it for what it is
            form.add_error(None, forms.ValidationError(refusal, code="too_many_signups"))
            return render(request, "accounts/signup.html", {"form": form, "next": next_url},
                          status=429)
    return render(request, "accounts/signup.html", {"form": form, "next": next_url})


class SignInView(LoginView):
    """/accounts/login/: a sign-in the throttle refused answers 429 Too Many Requests, so
    scripts see it for what it is; people see the form's message."""

    authentication_form = ThrottledAuthenticationForm

    def form_invalid(self, form: ThrottledAuthenticationForm) -> HttpResponse:
        response = super().form_invalid(form)
        if any(error.code == "too_many_attempts"
               for error in form.errors.as_data().get("__all__", [])):
            response.status_code = 429
        return response


@login_required
@require_GET
def profile(request: HttpRequest) -> HttpResponse:
    rows = selectors.game_rows(selectors.games_for_user(request.user)[:50], request.user)
    return render(request, "accounts/profile.html", {
        "rows": rows, "campaigns": selectors.campaigns_for_user(request.user)})
