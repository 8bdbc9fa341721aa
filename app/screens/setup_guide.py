"""Set-up guidance: walks any game's list of set-up steps, one large step at a time."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.app import App
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from app.games import GameInfo
from app.kit import theme
from app.kit.widgets import BaseScreen, TButton
from app.kv import load_kv
from app.seat_names import with_names
from engines.core import SetupStep


class StepProgress(Widget):
    """A bar filled to the current step, in the game's accent."""

    count = NumericProperty(0)
    index = NumericProperty(0)
    accent = ColorProperty(theme.ACCENT)


class PictureHolder(BoxLayout):
    """Holds a step's picture of the table: a picture, so a touch on it does nothing
    (the game's pieces drawn in it would otherwise take it). ``share`` is the room it
    takes: of the width beside the words, or of the height above them."""

    share = NumericProperty(0.001)

    def on_touch_down(self, touch: Any) -> bool:
        return bool(self.collide_point(*touch.pos))

    def on_touch_up(self, touch: Any) -> bool:
        return bool(self.collide_point(*touch.pos))


class SetupGuideScreen(BaseScreen):
    step_title = StringProperty("")
    step_text = StringProperty("")
    step_items = ListProperty([])
    index = NumericProperty(0)
    count = NumericProperty(0)
    accent = ColorProperty(theme.ACCENT)
    #: The step's picture of the table (app.games.GameInfo.setup_picture) is beside the
    #: words in a landscape window and above them in a portrait one.
    has_picture = BooleanProperty(False)
    portrait = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._steps: list[SetupStep] = []
        self._on_done: Callable[[Any], None] | None = None
        self._game: GameInfo | None = None
        self._config: Any = None
        self._seed = 0
        self._players: tuple[str, ...] = ()
        from kivy.core.window import Window  # not on import: that would open the window

        Window.bind(size=self._follow_window)
        self._follow_window(Window, Window.size)

    def _follow_window(self, _window: Any, size: tuple[int, int]) -> None:
        self.portrait = size[1] > size[0]

    def prepare(
        self,
        game: GameInfo,
        config: Any = None,
        on_done: Callable[[Any], None] | None = None,
        seed: int = 0,
        players: Sequence[str] = (),
    ) -> None:
        """Show ``game``'s set-up for ``config``, dealt with ``seed`` (the game's own, so
        that what the app deals is drawn as it will be); ``on_done`` runs after the last
        step with the config as the table chose it on the way (who starts), and the
        game's play screen starts there; without it, Done goes back. ``players``: the
        names in their seats, said where a step names a seat ("Player 2 starts")."""
        if config is None and game.playable:  # the standard set-up, as a config
            config = game.rules().Config()
        self._steps = game.setup_steps(config)
        self._game, self._config, self._seed = game, config, seed
        self._players = tuple(players)
        self._on_done = on_done
        self.title = f"Set up {game.title}"
        self.accent = theme.accent(game.key)
        self.count = len(self._steps)
        self.show(0)

    def show(self, index: int) -> None:
        self.index = max(0, min(index, self.count - 1))
        step = self._steps[self.index]
        self.step_title = step.title
        self.step_text = with_names(step.text, self._players)
        self.step_items = [with_names(item, self._players) for item in step.items]
        self._show_choices(step)
        self.status = f"Step {self.index + 1} of {self.count}"
        App.get_running_app().say(f"{self.step_title}. {self.step_text}")
        holder = self.ids.picture
        holder.clear_widgets()
        picture = None
        if self._game is not None:
            picture = self._game.setup_picture(self._config, self._steps, self.index, self._seed)
        if picture is not None:
            holder.add_widget(picture)
        self.has_picture = picture is not None

    def _show_choices(self, step: SetupStep) -> None:
        """What the table decides at this step, one button each, the one in force lit."""
        box = self.ids.choices
        box.clear_widgets()
        for words, config in step.choices:
            role = "primary" if config == self._config else "normal"
            button = TButton(text=with_names(words, self._players), role=role)
            button.accent = self.accent
            button.bind(on_release=lambda _b, chosen=config: self.choose(chosen))
            box.add_widget(button)

    def choose(self, config: Any) -> None:
        """The table decided (who starts): the guide, and the game, go on with it."""
        assert self._game is not None
        self._config = config
        self._steps = self._game.setup_steps(config)
        self.show(self.index)

    def next(self) -> None:
        if self.index + 1 < self.count:
            self.show(self.index + 1)
        elif self._on_done is not None:
            self._on_done(self._config)
        else:
            App.get_running_app().back()

    def previous(self) -> None:
        self.show(self.index - 1)

    def on_intent(self, intent: str) -> bool:
        if intent == "confirm":
            self.next()
            return True
        if intent == "undo" and self.index > 0:
            self.previous()
            return True
        return False


load_kv("setup_guide.kv")
