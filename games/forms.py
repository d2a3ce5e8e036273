"""The lobby's forms as the site knows them: the base every game's new-game form extends
(its `mode` field lists the modes that form starts, from the registry), a plain form for a
game that needs no more than a player count and bots, and a join form with nothing to choose.
A game's own forms live in its package (`GameDefinition.lobby_form`, `join_form`)."""
from __future__ import annotations

from typing import Optional, Sequence

from django import forms

from games.platform import registry
from games.platform.definition import GameDefinition


def lobby_modes(form_class: Optional[type] = None) -> list[GameDefinition]:
    """The modes the lobby lists, in order (those started from their own page too);
    with `form_class`, only those whose lobby form it is."""
    return [g for g in registry.all_games() if (g.offered_in_lobby or g.own_page)
            and (form_class is None or lobby_form_of(g) is form_class)]


def lobby_form_of(game: GameDefinition) -> type:
    """The game's new-game form class (the plain `LobbyForm` when it names none)."""
    return game.lobby_form() or LobbyForm


def join_form_of(game: GameDefinition) -> type:
    """The game's join form class (`JoinForm`, with nothing to choose, when it names none)."""
    return game.join_form() or JoinForm


class GameForm(forms.Form):
    """Base of a game's new-game form. `modes`: the modes it starts (by default every
    listed mode whose `lobby_form` is this class); a radio when there are several, a hidden
    field for one. The view reads `mode` from the post to find the game and its form."""

    # the template that draws this form inside the lobby's <form> (a game may add its own
    # script, e.g. to show only the fields a mode uses)
    template_name_lobby = "games/_form.html"

    mode = forms.ChoiceField(widget=forms.RadioSelect)

    def __init__(self, *args, modes: Optional[Sequence[GameDefinition]] = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.modes = list(modes) if modes is not None else lobby_modes(type(self))
        field = self.fields["mode"]
        field.choices = [(g.key, g.title) for g in self.modes]
        if len(self.modes) == 1:
            field.widget = forms.HiddenInput()
        if self.modes and "mode" not in self.initial:
            field.initial = self.modes[0].key

    @property
    def game_name(self) -> str:
        return self.modes[0].game_name if self.modes else ""

    @property
    def bot_room(self) -> dict:
        """mode -> {player count: most bots}: the lobby's script offers no more bots than
        the chosen table has room for (the declaration refuses more anyway)."""
        return {g.key: {n: g.max_bots(n) for n in g.player_counts()} for g in self.modes}


class LobbyForm(GameForm):
    """A game that asks only how many play and how many of them are bots."""

    players = forms.TypedChoiceField(coerce=int, required=False)
    bots = forms.TypedChoiceField(coerce=int, initial=0, required=False, label="Bots")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        counts = sorted({n for g in self.modes for n in g.player_counts()})
        self.fields["players"].choices = [(n, f"{n} player{'s' * (n != 1)}") for n in counts]
        self.fields["players"].initial = counts[0] if counts else None
        room = max((g.max_bots(n) for g in self.modes for n in g.player_counts()), default=0)
        self.fields["bots"].choices = [(n, f"{n} bot{'s' * (n != 1)}") for n in range(room + 1)]
        if not room:
            self.fields["bots"].widget = forms.HiddenInput()


class JoinForm(forms.Form):
    """Taking a seat of a game that has nothing to choose."""

    def __init__(self, *args, game=None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
