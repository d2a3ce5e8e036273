"""The content admin: designers edit maps, factions, scenarios and treasures, and see at once
whether a scenario is valid and fair.

Saving checks the whole item with the one validator (`services.content_commit`) after the
rows are written, inside the admin's transaction. A refusal rolls everything back and the
same form is shown again with the validator's message at the top and on the row it names
("Minion card magus_m07: 'houndd' is not a minion type of this scenario"). A scenario that
passes becomes a new `ScenarioVersion`; its page can start a playtest, run a balance
simulation, and export it as YAML.
"""
from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import models
from django.http import HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from games.content.common import ContentError

from ancients_ai import charts, content_io, selectors, services
from ancients_ai.forms import ImportForm, PlaytestForm, SimulationForm
from ancients_ai.models import (ActionCard, AncientCard, Faction, FactionCharacter, Map, MapSpace,
                                MinionCard, MinionType, Scenario, ScenarioSide, ScenarioVersion,
                                SimulationRun, SpecialAction, TrackSpace, TreasureCard)


def describe(error: ContentError) -> str:
    """The validator's message as a designer reads it on the form: item, then problem."""
    if not error.item:
        return error.problem
    return f"{error.item[:1].upper()}{error.item[1:]}: {error.problem}"


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
            result = services.content_commit(item=form.instance, user=request.user)
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
              "preview", "revision", "digest")
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
            board = services.map_checked(content_io.map_to_data(obj), f"admin map {obj.name}")
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
class ScenarioSideInline(RowErrorInline, admin.StackedInline):
    model = ScenarioSide
    extra = 0
    max_num = 2
    fieldsets = (
        (None, {"fields": (("side", "ancient_health", "track_length"), "starting_minions",
                           ("crystal", "treasure", "blank", "pit_trap", "explosive_trap",
                            "stasis_trap"), "special_rules")}),
    )
    formfield_overrides = {models.PositiveSmallIntegerField: {
        "widget": forms.NumberInput(attrs={"style": "width:4em"})}}

    def names_row(self, item, cleaned):
        side = f"side {cleaned.get('side')}"
        if "minion type " in item or "track space" in item:
            return False
        return item == side or item.startswith(side + " ")


class MinionTypeInline(RowErrorInline, admin.TabularInline):
    model = MinionType
    extra = 0
    fields = ("side", "position", "name", "health", "supply")
    formfield_overrides = {models.PositiveSmallIntegerField: {
                               "widget": forms.NumberInput(attrs={"style": "width:4em"})},
                           models.PositiveIntegerField: {
                               "widget": forms.NumberInput(attrs={"style": "width:4em"})}}

    def error_item(self, cleaned):
        return f"side {cleaned.get('side')} minion type {cleaned.get('name')}"


class TrackSpaceInline(RowErrorInline, admin.TabularInline):
    model = TrackSpace
    extra = 0
    fields = ("side", "number", "effect")
    formfield_overrides = {models.TextField: {"widget": forms.Textarea(attrs={"rows": 2, "cols": 60})},
                           models.PositiveSmallIntegerField: {
                               "widget": forms.NumberInput(attrs={"style": "width:4em"})}}

    def error_item(self, cleaned):
        return f"side {cleaned.get('side')} track space {cleaned.get('number')}"


def _sized(**sizes) -> dict:
    """Text inputs of these widths (in characters), so a card fits on one line."""
    return {name: forms.TextInput(attrs={"size": size}) for name, size in sizes.items()}


class MinionCardForm(forms.ModelForm):
    class Meta:
        model = MinionCard
        fields = "__all__"
        widgets = {**_sized(card_id=10, top_type=9, top_actions=22, bottom_type=9,
                            bottom_actions=22, effect=14, reaction=18),
                   "position": forms.NumberInput(attrs={"style": "width:3.5em"})}


class MinionCardInline(RowErrorInline, admin.TabularInline):
    model = MinionCard
    form = MinionCardForm
    extra = 0
    fields = ("position", "card_id", "top_type", "top_actions", "bottom_type", "bottom_actions",
              "effect", "reaction")

    def error_item(self, cleaned):
        return f"minion card {cleaned.get('card_id')}"


