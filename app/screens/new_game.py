"""New game: who plays (in seat order) and the game's options, then its set-up guide.

The players are the roster's names (Settings) and any guests typed in here. A guest
plays this game only: the name is kept with the game (History shows it) but does not
join the roster, so that the roster stays the list of people who play regularly.
"""

from __future__ import annotations

import random
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

from app.game_options import NewGameForm, Option
from app.games import GameInfo
from app.kit import theme
from app.kit.choice_list import ChoiceListPopup
from app.kit.widgets import BaseScreen, TButton
from app.kv import load_kv
from app.seat_names import seat_name
from app.storage.players import typed_name


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


#: Roster names shown as chips; a longer roster's others are in More players.
ROSTER_SHOWN = 24


class NewGameScreen(BaseScreen):
    seats = ListProperty([])  # player names in turn order
    roster = ListProperty([])
    guests = ListProperty([])  # names typed in for this game only
    error = StringProperty("")
    accent = ColorProperty(theme.ACCENT)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game: GameInfo | None = None
        self.values: dict[str, Any] = {}
        self._rows: dict[str, OptionRow] = {}
        #: The unnamed seats ("Player 2"...) kept when the first name was typed after a
        #: count was chosen: the next names fill them in turn.
        self._stand_ins: list[str] = []
        #: Roster names beyond the first ``ROSTER_SHOWN``, picked from More players.
        self._picked: list[str] = []

    @property
    def form(self) -> NewGameForm:
        assert self.game is not None
        return self.game.form

    def prepare(self, game: GameInfo) -> None:
        self.game = game
        self.title = f"New {game.title} game"
        self.accent = theme.accent(game.key)
        self.values = {**self.form.defaults(), "players": self.form.min_players}
        self.guests = []
        self._stand_ins = []
        self._picked = []
        self.roster = [p.name for p in App.get_running_app().store.players()]
        self.seats = self.roster[: self.form.min_players]
        self.error = ""
        self._build_players()
        self._build_rows()
        self._build_tools()
        self._to_the_top()

    def _to_the_top(self) -> None:
        """Every New game opens at the top of its form: the screen is shared by the games,
        and a scroll (or a flick still gliding) left from another game's form would put
        other rows under the finger than the person expects."""
        form = self.ids.form
        form.effect_y.velocity = 0
        form.effect_y.cancel()
        form.scroll_y = 1

    @property
    def named(self) -> bool:
        """Whether the players are chosen by name (else just counted)."""
        return bool(self.roster or self.guests)

    def _build_players(self) -> None:
        """The players' row: their names in turn order (or, with no names, how many:
        not asked when the game has one answer), and a button to add a name."""
        chips = self.ids.seat_chips
        chips.clear_widgets()
        if self.named:
            shown = [*self.roster[:ROSTER_SHOWN], *self._picked]
            for name in [*shown, *self.guests]:
                chip = SeatChip(name=name)
                chip.bind(on_release=lambda c: self.toggle_seat(c.name))
                chips.add_widget(chip)
            self.on_seats()
            if len(self.roster) > len(shown):
                more = TButton(
                    text="More players", size_hint=(None, None), width=dp(170), height=theme.TOUCH
                )
                more.bind(on_release=lambda _b: self.choose_more())
                chips.add_widget(more)
        elif self.form.min_players < self.form.max_players:
            for count in range(self.form.min_players, self.form.max_players + 1):
                button = ChoiceButton(
                    text=str(count),
                    value=count,
                    selected=count == self.values["players"],
                    size_hint=(None, None),
                    width=dp(72),
                    height=theme.TOUCH,
                )
                button.bind(on_release=lambda b: self.choose_count(b.value))
                chips.add_widget(button)
        add = TButton(
            text="Add a guest" if self.roster else "Add a name",
            size_hint=(None, None),
            width=dp(148),
            height=theme.TOUCH,
        )
        add.bind(on_release=lambda _b: self.ask_guest())
        chips.add_widget(add)

    def choose_more(self) -> None:
        """The rest of a long roster, in a scrolling list (a chip each would take seconds
        to build with thousands of players): the one picked is seated and shown."""
        shown = {*self.roster[:ROSTER_SHOWN], *self._picked}
        rest = sorted((name for name in self.roster if name not in shown), key=str.casefold)

        def pick(name: str) -> None:
            self._picked.append(name)
            self._build_players()
            self.toggle_seat(name)

        ChoiceListPopup("Who else plays?", {"Players": [(n, n) for n in rest]}, pick).open()

    def choose_count(self, count: int) -> None:
        self.values["players"] = count
        for button in self.ids.seat_chips.children:
            if isinstance(button, ChoiceButton):
                button.selected = button.value == count
        self.error = ""

    def _build_rows(self) -> None:
        rows = self.ids.rows
        rows.clear_widgets()
        self._rows = {}
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

    def ask_guest(self) -> None:
        from app.kit.value_editor import ValueEditorPopup

        ValueEditorPopup(
            "Add a guest" if self.roster else "Add a name",
            "",
            self.add_guest,
            hint="For this game only. To keep a name for later games, add it in Settings.",
            save_text="Add and seat",
            placeholder="Their name",
        ).open()

    def add_guest(self, typed: str) -> str | None:
        """Seat a guest (or the roster's player of that name); a problem in words."""
        assert self.game is not None
        try:
            name = typed_name(typed)
        except ValueError as problem:
            return str(problem)
        known = {n.casefold(): n for n in [*self.roster, *self.guests]}
        name = known.get(name.casefold(), name)
        if name in self.seats:
            return f"{name} is already playing."
        open_seats = [seat for seat in self._stand_ins if seat in self.seats]
        if len(self.seats) >= self.form.max_players and not open_seats:
            return f"{self.game.title} has room for {self.form.max_players} at most."
        if not self.named:
            # The first name after a count: the count stands, the name takes seat 1.
            self._stand_ins = [seat_name(n) for n in range(2, self.values["players"] + 1)]
            self.guests = [name, *self._stand_ins]
            self.seats = list(self.guests)
        elif open_seats:  # the next name takes the first unnamed seat
            seat = open_seats[0]
            self._stand_ins.remove(seat)
            self.guests = [name if g == seat else g for g in self.guests if g != name]
            self.seats = [name if s == seat else s for s in self.seats]
        else:
            if name.casefold() not in known:
                self.guests = [*self.guests, name]
            self.seats = [*self.seats, name]
        self._build_players()
        self.error = ""
        return None

    def on_seats(self, *_args: object) -> None:
        for chip in self.ids.seat_chips.children:
            if isinstance(chip, SeatChip):
                chip.seat = self.seats.index(chip.name) + 1 if chip.name in self.seats else 0

    def toggle_seat(self, name: str) -> None:
        """Touching a name seats that player (next in turn order) or unseats them."""
        if name in self.seats:
            self.seats = [seat for seat in self.seats if seat != name]
        elif len(self.seats) < self.form.max_players:
            self.seats = [*self.seats, name]
        self.error = ""

    def players(self) -> list[str]:
        if self.named:
            return list(self.seats)
        return [seat_name(n + 1) for n in range(self.values["players"])]

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
        seed = random.SystemRandom().randrange(2**31)  # the guide draws the game's deal
        app.go(
            "setup_guide",
            game=game,
            config=config,
            on_done=lambda chosen: app.start_game(game, chosen, seated(chosen, players), seed),
            seed=seed,
            players=players,
        )

    def on_intent(self, intent: str) -> bool:
        if intent == "confirm":
            self.start()
            return True
        return False


load_kv("new_game.kv")


def seated(config: Any, players: list[str]) -> list[str]:
    """The players in the order ``config`` seats them (the set-up guide may have chosen
    who starts, turning the circle); ``players`` as they are where it names no one."""
    named = getattr(config, "players", None)
    if isinstance(named, tuple) and sorted(named) == sorted(players):
        return list(named)
    return players
