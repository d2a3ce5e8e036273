"""Staff-only admin for games and campaigns. Snapshots and the event log are read-only
here: a game changes only through `games.services`, so its version and seq stay whole."""
from django.contrib import admin

from games.models import Campaign, Game, GameCommand, GameEvent, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("seat", "user", "faction", "colour", "connections", "joined_at")
    readonly_fields = ("connections", "joined_at")


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "mode", "status", "difficulty", "map_name", "version", "result",
                    "created_by", "campaign", "updated")
    list_filter = ("mode", "status", "difficulty", "result")
    search_fields = ("id", "created_by__username", "seats__user__username")
    readonly_fields = ("id", "seed", "snapshot", "initial_snapshot", "version", "last_seq",
                       "awaiting", "content", "content_version", "outcome", "created", "updated",
                       "started_at", "finished_at")
    inlines = [SeatInline]


@admin.register(GameEvent)
class GameEventAdmin(admin.ModelAdmin):
    list_display = ("game", "seq", "version", "kind", "visible_to", "created")
    list_filter = ("kind",)
    search_fields = ("game__id",)

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False


@admin.register(GameCommand)
class GameCommandAdmin(admin.ModelAdmin):
    list_display = ("game", "version", "seat", "command", "created")
    search_fields = ("game__id",)

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "partner", "party_size", "difficulty", "unlocked", "updated")
    list_filter = ("difficulty", "party_size")
    search_fields = ("name", "owner__username", "partner__username")
