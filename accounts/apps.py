from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Signing up and the profile page; sign-in and passwords use Django's own auth views."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"
    verbose_name = "Accounts"
