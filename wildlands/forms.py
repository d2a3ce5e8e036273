"""Wildlands' forms: the lobby's new-game form for its modes (its `mode` radio lists them
from the registry), the join form of its invite link, and The Awoken's campaign forms.
Choices come from the shipped content at request time, so a new map, faction or scenario
appears without a code change."""
from __future__ import annotations

from django import forms

from wildlands.content import offer
from games.forms import GameForm
from games.models import Difficulty, Game
from games.platform import registry
from games.platform.definition import SetupRefused
from wildlands.lobby_hints import lobby_hints
from wildlands.seating import ANCIENTS, COLOURS, WAR_PLAYERS, WAR_WITH_ANCIENTS, first_map_for

# The Ancients as a faction: offered with the others, accepted only in The Wrath.
WRATH_CHOICE = (ANCIENTS, "The Ancients (The Wrath of the Ancients, or a five-player war)")
COLOUR_CHOICES = [("", "Faction colour")] + [(c, c.capitalize()) for c in COLOURS]
SKIRMISH_PLAYERS = (2, 3, 4)
# modes whose seats are a player count chosen here (the others have their own count)
COUNTED = ("skirmish", "wrath", "war")


def default_map(mode: str, players: int, choices: list) -> str | None:
    return first_map_for(registry.get(mode), players, [name for name, _ in choices])


class NewGameForm(GameForm):
    template_name_lobby = "games/wildlands/new_form.html"

    players = forms.TypedChoiceField(
        choices=[(n, f"{n} players") for n in (*SKIRMISH_PLAYERS, WAR_WITH_ANCIENTS)],
        coerce=int, initial=2, required=False,
        help_text="Skirmish: two to four. War for the Crystals: four, as two teams of two "
                  "(p1 and p3 against p2 and p4), or five: three against a team of two in "
                  "which one seat plays the Ancients faction (six would need expansions). "
                  "For now the site secretly assigns each player's characters "
                  "to their dealt map cards, so play starts as soon as everyone has joined.")
    bots = forms.TypedChoiceField(
        choices=[(0, "No bots: friends only")] + [(n, f"{n} bot opponent{'s' * (n > 1)}")
                                                  for n in range(1, 5)],
        coerce=int, initial=0, required=False, label="Bots",
        help_text="Skirmish only. Bots take seats among the players above; the game starts "
                  "when the people's seats are filled.")
    bot_partner = forms.BooleanField(required=False, label="Play with the Awoken bot as my partner",
                                     help_text="Co-op only: the bot plays the second seat.")
    bot_factions = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label="Bot factions",
        help_text="Optional: factions for the bots; the others are drawn from the free ones.")
    scenario = forms.ChoiceField(required=False, help_text="The Awoken: the scenario you face.")
    scenario_2 = forms.ChoiceField(required=False, label="Second scenario",
                                   help_text="Co-op: your partner's scenario (two Ancients).")
    faction = forms.ChoiceField()
    colour = forms.ChoiceField(choices=COLOUR_CHOICES, required=False)
    map_name = forms.ChoiceField(label="Map")
    difficulty = forms.ChoiceField(choices=Difficulty.choices, initial=Difficulty.NORMAL,
                                   help_text="The Awoken only; see the campaign rules page.")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # the scenarios the modes on offer declare (The Awoken's), [] when none does
        scenarios = next((c for c in (m.scenario_choices() for m in self.modes) if c), [])
        self.scenarios = scenarios
        self.fields["scenario"].choices = [("", "—")] + scenarios
        self.fields["scenario_2"].choices = [("", "—")] + scenarios
        if len(scenarios) >= 2:
            self.fields["scenario"].initial = scenarios[0][0]
            self.fields["scenario_2"].initial = scenarios[1][0]
        self.fields["faction"].choices = offer.available_factions() + [WRATH_CHOICE]
        self.fields["bot_factions"].choices = offer.available_factions() + [WRATH_CHOICE]
        self.fields["map_name"].choices = offer.available_maps()
        # what the lobby's script says before "Create game" (counts, bots, maps' limits)
        self.hints = lobby_hints(self.modes, self.fields["map_name"].choices)
        first = self.modes[0]
        self.fields["map_name"].initial = default_map(
            first.key, first.seat_count(None), self.fields["map_name"].choices)

    def clean(self) -> dict:
        data = super().clean()
        mode = data.get("mode")
        if not self.fields["map_name"].choices:
            raise forms.ValidationError("No maps are installed yet, so no game can start.")
        self._clean_bots(data, mode)
        self._clean_wrath(data, mode)
        if mode in ("skirmish", "wrath"):
            if data.get("players") not in SKIRMISH_PLAYERS:
                self.add_error("players", "Choose two to four players.")
            data["scenario_ids"] = []
        elif mode == "war":
            self._clean_war_players(data)
        elif mode in ("solo", "coop"):
            if not self.scenarios:
                raise forms.ValidationError("The Awoken's scenarios are not installed yet.")
            chosen = [data.get("scenario")]
            if mode == "coop":
                chosen.append(data.get("scenario_2"))
            if not all(chosen):
                self.add_error("scenario", "Choose a scenario for each player.")
            elif len(set(chosen)) != len(chosen):
                self.add_error("scenario_2", "Choose two different scenarios.")
            data["scenario_ids"] = chosen
        self._clean_map(data, mode)
        return data

    def _clean_map(self, data: dict, mode: str) -> None:
        """A map whose own rules forbid this mode or player count is refused on its field."""
        if not mode or not data.get("map_name"):
            return
        game = registry.get(mode)
        seats = data.get("players") if mode in COUNTED else game.seat_count(None)
        if not isinstance(seats, int):
            return
        try:
            game.check_map(data["map_name"], seats)
        except SetupRefused as error:
            self.add_error("map_name", error.message)

    def _clean_war_players(self, data: dict) -> None:
        """A war is four players in two teams, or five with the Ancients (the form offers no
        six); two or three (the skirmish's choices) mean the four of a war."""
        players = data.get("players")
        if players != WAR_WITH_ANCIENTS:
            players = WAR_PLAYERS
        try:
            registry.get("war").seat_count(players)
        except SetupRefused as error:
            self.add_error("players", error.message)
        data["players"], data["scenario_ids"] = players, []

    def _clean_bots(self, data: dict, mode: str) -> None:
        """`bot_count` (and `bots`): the bot seats the mode's choices ask for (0 when none)."""
        bots = data.get("bots") or 0
        count = 0
        if mode == "war":
            seats = WAR_WITH_ANCIENTS if data.get("players") == 5 else WAR_PLAYERS
            if bots > seats - 1:
                self.add_error("bots", f"A war of {seats} has room for at most {seats - 1} "
                                       "bots: one seat is yours.")
            count = bots
        elif mode in ("skirmish", "wrath"):
            players = data.get("players")
            if players in SKIRMISH_PLAYERS and bots > players - 1:
                self.add_error("bots", f"A skirmish of {players} players has room for at most "
                                       f"{players - 1} bot{'s' * (players > 2)}: one seat is yours.")
            count = bots
        elif data.get("bot_partner"):
            if mode != "coop":
                self.add_error("bot_partner", "Only a co-op game has a partner; choose Co-op.")
            count = 1
        chosen = list(data.get("bot_factions") or [])
        if chosen and len(chosen) > count:
            self.add_error("bot_factions", f"Choose at most {count} bot faction"
                                           f"{'s' * (count != 1)} (one for each bot).")
        elif data.get("faction") in chosen:
            self.add_error("bot_factions", "A bot cannot play your own faction.")
        data["bot_count"] = data["bots"] = count
        data["bot_factions"] = chosen

    def _clean_wrath(self, data: dict, mode: str) -> None:
        """The Ancients faction is The Wrath's only, and some seat must play it: you, a bot
        (the first bot takes it unless you choose), or the last friend to join."""
        chosen = [data.get("faction"), *(data.get("bot_factions") or [])]
        if not mode or ANCIENTS not in chosen:
            return
        game = registry.get(mode)
        seats = data.get("players") if mode in COUNTED else game.seat_count(None)
        if not (isinstance(seats, int) and game.needs_ancients(seats)):
            self.add_error("faction", "The Ancients are played only in The Wrath of the "
                                      "Ancients and in a five-player war.")


