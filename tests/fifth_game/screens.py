"""Pebbles in the app: its new-game form, its History summary, its controller (the play
loop without a window), its view (what the screen shows, as plain data) and its play
screen (built in Python: a game may have a kv file beside it, this one needs none), and
its two registry entries. Test-only: ``registered()`` adds the game for a test and takes it off
the lists afterwards."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

import engines
from app import games
from app.game_options import NewGameForm, Option
from app.kit import theme
from app.kit.widgets import BottomBar, TButton, TopBar
from app.play.controller import PlayController
from app.play.game_screen import GameScreen
from tests.fifth_game import rules as P

ENGINE = engines.EngineEntry("pebbles", cooperative=False, players=(2, 4), module=P.__name__)
GAME = games.GameInfo(
    "pebbles",
    "Pebbles",
    "Take the last pebble",
    accent=(0.800, 0.700, 0.450, 1),
    form_path=f"{__name__}:FORM",
    play_screen=f"{__name__}:PebblesPlayScreen",
    controller_path=f"{__name__}:PebblesController",
    view_path=f"{__name__}:pebbles_view",
    summary_path=f"{__name__}:summary",
)

FORM = NewGameForm(
    min_players=2,
    max_players=4,
    options=(Option("pile", "Pebbles", (("7", 7), ("11", 11)), 7),),
    make_config=lambda names, chosen: P.Config(players=tuple(names), pile=chosen["pile"]),
)


def summary(data: dict[str, Any]) -> str:
    return f"{P.Config.from_dict(data).pile} pebbles"


class PebblesController(PlayController[P.State, P.PebblesAction, P.Config]):
    """Pebbles needs nothing the shared play loop lacks: ``take`` checks a move, saves it
    with what the table is then owed (the pebbles put back after an Undo) and says a
    refusal in ``message``; ``undo`` asks before it crosses into a finished turn."""


@dataclass(frozen=True)
class PebblesView:
    title: str = ""
    words: str = ""
    choices: tuple[P.PebblesAction, ...] = ()
    can_undo: bool = False
    over: bool = False


def pebbles_view(control: PlayController[P.State, P.PebblesAction, P.Config]) -> PebblesView:
    state = control.state
    outcome = P.outcome(state)
    told = control.telling.current  # what the table must do first (Done)
    turn = f"{state.config.players[state.seat]} takes 1 or 2."
    words = control.message or (outcome.reason if outcome else turn)
    return PebblesView(
        title=f"Pebbles: {P.left(state)} left",
        words=told.words if told else words,
        choices=() if control.replay or told else tuple(P.legal_actions(state)),
        can_undo=control.play.session.can_undo,
        over=outcome is not None,
    )


class PebblesPlayScreen(GameScreen):
    """Lays out the view and forwards touches to the controller."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        column = BoxLayout(orientation="vertical")
        self.top_bar = TopBar()
        self.words = Label(font_size=theme.BODY)
        self.choices = BoxLayout(spacing=theme.GAP, padding=theme.PAD)
        self.bar = BottomBar()
        for part in (self.top_bar, self.words, self.choices, self.bar):
            column.add_widget(part)
        self.add_widget(column)

    def refresh(self) -> None:
        self.draw()

    def draw(self) -> None:
        view = pebbles_view(self.controller)
        self.top_bar.title = view.title
        self.words.text = view.words
        self.choices.clear_widgets()
        for action in view.choices:
            button = TButton(text=action.label)
            button.bind(on_release=lambda _b, chosen=action: self.take(chosen))
            self.choices.add_widget(button)
        self.start_bottom_bar(self.bar, view.can_undo, view.over)

    def take(self, action: P.PebblesAction) -> None:
        self.controller.take(action)  # checked, saved, then shown; a refusal is said
        self.draw()

    def confirm(self) -> None:
        self.confirm_only_choice()


@contextmanager
def registered() -> Iterator[games.GameInfo]:
    """Pebbles on both lists for the time of a ``with`` block."""
    engines.GAMES.append(ENGINE)
    games.register(GAME)
    try:
        yield GAME
    finally:
        games.unregister(GAME.key)
        engines.GAMES.remove(ENGINE)
