"""The lobby's forms for Defenders of the Wild: a new table (players, bots, the tier, the
creator's deck, a second deck for a player alone) and the invite link's (a free deck).
What a choice means is checked once, by the declaration (`defenders.site.lobby`)."""
from __future__ import annotations

from django import forms

from defenders.site.decks import TIER_TITLES, deck_choices
from games.forms import GameForm


class NewDefendersForm(GameForm):
    players = forms.TypedChoiceField(coerce=int, initial=2,
                                     choices=[(n, f"{n} player{'s' * (n != 1)}")
                                              for n in (1, 2, 3, 4)])
    bots = forms.TypedChoiceField(coerce=int, initial=0, required=False, label="Bots",
                                  choices=[(n, f"{n} bot{'s' * (n != 1)}") for n in range(4)],
                                  help_text="Bots take the last seats; friends join the others "
                                            "through the invite link.")
    tier = forms.ChoiceField(label="Difficulty", choices=list(TIER_TITLES.items()),
                             initial="base", help_text="How many difficult machine cards "
                                                       "replace base ones.")
    deck = forms.ChoiceField(label="Your faction and organizer")
    second_deck = forms.ChoiceField(label="Your second faction (playing alone)", required=False)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        decks = deck_choices()
        self.fields["deck"].choices = decks
        self.fields["second_deck"].choices = [("", "—"), *decks]

    def clean(self) -> dict:
        cleaned = super().clean()
        alone = cleaned.get("players") == 1
        if alone and not cleaned.get("second_deck"):
            self.add_error("second_deck", "A player alone plays two factions: choose a second.")
        if not alone:
            cleaned["second_deck"] = ""
        if cleaned.get("bots") is None or cleaned.get("bots") == "":
            cleaned["bots"] = 0
        return cleaned


class JoinDefendersForm(forms.Form):
    deck = forms.ChoiceField(label="Your faction and organizer")

    def __init__(self, *args, game=None, **kwargs) -> None:
        from games import lobby

        super().__init__(*args, **kwargs)
        self.game = game
        self.fields["deck"].choices = lobby.free_factions(game) if game is not None else []
