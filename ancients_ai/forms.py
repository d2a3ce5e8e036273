"""Forms of the scenario admin's own pages: import, playtest, balance run."""
from __future__ import annotations

from django import forms

from ancients_ai import selectors
from ancients_ai.services import simulation as simulation_services
from ancients_ai.models import Scenario


class ImportForm(forms.Form):
    file = forms.FileField(label="Scenario YAML file",
                           help_text="A scenario in the format of ancients_ai/content/SCHEMA.md. "
                                     "A scenario with the same id is replaced (as a new version).")

    MAX_BYTES = 512 * 1024

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(f"The file is larger than {self.MAX_BYTES // 1024} KB.")
        return upload


def _map_choices():
    return selectors.map_choices()


def _faction_choices():
    return selectors.faction_choices()


class PlaytestForm(forms.Form):
    map_name = forms.ChoiceField(label="Map", choices=_map_choices)
    faction = forms.ChoiceField(choices=_faction_choices)


class SimulationForm(forms.Form):
    games = forms.IntegerField(min_value=1, max_value=simulation_services.MAX_GAMES,
                               initial=simulation_services.DEFAULT_GAMES)
    chunk_size = forms.IntegerField(min_value=1, max_value=simulation_services.MAX_CHUNK,
                                    initial=simulation_services.DEFAULT_CHUNK,
                                    help_text="Games per worker task.")
    seed = forms.IntegerField(required=False, min_value=0, max_value=2**62,
                              help_text="Empty: a new random seed. The same seed, version and "
                                        "settings give the same figures.")
    map_name = forms.ChoiceField(label="Map", choices=_map_choices)
    faction = forms.ChoiceField(choices=_faction_choices)
    partner = forms.ModelChoiceField(
        queryset=Scenario.objects.none(), required=False, label="Two players with",
        help_text="Empty: solo games (side B). Otherwise co-op games (side A) against this "
                  "scenario's newest version as well.")
    partner_faction = forms.ChoiceField(choices=_faction_choices, required=False)
    bot = forms.ChoiceField(choices=(("awoken", "AwokenBot"), ("greedy", "GreedyBot"),
                                     ("random", "RandomBot")), initial="awoken")
    easy = forms.BooleanField(required=False, help_text="The easy game: a treasure each to start.")

    def __init__(self, *args, scenario: Scenario | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        others = Scenario.objects.exclude(versions__isnull=True).distinct()
        if scenario is not None:
            others = others.exclude(pk=scenario.pk)
        self.fields["partner"].queryset = others
        factions = _faction_choices()
        if len(factions) > 1:
            self.fields["partner_faction"].initial = factions[1][0]

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("partner") is not None:
            if not cleaned.get("partner_faction"):
                self.add_error("partner_faction", "Choose the second player's faction.")
            elif cleaned.get("partner_faction") == cleaned.get("faction"):
                self.add_error("partner_faction", "The two players need different factions.")
        return cleaned
