"""The content admin every game builds on: a save checked by the game's one validator, the
refusal shown on the form and on the row it names, and read-only pages of frozen versions.

Saving writes the rows, then asks the game to check and commit the whole item
(`CheckedContentAdmin.commit`, inside the admin's transaction). A refusal (a
`ContentError`) rolls everything back and the same form is shown again with the
validator's message at the top and on the row it names ("Minion card magus_m07: 'houndd'
is not a minion type of this scenario"). A game subclasses `CheckedContentAdmin` once with
its own `commit`; its inlines mix in `RowErrorInline` and say which item a row is. A
game's versions are shown by `FrozenVersionAdmin` and its balance runs by `BalanceRunAdmin`.
"""
from __future__ import annotations

from typing import Any, Optional

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import models
from django.http import JsonResponse
from django.urls import path
from django.utils.html import format_html

from games.platform.content_common import ContentError
from games.platform.content_files import to_yaml

MAX_MESSAGE = 600  # characters of one message on a page


def describe(error: ContentError) -> str:
    """The validator's message as a designer reads it on the form: item, then problem."""
    if not error.item:
        return shorten(error.problem)
    return shorten(f"{error.item[:1].upper()}{error.item[1:]}: {error.problem}")


def shorten(message: str) -> str:
    """At most MAX_MESSAGE characters: a message may quote the value it refuses, and an
    uploaded value can be of any size."""
    if len(message) <= MAX_MESSAGE:
        return message
    return f"{message[:MAX_MESSAGE - 30]}… ({len(message):,} characters in all)"


class Refused(Exception):
    """A save the validator refused, raised out of the admin's transaction."""

    def __init__(self, error: ContentError) -> None:
        super().__init__(str(error))
        self.error = error


class CheckedContentAdmin(admin.ModelAdmin):
    """Writes the rows, checks the whole item, and on a refusal shows the form again.

    The check needs the parent and every inline saved, so it runs in `save_related`; a
    refusal raises out of the admin's transaction (rolling the save back) and the view is
    run a second time on the same POST with the error attached, which Django renders as an
    invalid form holding everything the designer typed.
    """

    formfield_overrides = {
        models.CharField: {"widget": forms.TextInput(attrs={"size": 22})},
        models.TextField: {"widget": forms.Textarea(attrs={"rows": 3, "cols": 60})},
    }

    def commit(self, request, item: Any) -> Optional[Any]:
        """Check the saved `item` (with its inlines) by the game's validator and keep it: the
        new or current version it makes (shown to the designer), or None for content that
        is not versioned on its own.

        :raises ContentError: the validator refuses it."""
        raise NotImplementedError

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        try:
            version = self.commit(request, form.instance)
        except ContentError as error:
            raise Refused(error) from None
        if version is not None:
            messages.info(request, f"Checked: valid. This content is version {version.number} "
                                   f"(digest {version.short_digest}).")

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except Refused as refused:
            request._content_error = refused.error
            return super().changeform_view(request, object_id, form_url, extra_context)

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        error = getattr(request, "_content_error", None)
        if error is None:
            return form
        message = describe(error)

        class RefusedForm(form):
            def clean(self):
                super().clean()
                raise ValidationError(message, code="content")

        return RefusedForm


class RowErrorInline:
    """An inline whose rows show the validator's message when it names them."""

    def error_item(self, cleaned: dict) -> str | None:
        return None

    def names_row(self, item: str, cleaned: dict) -> bool:
        key = self.error_item(cleaned)
        return bool(key) and (item == key or item.startswith(key + " "))

    def get_formset(self, request, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        error = getattr(request, "_content_error", None)
        if error is None or not error.item:
            return formset
        inline = self

        class Marked(formset):
            def clean(self):
                super().clean()
                for row in self.forms:
                    cleaned = getattr(row, "cleaned_data", None)
                    if cleaned and not cleaned.get("DELETE") and inline.names_row(error.item, cleaned):
                        row.add_error(None, describe(error))

        return Marked


class FrozenVersionAdmin(admin.ModelAdmin):
    """A game's content versions: read only (a version never changes), each with its count
    of balance runs (the reverse name `runs_name` of the run's `version`) and its data as
    YAML. Actions that start a run or an export are the game's own."""

    runs_name = ""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description="balance runs")
    def run_count(self, obj):
        return getattr(obj, self.runs_name).count()

    @admin.display(description="content")
    def as_yaml(self, obj):
        return format_html("<pre style='max-height:40em;overflow:auto'>{}</pre>",
                           to_yaml(obj.data))


class BalanceRunAdmin(admin.ModelAdmin):
    """A game's balance runs (`BalanceRunBase`): started from the game's own page, never
    added or changed here; each with its win rate, and its progress as JSON at
    `<pk>/progress/` (URL name `<app>_<model>_progress`) for a page that follows a run."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description="win rate")
    def win_rate(self, obj):
        return win_rate_words(obj.results)

    def get_urls(self):
        opts = self.model._meta
        return [path("<int:pk>/progress/", self.admin_site.admin_view(self.progress_view),
                     name=f"{opts.app_label}_{opts.model_name}_progress"), *super().get_urls()]

    def progress_view(self, request, pk):
        run = self.model.objects.filter(pk=pk).first()
        if run is None:
            return JsonResponse({"error": "no such run"}, status=404)
        return JsonResponse(run.progress)


def win_rate_words(results: Optional[dict]) -> str:
    """"41.0% (37.9%–44.2%)": a run's win rate with its interval, or a dash before figures."""
    if not results:
        return "—"
    return f"{results['win_rate']:.1%} ({results['ci_low']:.1%}–{results['ci_high']:.1%})"