class AncientCardInline(RowErrorInline, admin.TabularInline):
    model = AncientCard
    extra = 0
    fields = ("position", "card_id", "actions", "reaction")
    formfield_overrides = {models.CharField: {"widget": forms.TextInput(attrs={"size": 40})},
                           models.PositiveIntegerField: {
                               "widget": forms.NumberInput(attrs={"style": "width:4em"})}}

    def error_item(self, cleaned):
        return f"ancient card {cleaned.get('card_id')}"


class SpecialActionInline(RowErrorInline, admin.TabularInline):
    model = SpecialAction
    extra = 0
    fields = ("position", "name", "steps")
    formfield_overrides = {models.TextField: {"widget": forms.Textarea(attrs={"rows": 3, "cols": 70})}}

    def error_item(self, cleaned):
        return f"special action {cleaned.get('name')}"


def _latest_run(scenario):
    return selectors.runs_of_scenario(scenario.pk).first()


@admin.register(Scenario)
class ScenarioAdmin(CheckedContentAdmin):
    list_display = ("number", "title", "slug", "ancient_name", "version_link", "last_win_rate",
                    "updated")
    list_display_links = ("number", "title")
    search_fields = ("slug", "title", "ancient_name", "minion_cards__card_id",
                     "ancient_cards__card_id", "minion_types__name", "special_actions__name")
    list_filter = ("immortal", "number")
    readonly_fields = ("revision", "digest")
    fieldsets = (
        (None, {"fields": (("slug", "number"), "title", "blurb")}),
        ("The Ancient", {"fields": (("ancient_id", "ancient_name"), ("ancient_health", "immortal"))}),
        ("Version", {"fields": (("revision", "digest"),), "classes": ("collapse",)}),
    )
    inlines = [ScenarioSideInline, MinionTypeInline, TrackSpaceInline, MinionCardInline,
               AncientCardInline, SpecialActionInline]
    actions = ["export_yaml", "run_balance_simulation"]
    change_form_template = "admin/ancients_ai/scenario/change_form.html"
    change_list_template = "admin/ancients_ai/scenario/change_list.html"

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("versions")

    @admin.display(description="version")
    def version_link(self, obj):
        version = max(obj.versions.all(), key=lambda v: v.number, default=None)
        if version is None:
            return "—"
        url = reverse("admin:ancients_ai_scenarioversion_change", args=[version.pk])
        return format_html('<a href="{}">v{}</a>', url, version.number)

    @admin.display(description="last balance run")
    def last_win_rate(self, obj):
        run = _latest_run(obj)
        if run is None or not run.results:
            return "—"
        url = reverse("admin:ancients_ai_simulationrun_results", args=[run.pk])
        return format_html('<a href="{}">{} won ({} games, v{})</a>', url,
                           f"{run.results['win_rate']:.1%}", run.games, run.version.number)

    # -- actions ---------------------------------------------------------------------------
    @admin.action(description="Export as YAML")
    def export_yaml(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, "Export one scenario at a time (or use manage.py "
                                       "export_content for all of them).", messages.WARNING)
            return None
        return HttpResponseRedirect(reverse("admin:ancients_ai_scenario_export",
                                            args=[queryset.first().pk]))

    @admin.action(description="Run balance simulation")
    def run_balance_simulation(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, "Choose one scenario to simulate.", messages.WARNING)
            return None
        return HttpResponseRedirect(reverse("admin:ancients_ai_scenario_simulate",
                                            args=[queryset.first().pk]))

    # -- pages -----------------------------------------------------------------------------
    def get_urls(self):
        own = [
            path("import/", self.admin_site.admin_view(self.import_view),
                 name="ancients_ai_scenario_import"),
            path("<int:pk>/export/", self.admin_site.admin_view(self.export_view),
                 name="ancients_ai_scenario_export"),
            path("<int:pk>/play/", self.admin_site.admin_view(self.play_view),
                 name="ancients_ai_scenario_play"),
            path("<int:pk>/simulate/", self.admin_site.admin_view(self.simulate_view),
                 name="ancients_ai_scenario_simulate"),
        ]
        return own + super().get_urls()

    def _context(self, request, scenario, title, **extra):
        return {**self.admin_site.each_context(request), "opts": self.model._meta,
                "original": scenario, "title": title, **extra}

    def _version(self, request, scenario):
        """The version asked for (?version=n), else the rows as they are now, checked."""
        wanted = request.GET.get("version") or request.POST.get("version")
        if wanted:
            return get_object_or_404(ScenarioVersion, scenario=scenario, number=wanted)
        return services.scenario_commit(scenario=scenario, user=request.user)

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        extra_context = dict(extra_context or {})
        if object_id:
            scenario = Scenario.objects.filter(pk=object_id).first()
            if scenario is not None:
                extra_context.update({
                    "playtest_form": PlaytestForm(),
                    "versions": scenario.versions.order_by("-number")[:8],
                    "runs": selectors.runs_of_scenario(scenario.pk, done_only=False)[:8],
                })
        return super().changeform_view(request, object_id, form_url, extra_context)

    def export_view(self, request, pk):
        scenario = get_object_or_404(Scenario, pk=pk)
        try:
            version = self._version(request, scenario)
        except ContentError as error:
            self.message_user(request, f"Not exported: {describe(error)}", messages.ERROR)
            return HttpResponseRedirect(reverse("admin:ancients_ai_scenario_change", args=[pk]))
        name, text = services.version_export_yaml(version)
        response = HttpResponse(text, content_type="application/x-yaml; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response

    def import_view(self, request):
        if not self.has_add_permission(request) or not self.has_change_permission(request):
            return HttpResponseRedirect(reverse("admin:index"))
        form = ImportForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                result = services.scenario_import_yaml(text=upload.read(), source=upload.name,
                                                       user=request.user)
            except ContentError as error:
                form.add_error("file", describe(error) if error.source == upload.name else str(error))
            else:
                version = result.item.latest_version
                word = "Created" if result.created else ("Updated" if result.changed else "Unchanged")
                self.message_user(request, f"{word}: {result.item} (version {version.number}).",
                                  messages.SUCCESS)
                return HttpResponseRedirect(reverse("admin:ancients_ai_scenario_change",
                                                    args=[result.item.pk]))
        return TemplateResponse(request, "admin/ancients_ai/scenario/import.html",
                                self._context(request, None, "Import a scenario", form=form))

    def play_view(self, request, pk):
        scenario = get_object_or_404(Scenario, pk=pk)
        back = reverse("admin:ancients_ai_scenario_change", args=[pk])
        if request.method != "POST":
            return HttpResponseRedirect(back)
        form = PlaytestForm(request.POST)
        if not form.is_valid():
            self.message_user(request, f"Not started: {form.errors.as_text()}", messages.ERROR)
            return HttpResponseRedirect(back)
        try:
            version = self._version(request, scenario)
            game = services.playtest_create(user=request.user, version=version,
                                            map_name=form.cleaned_data["map_name"],
                                            faction=form.cleaned_data["faction"])
        except ContentError as error:
            self.message_user(request, f"This scenario cannot be played: {describe(error)}",
                              messages.ERROR)
            return HttpResponseRedirect(back)
        return HttpResponseRedirect(reverse("games:board", kwargs={"game_id": game.id}))

    def simulate_view(self, request, pk):
        scenario = get_object_or_404(Scenario, pk=pk)
        try:
            version = self._version(request, scenario)
        except ContentError as error:
            self.message_user(request, f"This scenario cannot be simulated: {describe(error)}",
                              messages.ERROR)
            return HttpResponseRedirect(reverse("admin:ancients_ai_scenario_change", args=[pk]))
        form = SimulationForm(request.POST or None, scenario=scenario)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            partner = data.get("partner")
            factions = [data["faction"]] + ([data["partner_faction"]] if partner else [])
            try:
                run = services.simulation_start(
                    version=version, games=data["games"], chunk_size=data["chunk_size"],
                    seed=data.get("seed"), map_name=data["map_name"], factions=factions,
                    partner=services.scenario_commit(scenario=partner) if partner else None,
                    bot=data["bot"], easy=data["easy"], user=request.user)
            except (services.SimulationRefused, ContentError) as error:
                form.add_error(None, str(error))
            else:
                return HttpResponseRedirect(reverse("admin:ancients_ai_simulationrun_results",
                                                    args=[run.pk]))
        return TemplateResponse(request, "admin/ancients_ai/scenario/simulate.html",
                                self._context(request, scenario, f"Balance simulation: {scenario}",
                                              form=form, version=version))


# --- versions ----------------------------------------------------------------------------------
@admin.register(ScenarioVersion)
class ScenarioVersionAdmin(admin.ModelAdmin):
    list_display = ("scenario", "number", "short_digest", "created", "created_by", "note",
                    "run_count")
    list_filter = ("scenario",)
    search_fields = ("scenario__slug", "scenario__title", "note", "digest")
    readonly_fields = ("scenario", "number", "digest", "created", "created_by", "note", "as_yaml")
    fields = readonly_fields
    actions = ["run_balance_simulation", "export_yaml"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description="balance runs")
    def run_count(self, obj):
        return obj.simulations.count()

    @admin.display(description="content")
    def as_yaml(self, obj):
        return format_html("<pre style='max-height:40em;overflow:auto'>{}</pre>",
                           content_io.to_yaml(obj.data))

    def _one(self, request, queryset, url_name):
        if queryset.count() != 1:
            self.message_user(request, "Choose one version.", messages.WARNING)
            return None
        version = queryset.first()
        url = reverse(url_name, args=[version.scenario_id])
        return HttpResponseRedirect(f"{url}?version={version.number}")

    @admin.action(description="Run balance simulation")
    def run_balance_simulation(self, request, queryset):
        return self._one(request, queryset, "admin:ancients_ai_scenario_simulate")

    @admin.action(description="Export as YAML")
    def export_yaml(self, request, queryset):
        return self._one(request, queryset, "admin:ancients_ai_scenario_export")


# --- balance runs ------------------------------------------------------------------------------
@admin.register(SimulationRun)
class SimulationRunAdmin(admin.ModelAdmin):
    list_display = ("pk", "version", "games", "status", "progress_text", "win_rate", "base_seed",
                    "map_name", "created")
    list_filter = ("status", "version__scenario", "map_name", "bot")
    search_fields = ("version__scenario__slug", "version__scenario__title")
    list_select_related = ("version__scenario",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description="progress")
    def progress_text(self, obj):
        return f"{obj.games_done}/{obj.games}"

    @admin.display(description="win rate")
    def win_rate(self, obj):
        if not obj.results:
            return "—"
        url = reverse("admin:ancients_ai_simulationrun_results", args=[obj.pk])
        return format_html('<a href="{}">{} ({}–{})</a>', url, f"{obj.results['win_rate']:.1%}",
                           f"{obj.results['ci_low']:.1%}", f"{obj.results['ci_high']:.1%}")

    def get_urls(self):
        own = [
            path("<int:pk>/results/", self.admin_site.admin_view(self.results_view),
                 name="ancients_ai_simulationrun_results"),
            path("<int:pk>/progress/", self.admin_site.admin_view(self.progress_view),
                 name="ancients_ai_simulationrun_progress"),
        ]
        return own + super().get_urls()

    def change_view(self, request, object_id, form_url="", extra_context=None):
        return HttpResponseRedirect(reverse("admin:ancients_ai_simulationrun_results",
                                            args=[object_id]))

    def progress_view(self, request, pk):
        progress = selectors.simulation_progress(pk)
        if progress is None:
            return JsonResponse({"error": "no such run"}, status=404)
        return JsonResponse(progress)

    def results_view(self, request, pk):
        run = get_object_or_404(SimulationRun.objects.select_related("version__scenario"), pk=pk)
        others = [r for r in selectors.runs_of_scenario(run.version.scenario_id) if r.pk != run.pk]
        wanted = request.GET.get("compare")
        if wanted == "none":
            other = None
        elif wanted:
            other = next((r for r in others if str(r.pk) == wanted), None)
        else:
            other = selectors.comparison_run(run)
        columns = [r for r in (run, other) if r is not None and r.results]
        axes = charts.shared_axes(*[r.results for r in columns])
        panels = [{"run": r, "results": r.results, "charts": charts.run_charts(r.results, **axes),
                   "previous": r is other, "win_pct": f"{r.results['win_rate']:.1%}",
                   "interval": f"{r.results['ci_low']:.1%} – {r.results['ci_high']:.1%}"}
                  for r in columns]
        context = {**self.admin_site.each_context(request), "opts": self.model._meta,
                   "title": f"Balance: {run.version}", "run": run, "panels": panels,
                   "other": other, "others": others, "progress": run.progress,
                   "ws_path": f"/ws/admin/simulation/{run.pk}/",
                   "progress_url": reverse("admin:ancients_ai_simulationrun_progress", args=[run.pk])}
        return TemplateResponse(request, "admin/ancients_ai/simulationrun/results.html", context)
