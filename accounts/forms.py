"""The sign-up form: Django's UserCreationForm with an optional e-mail address (needed
only for password resets); the sign-in form with the throttle's message."""
from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User

from accounts import throttle


class SignUpForm(UserCreationForm):
    email = forms.EmailField(required=False,
                             help_text="Optional; only used to reset a forgotten password.")

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


class ThrottledAuthenticationForm(AuthenticationForm):
    """Django's sign-in form, saying so when the sign-in throttle (accounts.throttle) is
    what refused the attempt rather than the password."""

    def get_invalid_login_error(self) -> forms.ValidationError:
        message = throttle.refusal(self.request, self.cleaned_data.get("username"))
        if message is not None:
            return forms.ValidationError(message, code="too_many_attempts")
        return super().get_invalid_login_error()
