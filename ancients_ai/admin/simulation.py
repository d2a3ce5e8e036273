"""The balance runs' admin: progress while a run plays, and its results beside the
scenario's previous versions."""
from __future__ import annotations

from django.contrib import admin
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from games.platform.content_admin import BalanceRunAdmin, win_rate_words

from ancients_ai import charts, selectors
from ancients_ai.models import SimulationRun


@admin.register(SimulationRun)
class SimulationRunAdmin(BalanceRunAdmin):
    list_display = ("pk", "version", "games", "status", "progress_text", "win_rate", "base_seed",
                    "map_name", "created")
    list_filter = ("status", "version__scenario", "map_name", "bot")
    search_fields = ("version__scenario__slug", "version__scenario__title")
    list_select_related = ("version__scenario",)

    @admin.display(description="progress")
    def progress_text(self, obj):
        return f"{obj.games_done}/{obj.games}"

    @admin.display(description="win rate")
    def win_rate(self, obj):
        if not obj.results:
            return "—"
        url = reverse("admin:ancients_ai_simulationrun_results", args=[obj.pk])
        return format_html('<a href="{}">{}</a>', url, win_rate_words(obj.results))

    def get_urls(self):
        return [path("<int:pk>/results/", self.admin_site.admin_view(self.results_view),
                     name="ancients_ai_simulationrun_results"), *super().get_urls()]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        return HttpResponseRedirect(reverse("admin:ancients_ai_simulationrun_results",
                                            args=[object_id]))

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
