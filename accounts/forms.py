"""The sign-up form: Django's UserCreationForm with an optional e-mail address (needed
only for password resets)."""
from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User


class SignUpForm(UserCreationForm):
    email = forms.EmailField(required=False,
                             help_text="Optional; only used to reset a forgotten password.")

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
