"""The content admin for maps, factions and treasures, and the save every Awoken content page
shares.

Saving is the platform's checked save (`games.platform.content_admin`): the rows are written,
then the whole item is checked with the one validator (`services.content.content_commit`)
inside the admin's transaction; a refusal rolls everything back and the same form is shown
again with the validator's message on the row it names.
"""
from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.db import models
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from games.platform.content_common import ContentError
from games.platform.content_admin import CheckedContentAdmin, RowErrorInline, describe

from ancients_ai import content_io
from ancients_ai.models import (ActionCard, Faction, FactionCharacter, Map, MapSpace,
                                ScenarioVersion, TreasureCard)
from ancients_ai.services import content as content_services


class AwokenContentAdmin(CheckedContentAdmin):
    """Saves through the Awoken's validator: a scenario becomes a new version; a map, a
    faction or the treasure deck is checked and kept (they are not versioned on their
    own)."""

    def commit(self, request, item):
        result = content_services.content_commit(item=item, user=request.user)
        return result if isinstance(result, ScenarioVersion) else None


# --- maps --------------------------------------------------------------------------------------
class MapSpaceInline(RowErrorInline, admin.TabularInline):
    model = MapSpace
    extra = 0
    fields = ("n", "x", "y", "cover", "high", "polygon")
    formfield_overrides = {models.TextField: {"widget": forms.TextInput(attrs={"size": 30})}}

    def error_item(self, cleaned):
        return f"space {cleaned.get('n')}"


@admin.register(Map)
class MapAdmin(AwokenContentAdmin):
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
        from wildlands.board_svg import board_svg

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
class FactionAdmin(AwokenContentAdmin):
    list_display = ("faction_id", "name", "colour", "revision", "updated")
    search_fields = ("faction_id", "name", "characters__name", "cards__card_id")
    list_filter = ("colour",)
    readonly_fields = ("revision", "digest")
    inlines = [FactionCharacterInline, ActionCardInline]


# --- treasures ---------------------------------------------------------------------------------
@admin.register(TreasureCard)
class TreasureCardAdmin(AwokenContentAdmin):
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