class JoinGameForm(forms.Form):
    faction = forms.ChoiceField()
    colour = forms.ChoiceField(choices=COLOUR_CHOICES, required=False)

    def __init__(self, *args, game: Game, **kwargs) -> None:
        from games import lobby

        super().__init__(*args, **kwargs)
        self.fields["faction"].choices = lobby.free_factions(game)


def campaign_mode(party_size: int) -> str:
    """A campaign's games are solo for a party of one, co-op for two."""
    return "solo" if party_size == 1 else "coop"


class CampaignForm(forms.Form):
    name = forms.CharField(max_length=80, initial="The long watch")
    party_size = forms.TypedChoiceField(choices=[(1, "Just me (solo)"), (2, "Me and a friend")],
                                        coerce=int, initial=1, widget=forms.RadioSelect)
    faction = forms.ChoiceField()
    colour = forms.ChoiceField(choices=COLOUR_CHOICES, required=False)
    map_name = forms.ChoiceField(label="Map")
    difficulty = forms.ChoiceField(choices=Difficulty.choices, initial=Difficulty.NORMAL)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["faction"].choices = offer.available_factions()
        self.fields["map_name"].choices = offer.available_maps()
        self.fields["map_name"].initial = default_map(campaign_mode(1), 1,
                                                      self.fields["map_name"].choices)

    def clean(self) -> dict:
        data = super().clean()
        party = data.get("party_size")
        if data.get("map_name") and party in (1, 2):
            try:
                registry.get(campaign_mode(party)).check_map(data["map_name"], party)
            except SetupRefused as error:
                self.add_error("map_name", error.message)
        return data


class JoinCampaignForm(forms.Form):
    faction = forms.ChoiceField()
    colour = forms.ChoiceField(choices=COLOUR_CHOICES, required=False)

    def __init__(self, *args, taken: str = "", **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["faction"].choices = [(fid, name) for fid, name in offer.available_factions()
                                          if fid != taken]
