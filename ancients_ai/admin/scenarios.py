"""The scenario admin: a scenario that passes the validator becomes a new
`ScenarioVersion`; its page can start a playtest, run a balance simulation, and export it
as YAML."""
from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.db import models
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from games.platform.content_common import ContentError
from games.platform.content_admin import (FrozenVersionAdmin, RowErrorInline, describe,
                                          shorten)

from ancients_ai import selectors
from ancients_ai.forms import ImportForm, PlaytestForm, SimulationForm
from ancients_ai.admin.content import AwokenContentAdmin
from ancients_ai.models import (AncientCard, MinionCard, MinionType, Scenario, ScenarioSide,
                                ScenarioVersion, SpecialAction, TrackSpace)
from ancients_ai.services import content as content_services
from ancients_ai.services import playtests as playtest_services
from ancients_ai.services import simulation as simulation_services


# the admin's small counts (positions, health, supply) in a narrow box
NARROW_NUMBER = {"widget": forms.NumberInput(attrs={"style": "width:4em"})}


class ScenarioSideInline(RowErrorInline, admin.StackedInline):
    model = ScenarioSide
    extra = 0
    max_num = 2
    fieldsets = (
        (None, {"fields": (("side", "ancient_health", "track_length"), "starting_minions",
                           ("crystal", "treasure", "blank", "pit_trap", "explosive_trap",
                            "stasis_trap"), "special_rules")}),
    )
    formfield_overrides = {models.PositiveSmallIntegerField: NARROW_NUMBER}

    def names_row(self, item, cleaned):
        side = f"side {cleaned.get('side')}"
        if "minion type " in item or "track space" in item:
            return False
        return item == side or item.startswith(side + " ")


class MinionTypeInline(RowErrorInline, admin.TabularInline):
    model = MinionType
    extra = 0
    fields = ("side", "position", "name", "health", "supply")
    formfield_overrides = {models.PositiveSmallIntegerField: NARROW_NUMBER,
                           models.PositiveIntegerField: NARROW_NUMBER}

    def error_item(self, cleaned):
        return f"side {cleaned.get('side')} minion type {cleaned.get('name')}"


class TrackSpaceInline(RowErrorInline, admin.TabularInline):
    model = TrackSpace
    extra = 0
    fields = ("side", "number", "effect")
    formfield_overrides = {models.TextField: {"widget": forms.Textarea(attrs={"rows": 2, "cols": 60})},
                           models.PositiveSmallIntegerField: NARROW_NUMBER}

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
                           models.PositiveIntegerField: NARROW_NUMBER}

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
class ScenarioAdmin(AwokenContentAdmin):
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
        return content_services.scenario_commit(scenario=scenario, user=request.user)

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
        name, text = content_services.version_export_yaml(version)
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
                result = content_services.scenario_import_yaml(
                    text=upload.read(), source=upload.name, user=request.user)
            except ContentError as error:
                form.add_error("file", describe(error) if error.source == upload.name
                               else shorten(str(error)))
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
            game = playtest_services.playtest_create(user=request.user, version=version,
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
                run = simulation_services.simulation_start(
                    version=version, games=data["games"], chunk_size=data["chunk_size"],
                    seed=data.get("seed"), map_name=data["map_name"], factions=factions,
                    partner=(content_services.scenario_commit(scenario=partner)
                             if partner else None),
                    bot=data["bot"], easy=data["easy"], user=request.user)
            except (simulation_services.SimulationRefused, ContentError) as error:
                form.add_error(None, str(error))
            else:
                return HttpResponseRedirect(reverse("admin:ancients_ai_simulationrun_results",
                                                    args=[run.pk]))
        return TemplateResponse(request, "admin/ancients_ai/scenario/simulate.html",
                                self._context(request, scenario, f"Balance simulation: {scenario}",
                                              form=form, version=version))


# --- versions ----------------------------------------------------------------------------------
@admin.register(ScenarioVersion)
class ScenarioVersionAdmin(FrozenVersionAdmin):
    runs_name = "simulations"
    list_display = ("scenario", "number", "short_digest", "created", "created_by", "note",
                    "run_count")
    list_filter = ("scenario",)
    search_fields = ("scenario__slug", "scenario__title", "note", "digest")
    readonly_fields = ("scenario", "number", "digest", "created", "created_by", "note", "as_yaml")
    fields = readonly_fields
    actions = ["run_balance_simulation", "export_yaml"]

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
