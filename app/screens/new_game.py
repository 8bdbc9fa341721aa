"""New game: who plays (in seat order) and the game's options, then its set-up guide."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.metrics import dp
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout

from app import theme
from app.game_options import NewGameForm, Option
from app.games import GameInfo
from app.kv import load_kv
from app.widgets import BaseScreen, TButton


class ChoiceButton(TButton):
    selected = BooleanProperty(False)
    value = ObjectProperty(None)


class OptionRow(BoxLayout):
    """A label and one button per choice; exactly one is selected."""

    label = StringProperty("")

    def __init__(self, option: Option, value: Any, on_choice: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.label = option.label
        for words, choice in option.choices:
            button = ChoiceButton(text=words, value=choice, selected=choice == value)
            button.bind(on_release=lambda b, key=option.key: on_choice(key, b.value))
            self.ids.choices.add_widget(button)

    def select(self, value: Any) -> None:
        for button in self.ids.choices.children:
            button.selected = button.value == value


class SeatChip(TButton):
    """A player's name; once seated it shows their place in turn order."""

    name = StringProperty("")
    seat = NumericProperty(0)


class NewGameScreen(BaseScreen):
    seats = ListProperty([])  # player names in turn order
    roster = ListProperty([])
    error = StringProperty("")
    accent = ColorProperty(theme.ACCENT)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game: GameInfo | None = None
        self.values: dict[str, Any] = {}
        self._rows: dict[str, OptionRow] = {}

    @property
    def form(self) -> NewGameForm:
        assert self.game is not None
        return self.game.form

    def prepare(self, game: GameInfo) -> None:
        self.game = game
        self.title = f"New {game.title} game"
        self.accent = theme.GAME_ACCENTS.get(game.key, theme.ACCENT)
        self.values = self.form.defaults()
        self.roster = [p.name for p in App.get_running_app().store.players()]
        self.seats = self.roster[: self.form.min_players] if self.roster else []
        self.error = ""
        self._build_rows()
        self._build_tools()

    def _build_rows(self) -> None:
        rows = self.ids.rows
        rows.clear_widgets()
        self._rows = {}
        if not self.roster:  # no roster: just a count, with names "Player 1"...
            counts = range(self.form.min_players, self.form.max_players + 1)
            count = Option("players", "Players", tuple((str(n), n) for n in counts), counts[0])
            self.values["players"] = count.default
            self._add_row(count)
        for option in self.form.options:
            self._add_row(option)

    def _build_tools(self) -> None:
        box = self.ids.tools
        box.clear_widgets()
        for words, screen in self.form.tools:
            button = TButton(text=words, size_hint_x=None, width=dp(200))
            button.bind(on_release=lambda _b, s=screen: App.get_running_app().go(s))
            box.add_widget(button)

    def _add_row(self, option: Option) -> None:
        row = OptionRow(option, self.values[option.key], self.choose)
        self._rows[option.key] = row
        self.ids.rows.add_widget(row)

    def choose(self, key: str, value: Any) -> None:
        self.values[key] = value
        self._rows[key].select(value)
        self.error = ""

    def on_roster(self, *_args: object) -> None:
        chips = self.ids.seat_chips
        chips.clear_widgets()
        for name in self.roster:
            chip = SeatChip(name=name)
            chip.bind(on_release=lambda c: self.toggle_seat(c.name))
            chips.add_widget(chip)
        self.on_seats()

    def on_seats(self, *_args: object) -> None:
        for chip in self.ids.seat_chips.children:
            chip.seat = self.seats.index(chip.name) + 1 if chip.name in self.seats else 0

    def toggle_seat(self, name: str) -> None:
        """Touching a name seats that player (next in turn order) or unseats them."""
        if name in self.seats:
            self.seats = [seat for seat in self.seats if seat != name]
        elif len(self.seats) < self.form.max_players:
            self.seats = [*self.seats, name]
        self.error = ""

    def players(self) -> list[str]:
        if self.roster:
            return list(self.seats)
        return [f"Player {n + 1}" for n in range(self.values["players"])]

    def start(self) -> None:
        """Check the choices and go on to the set-up guide, then the game."""
        assert self.game is not None
        players = self.players()
        low, high = self.form.min_players, self.form.max_players
        if not low <= len(players) <= high:
            span = f"{low}" if low == high else f"{low} to {high}"
            self.error = f"{self.game.title} needs {span} players: touch their names in turn order."
            return
        options = {k: v for k, v in self.values.items() if k != "players"}
        try:
            config = self.form.make_config(players, options)
        except ValueError as problem:
            self.error = str(problem)
            return
        app = App.get_running_app()
        game = self.game
        if not self.form.needs_setup(config):
            app.start_game(game, config, players)
            return
        app.go(
            "setup_guide",
            game=game,
            config=config,
            on_done=lambda: app.start_game(game, config, players),
        )

    def on_intent(self, intent: str) -> bool:
        if intent == "confirm":
            self.start()
            return True
        return False


load_kv("new_game.kv")
