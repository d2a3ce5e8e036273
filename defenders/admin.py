"""Defenders of the Wild in the admin: designers edit the board, the machines and their
cards, and each faction with its organizers and defenders; every save checks the whole
content with the one validator and freezes it as a new version when it changed; a version
is balanced by a run of bot games (win rate, lengths, loss causes).

Saving is the platform's checked save (`games.platform.content_admin`: the rows are
written, the whole is checked, a refusal rolls the save back and shows the form again with
the validator's message on the row it names); the check called is this game's.
"""
from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from defenders.models import (BalanceRun, BoardContent, ContentVersion, DefenderCard,
                              DefendersFaction, MachineCard, Machines, Organizer)
from defenders.rules.setup import TIERS
from defenders.services_balance import BalanceRefused, balance_start
from defenders.services_content import content_commit
from games.platform import charts
from games.platform.content_admin import (BalanceRunAdmin, CheckedContentAdmin, FrozenVersionAdmin,
                                          RowErrorInline)


class CheckedDefendersAdmin(CheckedContentAdmin):
    """Saves through Defenders' validator: the whole content, whichever piece was edited,
    becomes a new version when it changed."""

    def commit(self, request, item):
        return content_commit(user=request.user)


@admin.register(BoardContent)
class BoardContentAdmin(CheckedDefendersAdmin):
    list_display = ("__str__", "revision", "updated")
    readonly_fields = ("revision", "digest")
    fields = ("data", "revision", "digest")
    formfield_overrides = {**CheckedContentAdmin.formfield_overrides}

    def get_form(self, request, obj=None, change=False, **kwargs):
        kwargs["widgets"] = {"data": forms.Textarea(attrs={"rows": 30, "cols": 90})}
        return super().get_form(request, obj, change=change, **kwargs)


class MachineCardInline(RowErrorInline, admin.TabularInline):
    model = MachineCard
    extra = 0
    fields = ("position", "card_id", "kind", "difficult", "replaces")

    def error_item(self, cleaned):
        return f"machine card {cleaned.get('card_id')}"


@admin.register(Machines)
class MachinesAdmin(CheckedDefendersAdmin):
    list_display = ("__str__", "die", "revision", "updated")
    readonly_fields = ("revision", "digest")
    fields = ("die", "factory_tiles", "support_tracks", "revision", "digest")
    inlines = [MachineCardInline]


class OrganizerInline(RowErrorInline, admin.TabularInline):
    model = Organizer
    extra = 0
    max_num = 2
    fields = ("position", "organizer_id", "name")

    def error_item(self, cleaned):
        return f"organizer {cleaned.get('organizer_id')}"


class DefenderCardInline(RowErrorInline, admin.TabularInline):
    model = DefenderCard
    extra = 0
    fields = ("position", "card_id", "name", "habitat", "ap", "organizer", "ability")
    formfield_overrides = {
        DefenderCard._meta.get_field("ability").__class__: {
            "widget": forms.Textarea(attrs={"rows": 1, "cols": 60})}}

    def error_item(self, cleaned):
        return f"defender {cleaned.get('card_id')}"


@admin.register(DefendersFaction)
class DefendersFactionAdmin(CheckedDefendersAdmin):
    list_display = ("faction_id", "name", "habitat", "item", "revision", "updated")
    search_fields = ("faction_id", "name", "defenders__name", "defenders__card_id",
                     "organizers__name")
    list_filter = ("habitat",)
    readonly_fields = ("revision", "digest")
    inlines = [OrganizerInline, DefenderCardInline]


# --- versions and balance runs -------------------------------------------------------------------
class BalanceForm(forms.Form):
    players = forms.TypedChoiceField(coerce=int, initial=2,
                                     choices=[(n, f"{n} player{'s' * (n != 1)}")
                                              for n in (1, 2, 3, 4)])
    tier = forms.ChoiceField(choices=[(t, t) for t in TIERS], initial="base")
    games = forms.IntegerField(min_value=1, max_value=5000, initial=200)
    seed = forms.IntegerField(required=False, help_text="Empty: a new random seed.")


@admin.register(ContentVersion)
class ContentVersionAdmin(FrozenVersionAdmin):
    runs_name = "balance_runs"
    list_display = ("number", "short_digest", "created", "created_by", "note", "run_count")
    readonly_fields = ("number", "digest", "created", "created_by", "note", "as_yaml")
    fields = readonly_fields
    actions = ["run_balance"]

    @admin.action(description="Run balance simulation")
    def run_balance(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, "Choose one version.", messages.WARNING)
            return None
        return HttpResponseRedirect(reverse("admin:defenders_contentversion_balance",
                                            args=[queryset.first().pk]))

    def get_urls(self):
        return [path("<int:pk>/balance/", self.admin_site.admin_view(self.balance_view),
                     name="defenders_contentversion_balance"), *super().get_urls()]

    def balance_view(self, request, pk):
        version = get_object_or_404(ContentVersion, pk=pk)
        form = BalanceForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            try:
                run = balance_start(version=version, players=data["players"], tier=data["tier"],
                                    games=data["games"], seed=data.get("seed"),
                                    user=request.user)
            except BalanceRefused as error:
                form.add_error(None, str(error))
            else:
                return HttpResponseRedirect(reverse("admin:defenders_balancerun_change",
                                                    args=[run.pk]))
        context = {**self.admin_site.each_context(request), "opts": self.model._meta,
                   "original": version, "title": f"Balance simulation: {version}",
                   "form": form, "version": version}
        return TemplateResponse(request, "admin/defenders/balance.html", context)


@admin.register(BalanceRun)
class DefendersBalanceRunAdmin(BalanceRunAdmin):
    list_display = ("pk", "version", "players", "tier", "games", "status", "win_rate",
                    "created")
    list_filter = ("status", "players", "tier")
    readonly_fields = ("version", "players", "tier", "games", "chunk_size", "base_seed",
                       "status", "figures", "seconds", "error", "created", "finished")
    fields = readonly_fields

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser

    @admin.display(description="figures")
    def figures(self, obj):
        """The win rate with its interval, the game lengths and how the games ended."""
        r = obj.results
        if not r:
            if obj.status == BalanceRun.Status.RUNNING:
                return f"Running: {obj.games_done} of {obj.games} games played."
            return "Waiting for a worker." if obj.status == BalanceRun.Status.PENDING else "—"
        rows = format_html_join("", "<tr><td>{}</td><td>{}</td></tr>",
                                [(cause, n) for cause, n in r["loss_causes"]])
        return format_html(
            "{}{}<p>Mean length {} rounds; {} won of {}.</p>"
            "<table><tr><th>lost to</th><th>games</th></tr>{}</table>",
            mark_safe(charts.win_rate_chart(r["win_rate"], r["ci_low"], r["ci_high"])),
            mark_safe(charts.bar_chart(r["rounds"], title="Game length", x_label="rounds")),
            f"{r['mean_rounds']:.1f}", r["wins"], r["games"], rows)
