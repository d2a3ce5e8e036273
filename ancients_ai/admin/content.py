"""The content admin for maps, factions and treasures, and what every content page shares.

Saving checks the whole item with the one validator (`services.content.content_commit`)
after the rows are written, inside the admin's transaction. A refusal rolls everything back
and the same form is shown again with the validator's message at the top and on the row it
names ("Minion card magus_m07: 'houndd' is not a minion type of this scenario").
"""
from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import models
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from games.content.common import ContentError

from ancients_ai import content_io
from ancients_ai.models import (ActionCard, Faction, FactionCharacter, Map, MapSpace,
                                ScenarioVersion, TreasureCard)
from ancients_ai.services import content as content_services


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


class _Refused(Exception):
    def __init__(self, error: ContentError) -> None:
        super().__init__(str(error))
        self.error = error


# --- saving through the one validator ----------------------------------------------------------
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

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        try:
            result = content_services.content_commit(item=form.instance, user=request.user)
        except ContentError as error:
            raise _Refused(error) from None
        if isinstance(result, ScenarioVersion):
            messages.info(request, f"Checked: valid. This content is version {result.number} "
                                   f"(digest {result.short_digest}).")

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except _Refused as refused:
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
                cleaned = super().clean()
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


# --- maps --------------------------------------------------------------------------------------
class MapSpaceInline(RowErrorInline, admin.TabularInline):
    model = MapSpace
    extra = 0
    fields = ("n", "x", "y", "cover", "high", "polygon")
    formfield_overrides = {models.TextField: {"widget": forms.TextInput(attrs={"size": 30})}}

    def error_item(self, cleaned):
        return f"space {cleaned.get('n')}"


@admin.register(Map)
class MapAdmin(CheckedContentAdmin):
    list_display = ("name", "title", "space_count", "high_ground", "revision", "updated")
    search_fields = ("name", "title", "description")
    list_filter = ("spaces__high", "spaces__cover")
    readonly_fields = ("preview", "revision", "digest")
    fields = ("name", "title", "description", "bounds", "core_radius", "open_boundaries",
              "features", "preview", "revision", "digest")
    inlines = [MapSpaceInline]

    @admin.display(description="spaces")
    def space_count(self, obj):
        return obj.spaces.count()

    @admin.display(description="high ground")
    def high_ground(self, obj):
        return obj.spaces.filter(high=True).count()

    @admin.display(description="preview")
    def preview(self, obj):
        """The map as the board page draws it (saved content; an invalid map shows why)."""
        if obj is None or obj.pk is None:
            return "Save the map to see it."
        from games.board_svg import board_svg

        try:
            board = content_services.map_checked(content_io.map_to_data(obj),
                                                 f"admin map {obj.name}")
        except ContentError as error:
            return format_html('<span class="errornote">{}</span>', describe(error))
        svg = board_svg(board, pixels_per_unit=12)
        return format_html('<div class="map-preview" style="max-width:760px">{}</div>', mark_safe(svg))


# --- factions ----------------------------------------------------------------------------------
class FactionCharacterInline(RowErrorInline, admin.TabularInline):
    model = FactionCharacter
    extra = 0
    fields = ("position", "character_id", "name", "health", "flags", "blurb")

    def error_item(self, cleaned):
        return f"character {cleaned.get('character_id')}"


class ActionCardInline(RowErrorInline, admin.TabularInline):
    model = ActionCard
    extra = 0
    fields = ("position", "card_id", "icons", "open", "wild")
    formfield_overrides = {models.CharField: {"widget": forms.TextInput(attrs={"size": 60})}}

    def error_item(self, cleaned):
        return f"card {cleaned.get('card_id')}"


@admin.register(Faction)
class FactionAdmin(CheckedContentAdmin):
    list_display = ("faction_id", "name", "colour", "revision", "updated")
    search_fields = ("faction_id", "name", "characters__name", "cards__card_id")
    list_filter = ("colour",)
    readonly_fields = ("revision", "digest")
    inlines = [FactionCharacterInline, ActionCardInline]


# --- treasures ---------------------------------------------------------------------------------
@admin.register(TreasureCard)
class TreasureCardAdmin(CheckedContentAdmin):
    """One card per page; every save checks the whole deck."""

    list_display = ("position", "treasure_id", "name", "use", "when", "effect")
    list_display_links = ("treasure_id", "name")
    list_filter = ("use", "when")
    search_fields = ("treasure_id", "name", "text", "effect")

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # one at a time, so the deck is never too small
        return actions

    def delete_view(self, request, object_id, extra_context=None):
        from ancients_ai.engine.scenarios import MIN_TREASURES

        if request.method == "POST" and TreasureCard.objects.count() <= MIN_TREASURES:
            self.message_user(request, f"Not deleted: the treasure deck needs at least "
                                       f"{MIN_TREASURES} cards.", messages.ERROR)
            return HttpResponseRedirect(reverse("admin:ancients_ai_treasurecard_change",
                                                args=[object_id]))
        return super().delete_view(request, object_id, extra_context)


# --- scenarios ---------------------------------------------------------------------------------
